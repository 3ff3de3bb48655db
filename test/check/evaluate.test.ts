// The check-time evaluator behind `test` blocks (ILO-T050): it computes what
// ilo computes for pure code, reports the program's own run-time failures,
// and gives up (Unsupported) on effects, unknown builtins and runaway loops.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseIlo } from '../../server/src/syntax/parse';
import type { FunctionDecl } from '../../server/src/syntax/ast';
import { LEVEL_26 } from '../../server/src/level';
import { Interpreter } from '../../server/src/check/evaluate/interpreter';
import { RuntimeFailure, Unsupported, num, show, text, type Value } from '../../server/src/check/evaluate/values';

function interp(src: string, limits?: { steps: number; depth: number }): Interpreter {
  const parsed = parseIlo(src, { level: LEVEL_26 });
  assert.deepEqual(parsed.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message), [], src);
  const fns = new Map<string, FunctionDecl>();
  for (const d of parsed.program.decls) if (d.kind === 'FunctionDecl') fns.set(d.name.text, d);
  return new Interpreter(fns, LEVEL_26.builtins, limits);
}
const run = (src: string, fn: string, ...args: Value[]): string => show(interp(src).call(fn, args));

describe('check-time evaluator', () => {
  it('computes arithmetic, text and recursion', () => {
    assert.equal(run('add a:n b:n>n;+a b', 'add', num(2), num(3)), '5');
    assert.equal(run('fac n:n>n;<=n 1 1;*n fac -n 1', 'fac', num(5)), '120');
    assert.equal(run('greet s:t>t;+"hi " s', 'greet', text('bo')), 'hi bo');
    assert.equal(run('half x:n>n;/x 2', 'half', num(3)), '1.5');
  });

  it('follows guards, matches, ternaries and Results', () => {
    const src = 'dv a:n b:n>R n t;=b 0 ^"zero";~/a b\nsafe a:n b:n>n;?(dv a b){~v:v;^e:-1}';
    assert.equal(run(src, 'dv', num(6), num(3)), '~2');
    assert.equal(run(src, 'dv', num(6), num(0)), '^"zero"');
    assert.equal(run(src, 'safe', num(1), num(0)), '-1');
    assert.equal(run('sg x:n>t;?=x 0 "zero" "other"', 'sg', num(0)), 'zero');
    assert.equal(run('p x:n>n;v=num! "12";+v x', 'p', num(1)), '13');
  });

  it('runs loops, lambdas, lists and maps', () => {
    assert.equal(run('s xs:L n>n;t=0;@x xs{t=+t x};t', 's', { kind: 'list', items: [num(1), num(2), num(3)] }), '6');
    assert.equal(run('s n:n>n;t=0;@i 0..n{t=+t i};t', 's', num(4)), '6');
    assert.equal(run('d xs:L n>L n;map (x:n>n;*x 2) xs', 'd', { kind: 'list', items: [num(1), num(2)] }), '[2, 4]');
    assert.equal(run('f>n;fld (a:n x:n>n;+a x) [1 2 3] 10', 'f'), '16');
    assert.equal(run('f>n;m=mset mmap "a" 2;??(mget m "a") 0', 'f'), '2');
    assert.equal(run('f x:n>t;fmt "x={} y={}" x 1.5', 'f', num(3)), 'x=3 y=1.5');
  });

  it('reports the program’s own failures', () => {
    assert.throws(() => run('f x:n>n;/1 x', 'f', num(0)), RuntimeFailure);
    assert.throws(() => run('f xs:L n>n;hd xs', 'f', { kind: 'list', items: [] }), RuntimeFailure);
  });

  it('gives up on effects, tools and runaway loops instead of guessing', () => {
    assert.throws(() => run('f>n;prnt 1;1', 'f'), Unsupported);
    assert.throws(() => run('f>n;now', 'f'), Unsupported);
    // Where JavaScript and ilo would print or round differently, it does not guess either.
    assert.throws(() => run('f x:n>t;fmt "{:.2f}" x', 'f', num(0.125)), Unsupported);
    assert.throws(() => run('f x:n>t;str x', 'f', num(1e-7)), Unsupported);
    assert.throws(() => interp('f>n;i=0;wh true{i=+i 1};i', { steps: 10_000, depth: 50 }).call('f', []), Unsupported);
    assert.throws(() => interp('f n:n>n;f n', { steps: 1_000_000, depth: 50 }).call('f', [num(1)]), Unsupported);
  });
});
