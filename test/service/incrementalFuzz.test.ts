// Random edits, seeded, through the whole editor pipeline: after every edit
// the diagnostics a long-lived LanguageService publishes (parse, verifier,
// schema, lint and contract analyses, which reuse work from edit to edit)
// must equal those of a fresh service opening the same text.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LanguageService } from '../../server/src/service/languageService';
import { lcg } from '../helpers/random';
import { LEVEL_26 } from '../../server/src/level';

// Pure functions reaching mutating tools directly and through a helper,
// annotated declarations, same-schema tools, a record type and plain code.
const PROGRAMS = [
  '-- @behavior PURE READ DATA\npeek u:t>R t t;fetch u',
  '-- Fetch a page.\n-- @behavior PURE READ DATA\ntool fetch"Fetch a page" url:t>R t t',
  '-- @behavior MUTATES DELETE ACK\ntool wipe"Delete a page" url:t>R t t',
  '-- @behavior PURE READ DATA\nsafe u:t>R t t;wipe u',
  'helper u:t>R t t;wipe u',
  '-- @behavior PURE READ DATA\nchain u:t>R t t;helper u',
  '-- Twice the input.\n-- @param x the number\n-- @param y nothing\ntwice x:n>n;*x 2',
  '-- @field w width\ntype box{w:n;h:n}',
  'area b:box>n;*b.w b.h',
  '-- @hints readOnly\n-- @behavior MUTATES UPDATE ACK\ntool touch"Touch a page" url:t>R t t',
  'loop xs:L t>n\n  s=0\n  @x xs{s=+s len x}\n  s',
];
const TYPING = ['x', ' ', 'u', 'e', 'wipe', 'fetch', 'helper', ' u', '1', ':t', '-- @behavior PURE READ DATA\n', '\n-- @param u the url\n', '@', '', 'PURE'];
const BREAKING = ['\n', '\n\n', ';', '{', '}', '>', '"', '-- '];


function run(seed: number, edits: number): void {
  const rnd = lcg(seed);
  let doc = Array.from({ length: 3 }, () => PROGRAMS.join('\n\n')).join('\n\n') + '\n';
  const uri = 'file:///tmp/ilo-service-fuzz/doc.ilo';
  const live = new LanguageService();
  live.setDocument(uri, doc, 1);
  let effectGates = 0;
  for (let i = 0; i < edits; i++) {
    let at = Math.floor(rnd() * doc.length);
    if (rnd() < 0.5) at = Math.max(0, doc.indexOf('\n', at));
    const del = rnd() < 0.3 ? Math.floor(rnd() * 4) : 0;
    const pieces = i % 3 === 2 ? BREAKING : TYPING;
    doc = doc.slice(0, at) + pieces[Math.floor(rnd() * pieces.length)] + doc.slice(at + del);
    const incremental = live.setDocument(uri, doc, i + 2).find((p) => p.uri === uri)!.diagnostics;
    const fresh = new LanguageService().setDocument(uri, doc, 1).find((p) => p.uri === uri)!.diagnostics;
    assert.deepEqual(incremental, fresh, `seed ${seed}, edit ${i + 1}:\n${doc}`);
    effectGates += incremental.filter((d) => d.code === 'effect-gate').length;
  }
  assert.ok(effectGates > 0, 'the edits keep contract analyses in play');
}

test('random edits: the live service publishes what a fresh service does (seed 7)', () => run(7, 100));

test('random edits: the live service publishes what a fresh service does (seed 31)', () => run(31, 100));

// Level 26 (the service set to 26, the file with a pragma that edits may
// break): sum types, variants, labelled and paren calls, interpolation,
// brace lambdas, contracts, effects, test blocks (programs written for this
// test). The live service must publish what a fresh one does after every edit.
const PROGRAMS_26 = [
  'type shape = disc(n) | sq(n) | origin',
  'size s:shape>n;?s{disc(r):*r r;sq(w):*w w;origin:0}',
  'mk x:n>shape;?h >x 0 (disc x) origin',
  'greet who:t>t;"hi {who}, {{fine}}"',
  'span lo:n hi:n>n;-hi lo',
  'use-span>n;a=span(1, 5);b=span(hi: 9, lo: 2);span hi:a lo:b',
  'dbl xs:L n>L n;map {v> *v 2} xs',
  'half x:n>n req x>0;/x 2',
  'caller y:n>n;>y 0 half y;0',
  'page u:t>R t t /http;get u',
  'test span { ok span 1 3 2; ok span 0 0 0 }',
];
const TYPING_26 = ['x', ' ', '{who}', 'disc', 'origin', '(', ')', ', ', 'lo: ', ' /fs', ' req x>0', '"', '', 'span '];
const BREAKING_26 = ['\n', '\n\n', ';', '{', '}', '>', '|', '^26.5\n', '-- '];

function run26(seed: number, edits: number): void {
  const rnd = lcg(seed);
  let doc = '^26.8\n' + Array.from({ length: 3 }, () => PROGRAMS_26.join('\n\n')).join('\n\n') + '\n';
  const uri = 'file:///tmp/ilo-service-fuzz/doc26.@';
  const make = (): LanguageService => {
    const s = new LanguageService();
    s.configure({ level: LEVEL_26 });
    return s;
  };
  const live = make();
  live.setDocument(uri, doc, 1);
  for (let i = 0; i < edits; i++) {
    let at = Math.floor(rnd() * doc.length);
    if (rnd() < 0.5) at = Math.max(0, doc.indexOf('\n', at));
    const del = rnd() < 0.3 ? Math.floor(rnd() * 4) : 0;
    const pieces = i % 3 === 2 ? BREAKING_26 : TYPING_26;
    doc = doc.slice(0, at) + pieces[Math.floor(rnd() * pieces.length)] + doc.slice(at + del);
    const incremental = live.setDocument(uri, doc, i + 2).find((p) => p.uri === uri)!.diagnostics;
    const fresh = make().setDocument(uri, doc, 1).find((p) => p.uri === uri)!.diagnostics;
    assert.deepEqual(incremental, fresh, `seed ${seed}, edit ${i + 1}:\n${doc}`);
  }
}

test('level 26: random edits, the live service publishes what a fresh service does (seed 26)', () => run26(26, 100));

test('level 26: random edits, the live service publishes what a fresh service does (seed 508)', () => run26(508, 100));
