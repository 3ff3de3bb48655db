// Pathological input gets diagnostics, never a crash or a hang: deep
// nesting, huge matches, long alias chains, self-referential records, cyclic
// imports, very many declarations.

import { describe, it, test } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { parseIlo } from '../../server/src/syntax/parse';
import { checkProgram } from '../../server/src/check/check';
import { resolveImports } from '../../server/src/project/imports';
import { levelById } from '../../server/src/level';
import type { Expr, FunctionDecl, Program, TypeExpr } from '../../server/src/syntax/ast';

const sp = { start: 0, end: 1 };
const name = (text: string) => ({ text, ...sp });

/** A one-function program built by hand (so nesting depth is not limited by the parser). */
function fn(returnType: TypeExpr, body: Expr): Program {
  const d: FunctionDecl = {
    kind: 'FunctionDecl',
    name: name('f'),
    params: [],
    returnType,
    body: [{ kind: 'ExprStmt', expr: body, ...sp }],
    header: sp,
    doc: [],
    ...sp,
  };
  return { decls: [d], comments: [] };
}

const NUM: TypeExpr = { kind: 'PrimType', name: 'n', ...sp };

describe('robustness', () => {
  it('an expression nested 50,000 deep is checked without a stack overflow', () => {
    let e: Expr = { kind: 'Number', value: 1, raw: '1', ...sp };
    for (let i = 0; i < 50_000; i++) e = { kind: 'Unary', op: '-', operand: e, ...sp };
    assert.deepEqual(checkProgram(fn(NUM, e)), []);
    // Still really checked: a negation is a number, not text.
    assert.deepEqual(checkProgram(fn({ kind: 'PrimType', name: 't', ...sp }, e)).map((d) => d.code), ['ILO-T008']);
  });

  it('a type nested 50,000 deep is accepted without a stack overflow', () => {
    let t: TypeExpr = NUM;
    for (let i = 0; i < 50_000; i++) t = { kind: 'ListType', elem: t, ...sp };
    const ds = checkProgram(fn(t, { kind: 'List', items: [], ...sp }));
    assert.ok(Array.isArray(ds));
  });

  it('a chain of 5,000 aliases resolves; a 5,000-long alias cycle is reported', () => {
    const chain = Array.from({ length: 5000 }, (_, i) => `alias a${i} ${i === 4999 ? 'n' : `a${i + 1}`}`).join('\n');
    assert.deepEqual(checkProgram(parseIlo(`${chain}\nf x:a0>n;+x 1`).program), []);
    const cycle = Array.from({ length: 5000 }, (_, i) => `alias a${i} a${(i + 1) % 5000}`).join('\n');
    const ds = checkProgram(parseIlo(`${cycle}\nf>n;1`).program);
    assert.equal(ds.filter((d) => d.code === 'ILO-T030').length, 5000);
  });

  it('a match with 5,000 arms is checked and its exhaustiveness judged', () => {
    const arms = Array.from({ length: 5000 }, (_, i) => `${i}:${i}`).join(';');
    const ds = checkProgram(parseIlo(`f x:n>n;?x{${arms}}`).program);
    assert.deepEqual(ds.map((d) => d.code), ['ILO-T024']);
  });

  it('self-referential and mutually recursive records are fine', () => {
    const src = 'type node{v:n;next:node}\ntype a{b:b2}\ntype b2{a:a}\nf x:node>n;x.next.next.v';
    assert.deepEqual(checkProgram(parseIlo(src).program), []);
  });

  it('10,000 declarations are checked, each call resolved', () => {
    const fns = Array.from({ length: 10_000 }, (_, i) => (i === 0 ? 'f0 x:n>n;+x 1' : `f${i} x:n>n;f${i - 1} x`));
    const src = fns.join('\n');
    const ds = checkProgram(parseIlo(src).program);
    assert.deepEqual(ds, []);
    const broken = checkProgram(parseIlo(`${src}\nlast>n;f10000 1`).program);
    assert.deepEqual(broken.map((d) => d.code), ['ILO-T005']);
  });

  it('a 300-file import cycle is reported once, without recursion trouble', () => {
    const root = path.resolve('/cyc');
    const files = new Map<string, string>();
    for (let i = 0; i < 300; i++) files.set(path.join(root, `m${i}.ilo`), `use "m${(i + 1) % 300}.ilo"\nf${i}>n;${i}`);
    const entry = path.join(root, 'main.ilo');
    const program = parseIlo('use "m0.ilo"\nmain>n;f5()').program;
    const r = resolveImports(entry, program, { readFile: (p) => files.get(p) }, (_p, t) => parseIlo(t).program);
    assert.deepEqual(r.diagnostics.map((d) => d.code), ['ILO-P018']);
    assert.equal(r.imported.length, 300);
  });

  it('garbage input to the public entry points gives diagnostics or nothing, never an exception', () => {
    assert.deepEqual(checkProgram({ decls: [], comments: [] }), []);
    assert.deepEqual(checkProgram(undefined as unknown as Program), []);
    const r = resolveImports('/x/y.ilo', parseIlo('use "a.ilo"').program, { readFile: () => { throw new Error('disk on fire'); } }, () => {
      throw new Error('unreachable');
    });
    assert.deepEqual(r.diagnostics.map((d) => d.code), ['ILO-P017']);
  });
});

test('level 26: a 3,000-function call chain under an effect-annotated caller is followed without overflowing, and other errors stay', () => {
  const n = 3000;
  const lines = Array.from({ length: n }, (_, i) => `f${i} x:n>n;f${i + 1} x`);
  lines.push(`f${n} x:n>n;prnt x;x`, 'top x:n>n /time;f0 x', 'bad>n;"text"');
  const src = lines.join('\n') + '\n';
  const level = levelById('26');
  const ds = checkProgram(parseIlo(src, { level }).program, { level });
  assert.deepEqual(ds.filter((d) => d.severity === 'error').map((d) => d.code), ['ILO-T008']);
});
