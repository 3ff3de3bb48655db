// The line index of an edited document, updated from the index before the
// edit, must equal an index built from scratch: seeded random edits.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LineIndex } from '../../server/src/syntax/lineIndex';
import { commonPrefixLength, commonSuffixLength } from '../../server/src/syntax/textDiff';
import { mulberry32 } from '../helpers/random';

/** Everything an index tells: the start of every line, and the position of every offset. */
function shape(index: LineIndex, text: string): { starts: number[]; positions: string } {
  const starts: number[] = [];
  for (let line = 0; line < index.lineCount; line++) starts.push(index.offsetAt(line, 0));
  const positions: string[] = [];
  for (let o = 0; o <= text.length; o++) {
    const p = index.toPosition0(o);
    positions.push(`${p.line}:${p.character}`);
  }
  return { starts, positions: positions.join(' ') };
}

const PIECES = ['\n', '\n\n', '\r\n', 'x', 'ab\ncd', '', '  ', '\nfn x:n>n;+x 1\n', 'é\n', '😀', ';'];

for (const seed of [1, 20260514]) {
  test(`500 random edits (seed ${seed}): the updated line index equals a fresh one`, () => {
    const rnd = mulberry32(seed);
    let text = 'f x:n>n\n  +x 1\n\n\ng>t;"a"\n';
    let index = new LineIndex(text);
    for (let i = 0; i < 500; i++) {
      const at = Math.floor(rnd() * (text.length + 1));
      const del = rnd() < 0.5 ? Math.floor(rnd() * 8) : 0;
      const piece = rnd() < 0.05 ? '' : PIECES[Math.floor(rnd() * PIECES.length)].repeat(1 + Math.floor(rnd() * 3));
      // Now and then the whole text is replaced, or emptied.
      const next = rnd() < 0.02 ? (rnd() < 0.5 ? '' : piece) : text.slice(0, at) + piece + text.slice(at + del);
      index = new LineIndex(next, index);
      text = next;
      assert.deepEqual(shape(index, text), shape(new LineIndex(text), text), `edit ${i} (seed ${seed})`);
    }
  });
}

test('an edit inside a run of equal lines: whichever newline is taken as the changed one, the lines come out right', () => {
  const before = '\n\n\n\n';
  const after = '\n\n\n\n\n';
  const index = new LineIndex(after, new LineIndex(before));
  assert.equal(index.lineCount, 6);
  assert.deepEqual(index.toPosition0(5), { line: 5, character: 0 });
});

test('long texts: a one-character edit far from both ends, found by the block comparison', () => {
  const line = 'tally m:M t n k:t>n;n=mget m k;??n 0\n';
  const text = line.repeat(3000);
  const mid = line.length * 1500 + 7;
  const edited = text.slice(0, mid) + '\n' + text.slice(mid);
  assert.equal(commonPrefixLength(text, edited), mid);
  assert.equal(commonSuffixLength(text, edited), text.length - mid);
  const index = new LineIndex(edited, new LineIndex(text));
  assert.deepEqual(shape(index, edited), shape(new LineIndex(edited), edited));
  assert.equal(index.lineCount, 3002);
});

test('common prefix and suffix lengths equal a character-by-character count (random texts of every size)', () => {
  const rnd = mulberry32(77);
  const naivePrefix = (a: string, b: string, max: number) => {
    let p = 0;
    while (p < max && a[p] === b[p]) p++;
    return p;
  };
  const naiveSuffix = (a: string, b: string, max: number) => {
    let s = 0;
    while (s < max && a[a.length - 1 - s] === b[b.length - 1 - s]) s++;
    return s;
  };
  for (let i = 0; i < 300; i++) {
    const length = Math.floor(rnd() ** 3 * 5000);
    const base = Array.from({ length }, () => 'ab\n'[Math.floor(rnd() * 3)]).join('');
    const at = Math.floor(rnd() * (length + 1));
    const other = base.slice(0, at) + (rnd() < 0.5 ? 'c' : '') + base.slice(Math.min(length, at + Math.floor(rnd() * 3)));
    const max = Math.min(base.length, other.length);
    assert.equal(commonPrefixLength(base, other), naivePrefix(base, other, max), `prefix, text ${i}`);
    assert.equal(commonSuffixLength(base, other), naiveSuffix(base, other, max), `suffix, text ${i}`);
    const p = commonPrefixLength(base, other);
    assert.equal(commonSuffixLength(base, other, max - p), naiveSuffix(base, other, max - p), `suffix after the prefix, text ${i}`);
  }
});
