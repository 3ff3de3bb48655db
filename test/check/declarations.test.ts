// Declaration-level checks: duplicates, undefined types in signatures and
// record fields, type aliases (ILO-T001/T002/T003/T030/T031).

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { applyFix, check, clean, codes, single, underlined } from './helpers';
import { parseIlo } from '../../server/src/syntax/parse';
import { checkProgram } from '../../server/src/check/check';

describe('duplicates', () => {
  it('ILO-T002 on the second function with the same name, pointing at its name', () => {
    const src = 'sq x:n>n;*x x\nsq y:n>n;+y y';
    const d = single(src, 'ILO-T002');
    assert.equal(d.start, src.lastIndexOf('sq'));
    assert.equal(underlined(src, d), 'sq');
  });

  it('ILO-T002 when a tool and a function share a name', () => {
    const src = 'tool ping"check a host" h:t>R t t timeout:5,retry:1\nping h:t>R t t;~h';
    assert.deepEqual(codes(src), ['ILO-T002']);
  });

  it('ILO-T001 for a record type defined twice', () => {
    const src = 'type cell{v:n}\ntype cell{w:t}\nf c:cell>n;c.v';
    const d = single(src, 'ILO-T001');
    assert.equal(underlined(src, d), 'cell');
    assert.equal(d.start, src.lastIndexOf('cell{'));
  });

  it('ILO-T001 for an alias defined twice and for a type named like an alias', () => {
    assert.deepEqual(codes('alias id t\nalias id n\nf x:id>id;x'), ['ILO-T001']);
    assert.deepEqual(codes('alias pos n\ntype pos{v:n}\nf>n;1'), ['ILO-T001']);
  });
});

describe('undefined types (ILO-T003)', () => {
  it('reports each use of an unknown type in a signature, at the type', () => {
    const src = 'f a:acct>acct;a';
    const ds = check(src);
    assert.deepEqual(
      ds.map((d) => [d.code, d.start]),
      [
        ['ILO-T003', 4],
        ['ILO-T003', 9],
      ],
    );
  });

  it('looks inside lists and results, and suggests the nearest record name', () => {
    const src = 'type order{id:t}\nf xs:L ordr>R n t;~(len xs)';
    const d = single(src, 'ILO-T003');
    assert.equal(underlined(src, d), 'ordr');
    assert.match(d.hint ?? '', /order/);
    assert.equal(applyFix(src, d.suggestions![0]), 'type order{id:t}\nf xs:L order>R n t;~(len xs)');
  });

  it('checks record field types', () => {
    const src = 'type box{item:thing}\nf>n;1';
    assert.equal(underlined(src, single(src, 'ILO-T003')), 'thing');
  });

  it('reports a record literal of an unknown type at its name', () => {
    const src = 'type point{x:n;y:n}\nf>n;p=pont x:1 y:2;p.x';
    const d = single(src, 'ILO-T003');
    assert.equal(underlined(src, d), 'pont');
    assert.equal(applyFix(src, d.suggestions![0]), 'type point{x:n;y:n}\nf>n;p=point x:1 y:2;p.x');
  });

  it('accepts type variables and self-referential records', () => {
    clean('pick a:x b:x>x;a');
    clean('type node{val:n;next:O node}\nf n:node>n;n.val');
  });
});

describe('aliases', () => {
  it('expands an alias to what it names', () => {
    clean('alias score n\nf s:score>n;+s 1');
    assert.deepEqual(codes('alias score n\nf s:score>t;s'), ['ILO-T008']);
  });

  it('ILO-T031 for an alias hiding a builtin type', () => {
    const src = 'alias t n\nf>n;1';
    assert.equal(underlined(src, single(src, 'ILO-T031')), 't');
  });

  it('ILO-T030 for each alias in a cycle, and none for an alias chain', () => {
    const src = 'alias aa bb\nalias bb aa\nf>n;1';
    const ds = check(src);
    assert.deepEqual(ds.map((d) => [d.code, underlined(src, d)]), [
      ['ILO-T030', 'aa'],
      ['ILO-T030', 'bb'],
    ]);
    clean('alias aa bb\nalias bb cc\nalias cc n\nf x:aa>n;x');
  });
});

describe('declarations that failed to parse', () => {
  it("keep their header so callers get no 'undefined function'", () => {
    // `fn` cannot start an expression: the body of `half` fails to parse.
    const src = 'half x:n>n;fn\nuse-it>n;half 4';
    const parsed = parseIlo(src);
    assert.ok(parsed.diagnostics.length > 0, 'the test program must have a parse error');
    assert.deepEqual(checkProgram(parsed.program).filter((d) => d.code === 'ILO-T005'), []);
  });

  it("are undefined in reference-compat mode (what 'ilo' itself reports)", () => {
    const src = 'half x:n>n;fn\nuse-it>n;half 4';
    const parsed = parseIlo(src);
    const ds = checkProgram(parsed.program, { brokenDeclsAreUndefined: true });
    assert.deepEqual(ds.map((d) => d.code), ['ILO-T005']);
  });
});
