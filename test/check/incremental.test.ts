// IncrementalChecker: an edit re-verifies only what it can affect, and the
// result is always the same as checking from scratch.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { IncrementalParser, parseIlo } from '../../server/src/syntax/parse';
import { IncrementalChecker, checkProgram } from '../../server/src/check/check';
import type { Diagnostic } from '../../server/src/diagnostics';

const strip = (ds: Diagnostic[]): string[] => ds.map((d) => `${d.code}@${d.start}-${d.end}:${d.message}`);

/** Feed successive versions of a document through an incremental parser + checker, comparing with a fresh check each time. */
function session(): { step: (text: string) => { diags: Diagnostic[]; checked: number } } {
  const parser = new IncrementalParser();
  const checker = new IncrementalChecker();
  return {
    step(text: string) {
      const diags = checker.check(parser.parse(text).program);
      assert.deepEqual(strip(diags), strip(checkProgram(parseIlo(text).program)), 'incremental result must equal a fresh check');
      return { diags, checked: checker.lastStats.checked };
    },
  };
}

const lib = ['area w:n h:n>n;*w h', 'perim w:n h:n>n;*2 +w h', 'show a:n>t;str a', 'main>t;a=area 2 3;show a'];

describe('IncrementalChecker', () => {
  it('re-checking an unchanged program verifies no body again', () => {
    const s = session();
    const text = lib.join('\n\n');
    assert.equal(s.step(text).checked, 4);
    assert.equal(s.step(text).checked, 0);
  });

  it('an edit inside one body re-verifies only that body', () => {
    const s = session();
    s.step(lib.join('\n\n'));
    const edited = [...lib];
    edited[1] = 'perim w:n h:n>n;*2 +w "h"';
    const r = s.step(edited.join('\n\n'));
    assert.equal(r.checked, 1);
    assert.deepEqual(r.diags.map((d) => d.code), ['ILO-T009']);
  });

  it('changing a signature re-verifies its callers', () => {
    const s = session();
    s.step(lib.join('\n\n'));
    const edited = [...lib];
    edited[0] = 'area w:n>n;*w w';
    const r = s.step(edited.join('\n\n'));
    assert.deepEqual(r.diags.map((d) => d.code), ['ILO-T006']);
    assert.ok(r.checked >= 2 && r.checked < 4, `area and main are re-verified, not the others (got ${r.checked})`);
  });

  it('defining a missing function clears the call that named it', () => {
    const s = session();
    const before = 'main>n;twice 4';
    assert.deepEqual(s.step(before).diags.map((d) => d.code), ['ILO-T005']);
    assert.deepEqual(s.step(`twice x:n>n;*x 2\n\n${before}`).diags, []);
  });

  it('a new similar name updates the "did you mean" of an unchanged body', () => {
    const s = session();
    const body = 'main>n;zorblax 4';
    assert.equal(s.step(body).diags[0].hint, undefined);
    assert.match(s.step(`zorblat x:n>n;x\n\n${body}`).diags[0].hint ?? '', /zorblat/);
  });

  it('text inserted above moves reused diagnostics with their declaration', () => {
    const s = session();
    const body = 'bad x:n>t;*x 2';
    const first = s.step(body).diags[0];
    const moved = s.step(`-- a comment line\n-- and another\n\n${body}`);
    assert.equal(moved.checked, 0);
    assert.equal(moved.diags[0].start - first.start, '-- a comment line\n-- and another\n\n'.length);
  });

  it('a record type change re-verifies the bodies that use it', () => {
    const s = session();
    const use = 'get-x p:pt>n;p.x';
    assert.deepEqual(s.step(`type pt{x:n;y:n}\n\n${use}`).diags, []);
    assert.deepEqual(s.step(`type pt{z:n;y:n}\n\n${use}`).diags.map((d) => d.code), ['ILO-T019']);
  });
});

describe('IncrementalChecker with twin declarations', () => {
  it('the second of two identical functions stays the ILO-T002 duplicate when the chunks around them are parsed again', () => {
    // Found by `npm run fuzz:edits` (seed 6): a tab typed into a comment and a
    // stray character on the last line made both copies of each function new
    // objects; pairing them with the old objects by tree alone swapped the twins,
    // and the incremental run put ILO-T002 on the first copy.
    const block =
      'heads>L n;ys=[[7 8] [9]];[len hd ys]\n\n' +
      '-- Plain names (no arity known) still parse as items, keeping it like\n' +
      '-- the list `[4 5 6]` does.\n' +
      'names>L n;a=1;b=2;c=3;[a b c]\n';
    const before = block + block.trimEnd() + '\n-- Mixed';
    const after = before.replace('still parse', 'still\t parse').replace('-- Mixed', '--\u197e\ud89d\uCE90 Mixed');
    const s = session();
    s.step(before);
    const dups = s.step(after).diags.filter((d) => d.code === 'ILO-T002');
    assert.equal(dups.length, 2);
    const secondCopy = after.indexOf('heads', 1);
    assert.ok(dups.every((d) => d.start >= secondCopy), 'both duplicates are reported on the second copy');
  });
});

describe('IncrementalChecker when a declaration comes back', () => {
  it('a function that left and came back as the same object still sees its callee disappear (ILO-T004)', () => {
    // Found by `npm run fuzz:edits` (seed 8): the parser handed back the old
    // `use-it` object after a run without it; its result was reused but its
    // dependency on `twice` was no longer indexed, so when `twice` vanished
    // (swallowed by the line before it) `use-it` was not checked again.
    const program = 'twice n:n>L n;[n, n]\nuse-it>L n;flatmap twice [1,2,3]';
    const s = session();
    s.step(program);
    s.step('{-- a stray brace\nuse-it>L n;flatmap twice [1,2,3]');
    s.step(program);
    const last = s.step('halves xs:L n>L (L n);partition odd xs\n-loose words here.\n' + program).diags;
    assert.ok(last.some((d) => d.code === 'ILO-T004' && d.message.includes("'twice'")), last.map((d) => d.message).join('; '));
  });
});

describe('IncrementalChecker, one-shot', () => {
  it('gives what the incremental checker gives, checks every body each run and keeps nothing from one run to the next', () => {
    const programs = [
      lib.join('\n\n'),
      // A type error, an undefined name with a "did you mean", a long-form alias hint, a record and a match.
      'type pt{x:n;y:n}\nnorm p:pt>n;+p.x p.y\nbad a:n>t;+a 1\nuse-it>n;are 2 3\nlen-of xs:L n>n;length xs\npick r:R n t>n;?r{~v:v;^e:0}',
      // The same program edited: a name that was missing exists now, and a body changed.
      'type pt{x:n;y:n}\nnorm p:pt>n;+p.x p.y\nbad a:n>t;str a\nare w:n h:n>n;*w h\nuse-it>n;are 2 3\nlen-of xs:L n>n;len xs\npick r:R n t>n;?r{~v:v;^e:0}',
    ];
    const once = new IncrementalChecker({ oneShot: true });
    for (const text of programs) {
      const program = parseIlo(text).program;
      const fresh = new IncrementalChecker().check(program);
      assert.deepEqual(strip(once.check(program)), strip(fresh), text);
      const functions = program.decls.filter((d) => d.kind === 'FunctionDecl').length;
      assert.equal(once.lastStats.checked, functions, 'every body is checked');
      assert.equal(once.lastStats.reused, 0);
    }
    // The second program had findings the third fixed: none of them lingers in a one-shot checker that saw both.
    const codes = (text: string) => strip(once.check(parseIlo(text).program)).map((d) => d.split('@')[0]);
    assert.deepEqual(codes(programs[1]), ['ILO-T008', 'ILO-T005', 'long-form-alias']);
    assert.deepEqual(codes(programs[2]), []);
  });
});
