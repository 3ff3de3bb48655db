// The AST the parser builds for each construct of the language (programs written for these tests).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseIlo } from '../../server/src/syntax/parse';
import type * as A from '../../server/src/syntax/ast';
import { onlyFunction, resultExpr, show } from './helpers';

test('function header: name, typed params, return type, header range', () => {
  const src = 'area w:n h:n>n;*w h';
  const fn = onlyFunction(src);
  assert.equal(fn.name.text, 'area');
  assert.deepEqual(fn.params.map((p) => `${p.name.text}:${show(p.type)}`), ['w:n', 'h:n']);
  assert.equal(show(fn.returnType), 'n');
  assert.equal(src.slice(fn.header.start, fn.header.end), 'area w:n h:n>n');
  assert.equal(src.slice(fn.start, fn.end), src);
});

test('every type form', () => {
  const fn = onlyFunction('f a:L n b:O t c:M t n d:R n t e:S red green f:F n t g:point h:a i:_ j:L (R n t)>b;true');
  assert.deepEqual(
    fn.params.map((p) => show(p.type)),
    ['L n', 'O t', 'M t n', 'R n t', 'S red green', 'F n t', 'point', 'a', '_', 'L R n t'],
  );
});

test('type, alias, tool and use declarations', () => {
  const src = [
    'use "lib.ilo" [dbl half]',
    'type pt{x:n;y:n}',
    'alias score n',
    'tool lookup"Find a user" id:t>R t t timeout:5,retry:2',
  ].join('\n');
  const r = parseIlo(src);
  assert.deepEqual(r.diagnostics, []);
  const [use, type, alias, tool] = r.program.decls as [A.UseDecl, A.TypeDecl, A.AliasDecl, A.ToolDecl];
  assert.equal(use.path.value, 'lib.ilo');
  assert.deepEqual(use.only?.map((n) => n.text), ['dbl', 'half']);
  assert.deepEqual(type.fields.map((f) => `${f.name.text}:${show(f.type)}`), ['x:n', 'y:n']);
  assert.equal(alias.name.text, 'score');
  assert.equal(show(alias.target), 'n');
  assert.equal(tool.description.value, 'Find a user');
  assert.equal(show(tool.returnType), 'R t t');
  assert.equal(tool.timeout?.value, 5);
  assert.equal(tool.retry?.value, 2);
});

test('prefix operators nest left operand first; infix follows precedence', () => {
  assert.equal(show(resultExpr('f a:n b:n c:n>n;+*a b c')), '(+ (* a b) c)');
  assert.equal(show(resultExpr('f a:n b:n c:n>n;*a +b c')), '(* a (+ b c))');
  assert.equal(show(resultExpr('f a:n b:n c:n>n;a + b * c')), '(+ a (* b c))');
  assert.equal(show(resultExpr('f a:b b:b c:b>b;a | b & c')), '(| a (& b c))');
});

test('minus: negation with one operand, subtraction with two, negative literal glued to a call argument', () => {
  assert.equal(show(resultExpr('f x:n>n;-x')), '(neg x)');
  assert.equal(show(resultExpr('f x:n y:n>n;-x y')), '(- x y)');
  assert.equal(show(resultExpr('f x:n>n;g x -3')), '(call g x -3)');
  assert.equal(show(resultExpr('f x:n>n;- 0 x')), '(- 0 x)');
});

test('known arity groups nested calls; unknown names stay references', () => {
  assert.equal(show(resultExpr('f xs:L n>t;str len xs')), '(call str (call len xs))');
  assert.equal(show(resultExpr('f q:L n>b;>len q 0')), '(> (call len q) 0)');
  // `map`'s first slot takes a function: `str` is passed, not called.
  assert.equal(show(resultExpr('f xs:L n>L t;map str xs')), '(call map str xs)');
  // a function declared earlier in the file is known too
  const r = parseIlo('dbl x:n>n;*x 2\nf a:n b:n>n;+dbl a b');
  const f = r.program.decls[1] as A.FunctionDecl;
  assert.equal(show(f.body[0]), '(+ (call dbl a) b)');
});

test('a call at the head of an expression takes operands greedily, stopping before a header', () => {
  const r = parseIlo('h a:n>n;*a 2 g x:n>n;h x');
  assert.deepEqual(r.diagnostics, []);
  assert.deepEqual(r.program.decls.map((d) => (d as A.FunctionDecl).name.text), ['h', 'g']);
  assert.equal(show((r.program.decls[1] as A.FunctionDecl).body[0]), '(call h x)');
});

test('bind, destructure, guards, ternaries', () => {
  const fn = onlyFunction('f p:pt x:n>n;{a;b}=p;y=*x 2;>x 9 1;<x 0{ret 0};!=x 3{7}{8};!>x 5 2;y');
  assert.deepEqual(fn.body.map(show), [
    '{a;b}=p',
    'y=(* x 2)',
    '(guard braceless (> x 9) {1})',
    '(guard (< x 0) {(ret 0)})',
    '(guard (!= x 3) {7} {8})',
    '(guard not braceless (> x 5) {2})',
    'y',
  ]);
});

test('question-mark forms: prefix ternary, bool ternaries, match with every pattern', () => {
  assert.equal(show(resultExpr('f x:n>n;?=x 0 10 20')), '(? (= x 0) 10 20)');
  assert.equal(show(resultExpr('f h:b>n;?h{1}{0}')), '(? h 1 0)');
  assert.equal(show(resultExpr('f h:b>n;?h 1 0')), '(? h 1 0)');
  const fn = onlyFunction('f r:R n t>n;?r{~v:v;^e:0;1:2;"a":3;true:4;nil:5;n k:k;_:6}');
  const m = fn.body[0] as A.MatchStmt;
  assert.equal(show(m.subject as A.Expr), 'r');
  assert.deepEqual(m.arms.map((a) => a.pattern.kind), [
    'OkPat', 'ErrPat', 'LitPat', 'LitPat', 'LitPat', 'LitPat', 'TypePat', 'WildPat',
  ]);
});

test('loops and loop control', () => {
  const fn = onlyFunction('f xs:L n>n;s=0;@x xs{>x 9{brk};s=+s x};@i 0..len xs{cnt};wh <s 5{s=+s 1};s');
  assert.deepEqual(fn.body.map(show), [
    's=0',
    '(each x xs {(guard (> x 9) {brk});s=(+ s x)})',
    '(range i 0 (call len xs) {cnt})',
    '(while (< s 5) {s=(+ s 1)})',
    's',
  ]);
});

test('ok/err, unwrap, pipes, nil-coalesce, fields, with, lists, records, lambdas, $', () => {
  assert.equal(show(resultExpr('f x:n>R n t;~x')), '(~ x)');
  assert.equal(show(resultExpr('f x:t>R n t;^x')), '(^ x)');
  assert.equal(show(onlyFunction('f s:t>R n t;v=num! s;~v').body[0]), 'v=(call num! s)');
  assert.equal(show(onlyFunction('f s:t>n;v=num!! s;v').body[0]), 'v=(call num!! s)');
  assert.equal(show(resultExpr('f x:n>n;x>>str>>len')), '(pipe call len (pipe call str x))');
  assert.equal(show(resultExpr('f x:O n>n;x??0')), '(?? x 0)');
  assert.equal(show(resultExpr('f p:pt>n;p.x')), 'p.x');
  assert.equal(show(resultExpr('f p:pt>n;p.?x')), 'p.?x');
  assert.equal(show(resultExpr('f xs:L n>n;xs.0')), 'xs.0');
  assert.equal(show(resultExpr('f p:pt>pt;p with x:1 y:2')), '(with p x:1 y:2)');
  assert.equal(show(resultExpr('f a:n>L n;[1 a 3]')), '[1 a 3]');
  assert.equal(show(resultExpr('f>pt;pt x:1 y:2')), '(record pt x:1 y:2)');
  assert.equal(show(resultExpr('f xs:L n>L n;flt (x:n>b;>x 0) xs')), '(call flt (lambda x (> x 0)) xs)');
  assert.equal(show(resultExpr('f u:t>R t t;$u')), '(call get u)');
  assert.equal(show(resultExpr('f>n;now()')), '(call now)');
});

test('text escapes are decoded; unknown escapes keep the backslash', () => {
  const e = resultExpr('f>t;"a\\tb\\n\\"q\\" \\z"') as A.TextLit;
  assert.equal(e.value, 'a\tb\n"q" \\z');
});

test('multi-line bodies: indented lines are statements, >> continues, brackets span lines', () => {
  const src = ['f x:n>L n', '  a=+x 1', '  b=[a,', '     2]', '  b', '    >>rev', '', 'g>n;1'].join('\n');
  const r = parseIlo(src);
  assert.deepEqual(r.diagnostics, []);
  const f = r.program.decls[0] as A.FunctionDecl;
  assert.deepEqual(f.body.map(show), ['a=(+ x 1)', 'b=[a 2]', '(pipe call rev b)']);
  assert.equal((r.program.decls[1] as A.FunctionDecl).name.text, 'g');
});

test('comments: all collected; the run directly above a declaration is its doc', () => {
  const src = ['-- header', '', '-- doubles', '-- a number', 'dbl x:n>n;*x 2 -- trailing', 'g>n;1'].join('\n');
  const r = parseIlo(src);
  assert.deepEqual(r.program.comments.map((c) => c.text), [' header', ' doubles', ' a number', ' trailing']);
  assert.deepEqual(r.program.decls[0].doc.map((c) => c.text), [' doubles', ' a number']);
  assert.deepEqual(r.program.decls[1].doc, []);
});

test('offsets are document-absolute in later declarations', () => {
  const src = 'a>n;1\n\nb x:n>n;+x 1\n';
  const b = parseIlo(src).program.decls[1] as A.FunctionDecl;
  assert.equal(src.slice(b.name.start, b.name.end), 'b');
  const body = b.body[0] as A.ExprStmt;
  assert.equal(src.slice(body.expr.start, body.expr.end), '+x 1');
});

test('a zero-argument builtin is a call at the head of an expression but a plain name as an operand', () => {
  // The reference groups `>now 5` as `> (Ref now) 5` (and its verifier then
  // reports the bare builtin as undefined), but `x=now` calls it.
  const head = onlyFunction('f>n;x=now;x');
  const bind = head.body[0] as A.BindStmt;
  assert.equal(bind.value.kind, 'Call');
  const operand = onlyFunction('f>b;>now 5');
  const cmp = (operand.body[0] as A.ExprStmt).expr as A.BinaryExpr;
  assert.equal(cmp.kind, 'Binary');
  assert.deepEqual([cmp.left.kind, (cmp.left as A.RefExpr).name], ['Ref', 'now']);
});
