// Call hierarchy through the LanguageService facade: prepare on a function or
// tool (its declaration or a call), outgoing calls of a function's body and
// incoming calls from every file that can see it, through `use`, including
// workspace files that are not open.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { SymbolKind, type CallHierarchyItem } from 'vscode-languageserver';
import { open, openAt, openMany } from './helpers';

const fileOf = (uri: string): string => uri.split('/').pop()!;

test('prepare: on a declaration name and on a call, the same item for the function', () => {
  const decl = open('⟦⟦tw┆ice⟧ n:n>n;*n 2⟧\nrun n:n>n;twice n');
  const [fromDecl] = decl.service.prepareCallHierarchy(decl.uri, decl.cursors[0]);
  assert.equal(fromDecl.name, 'twice');
  assert.equal(fromDecl.kind, SymbolKind.Function);
  assert.equal(fromDecl.detail, 'twice n:n>n');
  assert.deepEqual(fromDecl.range, decl.ranges[0]);
  assert.deepEqual(fromDecl.selectionRange, decl.ranges[1]);

  const call = open('twice n:n>n;*n 2\nrun n:n>n;twi┆ce n');
  const [fromCall] = call.service.prepareCallHierarchy(call.uri, call.cursors[0]);
  assert.deepEqual(fromCall, fromDecl);
});

test('prepare: a tool is an item too; builtins, parameters, locals and blank space are not', () => {
  const tool = openAt('tool fe┆tch"Fetch a page" url:t>R t t');
  const [item] = tool.service.prepareCallHierarchy(tool.uri, tool.pos);
  assert.equal(item.name, 'fetch');
  assert.equal(item.kind, SymbolKind.Interface);
  assert.deepEqual(tool.service.outgoingCalls(item), [], 'a tool has no body');

  for (const src of ['f xs:L n>n;le┆n xs', 'f x:n>n;*┆x 2', 'f x:n>n;y=+x 1;*y ┆y', 'f x:n>n;x\n┆\n', '-- twi┆ce\ntwice n:n>n;n']) {
    const o = openAt(src);
    assert.deepEqual(o.service.prepareCallHierarchy(o.uri, o.pos), [], src);
  }
});

test('outgoing calls: each function or tool once with every call site; builtins and parameters left out', () => {
  const o = open(
    [
      'inc n:n>n;+n 1',
      'tool save"Save a number" n:n>R t t',
      'ap f:F n n x:n>n;f x',
      'wor┆k xs:L n>n',
      '  a=⟦inc⟧ 1',
      '  b=⟦inc⟧ (len xs)',
      '  s=⟦save⟧ a',
      '  c=ap inc b',
      '  @x xs{d=⟦inc⟧ x}',
      '  ys=map (y:n>n;⟦inc⟧ y) xs',
      '  +a c',
    ].join('\n'),
  );
  const [item] = o.service.prepareCallHierarchy(o.uri, o.cursors[0]);
  const out = o.service.outgoingCalls(item);
  // `ap inc b` calls ap (inc is passed by name, not called); `f x` in ap calls a parameter.
  assert.deepEqual(out.map((c) => c.to.name), ['inc', 'save', 'ap']);
  assert.deepEqual(out[0].fromRanges, [o.ranges[0], o.ranges[1], o.ranges[3], o.ranges[4]], 'calls in a loop and in a lambda count for the function');
  assert.deepEqual(out[1].fromRanges, [o.ranges[2]]);
  assert.equal(out[1].to.kind, SymbolKind.Interface);

  const [ap] = o.service.prepareCallHierarchy(o.uri, { line: 2, character: 0 });
  assert.deepEqual(o.service.outgoingCalls(ap), [], 'calling a function-typed parameter is not a call to a declaration');
});

test('a recursive function is its own caller and callee', () => {
  const o = openAt('fa┆ct n:n>n;<=n 1 1;*n fact -n 1');
  const [item] = o.service.prepareCallHierarchy(o.uri, o.pos);
  assert.deepEqual(o.service.outgoingCalls(item).map((c) => c.to.name), ['fact']);
  assert.deepEqual(o.service.incomingCalls(item).map((c) => c.from.name), ['fact']);
});

test('incoming calls come from every file that uses the declaring file, open or only on disk', () => {
  const ws = openMany(
    {
      'lib.ilo': '⟦tw┆ice⟧ n:n>n;*n 2\n',
      'main.ilo': 'use "lib.ilo"\nrun n:n>n;a=⟦twice⟧ n;⟦twice⟧ a\nboth n:n>n;+(run n) (⟦twice⟧ n)\n',
      'deep/far.ilo': 'use "../lib.ilo"\nfar n:n>n;⟦twice⟧ n\n',
      // Declares its own `twice` and does not use lib.ilo: not a caller.
      'own.ilo': 'twice n:n>n;n\nmine n:n>n;twice n\n',
      // Mentions the name only in a comment and a string.
      'words.ilo': '-- twice\nsay>t;"twice"\n',
    },
    { workspaceFolder: true },
  );
  const [item] = ws.service.prepareCallHierarchy(ws.uri, ws.pos);
  assert.equal(fileOf(item.uri), 'lib.ilo');
  const incoming = ws.service.incomingCalls(item);
  assert.deepEqual(
    incoming.map((c) => `${fileOf(c.from.uri)}:${c.from.name}`).sort(),
    ['far.ilo:far', 'main.ilo:both', 'main.ilo:run'],
  );
  const marked = ws.locations().slice(1);
  const sites = incoming.flatMap((c) => c.fromRanges.map((range) => ({ uri: c.from.uri, range })));
  const key = (l: { uri: string; range: { start: { line: number; character: number } } }) => `${l.uri}@${l.range.start.line}:${l.range.start.character}`;
  assert.deepEqual(sites.map(key).sort(), marked.map(key).sort(), 'every call site, in the caller files');
});

test('outgoing calls reach a function of a used file, and its item points into that file', () => {
  const ws = openMany({
    'lib.ilo': '-- doubles\n⟦⟦twice⟧ n:n>n;*n 2⟧\n',
    'main.ilo': 'use "lib.ilo"\nr┆un n:n>n;twice n\n',
  });
  const [run] = ws.service.prepareCallHierarchy(ws.uri, ws.pos);
  const [out] = ws.service.outgoingCalls(run);
  assert.equal(out.to.uri, ws.uriOf('lib.ilo'));
  assert.deepEqual(out.to.range, ws.file('lib.ilo').ranges[0]);
  assert.deepEqual(out.to.selectionRange, ws.file('lib.ilo').ranges[1]);
  // Following the item further works although lib.ilo was never opened.
  assert.deepEqual(ws.service.incomingCalls(out.to).map((c) => c.from.name), ['run']);
});

test('items follow the current text: a renamed or deleted function gives no calls, garbage items none either', () => {
  const ws = openMany({ 'a.ilo': 'tw┆ice n:n>n;*n 2\nrun n:n>n;twice n\n' });
  const [item] = ws.service.prepareCallHierarchy(ws.uri, ws.pos);
  assert.equal(ws.service.incomingCalls(item).length, 1);
  ws.edit('a.ilo', 'thrice n:n>n;*n 3\nrun n:n>n;thrice n\n');
  assert.deepEqual(ws.service.incomingCalls(item), []);
  assert.deepEqual(ws.service.outgoingCalls(item), []);

  const bad: CallHierarchyItem[] = [
    { ...item, data: undefined },
    { ...item, data: { path: 42, name: [] } },
    { ...item, data: { path: path.join(ws.dir, 'missing.ilo'), name: 'twice' } },
  ];
  for (const b of bad) {
    assert.deepEqual(ws.service.incomingCalls(b), []);
    assert.deepEqual(ws.service.outgoingCalls(b), []);
  }
});

test('a caller file changed on disk is read again', () => {
  const ws = openMany(
    { 'lib.ilo': 'tw┆ice n:n>n;*n 2\n', 'user.ilo': 'use "lib.ilo"\none n:n>n;twice n\n' },
    { workspaceFolder: true },
  );
  const [item] = ws.service.prepareCallHierarchy(ws.uri, ws.pos);
  assert.deepEqual(ws.service.incomingCalls(item).map((c) => c.from.name), ['one']);
  const user = path.join(ws.dir, 'user.ilo');
  fs.writeFileSync(user, 'use "lib.ilo"\none n:n>n;twice n\ntwo n:n>n;twice twice n\n');
  const later = new Date(Date.now() + 5000);
  fs.utimesSync(user, later, later);
  assert.deepEqual(ws.service.incomingCalls(item).map((c) => c.from.name), ['one', 'two']);
});

test('an untitled document (not a file) has a call hierarchy too', () => {
  const o = open('tw┆ice n:n>n;*n 2\nrun n:n>n;twice n', { uri: 'untitled:Untitled-1' });
  const [item] = o.service.prepareCallHierarchy(o.uri, o.cursors[0]);
  assert.equal(item?.uri, 'untitled:Untitled-1');
  assert.deepEqual(o.service.incomingCalls(item).map((c) => c.from.name), ['run']);
});
