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
    // 0.11.6 has no `?h cond a b` keyword form at all (a parse error there, not T038).
    assert.ok(!checkRaw('f>n;?h "yes" 1 0', '0.11').some((d) => d.code === 'ILO-T038'));
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
    assert.ok(!checkRaw('f p:n>n;c=> p 0.5;?h c 1 0', '0.11').some((d) => d.code === 'ILO-W003'));
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
    assert.equal(applyFix(src, d.suggestions![0]), 'f>n;m=mmap;m=mset m "k" 5;??(mget m "k") 0');
    const bare = 'f o:O n>n;?o{_:7;~v:v}';
    assert.equal(applyFix(bare, one26(bare, 'ILO-T035').suggestions![0]), 'f o:O n>n;??o 7');
    const both = one26('f>n;m=mmap;m=mset m "k" 5;?(mget m "k"){~v:v;^e:0;_:9}', 'ILO-T035');
    assert.match(both.message, /~v: and \^e: are Result arms/);
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

describe('level 26: generic functions and their bounds (ILO-T044)', () => {
  it('accepts arguments that satisfy the bounds', () => {
    clean26('double<a:numeric+comparable> x:a>a;+ x x\nmain>n;double 7');
    clean26('mn<a:comparable> x:a y:a>a;x\nmain>t;mn "a" "b"');
    clean26('id<a> x:a>a;x\nmain>L n;id [1 2]');
  });

  it('rejects an argument outside the bound, naming it', () => {
    const src = 'inc<a:numeric> x:a>a;+x 1\nmain>t;inc "x"';
    const d = one26(src, 'ILO-T044');
    assert.match(d.message, /t does not satisfy the bound numeric of 'a'/);
    assert.equal(underlined(src, d), '"x"');
    one26('f<a:numeric+text> x:a>a;x\nmain>b;f true', 'ILO-T044');
  });

  it('rejects one type variable given two types', () => {
    const d = one26('mn<a:comparable> x:a y:a>a;x\nmain>n;mn 1 "two"', 'ILO-T044');
    assert.match(d.message, /'a' is n \(argument 1\) and then t/);
  });

  it('does not judge arguments of unknown type', () => {
    clean26('inc<a:numeric> x:a>a;+x 1\nmain xs:L _>_;inc (hd xs)');
  });
});

describe('level 26: sum types with payloads (ILO-T024, ILO-T047)', () => {
  const shape = 'type shape = circle(n) | square(n) | point\n';
  it('builds variants with constructors and matches them with variant patterns', () => {
    clean26(`${shape}area s:shape>n;?s{circle(r):*r r;square(w):*w w;point:0}\nmain>n;area (circle 2)`);
    clean26(`${shape}main>n;s=point;?s{circle(r):r;_:0}`);
    clean26('type state = ready | done | busy\nmain>_;ss=[ready done busy];prnt len ss');
  });

  it('types a payload from the variant: the binding of circle(r) is a number', () => {
    one26(`${shape}f s:shape>t;?s{circle(r):r;_:"x"}`, 'ILO-T008');
  });

  it('names every missing variant in one ILO-T024, with a fix that adds the arms', () => {
    const src = `${shape}area s:shape>n;?s{circle(r):*r r}`;
    const d = one26(src, 'ILO-T024');
    assert.match(d.message, /square, point/);
    assert.ok(applyFix(src, d.suggestions![0]).endsWith('?s{circle(r):*r r;square(v):nil;point:nil}'));
  });

  it('accepts generic sum types, whatever their payload', () => {
    clean26('type opt<a> = some(a) | none\nf x:n>opt;?=x 0 none (some x)\ng o:opt>n;?o{some(v):1;none:0}');
  });

  it('warns about a payload constructor without parentheses inside a list', () => {
    const src = 'type msg = login(t) | logout(t)\nmain>_;ms=[login "a" logout "b"];ms';
    const ds = at26(src).filter((d) => d.code === 'ILO-T047');
    assert.equal(ds.length, 2);
    assert.equal(underlined(src, ds[0]), 'login "a"');
    assert.equal(applyFix(src, ds[0].suggestions![0]).includes('[(login "a") logout'), true);
    clean26('type msg = login(t) | logout(t)\nmain>_;ms=[(login "a") (logout "b")];ms');
  });
});

describe('level 26: anonymous records (ILO-T046)', () => {
  it('reads and updates the fields a record literal has', () => {
    clean26('main>n;r={x:1 y:2};s=r with x:9;+s.x s.y');
  });

  it('rejects `with` adding a field the literal does not have', () => {
    const src = 'main>_;r={x:1 y:2};r with z:3';
    const d = one26(src, 'ILO-T046');
    assert.equal(underlined(src, d), 'z');
    one26('main>_;r={name:"a"};r with nme:"b"', 'ILO-T046');
  });

  it('types the fields it reads', () => {
    one26('main>n;r={x:"a"};r.x', 'ILO-T008');
  });
});

describe('level 26: effects (ILO-W051)', () => {
  it('warns when a declared function calls a builtin whose effect it does not declare, with a fix', () => {
    const src = 'save u:t p:t>R t t /http;r=get! u;wr p r';
    const d = one26(src, 'ILO-W051');
    assert.equal(d.severity, 'warning');
    assert.equal(underlined(src, d), 'wr');
    assert.match(d.message, /\/fs/);
    assert.equal(applyFix(src, d.suggestions![0]), 'save u:t p:t>R t t /http /fs;r=get! u;wr p r');
  });

  it('follows calls: a function’s effects reach its annotated callers', () => {
    const d = one26('say m:t>_;prnt m\nrun-it x:n>n /time;say "x";x', 'ILO-W051');
    assert.match(d.message, /'say' needs \/io/);
    one26('tool weather"Weather" city:t>R t t\nf c:t>R t t /io;weather c', 'ILO-W051');
  });

  it('leaves functions that declare no effect alone, and accepts over-declaring', () => {
    clean26('main>_;prnt "hi"');
    clean26('f u:t>R t t /http /fs;get u');
    clean26('say m:t>_ /io;prnt m\ng x:n>n /io;say "x";x');
  });
});

describe('level 26: preconditions (ILO-W030)', () => {
  const dv = 'dv a:n b:n>R n t req b!=0;=b 0 ^"zero";~/a b\n';
  it('warns on a call no guard protects', () => {
    const src = `${dv}calc x:n y:n>R n t;dv x y`;
    const d = one26(src, 'ILO-W030');
    assert.equal(d.severity, 'warning');
    assert.match(d.message, /requires b!=0/);
  });

  it('accepts a guarded call, a literal that satisfies it, and a matched call', () => {
    clean26(`${dv}calc x:n y:n>R n t;=y 0 ^"bad";dv x y`);
    clean26(`${dv}calc x:n>R n t;dv x 2`);
    clean26(`${dv}calc x:n y:n>n;?(dv x y){~v:v;^e:0}`);
    one26(`${dv}calc x:n>R n t;dv x 0`, 'ILO-W030');
  });
});

describe('level 26: test blocks (ILO-T050, ILO-W020)', () => {
  it('runs assertions at check time and reports the failing ones with what came back', () => {
    const src = 'add a:n b:n>n;+a b\ntest add {ok add 2 3 5; ok add 2 2 5}';
    const d = one26(src, 'ILO-T050');
    assert.match(d.message, /ok add 2 2 5: the call gives 4/);
    assert.equal(underlined(src, d).trim(), 'ok add 2 2 5');
  });

  it('checks err assertions against the Err value', () => {
    const dv = 'dv a:n b:n>R n t;=b 0 ^"zero";~/a b\n';
    clean26(`${dv}test dv {ok dv 6 3 2; err dv 1 0 "zero"}`);
    one26(`${dv}test dv {err dv 1 0 "nope"}`, 'ILO-T050');
    one26(`${dv}test dv {err dv 4 2 "zero"}`, 'ILO-T050');
  });

  it('does not judge what it cannot run (effects), and flags a block about no function', () => {
    clean26('hi x:n>n;prnt x;+x 0\ntest hi {ok hi 1 2}');
    assert.ok(at26Raw('add a:n b:n>n;+a b\ntest sub {ok sub 1 1 0}').some((d) => d.code === 'ILO-P003'));
  });

  it('reports functions without a test block only with --strict', () => {
    clean26('add a:n b:n>n;+a b');
    const strict = check('add a:n b:n>n;+a b\nsub a:n b:n>n;-a b\ntest add {ok add 1 1 2}', { ...L26, strict: true });
    assert.deepEqual(strict.map((d) => d.code), ['ILO-W020']);
    assert.match(strict[0].message, /'sub'/);
  });
});

describe('level 26: interpolated text', () => {
  it('checks an interpolated text like the fmt it is, and says so when it is thrown away', () => {
    clean26('f x:n>t;"v={x}"');
    const src = 'f x:n>n;"v={x}";x';
    const d = one26(src, 'ILO-T032');
    assert.match(d.message, /interpolated text/);
    assert.equal(applyFix(src, d.suggestions![0]), 'f x:n>n;prnt "v={x}";x');
  });
});

describe('level 26: argument-count advice', () => {
  it('points `lst xs` at `at xs -1`, the last element, as ilo 26 does', () => {
    const d = one26('f xs:L n>n;lst xs', 'ILO-T006');
    assert.match(d.hint ?? '', /at xs -1/);
    assert.doesNotMatch(check('f xs:L n>n;lst xs')[0].hint ?? '', /at xs -1/);
  });
});
