// The shared resolver on its own: symbol identities that agree across files,
// occurrence roles, and pathological nesting without a stack overflow.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseIlo } from '../../server/src/syntax/parse';
import { resolveFile, type FileSymbols } from '../../server/src/query/resolver';
import type { Expr, FunctionDecl, Program } from '../../server/src/syntax/ast';

function resolve(path: string, text: string, imported: Program[] = [], importedPaths: string[] = []): FileSymbols {
  const importedLocated = imported.flatMap((p, i) => p.decls.map((decl) => ({ decl, file: importedPaths[i] })));
  return resolveFile({ path, text, program: parseIlo(text).program, importedLocated });
}

test('a declaration has the same identity in its file and in a file that uses it', () => {
  const lib = 'type pt{x:n;y:n}\ntwice n:n>n;*n 2\n';
  const main = 'use "lib.ilo"\nrun p:pt>n;twice p.x\n';
  const inLib = resolve('/w/lib.ilo', lib);
  const inMain = resolve('/w/main.ilo', main, [parseIlo(lib).program], ['/w/lib.ilo']);
  const key = (s: FileSymbols, text: string, name: string, from = 0): string => s.at(text.indexOf(name, from))!.symbol.key;
  assert.equal(key(inMain, main, 'twice'), key(inLib, lib, 'twice'));
  assert.equal(key(inMain, main, 'pt'), key(inLib, lib, 'pt'));
  assert.equal(key(inMain, main, 'x', main.indexOf('.')), key(inLib, lib, 'x'));
  // Locals are their file's own: the same name in two files is two symbols.
  assert.notEqual(resolve('/w/a.ilo', 'f n:n>n;n').at(2)!.symbol.key, resolve('/w/b.ilo', 'f n:n>n;n').at(2)!.symbol.key);
});

test('roles: declarations, rebindings and field sets are writes, other uses reads; annotations are set apart', () => {
  const text = '-- @param n how many\nf n:n>n;s=n;s=+s 1;s';
  const s = resolve('/w/a.ilo', text);
  const roles = (name: string, from: number): string[] =>
    s.of(s.at(text.indexOf(name, from))!.symbol.key).map((o) => `${o.place}:${o.role}`);
  assert.deepEqual(roles('n', text.indexOf('f ')), ['annotation:read', 'code:declaration', 'code:read']);
  assert.deepEqual(roles('s', text.indexOf(';')), ['code:declaration', 'code:write', 'code:read', 'code:read']);
});

test('an expression nested 50,000 deep is resolved without a stack overflow', () => {
  const at = { start: 0, end: 1 };
  let e: Expr = { kind: 'Ref', name: 'x', ...at };
  for (let i = 0; i < 50_000; i++) e = { kind: 'Unary', op: '-', operand: e, ...at };
  // A field chain as deep, bound to a local: the type inference behind field owners gives up, it does not overflow.
  let chain: Expr = { kind: 'Ref', name: 'x', ...at };
  for (let i = 0; i < 50_000; i++) chain = { kind: 'Field', object: chain, field: { text: 'v', start: 2, end: 3 }, safe: false, ...at };
  const fn: FunctionDecl = {
    kind: 'FunctionDecl',
    name: { text: 'f', start: 5, end: 6 },
    params: [{ name: { text: 'x', ...at }, type: { kind: 'PrimType', name: 'n', ...at }, ...at }],
    returnType: { kind: 'PrimType', name: 'n', ...at },
    body: [
      { kind: 'Bind', name: { text: 'y', start: 4, end: 5 }, value: chain, ...at },
      { kind: 'ExprStmt', expr: e, ...at },
    ],
    header: at,
    doc: [],
    ...at,
  };
  const s = resolveFile({ path: '/w/deep.ilo', text: 'x v y', program: { decls: [fn], comments: [] }, importedLocated: [] });
  const param = s.occurrences.filter((o) => o.symbol.kind === 'param');
  assert.deepEqual(param.map((o) => o.role), ['declaration', 'read', 'read']);
  assert.equal(s.occurrences.filter((o) => o.symbol.kind === 'local').length, 1);
});
