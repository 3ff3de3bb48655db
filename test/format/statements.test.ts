// Every statement form in both styles: bindings, guards (braced, braceless,
// negated, with else), loops, matches, early returns, loop control.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { FunctionDecl, GuardStmt } from '../../server/src/syntax/ast';
import { formatted, lines, parseClean } from './helpers';

/** [source, dense, expanded lines] */
const CASES: Array<[string, string, string[]]> = [
  ['f x:n>n;a=*x 2;a', 'f x:n>n;a=*x 2;a', ['f x:n > n', '  a = * x 2', '  a']],
  ['type pt{x:n;y:n}\nf p:pt>n;{x;y}=p;+x y', 'f p:pt>n;{x;y}=p;+x y', ['f p:pt > n', '  {x;y} = p', '  + x y']],
  [
    'cls sp:n>t;>=sp 1000 "gold";>=sp 500 "silver";"bronze"',
    'cls sp:n>t;>=sp 1000 "gold";>=sp 500 "silver";"bronze"',
    ['cls sp:n > t', '  >= sp 1000 "gold"', '  >= sp 500 "silver"', '  "bronze"'],
  ],
  ['f x:n>n;=x 1{ret 99};0', 'f x:n>n;=x 1{ret 99};0', ['f x:n > n', '  = x 1 {', '    ret 99', '  }', '  0']],
  [
    'f x:n>t;=x 1{"yes"}{"no"}',
    'f x:n>t;=x 1{"yes"}{"no"}',
    ['f x:n > t', '  = x 1 {', '    "yes"', '  } {', '    "no"', '  }'],
  ],
  ['f x:n>n;!<=x 0 ^"neg";x', 'f x:n>n;!<=x 0 ^"neg";x', ['f x:n > n', '  ! <= x 0 ^ "neg"', '  x']],
  ['f u:b>n;!u{ret 1};0', 'f u:b>n;!u{ret 1};0', ['f u:b > n', '  ! u {', '    ret 1', '  }', '  0']],
  [
    'f xs:L n>n;s=0;@x xs{s=+s x};s',
    'f xs:L n>n;s=0;@x xs{s=+s x};s',
    ['f xs:L n > n', '  s = 0', '  @ x xs {', '    s = + s x', '  }', '  s'],
  ],
  [
    'f n:n>n;s=0;@i 0..n{s=+s i};s',
    'f n:n>n;s=0;@i 0..n{s=+s i};s',
    ['f n:n > n', '  s = 0', '  @ i 0..n {', '    s = + s i', '  }', '  s'],
  ],
  [
    'f>n;i=0;wh true{i=+i 1;>=i 3{cnt};brk};i',
    'f>n;i=0;wh true{i=+i 1;>=i 3{cnt};brk};i',
    ['f > n', '  i = 0', '  wh true {', '    i = + i 1', '    >= i 3 {', '      cnt', '    }', '    brk', '  }', '  i'],
  ],
  [
    'f r:R n t>n;?r{~v:v;^e:0}',
    'f r:R n t>n;?r{~v:v;^e:0}',
    ['f r:R n t > n', '  ? r {', '    ~v: v', '    ^e: 0', '  }'],
  ],
  [
    'f r:R n t>n;?r{~v:d=*v 2;+d 1;^e:0}',
    'f r:R n t>n;?r{~v:d=*v 2;+d 1;^e:0}',
    ['f r:R n t > n', '  ? r {', '    ~v: {', '      d = * v 2', '      + d 1', '    }', '    ^e: 0', '  }'],
  ],
  [
    'f x:_>t;?x{n v:"num";t v:v;_:"other"}',
    'f x:_>t;?x{n v:"num";t v:v;_:"other"}',
    ['f x:_ > t', '  ? x {', '    n v: "num"', '    t v: v', '    _: "other"', '  }'],
  ],
  ['f>t;r=num "1";?{~v:"ok";^e:e}', 'f>t;r=num "1";?{~v:"ok";^e:e}', ['f > t', '  r = num "1"', '  ? {', '    ~v: "ok"', '    ^e: e', '  }']],
  [
    'f x:n>n;r=?x{0:1;_:2};r',
    'f x:n>n;r=?x{0:1;_:2};r',
    ['f x:n > n', '  r = ? x {', '    0: 1', '    _: 2', '  }', '  r'],
  ],
  ['f x:n>n;ret +x 1', 'f x:n>n;ret +x 1', ['f x:n > n', '  ret + x 1']],
  ['f>n;wh true{brk 3};0', 'f>n;wh true{brk 3};0', ['f > n', '  wh true {', '    brk 3', '  }', '  0']],
  ['f x:n>R n t;~x', 'f x:n>R n t;~x', ['f x:n > R n t', '  ~ x']],
  ['f x:n>R n t;^"bad"', 'f x:n>R n t;^"bad"', ['f x:n > R n t', '  ^ "bad"']],
  ['f x:n>n;r=num! "3";+r x', 'f x:n>n;r=num! "3";+r x', ['f x:n > n', '  r = num! "3"', '  + r x']],
  ['f>n;num!! "3"', 'f>n;num!! "3"', ['f > n', '  num!! "3"']],
  ['f x:n>n;>x 0{}', 'f x:n>n;>x 0{}', ['f x:n > n', '  > x 0 {}']],
];

for (const [src, dense, expanded] of CASES) {
  test(`statement forms: ${src.split('\n').pop()}`, () => {
    const last = (text: string): string => text.split('\n').filter((l) => l !== '').pop() as string;
    assert.equal(last(formatted(src, 'dense')), dense);
    const out = formatted(src, 'expanded').split('\n');
    assert.deepEqual(out.slice(out.length - 1 - expanded.length, -1), expanded);
  });
}

test('a braceless guard stays braceless (it returns early); a braced one stays braced (it does not)', () => {
  const src = 'cls sp:n>t;>=sp 1000 "gold";>=sp 500{"silver"};"bronze"';
  for (const style of ['dense', 'expanded'] as const) {
    const body = (parseClean(formatted(src, style)).decls[0] as FunctionDecl).body;
    assert.deepEqual(
      body.slice(0, 2).map((s) => (s as GuardStmt).braceless),
      [true, false],
      style,
    );
  }
});

test('`x=cond{v}` is a guard that binds: printed as the guard it is', () => {
  assert.equal(formatted('f x:n>n;y=0;y=>x 0{1};y', 'dense'), lines('f x:n>n;y=0;>x 0{y=1};y'));
});

test('`x=cond{a}{b}` is a ternary value', () => {
  assert.equal(formatted('f x:n>n;y=>x 0{1}{2};y', 'dense'), lines('f x:n>n;y=?>x 0 1 2;y'));
});

test('a match arm holding a block is braced in expanded style', () => {
  assert.equal(
    formatted('f x:n>t;?x{0:"a";_:?x{1:"b";_:"c"}}', 'expanded'),
    lines('f x:n > t', '  ? x {', '    0: "a"', '    _: {', '      ? x {', '        1: "b"', '        _: "c"', '      }', '    }', '  }'),
  );
});

test('nested blocks indent two spaces a level', () => {
  assert.equal(
    formatted('f xs:L n>n;@x xs{>=x 10{>x 20{ret 2};ret x}};0', 'expanded'),
    lines('f xs:L n > n', '  @ x xs {', '    >= x 10 {', '      > x 20 {', '        ret 2', '      }', '      ret x', '    }', '  }', '  0'),
  );
});
