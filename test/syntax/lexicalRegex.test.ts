// The lexer matches ilo.ohm's lexical layer with a regular expression
// compiled from the grammar (server/src/syntax/lexicalRegex.ts). It must
// split any text into exactly the items ohm's own matcher of the same rules
// gives: same kinds, same ranges, blanks and comments dropped alike.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as ohm from 'ohm-js';
import { matchItems, matchItemsWithOhm } from '../../server/src/syntax/grammar';
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
