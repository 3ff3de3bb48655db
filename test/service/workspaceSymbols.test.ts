// Workspace symbols through the LanguageService facade: fuzzy matching and
// ranking over every `.ilo` file of the workspace, read from disk without
// opening them, with open buffers taking precedence over the disk.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { SymbolKind } from 'vscode-languageserver';
import { openMany } from './helpers';
import { matchTier, MatchTier } from '../../server/src/service/navigate/fuzzyMatch';

const names = (xs: ReadonlyArray<{ name: string }>): string[] => xs.map((x) => x.name);

test('fuzzy matching: `sumbask` finds `sum-basket`, and the tiers', () => {
  assert.equal(matchTier('sumbask', 'sum-basket'), MatchTier.WordStarts);
  assert.equal(matchTier('sum-basket', 'sum-basket'), MatchTier.Exact);
  assert.equal(matchTier('SUM', 'sum-basket'), MatchTier.Prefix, 'case is ignored');
  assert.equal(matchTier('gu', 'get-user'), MatchTier.WordStarts);
  assert.equal(matchTier('get_user', 'get-user'), MatchTier.WordStarts, 'separators in the query are optional');
  assert.equal(matchTier('ask', 'sum-basket'), MatchTier.Substring);
  assert.equal(matchTier('smbkt', 'sum-basket'), MatchTier.Subsequence);
  assert.equal(matchTier('tksab', 'sum-basket'), undefined, 'letters out of order do not match');
  assert.equal(matchTier('sumbasketx', 'sum-basket'), undefined);
  assert.equal(matchTier('', 'anything'), MatchTier.Subsequence, 'an empty query lists everything');
  assert.equal(matchTier('fetchUser', 'fetchUserById'), MatchTier.Prefix);
  assert.equal(matchTier('fubi', 'fetchUserById'), MatchTier.WordStarts, 'camelCase humps are word starts');
});

test('workspace symbols: a closed file on disk is searched; exact, prefix and word-start matches rank first', () => {
  const ws = openMany(
    {
      'shop/basket.ilo': 'sum-basket xs:L n>n;sum xs\ncart x:n>n;x\nsum-cart x:n>n;x\n',
      'shop/more.ilo': 'carts x:n>n;x\ncart-total x:n>t;str x\nscarted x:n>n;x\ncoarsest x:n>n;x\n',
      'open.ilo': 'unrelated>n;1\n',
    },
    { workspaceFolder: true, open: ['open.ilo'] },
  );
  const found = ws.service.workspaceSymbols('sumbask');
  assert.equal(found[0]?.name, 'sum-basket');
  assert.equal(found[0].location.uri, ws.uriOf('shop/basket.ilo'));
  assert.deepEqual(found[0].location.range, { start: { line: 0, character: 0 }, end: { line: 0, character: 10 } });
  assert.equal(found[0].kind, SymbolKind.Function);
  assert.ok(!names(found).includes('unrelated'));

  // `cart`: exact, then prefixes (shorter first), then word starts, substrings, subsequences.
  const ranked = names(ws.service.workspaceSymbols('cart'));
  assert.deepEqual(ranked, ['cart', 'carts', 'cart-total', 'sum-cart', 'scarted', 'coarsest']);
});

test('workspace symbols: tools, record types, their fields and aliases, with where they live', () => {
  const ws = openMany(
    {
      'types.ilo': 'type order{order-id:t;total:n}\nalias money n\ntool place-order"Place an order" o:order>R t t\n',
    },
    { workspaceFolder: true, open: [] },
  );
  const found = ws.service.workspaceSymbols('order');
  const byName = new Map(found.map((s) => [s.name, s]));
  assert.equal(byName.get('order')?.kind, SymbolKind.Struct);
  assert.equal(byName.get('order-id')?.kind, SymbolKind.Field);
  assert.match(byName.get('order-id')?.containerName ?? '', /^order /);
  assert.equal(byName.get('place-order')?.kind, SymbolKind.Interface);
  assert.equal(byName.get('order')?.containerName, 'types.ilo');
  assert.equal(names(found)[0], 'order', 'the exact match first');
  assert.equal(ws.service.workspaceSymbols('money')[0]?.kind, SymbolKind.TypeParameter);
});

test('workspace symbols: an open buffer wins over its file on disk; a file changed on disk is read again', () => {
  const ws = openMany({ 'a.ilo': 'old-name>n;1\n', 'b.ilo': 'first>n;1\n' }, { workspaceFolder: true, open: ['a.ilo'] });
  ws.edit('a.ilo', 'new-name>n;1\n');
  assert.deepEqual(names(ws.service.workspaceSymbols('name')), ['new-name'], 'the unsaved buffer, not the disk');

  assert.deepEqual(names(ws.service.workspaceSymbols('first')), ['first']);
  const b = path.join(ws.dir, 'b.ilo');
  fs.writeFileSync(b, 'second>n;2\n');
  const later = new Date(Date.now() + 5000);
  fs.utimesSync(b, later, later);
  assert.deepEqual(names(ws.service.workspaceSymbols('first')), []);
  assert.deepEqual(names(ws.service.workspaceSymbols('second')), ['second']);
});

test('workspace symbols: a file that does not parse still gives every name, the broken declaration\'s too; no workspace, only open files', () => {
  const ws = openMany({ 'bad.ilo': 'good-one>n;1\nbroken x:n>;1\nafter-it>n;2\n', 'c.ilo': 'closed-fn>n;1\n' }, { open: ['bad.ilo'] });
  assert.deepEqual(names(ws.service.workspaceSymbols('')).sort(), ['after-it', 'broken', 'good-one'], 'without a workspace folder only open documents are searched');
});
