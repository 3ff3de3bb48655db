// Expression typing: operators, lists, records, field access, `with`,
// indexing, return types (ILO-T008..T012, T014..T023).

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { applyFix, clean, codes, single, underlined } from './helpers';

describe('return type (ILO-T008)', () => {
  it('points at the last statement and wraps a number in str when text is expected', () => {
    const src = 'f x:n>t;*x 2';
    const d = single(src, 'ILO-T008');
    assert.equal(underlined(src, d), '*x 2');
    assert.equal(applyFix(src, d.suggestions![0]), 'f x:n>t;(str *x 2)');
    clean(applyFix(src, d.suggestions![0]));
  });

  it('a binding as the last statement gives nothing', () => {
    assert.deepEqual(codes('f x:n>n;y=+x 1'), ['ILO-T008']);
  });

  it('nil and the inner type both fit an optional; a Result needs matching halves', () => {
    clean('f x:n>O n;>x 0{x}{nil}');
    clean('f>O n;nil');
    clean('f x:n>R n t;~x');
    assert.deepEqual(codes('f x:n>R t t;~x'), ['ILO-T008']);
  });
});

describe('operators', () => {
  it("ILO-T009 for '+' on a number and a text, with a str fix on the number", () => {
    const src = 'f n:n>t;+"n=" n';
    const d = single(src, 'ILO-T009');
    assert.equal(underlined(src, d), '+"n=" n');
    assert.equal(applyFix(src, d.suggestions![0]), 'f n:n>t;+"n=" (str n)');
    clean(applyFix(src, d.suggestions![0]));
  });

  it("ILO-T009 for arithmetic on text; '+' joins texts and lists", () => {
    assert.match(single('f s:t>n;*s 2', 'ILO-T009').hint ?? '', /num/);
    clean('f a:t b:t>t;+a b');
    clean('f a:L n b:L n>L n;+a b');
  });

  it('ILO-T010 for comparing different kinds', () => {
    assert.deepEqual(codes('f a:n b:t>b;<a b'), ['ILO-T010']);
    clean('f a:t b:t>b;<a b');
  });

  it('ILO-T011 for appending the wrong element type or to a non-list', () => {
    assert.deepEqual(codes('f xs:L n>L n;+=xs "a"'), ['ILO-T011']);
    assert.deepEqual(codes('f s:t>t;+=s "a"'), ['ILO-T011']);
    clean('f xs:L n>L n;+=xs 1');
  });

  it('ILO-T012 for negating text', () => {
    const src = 'f s:t>n;-s';
    assert.equal(underlined(src, single(src, 'ILO-T012')), '-s');
  });
});

describe('lists and loops', () => {
  it('a mixed list has unknown elements and is accepted anywhere', () => {
    clean('f>L n;["a" 1]');
    assert.deepEqual(codes('f>L n;["a" "b"]'), ['ILO-T008']);
  });

  it('ILO-T014 for looping over a non-list or a text range bound', () => {
    const src = 'f x:n>n;@v x{v};0';
    assert.equal(underlined(src, single(src, 'ILO-T014')), 'x');
    assert.deepEqual(codes('f s:t>n;@i 0..s{i};0'), ['ILO-T014']);
  });

  it('the loop variable has the element type', () => {
    assert.deepEqual(codes('f xs:L t>n;n=0;@x xs{n=+n x};n'), ['ILO-T009']);
  });

  it('ILO-T023 for indexing a non-list; an index gives the element type', () => {
    const src = 'f s:t>t;s.0';
    assert.equal(underlined(src, single(src, 'ILO-T023')), 's.0');
    clean('f xs:L t>t;xs.0');
  });
});

describe('records', () => {
  const pt = 'type pt{x:n;y:n}\n';

  it('ILO-T015 for a missing field, with a fix that adds it', () => {
    const src = `${pt}f>pt;pt x:1`;
    const d = single(src, 'ILO-T015');
    assert.match(d.message, /'y'/);
    assert.equal(applyFix(src, d.suggestions![0]), `${pt}f>pt;pt x:1 y:0`);
    clean(applyFix(src, d.suggestions![0]));
  });

  it('ILO-T016 for an unknown field, suggesting the nearest one', () => {
    const src = `type person{name:t;age:n}\nf>person;person name:"a" ag:3`;
    const ds = codes(src);
    assert.deepEqual(ds.sort(), ['ILO-T015', 'ILO-T016']);
  });

  it('ILO-T017 for a field value of the wrong type', () => {
    const src = `${pt}f>pt;pt x:"1" y:2`;
    assert.equal(underlined(src, single(src, 'ILO-T017')), '"1"');
  });

  it('ILO-T018 for a field read on a non-record; ILO-T019 for an unknown field with a fix', () => {
    assert.deepEqual(codes('f x:n>n;x.size'), ['ILO-T018']);
    const src = `${pt}f p:pt>n;p.z`;
    const d = single(src, 'ILO-T019');
    assert.equal(underlined(src, d), 'z');
    assert.ok(['x', 'y'].map((f) => `${pt}f p:pt>n;p.${f}`).includes(applyFix(src, d.suggestions![0])));
  });

  it('safe access on nil gives nil, field types flow on', () => {
    clean(`${pt}f p:pt>n;+p.x p.y`);
    assert.deepEqual(codes(`${pt}f p:pt>t;p.x`), ['ILO-T008']);
  });

  it("ILO-T020/T021/T022 for 'with'", () => {
    assert.deepEqual(codes('f x:n>n;x with a:1'), ['ILO-T020']);
    const src = `${pt}f p:pt>pt;p with xx:1`;
    const d = single(src, 'ILO-T021');
    assert.equal(applyFix(src, d.suggestions![0]), `${pt}f p:pt>pt;p with x:1`);
    assert.deepEqual(codes(`${pt}f p:pt>pt;p with x:"1"`), ['ILO-T022']);
    clean(`${pt}f p:pt>pt;p with x:5`);
  });

  it('destructuring binds field types; unknown names are ILO-T019, non-records ILO-T009', () => {
    clean(`${pt}f p:pt>n;{x;y}=p;+x y`);
    assert.deepEqual(codes(`${pt}f p:pt>n;{x;w}=p;x`), ['ILO-T019']);
    assert.deepEqual(codes('f s:t>n;{a}=s;0'), ['ILO-T009']);
  });
});
