// Seeded random programs: edited versions of programs written here (and of
// the corpus programs when ../shared/corpus is present), and programs built
// from random, fully parenthesised expressions. Formatting each either
// refuses (it does not parse) or gives a text with the same tree and the same
// comments that formats to itself again. Never an exception.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatIlo } from '../../server/src/format';
import { parseIlo } from '../../server/src/syntax/parse';
import { corpusDir, readExamples } from '../../scripts/corpusReader';
import { meaningProblem, STYLES } from './helpers';
import { mulberry32 } from '../helpers/random';


const BASES = [
  'cls sp:n>t;>=sp 1000 "gold";>=sp 500{"silver"};"bronze"',
  'f xs:L n>n;s=0;@x xs{>x 10{cnt};s=+s x};s',
  'f n:n>n;s=0;@i 0..n{s=+s i};wh <s 3{s=+s 1};s',
  'f r:R n t>n;?r{~v:d=*v 2;+d 1;^e:0}',
  'f x:n>t;?x{0:"zero";1:"one";_:"many"}',
  'g a:n b:n>n;+a b\nf x:n>n;g (-x) 1',
  'f v:n>n;r=?<v 0 (- 0 v) v;- 0 r',
  'by-dist xs:L n>L n;srt (x:n>n;abs x) xs',
  'type pt{x:n;y:n}\nf p:pt>n;q=p with x:1;{x;y}=q;+x y',
  'tool get"Get" id:t>R t t timeout:5,retry:2\nf id:t>R t t;r=get! id;~r',
  'f m:M t n>n;mget m "a"??mget m "b"??0',
  'f x:n>t;str x>>len>>str',
  'f a:n b:n c:n>n;(a + b) * c - a',
  'f x:n>n -- c1\n  -- c2\n  a=*x 2 -- c3\n  >a 1{\n    ret a -- c4\n  }\n  +a 1',
  'f h:b x:n>n;?h (abs x) 0',
  'f>n;m=mmap;m=mset m "k" 1;len (mkeys m)',
];

const ATOMS = ['1', '0', '-1', '2.5', '"s"', 'true', 'nil', 'a', 'b', 'xs', 'h2', 'g', 'len', 'now', 'mmap', 'k', '_'];
const FNS = ['g', 'h2', 'len', 'str', 'abs', 'at', 'map', 'fmt', 'k', 'prnt', 'mset', 'srt', 'min', 'late'];
const OPS = ['+', '-', '*', '/', '=', '!=', '>', '<', '>=', '<=', '&', '|', '+='];

/** A random expression, fully parenthesised so it parses the way it was built. */
function expr(r: () => number, d: number): string {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];
  const x = r();
  if (d <= 0 || x < 0.25) return pick(ATOMS);
  if (x < 0.45) {
    const n = Math.floor(r() * 4);
    if (n === 0) return `${pick(FNS)}()`;
    return `(${pick(FNS)}${r() < 0.2 ? '!' : ''} ${Array.from({ length: n }, () => expr(r, d - 1)).join(' ')})`;
  }
  if (x < 0.6) return `(${pick(OPS)}${expr(r, d - 1)} ${expr(r, d - 1)})`;
  if (x < 0.68) return `(${expr(r, d - 1)} ${pick(OPS)} ${expr(r, d - 1)})`;
  if (x < 0.74) return `(${pick(['-', '!', '~', '^'])}${expr(r, d - 1)})`;
  if (x < 0.78) return r() < 0.5 ? `[${expr(r, d - 1)}, ${expr(r, d - 1)}]` : `[${expr(r, d - 1)}]`;
  if (x < 0.82) return `(${expr(r, d - 1)}??${expr(r, d - 1)})`;
  if (x < 0.86) return `(?${pick(['=', '>', '<'])}${expr(r, d - 1)} ${expr(r, d - 1)} ${expr(r, d - 1)} ${expr(r, d - 1)})`;
  if (x < 0.89) return `(?${pick(['a', 'b', 'k'])} ${expr(r, d - 1)} ${expr(r, d - 1)})`;
  if (x < 0.92) return `(x:n>n;${expr(r, d - 1)})`;
  if (x < 0.95) return pick(['a.b', 'xs.0', 'a.?c', '(h2 a).b']);
  if (x < 0.97) return `(?a{1:${expr(r, d - 1)};_:${expr(r, d - 1)}})`;
  return `(${expr(r, d - 1)}>>${pick(FNS)})`;
}

function stmt(r: () => number, d: number): string {
  const x = r();
  const e = (k: number): string => expr(r, k);
  if (x < 0.3) return `${['x', 'y', 'z'][Math.floor(r() * 3)]}=${e(d)}`;
  if (x < 0.5) return e(d);
  if (x < 0.6) return `${['>=', '=', '<'][Math.floor(r() * 3)]}${e(d - 1)} ${e(d - 1)} ${e(d - 1)}`;
  if (x < 0.68) return `${e(d - 1)}{${stmt(r, d - 1)};${stmt(r, d - 1)}}`;
  if (x < 0.72) return `!${e(d - 1)}{${stmt(r, d - 1)}}`;
  if (x < 0.76) return `@i ${e(d - 1)}{${stmt(r, d - 1)}}`;
  if (x < 0.8) return `@i ${e(d - 1)}..${e(d - 1)}{${stmt(r, d - 1)}}`;
  if (x < 0.84) return `wh ${e(d - 1)}{${stmt(r, d - 1)}}`;
  if (x < 0.88) return `?${e(0)}{1:${stmt(r, d - 1)};_:${stmt(r, d - 1)}}`;
  if (x < 0.92) return `ret ${e(d)}`;
  return `${e(d - 1)}{${stmt(r, d - 1)}}{${stmt(r, d - 1)}}`;
}

function randomProgram(r: () => number): string {
  const body = Array.from({ length: 1 + Math.floor(r() * 3) }, () => stmt(r, 3)).join(';');
  return `g a:n b:n>n;+a b\nh2 a:n>n;a\nk>n;1\nf a:n b:n xs:L n>n;${body}\nlate a:n>n;a\n`;
}

const FRAGMENTS = [' ', '-', '- ', '(', ')', '[', ']', '{', '}', ';', '\n', '\n  ', '+', '>', '=', '!', '~', '?', '??', '"x"', '-1', 'x', 'len', ' -- c\n', '.', ':', '@', '_'];

function edited(r: () => number, base: string): string {
  let s = base;
  const n = 1 + Math.floor(r() * 3);
  for (let k = 0; k < n; k++) {
    const at = Math.floor(r() * (s.length + 1));
    const x = r();
    if (x < 0.45) s = s.slice(0, at) + FRAGMENTS[Math.floor(r() * FRAGMENTS.length)] + s.slice(at);
    else if (x < 0.85) s = s.slice(0, at) + s.slice(at + 1 + Math.floor(r() * 4));
    else s = s.slice(0, at); // truncated
  }
  return s;
}

/** Formats `text` in both styles and returns what went wrong (empty when nothing). */
function check(text: string): string[] {
  const clean = !parseIlo(text).diagnostics.some((d) => d.severity === 'error');
  const problems: string[] = [];
  for (const style of STYLES) {
    const r = formatIlo(text, { style });
    if (!r.ok) {
      if (clean) problems.push(`${style}: refused a clean program: ${r.message}`);
      continue;
    }
    if (!clean) problems.push(`${style}: formatted a program that does not parse`);
    const p = meaningProblem(text, r.text);
    if (p) problems.push(`${style}: ${p}`);
    const again = formatIlo(r.text, { style });
    if (!again.ok || again.text !== r.text) problems.push(`${style}: not idempotent`);
  }
  return problems;
}

test('random edits of written programs: refused, or formatted to the same tree', () => {
  const r = mulberry32(20251123);
  let formattedCount = 0;
  for (let i = 0; i < 400; i++) {
    const text = edited(r, BASES[i % BASES.length]);
    const problems = check(text);
    assert.deepEqual(problems, [], JSON.stringify(text));
    if (!parseIlo(text).diagnostics.some((d) => d.severity === 'error')) formattedCount++;
  }
  assert.ok(formattedCount > 50, `enough edited programs still parse (${formattedCount})`);
});

test('random expression programs: formatted to the same tree, mostly without fallbacks', () => {
  const r = mulberry32(7);
  let clean = 0;
  let fallbacks = 0;
  for (let i = 0; i < 250; i++) {
    const text = randomProgram(r);
    if (parseIlo(text).diagnostics.some((d) => d.severity === 'error')) continue;
    clean++;
    assert.deepEqual(check(text), [], text);
    const s = (formatIlo(text, { style: 'dense' }) as { stats: { copied: number; parenthesised: number } }).stats;
    if (s.copied + s.parenthesised > 0) fallbacks++;
  }
  assert.ok(clean > 100, `enough random programs parse (${clean})`);
  assert.ok(fallbacks * 50 <= clean, `declarations rarely fall back to parentheses everywhere or a copy (${fallbacks} of ${clean})`);
});

test('random edits of the corpus programs (when the corpus is present)', (t) => {
  const dir = corpusDir();
  if (dir === undefined) {
    t.diagnostic('corpus not present: only the written programs were edited');
    return;
  }
  const programs = readExamples(dir);
  const r = mulberry32(99);
  for (let i = 0; i < 150; i++) {
    const text = edited(r, programs[Math.floor(r() * programs.length)].text);
    assert.deepEqual(check(text), [], JSON.stringify(text.slice(0, 400)));
  }
});
