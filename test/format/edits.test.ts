// The edits an editor applies: only the lines that change, and for a range
// only the declarations it touches.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TextEdit } from '../../server/src/diagnostics';
import { formatEdits, formatIlo, formatRangeEdits } from '../../server/src/format';
import { lineEdits } from '../../server/src/format/textEdits';
import { levelById } from '../../server/src/level';

function apply(text: string, edits: readonly TextEdit[]): string {
  let out = text;
  for (const e of [...edits].sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.newText + out.slice(e.end);
  return out;
}

function sortedAndApart(edits: readonly TextEdit[]): boolean {
  return edits.every((e, i) => e.start <= e.end && (i === 0 || edits[i - 1].end <= e.start));
}

test('line edits turn one text into the other and leave equal lines alone', () => {
  const before = 'a\nb\nc\nd\ne\n';
  const after = 'a\nB\nc\nd\nE\nf\n';
  const edits = lineEdits(before, after);
  assert.equal(apply(before, edits), after);
  assert.ok(sortedAndApart(edits));
  assert.deepEqual(
    edits.map((e) => before.slice(e.start, e.end)),
    ['b\n', 'e\n'],
    'only the two changed lines are replaced',
  );
  assert.deepEqual(lineEdits(before, before), []);
});

test('line edits: insertions, deletions, a missing final newline, an empty side', () => {
  for (const [a, b] of [
    ['x\ny\n', 'x\nnew\ny\n'],
    ['x\nold\ny\n', 'x\ny\n'],
    ['x\ny', 'x\ny\n'],
    ['', 'f>n;1\n'],
    ['f>n;1\n', ''],
  ]) {
    assert.equal(apply(a, lineEdits(a, b)), b, JSON.stringify([a, b]));
  }
});

test('formatting edits of a file that is formatted already: none', () => {
  const text = 'f x:n > n\n  + x 1\n';
  assert.deepEqual(formatEdits(text, { style: 'expanded' }), []);
});

test('formatting edits give the formatted text and keep unchanged lines', () => {
  const text = '-- a comment\nf x:n>n;+x 1\n\n-- b\ng>n;2\n';
  const edits = formatEdits(text, { style: 'expanded' });
  assert.ok(Array.isArray(edits));
  assert.equal(apply(text, edits), (formatIlo(text, { style: 'expanded' }) as { text: string }).text);
  for (const e of edits) assert.ok(!text.slice(e.start, e.end).includes('-- a comment'), 'the comment line is not rewritten');
});

test('range formatting formats only the declarations the range touches', () => {
  const text = 'a x:n>n;+x 1\nb x:n>n;*x 2\nc x:n>n;-x 3\n';
  const bStart = text.indexOf('b x');
  const edits = formatRangeEdits(text, bStart + 3, bStart + 5, { style: 'expanded' });
  assert.ok(Array.isArray(edits));
  assert.equal(apply(text, edits), 'a x:n>n;+x 1\nb x:n > n\n  * x 2\nc x:n>n;-x 3\n');
  const both = formatRangeEdits(text, text.indexOf('+x'), text.indexOf('-x'), { style: 'expanded' });
  assert.ok(Array.isArray(both));
  assert.equal(apply(text, both), 'a x:n > n\n  + x 1\nb x:n > n\n  * x 2\nc x:n > n\n  - x 3\n');
});

test('range formatting at a cursor formats the declaration under it, trailing comment included', () => {
  const text = 'a x:n>n;+x 1\nb x:n>n;*x 2 -- double\n';
  const at = text.indexOf('*x');
  const edits = formatRangeEdits(text, at, at, { style: 'expanded' });
  assert.ok(Array.isArray(edits));
  assert.equal(apply(text, edits), 'a x:n>n;+x 1\nb x:n > n\n  * x 2 -- double\n');
});

test('range formatting in a part with no declaration changes nothing', () => {
  const text = 'a>n;1\n\n-- only a comment here\n\nb>n;2\n';
  const at = text.indexOf('only');
  assert.deepEqual(formatRangeEdits(text, at, at + 4, { style: 'dense' }), []);
});

test('a file with a syntax error gives a refusal instead of edits', () => {
  const r = formatEdits('f x:n>n;+x\n', { style: 'dense' });
  assert.ok(!Array.isArray(r));
  assert.equal(r.ok, false);
  const range = formatRangeEdits('f x:n>n;+x\n', 0, 1, { style: 'dense' });
  assert.ok(!Array.isArray(range));
});

test('CRLF files stay CRLF (level 26, which reads CRLF; at 0.11 a carriage return is a syntax error and nothing is formatted)', () => {
  const text = 'f x:n>n;+x 1\r\ng>n;2\r\n';
  const level = levelById('26');
  const r = formatIlo(text, { style: 'expanded', level });
  assert.ok(r.ok);
  assert.equal(r.text, 'f x:n > n\r\n  + x 1\r\ng > n\r\n  2\r\n');
  const edits = formatEdits(text, { style: 'expanded', level });
  assert.ok(Array.isArray(edits));
  assert.equal(apply(text, edits), r.text);
  const at = text.indexOf('g>n');
  const range = formatRangeEdits(text, at, at, { style: 'expanded', level });
  assert.ok(Array.isArray(range));
  assert.equal(apply(text, range), 'f x:n>n;+x 1\r\ng > n\r\n  2\r\n');
  assert.equal(formatIlo(text, { style: 'expanded' }).ok, false);
});
