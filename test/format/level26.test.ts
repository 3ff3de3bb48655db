// The formatter at level 26, form by form (programs written for these
// tests): the exact output in both styles, the same tree when re-parsed at
// level 26, and a second format that changes nothing.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { formatIlo } from '../../server/src/format';
import { firstDifference } from '../../server/src/format/meaning';
import { userNames } from '../../server/src/format/arity';
import { LEVEL_26 } from '../../server/src/level';
import { parseIlo } from '../../server/src/syntax/parse';

interface Case {
  what: string;
  src: string;
  expanded: string;
  dense: string;
}

const CASES: Case[] = [
  {
    what: "pragma and its comment stay on the first line",
    src: "^26.8 -- newest\nsq x:n>n;*x x",
    expanded: "^26.8 -- newest\nsq x:n > n\n  * x x\n",
    dense: "^26.8 -- newest\nsq x:n>n;*x x\n",
  },
  {
    what: "interpolation, literal braces and \\xNN are kept as written",
    src: "greet who:t>t;\"hi {who}, {{ok}} \\x41\"",
    expanded: "greet who:t > t\n  \"hi {who}, {{ok}} \\x41\"\n",
    dense: "greet who:t>t;\"hi {who}, {{ok}} \\x41\"\n",
  },
  {
    what: "triple-quoted text is kept as written",
    src: "poem>t\n  \"\"\"\n    roses\n    \"\"\"",
    expanded: "poem > t\n  \"\"\"\n    roses\n    \"\"\"\n",
    dense: "poem>t;\"\"\"\n    roses\n    \"\"\"\n",
  },
  {
    what: "paren-form and labelled calls keep their written order",
    src: "span lo:n hi:n>n;-hi lo\nm>n;a=span(1,5);span(hi:9,lo:a)",
    expanded: "span lo:n hi:n > n\n  - hi lo\nm > n\n  a = span(1, 5)\n  span(hi:9, lo:a)\n",
    dense: "span lo:n hi:n>n;-hi lo\nm>n;a=span(1,5);span(hi:9,lo:a)\n",
  },
  {
    what: "labelled arguments without parentheses",
    src: "span lo:n hi:n>n;-hi lo\nm>n;span hi:4 lo:1",
    expanded: "span lo:n hi:n > n\n  - hi lo\nm > n\n  span hi:4 lo:1\n",
    dense: "span lo:n hi:n>n;-hi lo\nm>n;span hi:4 lo:1\n",
  },
  {
    what: "brace lambda",
    src: "dbl xs:L n>L n;map {v> *v 2} xs",
    expanded: "dbl xs:L n > L n\n  map {v> * v 2} xs\n",
    dense: "dbl xs:L n>L n;map {v> *v 2} xs\n",
  },
  {
    what: "anonymous record",
    src: "pair>n;r={left:1 right:2};+r.left r.right",
    expanded: "pair > n\n  r = {left:1 right:2}\n  + r.left r.right\n",
    dense: "pair>n;r={left:1 right:2};+r.left r.right\n",
  },
  {
    what: "discarding binding",
    src: "go>n;_=len \"ab\";1",
    expanded: "go > n\n  _ = len \"ab\"\n  1\n",
    dense: "go>n;_=len \"ab\";1\n",
  },
  {
    what: "sum type and variant patterns",
    src: "type shape = disc(n) | sq(n) | origin\nsize s:shape>n;?s{disc(r):r;sq(w):*w w;origin:0}",
    expanded: "type shape = disc(n) | sq(n) | origin\nsize s:shape > n\n  ? s {\n    disc(r): r\n    sq(w): * w w\n    origin: 0\n  }\n",
    dense: "type shape=disc(n)|sq(n)|origin\nsize s:shape>n;?s{disc(r):r;sq(w):*w w;origin:0}\n",
  },
  {
    what: "generic sum type: a space keeps <a> = from reading as >=",
    src: "type box<a> = full(a)|empty",
    expanded: "type box<a> = full(a) | empty\n",
    dense: "type box<a> =full(a)|empty\n",
  },
  {
    what: "bounded type parameters",
    src: "least<a:comparable> x:a y:a>a;?<x y x y",
    expanded: "least<a:comparable> x:a y:a > a\n  ?< x y x y\n",
    dense: "least<a:comparable> x:a y:a>a;?<x y x y\n",
  },
  {
    what: "error set, effect and req",
    src: "fetchn u:t>R n t ^net|parse /http req >(len u) 0;~1",
    expanded: "fetchn u:t > R n t ^net|parse /http req > len u 0\n  ~ 1\n",
    dense: "fetchn u:t>R n t ^net|parse /http req >len u 0;~1\n",
  },
  {
    what: "test block: one case a line expanded, one line dense",
    src: "half x:n>n;/x 2\ntest half { ok half 4 2; err half 1 \"odd\" }",
    expanded: "half x:n > n\n  / x 2\ntest half {\n  ok half 4 2\n  err half 1 \"odd\"\n}\n",
    dense: "half x:n>n;/x 2\ntest half{ok half 4 2;err half 1 \"odd\"}\n",
  },
  {
    what: "tool with parenthesised parameters and a policy",
    src: "tool wx\"Weather\" (city:t)>R _ t timeout:30,retry:2 policy{domain:\"api.wx.io\",rate:10}",
    expanded: "tool wx \"Weather\" (city:t) > R _ t timeout:30,retry:2 policy{domain:\"api.wx.io\",rate:10}\n",
    dense: "tool wx\"Weather\" (city:t)>R _ t timeout:30,retry:2 policy{domain:\"api.wx.io\",rate:10}\n",
  },
  {
    what: "use with a prefix",
    src: "use m:\"mathlib.@\"\nsq x:n>n;*x x",
    expanded: "use m:\"mathlib.@\"\nsq x:n > n\n  * x x\n",
    dense: "use m:\"mathlib.@\"\nsq x:n>n;*x x\n",
  },
  {
    what: "or-pattern",
    src: "small x:n>b;?x{1|2:true;_:false}",
    expanded: "small x:n > b\n  ? x {\n    1|2: true\n    _: false\n  }\n",
    dense: "small x:n>b;?x{1|2:true;_:false}\n",
  },
];

describe('formatter at level 26', () => {
  for (const c of CASES) {
    it(c.what, () => {
      const before = parseIlo(c.src, { level: LEVEL_26 });
      assert.deepEqual(before.diagnostics, [], 'the example parses at 26');
      for (const style of ['expanded', 'dense'] as const) {
        const r = formatIlo(c.src, { style, level: LEVEL_26 });
        assert.ok(r.ok, `${style}: formatted`);
        assert.equal(r.text, c[style], style);
        const after = parseIlo(r.text, { level: LEVEL_26 });
        assert.deepEqual(after.diagnostics, [], `${style}: the output parses at 26`);
        assert.equal(firstDifference(before.program.decls, after.program.decls, userNames(before.program.decls, undefined)), undefined, `${style}: same tree`);
        const again = formatIlo(r.text, { style, level: LEVEL_26 });
        assert.ok(again.ok && again.text === r.text, `${style}: idempotent`);
      }
    });
  }

  it('a file with a pragma is formatted at its level whatever level is asked for', () => {
    const r = formatIlo('^26.5\ndbl xs:L n>L n;map {v> *v 2} xs', { style: 'dense' });
    assert.ok(r.ok);
    assert.equal(r.text, '^26.5\ndbl xs:L n>L n;map {v> *v 2} xs\n');
  });

  it('a level-26 form in a file read at 0.11 is a syntax error, so the file is left alone', () => {
    const r = formatIlo('dbl xs:L n>L n;map {v> *v 2} xs');
    assert.equal(r.ok, false);
  });
});
