// Random edits, seeded: after every edit the incremental parser + checker
// must report exactly what a fresh parse + check of the same text reports
// (codes, spans, messages, hints and quick-fix edits), whether the global
// environment was patched or rebuilt.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { IncrementalParser, parseIlo } from '../../server/src/syntax/parse';
import { IncrementalChecker, checkProgram } from '../../server/src/check/check';
import { lcg } from '../helpers/random';
import { LEVEL_26 } from '../../server/src/level';

// Calls between functions, a record type, an alias, a tool, a duplicate, a
// misspelt call and an unknown type: every kind of global name an edit can touch.
const PROGRAMS = [
  'area w:n h:n>n;*w h',
  'perim w:n h:n>n;*2 +w h',
  'type box{w:n;h:n}',
  'alias money n',
  'size b:box>n;area b.w b.h',
  'cost m:money>money;*m 2',
  'tool fetch"Fetch a page" url:t>R t t',
  'grab u:t>R t t;fetch u',
  'twice x:n>n;+x x',
  'twice x:n>n;*x 2',
  'oops a:n>n;arae a a',
  'odd p:pnt>n;1',
  'show a:n>t;str area a a',
  'loop xs:L n>n\n  s=0\n  @x xs{s=+s twice x}\n  s',
];
// Typing: characters and names inside declarations, whole new declarations.
const TYPING = ['x', ' ', 'a', 'e', 'n', 't', '1', ' 2', 'area', 'twice', 'box', 'pnt', ':t', ' q:n', '',
  '\npnt x:n>n;x\n', '\ntype pnt{x:n}\n', '\narae w:n>n;w\n', '\ntwice y:t>t;y\n', '\nalias cash n\n'];
// Breaking: what splits, joins or unbalances declarations.
const BREAKING = ['\n', '\n\n', ';', '{', '}', '>', '"', '('];

/** Copy `k` of a program, its global names suffixed so that copies do not collide (except the planted duplicate). */
function copy(program: string, k: number): string {
  if (k < PROGRAMS.length) return program;
  const suffix = String.fromCharCode(97 + Math.floor(k / PROGRAMS.length));
  return program.replace(/\b(area|perim|box|money|fetch|grab|twice|oops|odd|show|loop|size|cost)\b/g, `$1${suffix}`);
}


test('600 random edits: incremental check equals a fresh check after each one', () => {
  const rnd = lcg(4242);
  let doc = Array.from({ length: 40 }, (_, i) => copy(PROGRAMS[i % PROGRAMS.length], i)).join('\n\n') + '\n';
  const parser = new IncrementalParser();
  const checker = new IncrementalChecker();
  checker.check(parser.parse(doc).program, { text: doc });
  let patched = 0;
  let targeted = 0;
  for (let i = 0; i < 600; i++) {
    // Edits land at the end of a random line half the time (where typing usually happens).
    let at = Math.floor(rnd() * doc.length);
    if (rnd() < 0.5) at = Math.max(0, doc.indexOf('\n', at));
    const del = rnd() < 0.3 ? Math.floor(rnd() * 3) : 0;
    const pieces = i < 300 ? TYPING : BREAKING.concat(TYPING);
    doc = doc.slice(0, at) + pieces[Math.floor(rnd() * pieces.length)] + doc.slice(at + del);
    const incremental = checker.check(parser.parse(doc).program, { text: doc });
    if (checker.lastStats.envPatched) patched++;
    if (checker.lastStats.targeted) targeted++;
    const fresh = checkProgram(parseIlo(doc).program);
    // One line per diagnostic, so a failure shows just the lines that differ.
    const lines = (ds: unknown[]): string[] => ds.map((d) => JSON.stringify(d));
    assert.deepEqual(lines(incremental), lines(fresh), `edit ${i} at offset ${at}`);
  }
  // Every path was exercised: rebuilt, patched, and patched with only the bodies that can see the change looked at.
  assert.ok(patched > 100 && patched < 600, `environment patched on ${patched} of 600 edits`);
  assert.ok(targeted > 50 && targeted <= patched, `only some bodies looked at on ${targeted} of 600 edits`);
});

test('300 random edits in a file that uses another: incremental check equals a fresh check', () => {
  const rnd = lcg(77);
  const lib = parseIlo('libf a:n>n;+a 1\n\nhelper x:t>t;x\n\ntype item{id:n}\n').program.decls;
  const own = ['use "lib.ilo"', 'go a:n>n;libf a', 'helper x:t>t;x', 'name i:item>n;i.id', 'hlper s:t>t;helpr s', ...PROGRAMS.slice(0, 8)];
  let doc = own.join('\n\n') + '\n';
  const parser = new IncrementalParser();
  const checker = new IncrementalChecker();
  const options = (program: ReturnType<typeof parseIlo>['program']) => {
    const use = program.decls.find((d) => d.kind === 'UseDecl');
    return { imported: lib, importedVia: new Map(use === undefined ? [] : lib.map((d) => [d, use])), text: doc };
  };
  let patched = 0;
  for (let i = 0; i < 300; i++) {
    let at = 14 + Math.floor(rnd() * (doc.length - 14)); // keep the use line
    if (rnd() < 0.5) at = Math.max(14, doc.indexOf('\n', at));
    const del = rnd() < 0.3 ? Math.floor(rnd() * 3) : 0;
    const pieces = [...TYPING, 'helper', 'libf', 'item', '\nlibf q:n>n;q\n'];
    doc = doc.slice(0, at) + pieces[Math.floor(rnd() * pieces.length)] + doc.slice(at + del);
    const program = parser.parse(doc).program;
    const incremental = checker.check(program, options(program));
    if (checker.lastStats.envPatched) patched++;
    const freshProgram = parseIlo(doc).program;
    const fresh = checkProgram(freshProgram, options(freshProgram));
    const lines = (ds: unknown[]): string[] => ds.map((d) => JSON.stringify(d));
    assert.deepEqual(lines(incremental), lines(fresh), `edit ${i} at offset ${at}`);
  }
  assert.ok(patched > 50, `environment patched on ${patched} of 300 edits`);
});

// Level 26: the forms whose analyses look across declarations (sum types and
// their constructors, generic bounds, effects, preconditions, test blocks,
// calls of a function that failed to parse).
const PROGRAMS_26 = [
  'type shape = circle(n) | square(n) | point',
  'area s:shape>n;?s{circle(r):*r r;square(w):*w w;point:0}',
  'mk x:n>shape;?=x 0 point (circle x)',
  'inc<a:numeric> x:a>a;+x 1',
  'use-inc>n;inc 5',
  'dv a:n b:n>R n t req b!=0;=b 0 ^"zero";~/a b',
  'calc x:n y:n>R n t;dv x y',
  'say m:t>_;prnt m',
  'loud m:t>_ /time;say m',
  'add a:n b:n>n;+a b',
  'test add {ok add 2 3 5; ok add 1 1 3}',
  'rec xs:L n i:n>n;rec xs +i 1;-1',
  'ww u:t>R t t;wn=world-no-net;get u',
];

test('300 random edits at level 26: incremental check equals a fresh check', () => {
  const rnd = lcg(2626);
  let doc = PROGRAMS_26.join('\n\n') + '\n';
  const parser = new IncrementalParser();
  const checker = new IncrementalChecker();
  const opts = { level: LEVEL_26 };
  checker.check(parser.parse(doc, opts).program, { ...opts, text: doc });
  const pieces = [...TYPING, 'circle', 'point', 'inc', ' /io', ' /time', '"x"', 'dv', '0', '\ntest dv {err dv 1 0 "zero"}\n', '\nsq x:n>n;*x x\n'];
  for (let i = 0; i < 300; i++) {
    let at = Math.floor(rnd() * doc.length);
    if (rnd() < 0.5) at = Math.max(0, doc.indexOf('\n', at));
    const del = rnd() < 0.3 ? Math.floor(rnd() * 3) : 0;
    const set = i < 150 ? pieces : BREAKING.concat(pieces);
    doc = doc.slice(0, at) + set[Math.floor(rnd() * set.length)] + doc.slice(at + del);
    const incremental = checker.check(parser.parse(doc, opts).program, { ...opts, text: doc });
    const fresh = checkProgram(parseIlo(doc, opts).program, opts);
    const lines = (ds: unknown[]): string[] => ds.map((d) => JSON.stringify(d));
    assert.deepEqual(lines(incremental), lines(fresh), `edit ${i} at offset ${at}`);
  }
});
