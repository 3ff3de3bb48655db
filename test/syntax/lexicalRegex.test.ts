// The lexer matches ilo.ohm's lexical layer with a regular expression
// compiled from the grammar (server/src/syntax/lexicalRegex.ts). It must
// split any text into exactly the items ohm's own matcher of the same rules
// gives: same kinds, same ranges, blanks and comments dropped alike.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as ohm from 'ohm-js';
import { lexicalItemRegex, matchItems, matchItemsWithOhm } from '../../server/src/syntax/grammar';
import { compileItemRegex, regexItems, UntranslatableRule } from '../../server/src/syntax/lexicalRegex';
import { mulberry32 } from '../helpers/random';

const same = (text: string): void => {
  assert.deepEqual(matchItems(text), matchItemsWithOhm(text), JSON.stringify(text));
};

test('programs and the corner cases of the lexical rules lex alike', () => {
  for (const text of [
    'tool get"Get it" id:t>R t t timeout:5,retry:2',
    'f x:n>n;r=+x 1;-- note\n  "a\\"b" >= -2.5e3 ? é',
    '"a\\"', // an escaped quote never closes the text: ohm gives no `text` item here
    '"a\\\\"b', // an escaped backslash does not escape the quote
    '"unterminated',
    'x-1 a-b-c a- -a 1e 1e+ 1e+5 1.x 1. .5 -.5 --5',
    'U32 U64 I64 U6 I A Zq AND OR',
    '>=<=!=+=>>??!!==...?.x',
    '😀a\ud800b\udc00\u2028\r\n\t x_y _ __',
    '',
    '\n\n;;',
  ]) {
    same(text);
  }
});

test('random text lexes alike, item for item (seeded)', () => {
  const rnd = mulberry32(2511);
  const pieces = ['a', 'z', 'x9', '-', '--', '0', '7', '.', 'e', 'E', '+', '"', '\\', ' ', '\t', '\n', 'U', 'U3', 'U32', 'I64', 'Q', '_', ';', '>', '=', '?', '!', '(', ')', 'é', '😀', '\ud83d', '\r', '#', '`'];
  for (let n = 0; n < 3000; n++) {
    let text = '';
    const len = 1 + Math.floor(rnd() * 30);
    for (let i = 0; i < len; i++) text += pieces[Math.floor(rnd() * pieces.length)];
    same(text);
  }
});

test('the compiler refuses what it cannot translate, rather than matching something else', () => {
  const g = ohm.grammar('G { start = (x | y)*  x = "a" x?  y = "b" }');
  assert.throws(() => compileItemRegex(g, 'start'), UntranslatableRule);
  const ok = ohm.grammar('G { start = (ab | a)*  ab = "a" "b"+  a = any }');
  const c = compileItemRegex(ok, 'start');
  const out: string[] = [];
  regexItems(c, 'abbaxb', (k, s, e) => out.push(`${k}:${s}-${e}`));
  assert.deepEqual(out, ['ab:0-3', 'a:3-4', 'a:4-5', 'a:5-6']);
});

test('each alternative is tried only where the grammar lets it begin (a look-ahead narrows nothing: an over-estimate)', () => {
  const g = ohm.grammar('G { start = (ab | num | qz | any)*  ab = "a" "b"+  num = "-"? digit+  qz = ~"z" ("q" | "z")  }');
  const c = compileItemRegex(g, 'start');
  const starts = Object.fromEntries(c.alternatives.map((a) => [a.kind, a.starts]));
  const codes = (s: string): number[] => [...s].map((ch) => ch.charCodeAt(0));
  assert.deepEqual(starts.ab, codes('a'));
  assert.deepEqual(starts.num, codes('-0123456789'));
  assert.deepEqual(starts.qz, codes('qz'));
  assert.equal(starts.any?.length, 128);
  const names = (ch: string): string[] => c.byAscii[ch.charCodeAt(0)].map((k) => c.alternatives[k].kind);
  assert.deepEqual(names('-'), ['num', 'any']);
  assert.deepEqual(names('a'), ['ab', 'any']);
  assert.deepEqual(names('z'), ['qz', 'any']);
  assert.deepEqual(c.every, [0, 1, 2, 3]);
  const out: string[] = [];
  regexItems(c, 'abz-12qé', (k, s, e) => out.push(`${k}:${s}-${e}`));
  assert.deepEqual(out, ['ab:0-2', 'any:2-3', 'num:3-6', 'qz:6-7', 'any:7-8']);
});

test("ilo's items are the same with the table as when every alternative is tried in order (seeded, every ASCII character)", () => {
  const c = lexicalItemRegex();
  const everywhere = { ...c, byAscii: c.byAscii.map(() => c.every) };
  const rnd = mulberry32(2611);
  const ascii = Array.from({ length: 128 }, (_, k) => String.fromCharCode(k));
  const words = ['abc', 'x-1', '-2.5e3', '--', '"a\\"b"', 'U32', 'I64', '>=', '..', '.?', '😀', 'é'];
  const items = (r: typeof c, text: string): string[] => {
    const out: string[] = [];
    regexItems(r, text, (k, s, e) => out.push(`${k}@${s}-${e}`));
    return out;
  };
  for (let n = 0; n < 2000; n++) {
    let text = '';
    const len = 1 + Math.floor(rnd() * 40);
    for (let i = 0; i < len; i++) text += rnd() < 0.7 ? ascii[Math.floor(rnd() * 128)] : words[Math.floor(rnd() * words.length)];
    assert.deepEqual(items(c, text), items(everywhere, text), JSON.stringify(text));
  }
  // The table leaves something out: otherwise it would save nothing.
  assert.ok(c.byAscii['a'.charCodeAt(0)].length < c.every.length);
});
