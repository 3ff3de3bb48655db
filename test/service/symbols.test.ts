// Document symbols (the outline) through the LanguageService facade.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SymbolKind } from 'vscode-languageserver';
import { openAt, openMany } from './helpers';

test('document symbols list declarations with record fields as children', () => {
  const { service, uri } = openAt('type pt{x:n;y:n}\ntool ping"Check" >R t t\nf a:n>n;+a 1┆');
  const symbols = service.documentSymbols(uri);
  assert.deepEqual(symbols.map((s) => s.name), ['pt', 'ping', 'f']);
  assert.deepEqual(symbols[0].children?.map((c) => c.name), ['x', 'y']);
});

test('each kind of declaration has its own symbol kind and its header as detail', () => {
  const ws = openMany(
    {
      'lib.ilo': 'twice n:n>n;*n 2\n',
      'main.ilo': 'use "lib.ilo"\ntype pt{x:n;y:n}\nalias ids L t\ntool ping"Check" >R t t\nf a:n>n;+a 1\n',
    },
    { open: ['main.ilo'] },
  );
  const symbols = ws.service.documentSymbols(ws.uriOf('main.ilo'));
  assert.deepEqual(
    symbols.map((s) => [s.name, s.kind, s.detail]),
    [
      ['use lib.ilo', SymbolKind.Module, undefined],
      ['pt', SymbolKind.Struct, 'type pt{x:n;y:n}'],
      ['ids', SymbolKind.TypeParameter, 'alias ids L t'],
      ['ping', SymbolKind.Interface, 'tool ping"Check">R t t'],
      ['f', SymbolKind.Function, 'f a:n>n'],
    ],
  );
  assert.deepEqual(
    symbols[1].children?.map((c) => [c.name, c.kind, c.detail]),
    [
      ['x', SymbolKind.Field, 'n'],
      ['y', SymbolKind.Field, 'n'],
    ],
  );
});

test('a symbol spans its whole declaration and selects its name', () => {
  const { service, uri, ranges } = openAt('⟦use ⟦"lib.ilo"⟧⟧\n⟦type ⟦pt⟧{⟦⟦x⟧:n⟧;y:n}⟧\n⟦⟦f⟧ a:n>n;+a 1⟧┆');
  const [use, pt, f] = service.documentSymbols(uri);
  assert.deepEqual([use.range, use.selectionRange], [ranges[0], ranges[1]]);
  assert.deepEqual([pt.range, pt.selectionRange], [ranges[2], ranges[3]]);
  assert.deepEqual([pt.children?.[0].range, pt.children?.[0].selectionRange], [ranges[4], ranges[5]]);
  assert.deepEqual([f.range, f.selectionRange], [ranges[6], ranges[7]]);
});

test('a document that is not open has no symbols', () => {
  const { service } = openAt('f a:n>n;+a 1┆');
  assert.deepEqual(service.documentSymbols('file:///tmp/ilo-service-test/not-open.ilo'), []);
});
