// Random edits, seeded: after every edit the incremental parser must give
// exactly what a fresh parse of the same text gives (tree, offsets, errors).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { IncrementalParser, parseIlo } from '../../server/src/syntax/parse';
import { lcg } from '../helpers/random';
import { LEVEL_26 } from '../../server/src/level';

const PROGRAMS = [
  '-- area of a rectangle\narea w:n h:n>n;*w h',
  'type pt{x:n;y:n}',
  'norm p:pt>n\n  a=*p.x p.x\n  b=*p.y p.y\n  +a b',
  '-- @param q search words\ntool find"Search the index" q:t>R (L t) t timeout:5',
  'cls sp:n>t;>=sp 1000 "gold";>=sp 500 "silver";"bronze"',
  'sum-list xs:L n>n\n  s=0\n  @x xs{s=+s x}\n  s',
  'pick h:b>n;?h{1}{0}',
  'broken x:n>n;+x',
  'lines s:t>L t;spl s "\\n"',
  'walk xs:L n>L n;flt (x:n>b;>x 2) xs',
  'label r:R n t>t;?r{~v:str v;^e:e}',
  'tally m:M t n k:t>n;n=mget m k;??n 0',
];
const PIECES = ['x', ' ', '\n', '\n\n', ';', '"', '{', '}', '(', ')', '--', '1', 'g a:n>n;+a 1\n', '  y=2\n', 'Q', '>', ''];


// Seed 99 once caught a declaration revived from an older chunk cache keeping
// doc comments of a chunk lexed since.
for (const seed of [20261122, 99]) {
  test(`600 random edits (seed ${seed}): incremental parse equals a fresh parse after each one`, () => {
    const rnd = lcg(seed);
    let doc = Array.from({ length: 60 }, (_, i) => PROGRAMS[i % PROGRAMS.length]).join('\n\n') + '\n';
    const parser = new IncrementalParser();
    parser.parse(doc);
    for (let i = 0; i < 600; i++) {
      const at = Math.floor(rnd() * doc.length);
      const del = rnd() < 0.4 ? Math.floor(rnd() * 6) : 0;
      doc = doc.slice(0, at) + PIECES[Math.floor(rnd() * PIECES.length)] + doc.slice(at + del);
      const incremental = JSON.stringify(parser.parse(doc));
      const fresh = JSON.stringify(parseIlo(doc));
      assert.equal(incremental, fresh, `edit ${i} at offset ${at}`);
    }
  });
}

// Level 26: programs with the level-26 forms (written for this test), edited
// with pieces that open and close them. Some edits break or restore the
// pragma, which switches the level: the incremental parser starts afresh then.
const PROGRAMS_26 = [
  '-- shapes\ntype shape = disc(n) | sq(n) | origin',
  'size s:shape>n;?s{disc(r):*r r;sq(w):*w w;origin:0}',
  'greet who:t>t;"hi {who}, {{fine}} \\x41"',
  'poem>t\n  """\n    roses {x}\n      violets\n    """',
  'span lo:n hi:n>n;-hi lo',
  'use-span>n;a=span(1, 5);b=span(hi: 9, lo: 2);span hi:a lo:b',
  'dbl xs:L n>L n;map {v> *v 2} xs',
  'pair>n;r={left:1 right:2};_=len "ab";+r.left r.right',
  'least<a:comparable> x:a y:a>a;?<x y x y',
  'fetchn u:t>R n t ^net|parse /http req >(len u) 0 ens result>=0;~1',
  'test span { ok span 1 3 2; err span 0 0 "no" }',
  'tool wx"Weather" (city:t)>R _ t timeout:30,retry:2 policy{domain:"api.wx.io",rate:10}',
  'sg x:n>n;?h >x 0 1 -1',
  'small x:n>b;?x{1|2:true;_:false}',
];
const PIECES_26 = ['{', '}', '"', '"""', '{x}', '(', ')', ', ', 'lo: ', '|', '<a>', ' /fs', ' req ', 'test ', '^26.5\n', '^', '\n', ';', ' ', 'x', ''];

for (const seed of [2605, 2608]) {
  test(`level 26: 600 random edits (seed ${seed}): incremental parse equals a fresh parse after each one`, () => {
    const rnd = lcg(seed);
    let doc = '^26.8\n' + Array.from({ length: 40 }, (_, i) => PROGRAMS_26[i % PROGRAMS_26.length]).join('\n\n') + '\n';
    const parser = new IncrementalParser();
    const options = { level: LEVEL_26 };
    parser.parse(doc, options);
    for (let i = 0; i < 600; i++) {
      const at = Math.floor(rnd() * doc.length);
      const del = rnd() < 0.4 ? Math.floor(rnd() * 6) : 0;
      doc = doc.slice(0, at) + PIECES_26[Math.floor(rnd() * PIECES_26.length)] + doc.slice(at + del);
      const incremental = JSON.stringify(parser.parse(doc, options));
      const fresh = JSON.stringify(parseIlo(doc, options));
      assert.equal(incremental, fresh, `edit ${i} at offset ${at}`);
    }
  });
}

test('level 26: breaking and restoring the pragma switches the level and the parse follows', () => {
  const parser = new IncrementalParser();
  const body = 'dbl xs:L n>L n;map {v> *v 2} xs\n';
  const steps = ['^26.8\n' + body, '^26.\n' + body, body, '^26.5\n' + body, '^0.11\n' + body];
  for (const doc of steps) {
    assert.equal(JSON.stringify(parser.parse(doc)), JSON.stringify(parseIlo(doc)), JSON.stringify(doc));
  }
});
