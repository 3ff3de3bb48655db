// The differential harness's own parts (scripts/differential/): the seeded
// mutations, the comparison of two verdicts, the reading of the reference's
// JSON lines, delta debugging, and the AST and comment comparisons. The
// harness against the binary itself is the `npm run differential -- --ci`
// stage of npm test.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mutants, mutate, MUTATION_KINDS, tokens } from '../../scripts/differential/mutate';
import { commentsOf, compareVerdicts, normaliseAst } from '../../scripts/differential/compare';
import { parseDiagnostics } from '../../scripts/differential/reference';
import { reduce } from '../../scripts/differential/reduce';
import { BytePositions } from '../../scripts/differential/ours';
import { mulberry32 } from '../helpers/random';

const PROGRAM = '-- area\narea w:n h:n>n;*w h\n\nshow a:n>t\n  s=str a\n  cat "a=" s\n';

test('mutations: the same seed gives the same distinct mutants, none equal to the program', () => {
  const a = mutants(PROGRAM, 20, mulberry32(9));
  const b = mutants(PROGRAM, 20, mulberry32(9));
  assert.deepEqual(a, b);
  assert.equal(a.length, 20);
  assert.equal(new Set(a.map((m) => m.text)).size, 20);
  assert.ok(a.every((m) => m.text !== PROGRAM));
  // Kinds are taken in turn: twenty mutants use every kind.
  assert.deepEqual(new Set(a.map((m) => m.kind)), new Set(MUTATION_KINDS));
});

test('mutations: each kind does what it says', () => {
  const rnd = mulberry32(3);
  const semis = PROGRAM.split(';').length - 1;
  const dropped = mutate(PROGRAM, 'drop-semicolon', rnd) as string;
  assert.equal(dropped.split(';').length - 1, semis - 1);
  const lines = PROGRAM.split('\n').length;
  assert.equal((mutate(PROGRAM, 'delete-line', rnd) as string).split('\n').length, lines - 1);
  assert.equal((mutate(PROGRAM, 'duplicate-line', rnd) as string).split('\n').length, lines + 1);
  const brackets = (t: string): number => (t.match(/[()[\]{}]/g) ?? []).length;
  const unbalanced = mutate('f>L n;[(1) 2]', 'unbalance-bracket', rnd) as string;
  assert.notEqual(brackets(unbalanced), 4);
  assert.equal(mutate('f>n;1', 'drop-semicolon', mulberry32(1))?.includes(';'), false);
  assert.equal(mutate('f>n 1', 'drop-semicolon', mulberry32(1)), undefined, 'no `;` to drop');
  // Comments are not tokens: mutations leave them alone.
  assert.ok(tokens(PROGRAM).every((t) => !t.text.startsWith('--')));
});

test('verdicts: clean ⇔ clean, the first error among ours (code, then position), verifier multisets', () => {
  const ref = [
    { code: 'ILO-P001', severity: 'error', message: '', line: 1, col: 11, start: 10, end: 11 },
    { code: 'ILO-T008', severity: 'error', message: '', line: 1, col: 5, start: 4, end: 5 },
  ];
  const ours = [
    { code: 'ILO-T008', severity: 'error', line: 1, col: 5, message: '' },
    { code: 'ILO-P001', severity: 'error', line: 1, col: 12, message: '' },
  ];
  const o = compareVerdicts({ ref, ours, oursCompat: ours });
  assert.equal(o.cleanAgrees, true);
  assert.equal(o.firstCode, true);
  assert.equal(o.firstPosition, false, 'column 12 is not 11');
  assert.equal(o.sameVerifierCodes, true);
  const clean = compareVerdicts({ ref: [], ours: [{ code: 'ILO-T029', severity: 'warning', line: 1, col: 1, message: '' }], oursCompat: [] });
  assert.equal(clean.cleanAgrees, true, 'a warning is not an error');
  assert.equal(clean.sameVerifierCodes, false);
  assert.equal(clean.sameVerifierCodesCompat, true);
  const missed = compareVerdicts({ ref, ours: [], oursCompat: [] });
  assert.equal(missed.cleanAgrees, false);
  assert.equal(missed.firstCode, false);
});

test("the reference's JSON lines: diagnostics with their primary label; hint lines skipped; anything else is a failure", () => {
  const stderr =
    '{"code":"ILO-P009","labels":[{"col":18,"end":18,"line":1,"message":"here","primary":true,"start":17}],"message":"expected expression, got RParen","notes":[],"severity":"error"}\n' +
    '{"hints":["hint: `lset` → `lst`"]}\n' +
    '{"code":"ILO-T002","labels":[],"message":"duplicate function definition \'f\'","notes":[],"severity":"error"}\n';
  const r = parseDiagnostics(stderr);
  assert.equal(r.bad, undefined);
  assert.deepEqual(
    r.diagnostics.map((d) => [d.code, d.line, d.col, d.start]),
    [
      ['ILO-P009', 1, 18, 17],
      ['ILO-T002', null, null, null],
    ],
  );
  assert.match(parseDiagnostics("thread 'main' panicked at src/x.rs\n").bad ?? '', /panicked/);
});

test('delta debugging keeps what the failure needs and drops the rest', async () => {
  const text = 'alpha beta;\ngamma MMAP() delta;\nepsilon zeta\n';
  const fails = async (t: string): Promise<boolean> => t.includes('MMAP()');
  const r = await reduce(text, fails, 400);
  assert.equal(r.text, 'MMAP()');
  assert.ok(r.tests > 0 && r.tests <= 400);
  const bounded = await reduce(text, fails, 3);
  assert.ok(bounded.tests <= 3 && bounded.text.includes('MMAP()'));
});

test('AST comparison ignores key order and spans only; comments are compared in order', () => {
  assert.equal(normaliseAst('{"b":1,"a":{"y":[1,2],"x":"s"}}'), normaliseAst('{"a":{"x":"s","y":[1,2]},"b":1}'));
  assert.notEqual(normaliseAst('{"ForRange":{"start":1,"end":2}}'), normaliseAst('{"ForRange":{"start":1,"end":3}}'));
  assert.equal(normaliseAst('{"a":1,"span":[0,3]}'), normaliseAst('{"a":1}'));
  assert.deepEqual(commentsOf('-- one\nf>t;"-- not a comment" -- two\n  --three'), ['one', 'two', 'three']);
});

test('positions are given as the reference gives them: 1-based line, byte column', () => {
  const p = new BytePositions('f>t;"é😀"\n  +x');
  assert.deepEqual(p.at(8), { line: 1, col: 12 }, 'after é (2 bytes) and 😀 (4 bytes)');
  assert.deepEqual(p.at(12), { line: 2, col: 3 });
});
