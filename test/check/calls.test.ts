// Names and calls: undefined variables and functions, arity, argument types,
// builtin argument checks and the `!` / `!!` rules.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { applyFix, check, clean, codes, single, underlined } from './helpers';
import { parseIlo } from '../../server/src/syntax/parse';
import { checkProgram } from '../../server/src/check/check';

describe('undefined names', () => {
  it('ILO-T004 underlines the unknown variable and offers the nearest local', () => {
    const src = 'f total:n>n;+totl 1';
    const d = single(src, 'ILO-T004');
    assert.equal(underlined(src, d), 'totl');
    assert.match(d.hint ?? '', /total/);
    assert.equal(applyFix(src, d.suggestions![0]), 'f total:n>n;+total 1');
  });

  it('ILO-T004 for a kebab-case name whose parts are bound suggests the subtraction', () => {
    const src = 'f hi:n lo:n>n;hi-lo';
    const d = single(src, 'ILO-T004');
    assert.equal(underlined(src, d), 'hi-lo');
    assert.equal(applyFix(src, d.suggestions![0]), 'f hi:n lo:n>n;- hi lo');
  });

  it('ILO-T004 for a builtin that cannot be passed as a value', () => {
    assert.deepEqual(codes('f xs:L n>n;fld prnt xs 0'), ['ILO-T004']);
  });

  it('a bound name shadows nothing it should not: locals, params, loop and arm bindings resolve', () => {
    clean('f xs:L n>n;s=0;@x xs{s=+s x};s');
    clean('f r:R n t>n;?r{~v:v;^e:0}');
    clean('f x:n>n;?x{n v:+v 1;_:0}');
  });

  it('ILO-T005 underlines the unknown callee and suggests a known function', () => {
    const src = 'double x:n>n;*x 2\nquad x:n>n;d=doubel x;double d';
    const d = single(src, 'ILO-T005');
    assert.equal(underlined(src, d), 'doubel');
    assert.equal(applyFix(src, d.suggestions![0]), src.replace('doubel', 'double'));
  });

  it('ILO-T005 when calling a local that is not a function', () => {
    const src = 'f k:n>n;k 3';
    const d = single(src, 'ILO-T005');
    assert.match(d.message, /'k' is a n value/);
  });
});

describe('arity and argument types', () => {
  it('ILO-T006 shows the expected signature', () => {
    const src = 'area w:n h:n>n;*w h\nf>n;area 3';
    const d = single(src, 'ILO-T006');
    assert.equal(underlined(src, d), 'area 3');
    assert.equal(d.hint, 'area w:n h:n>n');
  });

  it('ILO-T006 for builtins names the accepted counts', () => {
    const d = single('f s:t>L t;spl s', 'ILO-T006');
    assert.match(d.message, /'spl' takes 2 arguments, got 1/);
    assert.match(single('f x:n y:n z:n>n;min x y z', 'ILO-T006').message, /1 or 2/);
  });

  it('ILO-T006 for a function-typed parameter called with the wrong count', () => {
    assert.deepEqual(codes('f g:F n n>n;g 1 2'), ['ILO-T006']);
  });

  it('ILO-T007 underlines the argument and offers str for a number passed as text', () => {
    const src = 'greet name:t>t;+"hi " name\nf>t;greet 42';
    const d = single(src, 'ILO-T007');
    assert.equal(underlined(src, d), '42');
    assert.equal(applyFix(src, d.suggestions![0]), 'greet name:t>t;+"hi " name\nf>t;greet (str 42)');
    clean(applyFix(src, d.suggestions![0]));
  });

  it('ILO-T007 hints num for text passed as a number', () => {
    const d = single('inc x:n>n;+x 1\nf s:t>n;inc s', 'ILO-T007');
    assert.match(d.hint ?? '', /num/);
  });

  it('sum types pass where text is expected, and type variables accept anything', () => {
    clean('show c:t>t;c\nf c:S red green>t;show c');
    clean('first a:x b:x>x;a\nf>n;first 1 2');
  });
});

describe('builtin argument types (ILO-T013)', () => {
  it('points at the offending argument', () => {
    const src = 'f x:n y:t>L t;spl y x';
    const d = single(src, 'ILO-T013');
    assert.equal(underlined(src, d), 'x');
    assert.match(d.message, /'spl' argument 2/);
  });

  it('rejects printf-style fmt placeholders in a literal template', () => {
    const src = 'f x:n>t;fmt "{:.2f}" x';
    assert.equal(underlined(src, single(src, 'ILO-T013')), '"{:.2f}"');
  });

  it('rejects an unknown wr format and offers the supported ones', () => {
    const src = 'f p:t>R t t;wr p [1] "xml"';
    const d = single(src, 'ILO-T013');
    assert.deepEqual(
      d.suggestions!.map((s) => applyFix(src, s)),
      ['"json"', '"csv"', '"tsv"'].map((f) => `f p:t>R t t;wr p [1] ${f}`),
    );
  });

  it('checks higher-order builtins get a function', () => {
    assert.deepEqual(codes('f xs:L n>L n;map 3 xs'), ['ILO-T013']);
    clean('dbl x:n>n;*x 2\nf xs:L n>L n;map dbl xs');
    clean('f xs:L n>n;fld max xs 0');
  });

  it('notices swapped parameters in the context form', () => {
    // The function is called as (element, ctx): (t, n) is right for a list of text and an n context.
    clean('near x:t c:n>n;+c (len x)\nf xs:L t k:n>L t;srt near k xs');
    assert.deepEqual(codes('near c:n x:t>n;+c (len x)\nf xs:L t k:n>L t;srt near k xs'), ['ILO-T013']);
  });

  it('builtins the reference does not type-check accept anything', () => {
    clean('f x:n>L t;rgx "a" "b"');
  });
});

describe('auto-unwrap', () => {
  it('ILO-T025 for ! on a call that returns a plain value, with a fix that drops it', () => {
    const src = 'sq x:n>n;*x x\nf>R n t;v=sq! 3;~v';
    const d = single(src, 'ILO-T025');
    assert.equal(underlined(src, d), 'sq! 3');
    clean(applyFix(src, d.suggestions![0]));
  });

  it('ILO-T026 for ! inside a function that does not return a Result; !! is fine', () => {
    const src = 'f s:t>n;v=num! s;v';
    const d = single(src, 'ILO-T026');
    assert.equal(applyFix(src, d.suggestions![0]), 'f s:t>n;v=num!! s;v');
    clean('f s:t>n;v=num!! s;v');
    clean('f s:t>R n t;v=num! s;~v');
  });

  it('ILO-T026 for ! on an optional outside an optional-returning function', () => {
    assert.deepEqual(codes('f m:M t n>n;v=mget! m "k";v'), ['ILO-T026']);
    clean('f m:M t n>O n;v=mget! m "k";v');
  });

  it('ILO-T034 for ! on a plain value, not a call', () => {
    const src = 'f>R n t;r=~1;r!';
    const d = single(src, 'ILO-T034');
    assert.equal(underlined(src, d), 'r!');
    assert.equal(applyFix(src, d.suggestions![0]), 'f>R n t;r=~1;r');
  });

  it('the unwrapped value has the Ok type', () => {
    assert.deepEqual(codes('f s:t>R n t;v=num! s;~v'), []);
    assert.deepEqual(codes('f s:t>R t t;v=num! s;~v'), ['ILO-T008']);
    assert.deepEqual(codes('f s:t>R t t;v=num! s;~+v "x"'), ['ILO-T009']);
  });
});

describe('guards that look like calls (ILO-T027)', () => {
  it('flags a braceless guard whose value is a bare function name', () => {
    const src = 'f xs:L n>n;=0 0 len;1';
    const d = single(src, 'ILO-T027');
    assert.equal(underlined(src, d), 'len');
    assert.deepEqual(check('f xs:L n>n;=0 0{len xs};1'), []);
  });
});

describe('function values', () => {
  it('a bare zero-parameter function name is a function value; name() calls it', () => {
    const src = 'type pt{x:n}\nmk>pt;pt x:1\nf>n;p=mk;p.x';
    assert.match(single(src, 'ILO-T018').message, /F pt/);
    clean('type pt{x:n}\nmk>pt;pt x:1\nf>n;p=mk();p.x');
  });
});

describe('long-form builtin names', () => {
  it('get a hint (not an error or warning) with a rename to the short form', () => {
    const src = 'f xs:L n>n;length xs';
    const ds = checkProgram(parseIlo(src).program);
    assert.deepEqual(ds.map((d) => [d.severity, underlined(src, d)]), [['hint', 'length']]);
    assert.equal(applyFix(src, ds[0].suggestions![0]), 'f xs:L n>n;len xs');
    clean(src);
  });
});
