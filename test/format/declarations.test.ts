// Every declaration form in both styles, blank lines between declarations,
// doc comments and `use` lines.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatted, lines, parseClean } from './helpers';

const PROGRAM = [
  'tool get-user"Retrieve user by ID" uid:t>R profile t timeout:5,retry:2',
  'type profile{id:t;name:t;email:t;verified:b}',
  'alias uid t',
  'use   "other.ilo"   [a  b]',
  'ntf uid:t msg:t>R _ t;u=get-user! uid;~u.name',
].join('\n');

test('dense: one line per declaration, operators glued, `use` as written', () => {
  assert.equal(
    formatted(PROGRAM, 'dense'),
    lines(
      'tool get-user"Retrieve user by ID" uid:t>R profile t timeout:5,retry:2',
      'type profile{id:t;name:t;email:t;verified:b}',
      'alias uid t',
      'use   "other.ilo"   [a  b]',
      'ntf uid:t msg:t>R _ t;u=get-user! uid;~u.name',
    ),
  );
});

test('expanded: bodies one statement a line, record fields one a line, spaced operators', () => {
  assert.equal(
    formatted(PROGRAM, 'expanded'),
    lines(
      'tool get-user "Retrieve user by ID" uid:t > R profile t timeout:5,retry:2',
      'type profile {',
      '  id: t',
      '  name: t',
      '  email: t',
      '  verified: b',
      '}',
      'alias uid t',
      'use   "other.ilo"   [a  b]',
      'ntf uid:t msg:t > R _ t',
      '  u = get-user! uid',
      '  ~ u.name',
    ),
  );
});

test('tools without parameters or options, an empty record type, a function without parameters', () => {
  const src = 'tool ping"No params">n\ntool retry-only"x" a:n>n retry:1\ntype empty{}\nf>n;1';
  assert.equal(formatted(src, 'dense'), lines('tool ping"No params">n', 'tool retry-only"x" a:n>n retry:1', 'type empty{}', 'f>n;1'));
  assert.equal(
    formatted(src, 'expanded'),
    lines('tool ping "No params" > n', 'tool retry-only "x" a:n > n retry:1', 'type empty {}', 'f > n', '  1'),
  );
});

test('types print in prefix form; a function or sum type before another type keeps its parentheses', () => {
  const src = 'f xs:L (L n) m:M t (O n) g:F n n r:R (S a b) t>R (F n n) t;~g';
  assert.equal(formatted(src, 'dense'), lines('f xs:L L n m:M t O n g:F n n r:R (S a b) t>R (F n n) t;~g'));
});

test('blank lines between declarations are kept, several become one, none is added', () => {
  const src = 'a>n;1\nb>n;2\n\n\n\nc>n;3\n\nd>n;4\n';
  assert.equal(formatted(src, 'dense'), lines('a>n;1', 'b>n;2', '', 'c>n;3', '', 'd>n;4'));
  assert.equal(formatted(src, 'expanded'), lines('a > n', '  1', 'b > n', '  2', '', 'c > n', '  3', '', 'd > n', '  4'));
});

test('leading blank lines go, the file ends with one newline', () => {
  assert.equal(formatted('\n\n  \nf>n;1', 'dense'), lines('f>n;1'));
  assert.equal(formatted('f>n;1\n\n\n', 'dense'), lines('f>n;1'));
});

test('doc comments stay directly above their declaration (tool annotations keep their tool)', () => {
  const src = '-- @param title A short title\ntool add"Add" title:t>R t t\n\n-- free comment\n\n-- doc of f\nf>n;1';
  const out = formatted(src, 'expanded');
  assert.equal(out, lines('-- @param title A short title', 'tool add "Add" title:t > R t t', '', '-- free comment', '', '-- doc of f', 'f > n', '  1'));
  const docs = parseClean(out).decls.map((d) => d.doc.map((c) => c.text));
  assert.deepEqual(docs, [[' @param title A short title'], [' doc of f']]);
});

test('a multi-line function becomes one dense line, and back', () => {
  const multi = 'f x:n>n\n  a=*x 2\n  b=+a 1\n  *b b\n';
  const dense = formatted(multi, 'dense');
  assert.equal(dense, lines('f x:n>n;a=*x 2;b=+a 1;*b b'));
  assert.equal(formatted(dense, 'expanded'), lines('f x:n > n', '  a = * x 2', '  b = + a 1', '  * b b'));
});

test('declarations sharing a line get a line each', () => {
  assert.equal(formatted('h a:n>n;*a 2 main x:n>n;h x', 'dense'), lines('h a:n>n;*a 2', 'main x:n>n;h x'));
});

test('a body in braces is the same body', () => {
  assert.equal(formatted('f x:n>n{a=x;+a 1}', 'dense'), lines('f x:n>n;a=x;+a 1'));
});

test('a line break still ends each declaration: bodies ending in a bare name or call before the next declaration', () => {
  const src = 'sz xs:L n>n;len xs\nid x:n>n;x\ntype pt{x:n}\nlast xs:L n>n;sz xs';
  for (const style of ['dense', 'expanded'] as const) {
    const decls = parseClean(formatted(src, style)).decls;
    assert.deepEqual(decls.map((d) => d.kind), ['FunctionDecl', 'FunctionDecl', 'TypeDecl', 'FunctionDecl'], style);
    assert.deepEqual((decls[0] as { body: unknown[] }).body.length, 1, style);
  }
  assert.equal(formatted(src, 'dense'), lines('sz xs:L n>n;len xs', 'id x:n>n;x', 'type pt{x:n}', 'last xs:L n>n;sz xs'));
});

test('a statement spread over lines inside brackets becomes one line', () => {
  const src = 'g>L n\n  xs=[10, 20,\n     30, 40]\n  xs';
  assert.equal(formatted(src, 'expanded'), lines('g > L n', '  xs = [10, 20, 30, 40]', '  xs'));
  assert.equal(formatted(src, 'dense'), lines('g>L n;xs=[10, 20, 30, 40];xs'));
});
