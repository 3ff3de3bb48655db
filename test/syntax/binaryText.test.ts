// Binary-file detection: the quick search for the first odd character must
// give what a plain count over the sample gives, on random mixes of program
// text and odd characters (before, at and past the 32K sample).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { binaryContent } from '../../server/src/syntax/binaryText';
import { mulberry32 } from '../helpers/random';

/** The definition, character by character. */
function byCount(text: string): { first: number; count: number; nul: boolean } | undefined {
  const sample = Math.min(text.length, 32_768);
  let first = -1;
  let count = 0;
  let nul = false;
  for (let i = 0; i < sample; i++) {
    const c = text.charCodeAt(i);
    const control = c < 32 && c !== 9 && c !== 10 && c !== 11 && c !== 12 && c !== 13;
    if (!(control || c === 0x7f || (c >= 0x80 && c < 0xa0) || c === 0xfffd)) continue;
    if (first < 0) first = i;
    count++;
    if (c === 0) nul = true;
  }
  return count >= 8 && count * 50 >= sample ? { first, count, nul } : undefined;
}

const PLAIN = ['f x:n>n;+x 1\n', '  ', '\t', '\r\n', '\v\f', 'é', '😀', '"text"', '\u00a0', '~'];
const ODD = ['\0', '\x01', '\x08', '\x0e', '\x1f', '\x7f', '\x80', '\x9f', '\ufffd'];

test('on random texts the quick search agrees with counting every character', () => {
  const rnd = mulberry32(4242);
  for (let i = 0; i < 400; i++) {
    const oddShare = [0, 0.001, 0.02, 0.05, 0.5][i % 5];
    // Lengths around the sample's end, so odd characters fall on both sides of it.
    const length = [10, 300, 20_000, 32_760, 40_000][Math.floor(rnd() * 5)];
    let text = '';
    while (text.length < length) text += rnd() < oddShare ? ODD[Math.floor(rnd() * ODD.length)] : PLAIN[Math.floor(rnd() * PLAIN.length)];
    assert.deepEqual(binaryContent(text), byCount(text), `text ${i} (length ${text.length}, odd share ${oddShare})`);
  }
});

test('every character code below U+00A0, and U+FFFD, is odd or not as the definition says', () => {
  for (let c = 0; c < 0xa0; c++) {
    const ch = String.fromCharCode(c);
    const text = ch.repeat(8);
    assert.deepEqual(binaryContent(text), byCount(text), `U+${c.toString(16)}`);
  }
  assert.deepEqual(binaryContent('\ufffd'.repeat(8)), { first: 0, count: 8, nul: false });
  assert.equal(binaryContent('\u00a0'.repeat(8)), undefined);
});

test('odd characters past the first 32K characters are not looked at', () => {
  const text = 'x'.repeat(32_768) + '\0'.repeat(5000);
  assert.equal(binaryContent(text), undefined);
  assert.deepEqual(binaryContent('\0'.repeat(700) + text), { first: 0, count: 700, nul: true });
});
