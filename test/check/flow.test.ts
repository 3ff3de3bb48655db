// Control flow: matches (ILO-T024), loops and brk/cnt (T028), unreachable
// code (T029), discarded results (T032/T033), scopes, lambdas.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { applyFix, check, clean, codes, single, underlined } from './helpers';

describe('match exhaustiveness (ILO-T024)', () => {
  it('a Result needs both arms; the fix adds the missing one', () => {
    const src = 'f r:R n t>n;?r{~v:v}';
    const d = single(src, 'ILO-T024');
    assert.equal(underlined(src, d), '?r');
    assert.match(d.message, /\^e/);
    assert.equal(applyFix(src, d.suggestions![0]), 'f r:R n t>n;?r{~v:v;^e:^e}');
  });

  it('a bool needs true and false; a sum type every variant', () => {
    assert.match(single('f b:b>n;?b{true:1}', 'ILO-T024').message, /false/);
    const src = 'f c:S red green blue>n;?c{"red":1;"blue":2}';
    const d = single(src, 'ILO-T024');
    assert.match(d.message, /green/);
    assert.doesNotMatch(d.message, /red|blue/);
  });

  it('numbers and texts need a wildcard; a wildcard or a type arm covers all', () => {
    assert.deepEqual(codes('f x:n>t;?x{1:"one";2:"two"}'), ['ILO-T024']);
    clean('f x:n>t;?x{1:"one";_:"many"}');
    clean('f x:t>n;?x{n v:v;_:0}');
    clean('f x:R n t>n;?x{~v:v;^e:0}');
  });

  it('the wildcard arm binds _ to the subject', () => {
    clean('f x:n>n;?x{1:0;_:+_ 1}');
  });
});

describe('loops, brk and cnt', () => {
  it('ILO-T028 for brk and cnt outside a loop', () => {
    const src = 'f x:n>n;>x 0{brk};x';
    assert.equal(underlined(src, single(src, 'ILO-T028')), 'brk');
    assert.deepEqual(codes('f x:n>n;cnt;x'), ['ILO-T028']);
    clean('f xs:L n>n;s=0;@x xs{>x 5{brk};s=+s x};s');
    clean('f>n;i=0;wh <i 5{i=+i 1;=i 2{cnt}};i');
  });

  it('ILO-T029 warns about statements after ret, spanning all of them, with a removal fix', () => {
    const src = 'f x:n>n;ret x;y=*x 2;+y 1';
    const d = single(src, 'ILO-T029');
    assert.equal(d.severity, 'warning');
    assert.equal(underlined(src, d), 'y=*x 2;+y 1');
    assert.equal(applyFix(src, d.suggestions![0]), 'f x:n>n;ret x');
  });

  it('bindings inside a foreach body stay inside; a while body shares the scope', () => {
    assert.deepEqual(codes('f xs:L n>n;@x xs{y=x};y'), ['ILO-T004']);
    clean('f>n;i=0;wh <i 3{i=+i 1;last=i};last');
  });
});

describe('discarded results', () => {
  it('ILO-T032 for a fmt statement that is not the last one, with a prnt fix', () => {
    const src = 'f v:n>n;fmt "v={}" v;v';
    const d = single(src, 'ILO-T032');
    assert.equal(d.severity, 'warning');
    assert.equal(underlined(src, d), 'fmt "v={}" v');
    assert.equal(applyFix(src, d.suggestions![0]), 'f v:n>n;prnt fmt "v={}" v;v');
    clean('f v:n>t;fmt "v={}" v');
  });

  it('ILO-T033 for += / mset / mdel whose result is dropped, also at the end of a loop body', () => {
    const src = 'f>M t n;m=mmap;mset m "a" 1;m';
    const d = single(src, 'ILO-T033');
    assert.equal(applyFix(src, d.suggestions![0]), 'f>M t n;m=mmap;m=mset m "a" 1;m');
    assert.deepEqual(codes('f xs:L n>L n;out=[];@x xs{+=out x};out'), ['ILO-T033']);
    clean('f xs:L n>L n;out=[];@x xs{out=+=out x};out');
    clean('f m:M t n>M t n;mdel m "a"');
  });
});

describe('inline lambdas', () => {
  it('are checked like small functions: body against their return type', () => {
    assert.deepEqual(codes('f xs:L n>L t;map (x:n>t;*x 2) xs'), ['ILO-T008']);
    clean('f xs:L n>L n;map (x:n>n;*x 2) xs');
  });

  it('may read enclosing locals', () => {
    clean('f xs:L n k:n>L n;flt (x:n>b;>x k) xs');
    assert.deepEqual(codes('f xs:L n>L n;flt (x:n>b;>x kk) xs'), ['ILO-T004']);
  });

  it('have a function type when they capture nothing', () => {
    assert.deepEqual(codes('f>n;g=(y:n>n;+y 1);g "a"'), ['ILO-T007']);
  });
});

describe('never crashes on odd programs', () => {
  it('an empty program and a program of only types are clean', () => {
    assert.deepEqual(check(''), []);
    clean('type a{x:n}');
  });
});
