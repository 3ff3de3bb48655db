// IncrementalParser reuses work across edits but must give exactly what a fresh parse gives.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { IncrementalParser, parseIlo } from '../../server/src/syntax/parse';
import type * as A from '../../server/src/syntax/ast';
import { LEVEL_26 } from '../../server/src/level';

const base = [
  '-- helpers',
  'inc x:n>n;+x 1',
  '',
  'pair a:n b:n>L n;[a b]',
  '',
  'use-inc y:n>n;+inc y 2',
  '',
  'report xs:L n>t',
  '  s=0',
  '  @x xs{s=+s x}',
  '  fmt "total {}" s',
  '',
  'same>n;1',
  'same>n;1',
  'last p:n>n;pair p p',
].join('\n');

function edit(text: string, find: string, replace: string): string {
  const i = text.indexOf(find);
  assert.ok(i >= 0, `edit target ${JSON.stringify(find)} not found`);
  return text.slice(0, i) + replace + text.slice(i + find.length);
}

function assertSame(inc: IncrementalParser, text: string): void {
  const got = inc.parse(text);
  const want = parseIlo(text);
  assert.deepEqual(got.diagnostics, want.diagnostics);
  assert.deepEqual(got.program, want.program);
}

test('a series of edits gives the same result as parsing from scratch each time', () => {
  const inc = new IncrementalParser();
  let text = base;
  assertSame(inc, text);
  const steps: Array<[string, string]> = [
    ['+x 1', '+x 10'], // edit inside a body
    ['inc x:n>n', 'inc x:n z:n>n'], // arity of an earlier function changes how `+inc y 2` groups
    ['same>n;1\nsame', 'same>n;1\n\nnew>t;"x"\nsame'], // a declaration appears in the middle
    ['  s=0', '  s=)'], // a body breaks
    ['  s=)', '  s=0'], // and is fixed again
    ['pair p p', 'pair p p;'], // a trailing `;` at the end of the file
    ['-- helpers\n', ''], // everything moves up
    ['use-inc y:n>n;+inc y 2', 'use-inc y:n>n;+inc y 2;'], // a body now runs on past its line
  ];
  for (const [find, replace] of steps) {
    text = edit(text, find, replace);
    assertSame(inc, text);
  }
});

test('typing a program character by character matches a fresh parse at every step', () => {
  const target = 'sq x:n>n;*x x\nmain>n\n  a=sq 3\n  >a 5{ret a}\n  0\n';
  const inc = new IncrementalParser();
  for (let i = 0; i <= target.length; i++) assertSame(inc, target.slice(0, i));
});

test('offsets of unchanged declarations after an edit are shifted to their new place', () => {
  const inc = new IncrementalParser();
  inc.parse(base);
  const text = edit(base, 'inc x:n>n', 'increment x:n>n');
  const r = inc.parse(text);
  const last = r.program.decls[r.program.decls.length - 1] as A.FunctionDecl;
  assert.equal(text.slice(last.name.start, last.name.end), 'last');
});

test('external arities from used files change grouping only where the level\'s usedFileArities is on (26; off at 0.11)', () => {
  const src = 'f a:n b:n>n;+dbl a b';
  const ext = new Map([['dbl', 1]]);
  const plain = parseIlo(src).program.decls[0] as A.FunctionDecl;
  const level011 = parseIlo(src, { externalArities: ext }).program.decls[0] as A.FunctionDecl;
  const withUse = parseIlo(src, { externalArities: ext, level: LEVEL_26 }).program.decls[0] as A.FunctionDecl;
  const first = (d: A.FunctionDecl): A.Expr => ((d.body[0] as A.ExprStmt).expr as A.BinaryExpr).left;
  assert.equal(first(plain).kind, 'Ref');
  assert.equal(first(level011).kind, 'Ref');
  assert.equal(first(withUse).kind, 'Call');
  // One parser, the level switched: the cached chunks of the other reading are not reused.
  const inc = new IncrementalParser();
  assert.equal(first(inc.parse(src, { externalArities: ext }).program.decls[0] as A.FunctionDecl).kind, 'Ref');
  assert.equal(first(inc.parse(src, { externalArities: ext, level: LEVEL_26 }).program.decls[0] as A.FunctionDecl).kind, 'Call');
});

test('an error at the end of the input stays at offset 0 when an edit above moves its declaration', () => {
  const before = 'a>t;"x"\n\nf x:n>n;?x{n y:1;n';
  const after = 'a>t;"x y"\n\nf x:n>n;?x{n y:1;n';
  const inc = new IncrementalParser();
  inc.parse(before);
  const got = inc.parse(after);
  const want = parseIlo(after);
  assert.ok(want.diagnostics.some((d) => d.start === 0 && d.code === 'ILO-P004'), 'the error is reported at the end of input');
  assert.deepEqual(got.diagnostics, want.diagnostics);
  assert.deepEqual(got.program, want.program);
});

test('an edit inside one body re-parses only that declaration; the others are reused, calls still resolved by arity', () => {
  // Forty functions, each calling the one before: every chunk registers a
  // function and looks one up, so reuse depends on the arity table's
  // fingerprint staying what registering one by one would make it.
  const lines: string[] = ['f0 x:n y:n>n;+x y'];
  for (let i = 1; i < 40; i++) lines.push(`f${i} x:n y:n>n;+f${i - 1} x y 1`);
  const text = lines.join('\n');
  const inc = new IncrementalParser();
  inc.parse(text);
  const chunks = inc.lastStats.reused + inc.lastStats.tolerant + inc.lastStats.strict;
  assert.equal(chunks, 40);
  assert.deepEqual(parseIlo(text).diagnostics, [], 'the program is well formed');
  const edited = edit(text, 'f20 x:n y:n>n;+f19 x y 1', 'f20 x:n y:n>n;+f19 x y 2');
  for (const t of [edited, text, edited]) {
    assertSame(inc, t);
    assert.equal(inc.lastStats.reused, 39, 'every chunk but the edited one is reused');
  }
});
