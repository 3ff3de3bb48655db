// Comments are kept where they are: above declarations, at the end of a
// line, on lines of their own between statements, arms and fields; a
// comment inside an expression moves to just before its statement.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatted, lines } from './helpers';

const SOURCE = [
  '-- file header comment',
  '',
  '-- doc for f',
  '-- second doc line',
  'f x:n>n -- header trailing',
  '  -- leading a',
  '  a=*x 2  -- after a',
  '  -- before guard',
  '  >a 10{',
  '    -- inside guard',
  '    ret a -- trailing ret',
  '    -- dangling in guard',
  '  }',
  '  b=[1,',
  '     -- inside list',
  '     2]',
  '  +a b -- last',
  '',
  '',
  '-- between, after two blank lines',
  'g>n;1 -- g trailing',
  '-- doc of h',
  'h r:R n t>n;?r{~v:v -- ok arm',
  '  -- before err arm',
  '  ^e:0}',
  'type pt{x:n -- the x',
  '  -- y next',
  '  y:n}',
  '-- end of file',
].join('\n');

test('expanded: every comment in its place', () => {
  assert.equal(
    formatted(SOURCE, 'expanded'),
    lines(
      '-- file header comment',
      '',
      '-- doc for f',
      '-- second doc line',
      'f x:n > n -- header trailing',
      '  -- leading a',
      '  a = * x 2 -- after a',
      '  -- before guard',
      '  > a 10 {',
      '    -- inside guard',
      '    ret a -- trailing ret',
      '    -- dangling in guard',
      '  }',
      '  -- inside list',
      '  b = [1, 2]',
      '  + a b -- last',
      '',
      '-- between, after two blank lines',
      'g > n',
      '  1 -- g trailing',
      '-- doc of h',
      'h r:R n t > n',
      '  ? r {',
      '    ~v: v -- ok arm',
      '    -- before err arm',
      '    ^e: 0',
      '  }',
      'type pt {',
      '  x: n -- the x',
      '  -- y next',
      '  y: n',
      '}',
      '-- end of file',
    ),
  );
});

test('dense: one line per declaration until a comment needs a line break there', () => {
  assert.equal(
    formatted(SOURCE, 'dense'),
    lines(
      '-- file header comment',
      '',
      '-- doc for f',
      '-- second doc line',
      'f x:n>n -- header trailing',
      '  -- leading a',
      '  a=*x 2 -- after a',
      '  -- before guard',
      '  >a 10{',
      '    -- inside guard',
      '    ret a -- trailing ret',
      '    -- dangling in guard',
      '  }',
      '  -- inside list',
      '  b=[1, 2];+a b -- last',
      '',
      '-- between, after two blank lines',
      'g>n;1 -- g trailing',
      '-- doc of h',
      'h r:R n t>n;?r{~v:v -- ok arm',
      '    -- before err arm',
      '    ^e:0}',
      'type pt{x:n -- the x',
      '  -- y next',
      '  y:n}',
      '-- end of file',
    ),
  );
});

test('a comment inside a lambda moves before its statement', () => {
  const src = 'f xs:L n>L n;r=map (x:n>n;\n  -- double\n  *x 2) xs;r';
  assert.equal(formatted(src, 'dense'), lines('f xs:L n>L n', '  -- double', '  r=map (x:n>n;*x 2) xs;r'));
});

test('comments that look like code, or hold `--`, are kept verbatim', () => {
  const src = 'f>n;1 -- x;y -- z\n-- "not a string\n--no space';
  assert.equal(formatted(src, 'expanded'), lines('f > n', '  1 -- x;y -- z', '-- "not a string', '--no space'));
});

test('a `--` inside a text literal is not a comment', () => {
  assert.equal(formatted('f>t;"a -- b"', 'dense'), lines('f>t;"a -- b"'));
});

test('a comment inside a tool line keeps the line as written', () => {
  const src = 'tool t"d" a:(L\n  -- of numbers\n  n)>n';
  assert.equal(formatted(src, 'dense'), lines('tool t"d" a:(L', '  -- of numbers', '  n)>n'));
  assert.equal(formatted(src, 'expanded'), lines('tool t"d" a:(L', '  -- of numbers', '  n)>n'));
});
