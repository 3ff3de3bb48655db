// The strict path (ilo.ohm's syntactic layer + parser/resolve.ts) must build exactly
// the tree the tolerant parser builds, take the chunks it can vouch for, and
// hand everything else (errors included) to the tolerant parser.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { IncrementalParser, parseIlo, type ParseResult, type ParseStats } from '../../server/src/syntax/parse';
import { iloGrammar } from '../../server/src/syntax/grammar';
import { corpusDir, readExamples, readSnippets } from '../../scripts/corpusReader';
import type * as A from '../../server/src/syntax/ast';

/** Parse both ways; the results must be identical. Returns the strict parse and its chunk counts. */
function bothWays(text: string): { result: ParseResult; stats: ParseStats } {
  const tolerant = parseIlo(text, { strict: false });
  const p = new IncrementalParser();
  const strict = p.parse(text, { strict: true });
  assert.deepEqual(strict.program, tolerant.program, `ASTs differ for ${JSON.stringify(text.slice(0, 120))}`);
  assert.deepEqual(strict.diagnostics, tolerant.diagnostics, `diagnostics differ for ${JSON.stringify(text.slice(0, 120))}`);
  return { result: strict, stats: p.lastStats };
}

// Every declaration form, every type, every statement form, operand sequences of every kind.
const everyForm = [
  'use "lib.ilo" [helper other]',
  'type point{x:n;y:n}',
  'type wrap{items:L (O n);lookup:M t n;res:R n t;col:S red green;cb:F n t;big:U64;any:_}',
  'alias score n',
  'tool send-mail"Send an email" to:t body:t>R _ t timeout:30,retry:2',
  'sq x:n>n;*x x',
  'inc x:n>n;+x 1',
  'two a:n b:n>n;+inc a sq b',
  'loops xs:L n>n',
  '  s=0',
  '  @x xs{s=+s x}',
  '  @i 0..3{>=i 2{brk};cnt}',
  '  k=0',
  '  wh <k 3{k=+k 1}',
  '  {a;b}=[1 2]',
  '  >s 100{ret s}',
  '  !=s 0{s}{0}',
  '  !>s 0{ret 0}',
  '  <s 0 "neg"',
  '  s',
  'shapes p:point r:R n t>t',
  '  q=point x:1 y:2',
  '  q2=q with x:3',
  '  v=?r{~ok:ok;^e:0}',
  '  w=?=v 0 "zero" "other"',
  '  t=?v{1:"one";n m:str m;_:"many"}',
  '  z=?v{"a"}{"b"}',
  '  f=(x:n>n;*x 2)',
  '  ys=map f [1,2,3]',
  '  y=hd ys ?? 0',
  '  c=ys >> len',
  '  d=q.x+q.y',
  '  e=ys.0',
  '  g=q.?x',
  '  m=-5',
  '  h=- v 1',
  '  cat [t w] ""',
  'multi a:n>n;*a 2 other x:n>n;multi x',
  'braced x:n>n{+x 1}',
].join('\n');

test('a program with every declaration and statement form takes the strict path on every chunk, with the same tree', () => {
  const { result, stats } = bothWays(everyForm);
  assert.deepEqual(result.diagnostics, []);
  assert.equal(stats.tolerant, 0, 'every chunk was built by the strict path');
  assert.ok(stats.strict > 10);
  const kinds = result.program.decls.map((d) => d.kind);
  for (const k of ['UseDecl', 'TypeDecl', 'AliasDecl', 'ToolDecl', 'FunctionDecl']) assert.ok(kinds.includes(k as A.Decl['kind']), k);
  // `multi ... other x:n>n;...` on one line: two functions.
  const names = result.program.decls.flatMap((d) => (d.kind === 'FunctionDecl' ? [d.name.text] : []));
  assert.ok(names.includes('multi') && names.includes('other'));
});

test('arity decides the grouping on the strict path too', () => {
  // `inc` is declared earlier with one parameter, so `+inc a 2` is `(inc a) + 2`;
  // `later` is declared after `use`, so there it is a plain reference.
  const text = 'inc x:n>n;+x 1\nuse2 a:n>n;+inc a 2\nuse3 a:n>n;prnt str a;a\nlater x:n>n;x';
  const { result, stats } = bothWays(text);
  assert.equal(stats.tolerant, 0);
  const use2 = result.program.decls[1] as A.FunctionDecl;
  const e = (use2.body[0] as A.ExprStmt).expr as A.BinaryExpr;
  assert.equal(e.kind, 'Binary');
  assert.equal(e.left.kind, 'Call');
  assert.equal((e.left as A.CallExpr).callee.text, 'inc');
  const use3 = result.program.decls[2] as A.FunctionDecl;
  const call = (use3.body[0] as A.ExprStmt).expr as A.CallExpr;
  assert.equal(call.callee.text, 'prnt');
  assert.equal((call.args[0] as A.CallExpr).callee.text, 'str');
});

test('chunks with errors fall back to the tolerant parser, which reports the reference codes', () => {
  const text = 'ok x:n>n;+x 1\nbad x:n>n;if x{1}\nalso-ok>n;2\nhdr x:n\n';
  const { result, stats } = bothWays(text);
  assert.equal(stats.strict, 2, 'the two good declarations are strict');
  assert.equal(stats.tolerant, 2, 'the two broken ones are tolerant');
  const codes = result.diagnostics.map((d) => d.code);
  assert.ok(codes.includes('ILO-P020'), `header running into the end: ${codes.join(' ')}`);
  assert.ok(codes.length >= 2, `the error in \`bad\` is reported too: ${codes.join(' ')}`);
  assert.deepEqual(
    result.program.decls.map((d) => d.kind),
    ['FunctionDecl', 'ErrorDecl', 'FunctionDecl', 'ErrorDecl'],
  );
});

test('where the grouping would cross a chunk end, the chunk is left to the tolerant parser', () => {
  // A body ending in `;` takes the next column-0 line as a statement when it is not a header.
  const runsOn = bothWays('f x:n>n;+x 1;\n;x\ng>n;1');
  assert.deepEqual(runsOn.result.program.decls.map((d) => d.kind), ['ErrorDecl', 'FunctionDecl']);
  assert.equal(runsOn.stats.tolerant, 1, 'the first chunk is declined');
  assert.equal(runsOn.stats.strict, 1, 'the last one is strict');
  // A sum type at the end of an alias reads variant names on the next line.
  const sum = bothWays('alias col S red green\nblue\nf>n;1');
  assert.equal(sum.stats.strict, 0);
  const alias = sum.result.program.decls[0] as A.AliasDecl;
  assert.deepEqual((alias.target as A.SumType).variants.map((v) => v.text).slice(0, 3), ['red', 'green', 'blue']);
  // A call at the end of a body takes operands from the next column-0 line.
  const greedy = bothWays('f x:n>n;prnt x\n1\n');
  assert.equal(greedy.stats.strict, 0);
  assert.equal(greedy.result.program.decls.length, 1);
});

test('a declaration that falls back after registering its arity leaves no trace of the strict attempt', () => {
  // `g` is registered by the strict attempt, then its body makes the chunk fall back; later calls
  // must see exactly the arity the tolerant parser registers.
  const text = 'g a:n b:n>n;+a b;\n;1\nh x:n>n;+g x 1 2';
  bothWays(text);
});

test('incremental edits with the strict path on match fresh tolerant parses', () => {
  const steps = [
    'sq x:n>n;*x x\nmain>n\n  a=sq 3\n  >a 5{ret a}\n  0\n',
    'sq x:n>n;*x x\nmain>n\n  a=sq 3\n  >a 5{ret a\n  0\n', // a block breaks
    'sq x:n>n;*x x\nmain>n\n  a=sq 3\n  >a 5{ret a}\n  0\n', // and is fixed
    'sq x:n y:n>n;*x y\nmain>n\n  a=sq 3\n  >a 5{ret a}\n  0\n', // arity of `sq` changes
    'sq x:n y:n>n;*x y\nmain>n\n  a=sq 3 4\n  >a 5{ret a}\n  0\n',
  ];
  const inc = new IncrementalParser();
  for (const text of steps) {
    const got = inc.parse(text, { strict: true });
    const want = parseIlo(text, { strict: false });
    assert.deepEqual(got.program, want.program);
    assert.deepEqual(got.diagnostics, want.diagnostics);
  }
});

test('the syntactic grammar accepts well-formed chunks and rejects malformed ones', () => {
  const g = iloGrammar();
  const ok = [
    'f x:n>n;+x 1\n',
    'type p{a:n;b:L t}\n',
    'tool t"d" a:n>n timeout:5\n',
    'f xs:L n>n;@x xs{prnt x};?xs{[]}{0}\n',
    'f>R n t;r=num "1";?r{~v:v;^e:^e}\n',
  ];
  for (const text of ok) assert.ok(g.match(text, 'Chunk').succeeded(), text);
  const bad = ['f x:n>n;if x{1}\n', 'f x:n>\n', 'type p{a:n;}\n', 'f>n;(+1 2\n', 'f>n;[1 2\n', 'f x:n>n;{a;}=x\n'];
  for (const text of bad) assert.ok(g.match(text, 'Chunk').failed(), text);
});

const dir = corpusDir(path.join(__dirname, '..', '..'));

test(
  'every corpus program parses to the same tree and diagnostics on both paths',
  { skip: dir === undefined ? 'corpus not present' : false },
  () => {
    const root = dir as string;
    const texts = readExamples(root).map((e) => e.text);
    for (const s of readSnippets<{ code: string }>(root)) texts.push(s.code);
    let strict = 0;
    let tolerant = 0;
    for (const text of texts) {
      const { stats } = bothWays(text);
      strict += stats.strict;
      tolerant += stats.tolerant;
    }
    // The strict path must actually carry the corpus, not decline everything.
    assert.ok(strict >= 0.9 * (strict + tolerant), `strict chunks: ${strict} of ${strict + tolerant}`);
  },
);
