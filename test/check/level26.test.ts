// Level-26 verifier rules, on programs of our own: the level-26 builtin
// table (new builtins, renames, changed signatures), and the rules ilo 26.x
// added (T035, T038, T043, T044, T048, W002, W003, fmt format specs).
// Each rule is also shown not to apply at level 0.11.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { applyFix, check, codes, underlined } from './helpers';

const L26 = { level: { id: '26' } };
const at26 = (src: string) => check(src, L26);
const codes26 = (src: string) => codes(src, L26);
const clean26 = (src: string) => assert.deepEqual(at26(src).map((d) => `${d.code} ${d.message}`), [], src);
const one26 = (src: string, code: string) => {
  const ds = at26(src);
  assert.deepEqual(ds.map((d) => d.code), [code], `${src}: ${ds.map((d) => d.message).join(' / ')}`);
  return ds[0];
};

describe('level 26: builtins', () => {
  it('knows the builtins added since 0.11.6, which 0.11 does not', () => {
    const src = 'h s:t k:t>t;sig=hmac-sha256 k s;b=b64u sig;+b (hex s)';
    clean26(src);
    assert.deepEqual(codes(src), ['ILO-T005', 'ILO-T005', 'ILO-T005']);
    clean26('m xs:L n>n;i=argmax xs;j=bisect xs 3;+i j');
    clean26('d p:t>t;pathjoin [(dirname p) (basename p)]');
    clean26('s>n;x=dur-parse!! "3h";y=add-mo 0 1;+x y');
  });

  it('checks argument types of new builtins (ILO-T013) and their argument counts (ILO-T006)', () => {
    const d = one26('f>R t t;put "http://x" 5', 'ILO-T013');
    assert.match(d.message, /body/);
    one26('f>R t t;del "http://x" 5', 'ILO-T013');
    one26('f>L n;matvec [[1 2] [3 4]] 5', 'ILO-T013');
    one26('f>t;sha256 42', 'ILO-T013');
    one26('f>t;hmac-sha256 "k"', 'ILO-T006');
    one26('f>R t t;get-to "http://x"', 'ILO-T006');
  });

  it('renamed post to pst: pst is checked, post is an unknown function', () => {
    one26('f>R t t;pst 5 "body"', 'ILO-T013');
    one26('f>R t t;pst "u"', 'ILO-T006');
    assert.deepEqual(codes26('f>R t t;post "u" "b"'), ['ILO-T005']);
    assert.deepEqual(codes('f>R t t;post "u" "b"'), []);
  });

  it('takes the changed signatures: num of a number, str of text, typed jpth', () => {
    clean26('f x:n>R n t;num x');
    clean26('f>t;str "hi"');
    assert.deepEqual(codes('f>t;str "hi"'), ['ILO-T013']);
    clean26('f j:t>n;xs=jpth!! j "a";len xs');
    one26('f>R n t;num [1]', 'ILO-T013');
  });

  it('calls a zero-argument builtin named alone: now, pi, world', () => {
    clean26('f s:n>n;- now s');
    clean26('f r:n>n;* pi (* r r)');
    clean26('f e:n>n;+e 1');
    clean26('f>n;x=e;*x 2');
  });

  it('passes prod and fmod by name as functions, and still not sha256', () => {
    clean26('f xs:L (L n)>L n;map prod xs');
    clean26('f xs:L n>n;fld fmod xs 7');
    assert.deepEqual(codes26('f xs:L t>L t;map sha256 xs'), ['ILO-T004']);
  });

  it('checks the closure-bind form of ct: the function takes the element and the context', () => {
    one26('f a:n b:n c:n>b;>a b;g>n;ct f 1 [1 2 3]', 'ILO-T013');
    clean26('f a:n c:n>b;>a c;g>n;ct f 1 [1 2 3]');
  });

  it('calls a zero-parameter function named alone, as ilo 26 does', () => {
    clean26('k>n;42;main>n;k');
    clean26('sq x:n>n;*x x;mk>F n n;sq;main>n;f=mk;f 5');
    assert.deepEqual(codes('k>n;42;main>n;k'), ['ILO-T008']);
  });
});

describe('level 26: fmt format specs (ILO-T013)', () => {
  it('accepts the specs ilo 26 has and counts them against the arguments', () => {
    clean26('f x:n y:n>t;fmt "{:.2f} and {:8} / {:<6} {:4d}" x y x y');
    clean26('f x:n>t;fmt "{{literal}} {}" x');
    const d = one26('f x:n>t;fmt "{} {}" x', 'ILO-T013');
    assert.match(d.message, /2 placeholders but 1 argument/);
    one26('f x:n>t;fmt "{} {}" [x x]', 'ILO-T013');
  });

  it('rejects the specs ilo 26 rejects', () => {
    for (const spec of ['{:.2}', '{:06d}', '{:+}', '{:x}']) {
      const src = `f x:n>t;fmt "v=${spec}" x`;
      const d = one26(src, 'ILO-T013');
      assert.ok(d.message.includes(spec), d.message);
    }
  });

  it('does not count a template holding other braces (interpolation), nor a computed one', () => {
    clean26('f x:n>t;fmt "{name} {}" x x');
    clean26('f t:t x:n>t;fmt t x x x');
  });

  it('keeps the 0.11 rule at 0.11: bare {} only, counts not checked', () => {
    assert.deepEqual(codes('f x:n>t;fmt "{:.2f}" x'), ['ILO-T013']);
    assert.deepEqual(codes('f x:n>t;fmt "{} {}" x'), []);
  });
});

describe('level 26: ternaries (ILO-T038, ILO-W003)', () => {
  it('rejects a condition that is not a bool', () => {
    const src = 'f>n;?h "yes" 1 0';
    const d = one26(src, 'ILO-T038');
    assert.equal(underlined(src, d), '"yes"');
    one26('f x:n>n;?h x 1 0', 'ILO-T038');
    one26('f r:R b t>n;?h r 1 0', 'ILO-T038');
    assert.deepEqual(codes('f>n;?h "yes" 1 0'), []);
  });

  it('accepts bool conditions: comparisons, bool bindings, unknowns', () => {
    clean26('f x:n>n;?h (< x 10) 1 0');
    clean26('f x:n>n;?=x 0 10 20');
    clean26('f h:b>n;?h 1 0');
    clean26('f xs:L _>n;?h (hd xs) 1 0');
  });

  it('warns on ?h with a bare bool reference and offers the shorter form', () => {
    const src = 'f p:n>n;c=> p 0.5;?h c 1 0';
    const d = one26(src, 'ILO-W003');
    assert.equal(d.severity, 'warning');
    assert.equal(applyFix(src, d.suggestions![0]), 'f p:n>n;c=> p 0.5;?c 1 0');
    assert.deepEqual(codes('f p:n>n;c=> p 0.5;?h c 1 0'), []);
  });
});

describe('level 26: discarded and lost values (ILO-T043, ILO-T048)', () => {
  it('warns when a recursive call is followed by another statement', () => {
    const src = 'find xs:L n t:n i:n>n;=t at xs i i;find xs t +i 1;-1';
    const d = one26(src, 'ILO-T043');
    assert.equal(d.severity, 'warning');
    assert.equal(underlined(src, d), 'find xs t +i 1');
    assert.equal(applyFix(src, d.suggestions![0]).includes('ret find xs t +i 1'), true);
    assert.deepEqual(codes('find xs:L n t:n i:n>n;=t at xs i i;find xs t +i 1;-1'), []);
  });

  it('does not warn for a self-call in tail position, after ret, or a call of another function', () => {
    clean26('find xs:L n t:n i:n>n;=t at xs i i;find xs t +i 1');
    clean26('g x:n>n;+x 1;f x:n>n;g x;+x 1');
    clean26('f x:n>n;r=f x;r');
  });

  it('warns when a loop variable is rebound inside its own loop', () => {
    const src = 'f xs:L n>n;@x xs{x=+x 1};0';
    const d = one26(src, 'ILO-T048');
    assert.equal(d.severity, 'warning');
    assert.equal(underlined(src, d), 'x');
    one26('f>n;@i 0..3{i=+i 2};0', 'ILO-T048');
    assert.deepEqual(codes('f xs:L n>n;@x xs{x=+x 1};0'), []);
  });

  it('lets an inner loop rebind the outer loop variable, and a running total live in another name', () => {
    clean26('f xs:L n>n;@x xs{@y xs{x=+x y}};0');
    clean26('f xs:L n>n;acc=0;@x xs{acc=+acc x};acc');
  });
});

describe('level 26: Result arms on an optional (ILO-T035)', () => {
  it('rejects ~v: and ^e: in a match on an optional', () => {
    const src = 'f>n;m=mmap;m=mset m "k" 5;?(mget m "k"){~v:v;_:0}';
    const d = one26(src, 'ILO-T035');
    assert.equal(underlined(src, d), '~v');
    assert.deepEqual(codes26('f>n;m=mmap;m=mset m "k" 5;?(mget m "k"){~v:v;^e:0;_:9}'), ['ILO-T035', 'ILO-T035']);
  });

  it('accepts literal and wildcard arms on an optional, and Result arms on a Result', () => {
    clean26('f>t;m=mmap;m=mset m "k" 5;?(mget m "k"){5:"hit";_:"miss"}');
    clean26('f s:t>n;?(num s){~v:v;^e:0}');
  });
});

describe('level 26: capability Worlds (ILO-T044)', () => {
  it('rejects a net builtin where a World without net is in scope', () => {
    const src = 'f u:t>R t t;wn=world-no-net;pst u "body"';
    const d = one26(src, 'ILO-T044');
    assert.equal(underlined(src, d), 'pst');
    assert.match(d.message, /'wn'/);
    for (const call of ['put u "b"', 'del u', 'hed u', 'get u', 'get-to u 100']) one26(`f u:t>R t t;wn=world-no-net;${call}`, 'ILO-T044');
  });

  it('accepts net calls with a dynamic World, and other builtins with a net-less one', () => {
    clean26('f w:_ u:t>R t t;get u');
    clean26('f u:t>R t t;w=world;get u');
    clean26('f u:t>t;wn=world-no-net;sha256 u');
    clean26('f u:t>R t t;=u "" {wn=world-no-net};get u');
  });
});

describe('level 26: iterating jpar! (ILO-W002)', () => {
  it('warns and offers jpar-list!', () => {
    const src = 'f b:t>R n t;@x (jpar! b){prnt x};~0';
    const d = one26(src, 'ILO-W002');
    assert.equal(applyFix(src, d.suggestions![0]), 'f b:t>R n t;@x (jpar-list! b){prnt x};~0');
    clean26('f b:t>R n t;@x (jpar-list! b){prnt x};~0');
  });
});

describe('level 26: Results and defaults (ILO-T040, ILO-T041, ILO-T042)', () => {
  it('rejects ?? on a Result and offers default-on-err', () => {
    const src = 'f s:t>n;??(num s) 0';
    const d = one26(src, 'ILO-T041');
    assert.equal(applyFix(src, d.suggestions![0]), 'f s:t>n;default-on-err (num s) 0');
    clean26('f m:M t n>n;??(mget m "k") 0');
    clean26('f x:_>n;??x 0');
    assert.deepEqual(codes('f s:t>n;??(num s) 0'), ['ILO-T008']);
  });

  it('checks default-on-err: a Result first, a default of its Ok type', () => {
    clean26('f s:t>n;default-on-err (num s) 0');
    const t40 = one26('f x:n>n;default-on-err x 0', 'ILO-T040');
    assert.match(t40.hint ?? '', /\?\?/);
    const t42 = one26('f s:t>n;default-on-err (num s) "none"', 'ILO-T042');
    assert.match(t42.message, /Ok value is n/);
    clean26('f r:R _ t>n;default-on-err r 0');
  });
});

describe('level 26: functions that failed to parse (one ILO-T005)', () => {
  const src = 'f x:n>n;+x (;\ng>n;f 1 2\nh>n;f "a"\n';
  it('reports one ILO-T005 at the broken function instead of checking each call', () => {
    const parsed = at26Raw(src);
    const t005 = parsed.filter((d) => d.code === 'ILO-T005');
    assert.equal(t005.length, 1);
    assert.equal(src.slice(t005[0].start, t005[0].end), 'f');
    assert.match(t005[0].message, /2 functions/);
    assert.deepEqual(parsed.filter((d) => d.code === 'ILO-T006' || d.code === 'ILO-T007'), []);
  });

  it('keeps 0.11 as it was: the broken header checks its calls, and nothing is collapsed', () => {
    const at011 = checkRaw(src, '0.11');
    assert.ok(at011.some((d) => d.code === 'ILO-T006'));
    assert.ok(!at011.some((d) => d.code === 'ILO-T005'));
  });

  it('reports nothing for a broken function nobody calls', () => {
    assert.ok(!at26Raw('f x:n>n;+x (;\ng>n;1\n').some((d) => d.code === 'ILO-T005'));
  });
});

describe('level 26: closures (ILO-E802)', () => {
  it('calls a lambda that captures, like any function', () => {
    clean26('main>n;rows=[1 2 3];proc=(x:n>n;+x (sum rows));proc 5');
    assert.deepEqual(codes('main>n;rows=[1 2 3];proc=(x:n>n;+x (sum rows));proc 5'), ['ILO-T005']);
  });

  it('rejects a lambda capturing more than 255 names of the enclosing function', () => {
    const names = Array.from({ length: 256 }, (_, i) => `v${i}`);
    const binds = names.map((n, i) => `${n}=${i}`).join(';');
    const sum = (ns: string[]) => `${'+ '.repeat(ns.length)}x ${ns.join(' ')}`;
    const over = `main>n;${binds};f=(x:n>n;${sum(names)});f 1`;
    const d = one26(over, 'ILO-E802');
    assert.match(d.message, /256 names/);
    clean26(`main>n;${binds};f=(x:n>n;${sum(names.slice(1))});f 1`);
  });
});

import { parseIlo } from '../../server/src/syntax/parse';
import { checkProgram } from '../../server/src/check/check';
import { levelById } from '../../server/src/level';

/** Parse and check diagnostics of every severity, syntax errors included. */
function checkRaw(src: string, id: '0.11' | '26') {
  const level = levelById(id);
  const parsed = parseIlo(src, { level });
  return [...parsed.diagnostics, ...checkProgram(parsed.program, { level })];
}
function at26Raw(src: string) {
  return checkRaw(src, '26');
}

describe('level 26: Result-aware pipes', () => {
  it('passes the Ok value of a Result on to the next stage', () => {
    clean26('f s:t>R n t;v=s>>num>>abs;~v');
    clean26('f m:M t n>n;m>>mkeys>>len');
    assert.deepEqual(codes('f s:t>R n t;v=s>>num>>abs;~v'), ['ILO-T013']);
  });
});
