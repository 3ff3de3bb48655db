// Random edits, seeded: after every edit the incremental parser must give
// exactly what a fresh parse of the same text gives (tree, offsets, errors).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { IncrementalParser, parseIlo } from '../../server/src/syntax/parse';
import { lcg } from '../helpers/random';

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
