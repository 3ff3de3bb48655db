// The safety net: what counts as the same meaning, refusing files that do
// not parse, and copying a declaration that cannot be printed safely.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeRefusal, formatIlo } from '../../server/src/format';
import { firstDifference } from '../../server/src/format/meaning';
import { parseIlo } from '../../server/src/syntax/parse';
import { format, lines } from './helpers';
import { LEVEL_26 } from '../../server/src/level';

const same = (a: string, b: string, names: string[] = []): boolean =>
  firstDifference(parseIlo(a).program.decls, parseIlo(b).program.decls, new Set(names)) === undefined;

test('the meaning check ignores positions and notation only', () => {
  assert.ok(same('f a:n b:n>n;a + b', 'f a:n b:n>n;+a b'), 'infix and prefix are one operation');
  assert.ok(same('f x:n>n;x>>abs', 'f x:n>n;abs x'), 'a pipe is a call');
  assert.ok(same('f>n;1.0', 'f>n;1'), 'numbers compare by value');
  assert.ok(same('f xs:L n>n;length xs', 'f xs:L n>n;len xs'), 'an alias is its builtin');
  assert.ok(!same('length xs:L n>n;0\nf xs:L n>n;length xs', 'length xs:L n>n;0\nf xs:L n>n;len xs', ['length']), 'unless a user function has that name');
  assert.ok(!same('f x:n>n;>x 0 1;2', 'f x:n>n;>x 0{1};2'), 'braceless and braced guards differ');
  assert.ok(!same('f a:n b:n>n;-a b', 'f a:n b:n>n;-b a'), 'operand order matters');
  assert.ok(!same('f>t;"a"', 'f>t;"b"'), 'text values matter');
  assert.ok(!same('f>n;1', 'f>n;1\ng>n;2'), 'a lost or added declaration matters');
});

test('a file that does not parse is refused, with where and why', () => {
  const r = formatIlo('g>n;1\nf x:n>n;+x\n', { style: 'dense' });
  assert.equal(r.ok, false);
  assert.ok(!r.ok);
  assert.equal(r.code, 'ILO-P010');
  assert.equal(r.line, 2);
  assert.match(describeRefusal(r), /^syntax error at line 2, col \d+: ILO-P010 /);
  const lexical = formatIlo('f x:n>n;fooBar\n', { style: 'expanded' });
  assert.ok(!lexical.ok);
  assert.equal(lexical.code, 'ILO-L003');
});

test('a declaration no layout can print is copied as written; the others are formatted', () => {
  // `-1 == x` in a list: in prefix form the `-1` right after `=` would read as minus one.
  const src = 'f x:n>b;l=[x, -1 == x];len l\ng x:n>n;x + 1';
  const r = format(src, 'dense');
  assert.equal(r.text, lines('f x:n>b;l=[x, -1 == x];len l', 'g x:n>n;+x 1'));
  assert.equal(r.stats.copied, 1);
  assert.equal(r.stats.printed, 1);
  assert.equal(r.stats.unchanged, false);
});

test('`use` lines count as copied, everything else is printed from the tree', () => {
  const r = format('use "x.ilo"\nf>n;1\ng>n;2', 'expanded');
  assert.deepEqual([r.stats.printed, r.stats.copied, r.stats.parenthesised, r.stats.repairs], [2, 1, 0, 0]);
});

test('an empty file and a comment-only file format to themselves', () => {
  assert.equal(format('', 'dense').text, '');
  assert.equal(format('-- just a note\n', 'expanded').text, '-- just a note\n');
});

test('functions of a used file group no arguments at level 0.11: their calls keep their parentheses', () => {
  const ext = new Map([['twice', 1]]);
  // The reference parses a file before it reads the files it uses: `+twice x 1` would be `+ twice x` and a stray `1`.
  const r = format('use "lib.ilo"\nf x:n>n;+(twice x) 1', 'dense', { externalArities: ext });
  assert.equal(r.text, lines('use "lib.ilo"', 'f x:n>n;+(twice x) 1'));
  // At level 26 (usedFileArities) they group as the file's own functions do.
  const grouped = format('use "lib.ilo"\nf x:n>n;+(twice x) 1', 'dense', { externalArities: ext, level: LEVEL_26 });
  assert.equal(grouped.text, lines('use "lib.ilo"', 'f x:n>n;+twice x 1'));
});
