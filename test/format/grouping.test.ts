// Where printing with fewer spaces or on one line could change how the
// parser groups operands: negative literals against subtraction, arity
// deciding nested calls, operators that would merge into other tokens,
// infix and pipes turned into prefix calls, lambdas kept inline.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { BinaryExpr, CallExpr, ExprStmt, FunctionDecl, TernaryExpr } from '../../server/src/syntax/ast';
import { formatted, lines, parseClean } from './helpers';
import { LEVEL_26 } from '../../server/src/level';

/** The expression of the last statement of the last function of `text`. */
function lastExpr(text: string): ExprStmt['expr'] {
  const fns = parseClean(text).decls.filter((d): d is FunctionDecl => d.kind === 'FunctionDecl');
  const body = fns[fns.length - 1].body;
  const s = body[body.length - 1];
  assert.equal(s.kind, 'ExprStmt');
  return (s as ExprStmt).expr;
}

test('`- 0 v` stays a subtraction: spaced where a glued `-0` would be a literal', () => {
  const out = formatted('f v:n>n;r=?<v 0 (- 0 v) v;r', 'dense');
  assert.equal(out, lines('f v:n>n;r=?<v 0 - 0 v v;r'));
  const body = (parseClean(out).decls[0] as FunctionDecl).body;
  const t = (body[0] as { value: TernaryExpr }).value;
  assert.equal(t.then.kind, 'Binary', 'the then branch is 0 - v, not the literal -0');
});

test('`-0 v` where an expression starts is subtraction: printed as the reference prints it', () => {
  for (const src of ['f v:n>n;- 0 v', 'f v:n>n;a=- 0 v;a']) {
    const out = formatted(src, 'dense');
    assert.match(out, /[;=]-0 v/);
  }
  const e = lastExpr(formatted('f v:n>n;- 0 v', 'dense')) as BinaryExpr;
  assert.equal(e.kind, 'Binary');
  assert.equal(e.op, '-');
});

test('negative literals stay literals, negation stays negation', () => {
  assert.equal(formatted('f xs:L n>n;at xs -1', 'dense'), lines('f xs:L n>n;at xs -1'));
  assert.equal(formatted('f x:n>n;+x -1', 'dense'), lines('f x:n>n;+x -1'));
  assert.equal(formatted('f x:n>n;x??-1', 'dense'), lines('f x:n>n;x??-1'));
  assert.equal(formatted('f>n;r=-1;r', 'dense'), lines('f>n;r=-1;r'));
  assert.equal(formatted('f>n;r=-1;r', 'expanded'), lines('f > n', '  r = -1', '  r'));
  assert.equal(formatted('f x:n>n;y=-x;y', 'expanded'), lines('f x:n > n', '  y = - x', '  y'));
});

test('a negation followed by another operand keeps its parentheses (else it would subtract)', () => {
  const src = 'g a:n b:n>n;+a b\nf x:n>n;g (-x) 1';
  assert.equal(formatted(src, 'dense'), lines('g a:n b:n>n;+a b', 'f x:n>n;g (-x) 1'));
  assert.equal(formatted('f x:n>n;abs (-x)', 'dense'), lines('f x:n>n;abs (-x)'), 'a call would read `abs - x` as abs minus x');
  assert.equal(formatted('f x:n>n;r=[(-x), 1];len r', 'dense'), lines('f x:n>n;r=[-x, 1];len r'), 'a list item can stand alone');
  const call = lastExpr(formatted(src, 'expanded')) as CallExpr;
  assert.deepEqual(call.args.map((a) => a.kind), ['Unary', 'Number']);
});

test('`- -x 1` keeps its space (`--` starts a comment)', () => {
  assert.equal(formatted('f x:n>n;- -x 1', 'dense'), lines('f x:n>n;- -x 1'));
});

test('known arities group nested calls without parentheses', () => {
  assert.equal(formatted('f xs:L n>n;hd (tl xs)', 'dense'), lines('f xs:L n>n;hd tl xs'));
  assert.equal(formatted('f v:n>t;prnt (fmt "v={}" v)', 'dense'), lines('f v:n>t;prnt fmt "v={}" v'));
  assert.equal(formatted('dbl x:n>n;*x 2\ninc x:n>n;+x 1\nf x:n>n;inc (dbl x)', 'dense'), lines('dbl x:n>n;*x 2', 'inc x:n>n;+x 1', 'f x:n>n;inc dbl x'));
});

test('a function declared later has no known arity yet: its call keeps parentheses', () => {
  const src = 'f x:n>n;g x + 1\ng a:n>n;a';
  assert.equal(formatted(src, 'dense'), lines('f x:n>n;+(g x) 1', 'g a:n>n;a'));
  const e = lastExpr(src.split('\n')[0] + '\n') as BinaryExpr;
  assert.equal(e.left.kind, 'Call');
});

test('a function passed as a value is not turned into a call', () => {
  assert.equal(formatted('g a:n>n;a\nf x:n>n;r=map g [1,2];len r', 'dense'), lines('g a:n>n;a', 'f x:n>n;r=map g [1, 2];len r'));
  const out = formatted('g a:n>n;a\nf>L n;r=[g, 1];r', 'dense');
  assert.equal(out, lines('g a:n>n;a', 'f>L n;r=[g, 1];r'));
  assert.equal(formatted('g a:n>n;a\nf>n;h=abs;h 1', 'dense'), lines('g a:n>n;a', 'f>n;h=abs;h 1'));
});

test('a known-arity name as an argument keeps its parentheses (bare, it would be a call)', () => {
  const src = 'g a:n>n;a\nh f:F n n x:n>n;f x\nk>F n n;r=(g);r';
  assert.equal(formatted(src, 'dense').split('\n')[2], 'k>F n n;r=g;r');
  assert.equal(formatted('f x:n>n;abs (len)', 'dense'), lines('f x:n>n;abs (len)'));
});

test('infix becomes prefix, with the same grouping', () => {
  assert.equal(formatted('f a:n b:n c:n>n;(a + b) * c', 'dense'), lines('f a:n b:n c:n>n;*+a b c'));
  assert.equal(formatted('f a:n b:n c:n>n;a + b * c', 'dense'), lines('f a:n b:n c:n>n;+a *b c'));
  assert.equal(formatted('f a:n b:n>b;a >= b & b > 0', 'dense'), lines('f a:n b:n>b;&>=a b >b 0'));
  assert.equal(formatted('f a:b b:b>b;a & (b | a)', 'dense'), lines('f a:b b:b>b;&a |b a'));
});

test('operators that would merge into another token are kept apart', () => {
  // `=>` is rejected as a misspelled `>=`, and `(>x 1)` is an inline function at level 0.11: the `>`
  // comparison goes in parentheses infix. `x= =a b`: `x==` would be `x=` reading `a b` as a call.
  assert.equal(formatted('f x:n>b;r=(x > 1) = (x < 2);r', 'dense'), lines('f x:n>b;r= =(x > 1) <x 2;r'));
  // `&&` is rejected as a C-style operator.
  assert.equal(formatted('f x:b y:b>b;r=(x & y) & y;r', 'dense'), lines('f x:b y:b>b;r=&(&x y) y;r'));
  // `!` before `=`: `!=` would be another operator.
  assert.equal(formatted('f x:n>b;r=!(x = 1);r', 'dense'), lines('f x:n>b;r=! =x 1;r'));
});

test('pipes become nested calls', () => {
  assert.equal(formatted('dbl x:n>n;*x 2\ninc x:n>n;+x 1\nf x:n>n;(x>>dbl>>inc)', 'dense').split('\n')[2], 'f x:n>n;inc dbl x');
  assert.equal(formatted('f x:n>t;str x>>len>>str', 'dense'), lines('f x:n>t;str len str x'));
});

test('`??` chains stay left to right; a bare name before `??` keeps its fallback one unit', () => {
  assert.equal(formatted('f m:M t n>n;mget m "a"??mget m "b"??0', 'dense'), lines('f m:M t n>n;mget m "a"??mget m "b"??0'));
  assert.equal(formatted('f m:M t n k:t>n;v=mget m k;v??(mget m "d")??0', 'dense'), lines('f m:M t n k:t>n;v=mget m k;v??(mget m "d")??0'));
  assert.equal(formatted('f x:O n>n;??x 0', 'dense'), lines('f x:O n>n;x??0'));
});

test('ternaries: prefix with a comparison, on a bare condition, and from the brace form', () => {
  assert.equal(formatted('f x:n>n;?=x 0 10 20', 'dense'), lines('f x:n>n;?=x 0 10 20'));
  assert.equal(formatted('f x:n>n;?=x 0 10 20', 'expanded'), lines('f x:n > n', '  ?= x 0 10 20'));
  assert.equal(formatted('f h:b>n;?h{1}{0}', 'dense'), lines('f h:b>n;?h 1 0'));
  // A branch is one operand at level 0.11: `?h abs x 0` would have the branches `abs` and `x` (the reference: ILO-P001 at `0`).
  assert.equal(formatted('f h:b x:n>n;?h (abs x) 0', 'dense'), lines('f h:b x:n>n;?h (abs x) 0'));
  assert.equal(formatted('f h:b x:n>n;?h (abs x) 0', 'dense', { level: LEVEL_26 }), lines('f h:b x:n>n;?h abs x 0'));
});

test('inline lambdas stay where they are (never lifted to helpers)', () => {
  const src = 'f xs:L n thr:n>L n;flt (x:n>b;>x thr) xs';
  assert.equal(formatted(src, 'dense'), lines('f xs:L n thr:n>L n;flt (x:n>b;>x thr) xs'));
  assert.equal(formatted(src, 'expanded'), lines('f xs:L n thr:n > L n', '  flt (x:n > b; > x thr) xs'));
  assert.equal(formatted('sumsq xs:L n>n;fld (a:n x:n>n;+a *x x) xs 0', 'dense'), lines('sumsq xs:L n>n;fld (a:n x:n>n;+a *x x) xs 0'));
});

test('lists print with commas; a lone call keeps grouping by arity', () => {
  assert.equal(formatted('f>L n;[1 2 3]', 'dense'), lines('f>L n;[1, 2, 3]'));
  assert.equal(formatted('f xs:L n>L n;[len (hd xs)]', 'dense'), lines('f xs:L n>L n;[len hd xs]'));
  assert.equal(formatted('f x:b>L n;[(?x 1 2)]', 'dense'), lines('f x:b>L n;[(?x 1 2)]'));
});

test('zero-argument calls print with `()`, except the `mmap` literal; `$url` keeps its sigil', () => {
  assert.equal(formatted('f>n;m=mmap;t=now;len m', 'dense'), lines('f>n;m=mmap;t=now();len m'));
  assert.equal(formatted('g>n;42\nf>n;+g() 1', 'dense').split('\n')[1], 'f>n;+g() 1');
  assert.equal(formatted('f url:t>R t t;r=$!url;~r', 'dense'), lines('f url:t>R t t;r=$!url;~r'));
});

test('numbers and text as the reference spells them; builtin aliases by their short names', () => {
  assert.equal(formatted('f>n;+1.0 1e3', 'dense'), lines('f>n;+1 1000'));
  assert.equal(formatted('f>t;"a\\d\\/"', 'dense'), lines('f>t;"a\\\\d/"'));
  assert.equal(formatted('f>t;"tab\\there\\f"', 'dense'), lines('f>t;"tab\\there\\f"'));
  assert.equal(formatted('f xs:L n>n;length xs', 'dense'), lines('f xs:L n>n;len xs'));
  assert.equal(formatted('length xs:L n>n;0\nf xs:L n>n;length xs', 'dense').split('\n')[1], 'f xs:L n>n;length xs', 'a user function named like an alias is not renamed');
});

test('a statement that would read as another statement form gets parentheses', () => {
  // `!=r 0{...}` is a guard on `!=`, not a negation.
  assert.equal(formatted('f r:n>n;!=r 0{ret 1};0', 'dense'), lines('f r:n>n;!=r 0{ret 1};0'));
  // A guard whose condition starts with `!` would be a negated guard.
  const g = formatted('f a:b>n;(!a)??true{ret 1};0', 'dense');
  assert.equal(g, lines('f a:b>n;(!a??true){ret 1};0'));
});
