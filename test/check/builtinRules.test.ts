// Builtin calls as the verifier checks them: rules derived from the builtin
// table's signatures, with the table's `check` data where the reference
// verifier does otherwise.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { BUILTINS } from '../../server/src/syntax/builtins';
import { builtinChecks, checkBuiltinArgs } from '../../server/src/check/builtins';
import { LEVEL_011 as VERIFIER_011, verifierLevel26 } from '../../server/src/check/level';

const VERIFIER_26 = verifierLevel26();
import { UNKNOWN, listOf } from '../../server/src/check/types';
import { clean, codes, single, underlined } from './helpers';

describe('builtin rules from the table', () => {
  it('every form of every builtin can be checked, and an argument of unknown type is never reported', () => {
    let forms = 0;
    for (const b of BUILTINS) {
      const counts = b.variadic ? [...b.arities, b.arities[0] + 2] : b.arities;
      for (const argc of counts) {
        const { issues } = checkBuiltinArgs(b.name, new Array(argc).fill(UNKNOWN));
        assert.deepEqual(issues, [], `${b.name} with ${argc} unknown arguments`);
        forms++;
      }
    }
    assert.ok(forms > BUILTINS.length);
  });

  it('states the expectation from the parameter type, or in the words the table gives', () => {
    assert.equal(single('f x:t>t;str x', 'ILO-T013').message, "'str' argument 1 must be a number (n), got t");
    const src = 'f x:n>R (L t) t;rdl x';
    const d = single(src, 'ILO-T013');
    assert.equal(d.message, "'rdl' path must be a path (t), got n");
    assert.equal(underlined(src, d), 'x');
  });

  it('overloaded forms take any of their types: len of a list, a map or text, not a number', () => {
    clean('f xs:L n m:M t n s:t>n;+ + (len xs) (len m) (len s)');
    assert.equal(single('f x:n>n;len x', 'ILO-T013').message, "'len' argument 1 must be a list, map or text, got n");
  });

  it('takes the result type from the arguments: element types, map values, a function result', () => {
    clean('f xs:L t>t;hd xs');
    clean('f s:t>t;hd s');
    clean('f m:M t n>L n;mvals m');
    clean('f xs:L n>L t;map str xs');
    assert.notDeepEqual(codes('f xs:L t>n;hd xs'), []);
    assert.notDeepEqual(codes('f xs:L n>L n;map str xs'), []);
  });

  it('a context form whose function takes the wrong number of parameters names what it receives', () => {
    const d = single('f xs:L n>n;fld max 1 xs 0', 'ILO-T013');
    assert.equal(d.message, "'fld' with a context argument needs a function of 3 parameters (acc, element, ctx), got one of 2");
    assert.equal(d.hint, 'the function is called as (acc, element, ctx)');
  });

  it('a value stored in a list must fit its elements, and a map key the map', () => {
    assert.equal(single('f xs:L n>L n;lst xs 0 "a"', 'ILO-T013').message, "'lst' value is t but the list holds n");
    assert.equal(single('f m:M t n>O n;mget m 1', 'ILO-T013').message, "'mget' key must be t like the map's keys, got n");
    clean('f m:M t n>O n;mget m "k"');
  });

  it('mapr wants a function that returns a Result', () => {
    const d = single('f xs:L n>R (L t) t;mapr str xs', 'ILO-T013');
    assert.equal(d.message, "'mapr' needs a function returning a Result (R _ _), got one returning t");
    assert.equal(d.hint, 'use map for functions that cannot fail');
  });

  it('min of one argument hints at its two forms only when given something other than a list', () => {
    const notList = single('f x:t>n;min x', 'ILO-T013');
    assert.equal(notList.message, "'min' of one argument needs a list of numbers (L n), got t");
    assert.equal(notList.hint, '`min xs` takes a list; `min a b` takes two numbers');
    const listOfText = single('f xs:L t>n;min xs', 'ILO-T013');
    assert.equal(listOfText.message, "'min' of one argument needs a list of numbers (L n), got L t");
    assert.equal(listOfText.hint, undefined);
  });

  it('a higher-order form tests only its function: the list is taken as it comes', () => {
    clean('dbl x:n>n;*x 2\nf x:n>n;ct dbl x');
    assert.match(single('f x:n>n;ct 5 x', 'ILO-T013').message, /^'ct' first argument must be a function/);
  });
});

describe('every builtin of every level has checks for every arity it accepts', () => {
  // A rule that cannot be derived used to throw when the first call was checked, and the
  // whole function body lost its diagnostics (fuzz:edits at level 26: `run cmd args`).
  for (const [id, level] of [['0.11', VERIFIER_011], ['26', VERIFIER_26]] as const) {
    it(`level ${id}`, () => {
      const checks = builtinChecks(level.builtins.table);
      const failures: string[] = [];
      for (const b of level.builtins.table.builtins) {
        for (const argc of b.arities) {
          try {
            checks.checkArgs(b.name, new Array(argc).fill(UNKNOWN));
            checks.checkArgs(b.name, new Array(argc).fill(listOf(UNKNOWN)));
          } catch (e) {
            failures.push(`${b.name}/${argc}: ${(e as Error).message}`);
          }
        }
      }
      assert.deepEqual(failures, []);
    });
  }
});
