// Each lexer/parser error code on a small program, with its position (line:col, 1-based).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseIlo } from '../../server/src/syntax/parse';
import { codesAt } from './helpers';

const cases: Array<[string, string, string]> = [
  // [what, program, expected first diagnostic]
  ['L001 unknown character', 'f>n;x=1 # 2', 'ILO-L001 1:9'],
  ['L001 AND from another language', 'f a:b c:b>b;AND a c', 'ILO-L001 1:13'],
  ['L002 underscore name', 'f>n;my_val=1;my_val', 'ILO-L002 1:5'],
  ['L003 camelCase name', 'f>n;myVal=1;myVal', 'ILO-L003 1:5'],
  ['P001 stray token at top level', 'f>n;1\n)', 'ILO-P001 2:1'],
  ['P003 expected > in header', 'f x:n t;x', 'ILO-P003 1:7'],
  ['P003 `=<` is not an operator', 'f a:n>b;=<a 1', 'ILO-P003 1:9'],
  ['P003 `&&`', 'f a:b>b;&& a a', 'ILO-P003 1:10'],
  ['P003 `main:>n`', 'main:>n;1', 'ILO-P003 1:5'],
  ['P003 indented loop body without braces', 'f xs:L n>n\n  @x xs\n    x\n  0', 'ILO-P003 2:8'],
  ['P004 input ends inside a match', 'f x:n>n;?x{1:2;~v', 'ILO-P004 1:1'],
  ['P005 expected a field name', 'type t{{}}', 'ILO-P005 1:8'],
  ['P007 expected a type', 'f x:;x', 'ILO-P007 1:5'],
  ['P007 type runs into the next line', 'f a:n>R\ng>n;1', 'ILO-P007 1:7'],
  ['P008 type runs into the end of the file', 'f a:n>n;a\ng a:n>O', 'ILO-P008 2:7'],
  ['P009 expected an expression', 'f>n;x=);x', 'ILO-P009 1:7'],
  ['P009 map literal', 'f>n;m={"a" 1};0', 'ILO-P009 1:7'],
  ['P009 fn keyword as lambda', 'f>n;g=fn x:n>n;1', 'ILO-P009 1:7'],
  ['P010 input ends inside an expression (reported at the last token)', 'f x:n>n;*x', 'ILO-P010 1:10'],
  ['P011 reserved word as binding', 'f>n;let=1;2', 'ILO-P011 1:5'],
  ['P011 builtin as binding', 'f>n;len=1;2', 'ILO-P011 1:5'],
  ['P011 builtin as function name', 'rev x:n>n;x', 'ILO-P011 1:5'],
  ['P011 statements inside a match', 'f x:b>n;?x{y=1};0', 'ILO-P011 1:12'],
  ['P011 expected a pattern', 'f x:n>n;?x{>:1}', 'ILO-P011 1:12'],
  ['P013 tool option needs a number', 'tool t"d" x:n>n timeout:a', 'ILO-P013 1:25'],
  ['P015 tool description', 'tool t x:n>n', 'ILO-P015 1:8'],
  ['P016 token after braceless guard', 'f x:n>n;>x 1 g x;0', 'ILO-P016 1:16'],
  ['P018 fmt not last', 'f>t;slc fmt "{}" 1 0 2', 'ILO-P018 1:9'],
  ['P020 header cut by a new line', 'f x:n\ng>n;1', 'ILO-P020 1:1'],
  ['P021 double minus', 'f a:n b:n>n;- -*a b *b a', 'ILO-P021 1:13'],
];

for (const [what, program, expected] of cases) {
  test(`${what}: ${JSON.stringify(program)} → ${expected}`, () => {
    assert.equal(codesAt(program)[0], expected);
  });
}

test('the parser reports errors with source ilo and severity error', () => {
  for (const d of parseIlo('f x:n>n;+').diagnostics) {
    assert.equal(d.source, 'ilo');
    assert.equal(d.severity, 'error');
  }
});

test('hints: AND points at &, =< at <=, -> at >, double minus at the fixes', () => {
  const hint = (src: string): string => parseIlo(src).diagnostics[0]?.hint ?? '';
  assert.match(hint('f a:b c:b>b;AND a c'), /&a b/);
  assert.match(hint('f a:n>b;=<a 1'), /<=/);
  assert.match(hint('f x:n->n;x'), /not `->`/);
  assert.match(hint('f a:n b:n>n;- -*a b *b a'), /- 0 \+OP/);
});

test('camelCase and snake_case names come with a kebab-case rename edit', () => {
  const src = 'f>n;myVal=1;2';
  const d = parseIlo(src).diagnostics[0];
  const edit = d.suggestions?.[0]?.edits[0];
  assert.ok(edit);
  assert.equal(src.slice(edit.start, edit.end), 'myVal');
  assert.equal(edit.newText, 'my-val');
  const snake = parseIlo('f>n;a_b=1;2').diagnostics[0];
  assert.equal(snake.suggestions?.[0]?.edits[0].newText, 'a-b');
});

test('a builtin used as a binding name suggests a rename of that name', () => {
  const src = 'f>n;len=1;2';
  const d = parseIlo(src).diagnostics[0];
  const edit = d.suggestions?.[0]?.edits[0];
  assert.ok(edit);
  assert.equal(src.slice(edit.start, edit.end), 'len');
  assert.equal(edit.newText, 'mylen');
});

test('long-form builtin aliases are accepted as user names', () => {
  assert.deepEqual(codesAt('length xs:L n>n;0'), []);
});
