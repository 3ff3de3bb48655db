// Every edit asks, for every function, what its doc comment and parameter
// names get wrong. functionAnnotationDiagnostics answers without building the
// input schema unless a `@schema` patch needs it; its answer must be what
// functionInputSchema reports once type problems are left out.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { functionAnnotationDiagnostics, functionInputSchema, TYPE_PROBLEMS } from '../../server/src/schema/typeSchema';
import { envOf } from './helpers/fixtures';
import type { FunctionDecl } from '../../server/src/syntax/ast';

const SOURCE = [
  'type point{x:n;y:n}',
  'plain a:n b:t>n;a',
  '-- Adds.\n-- @param a the first\n-- @param b the second\nadd a:n b:n>n;+a b',
  '-- @param a=x one\n-- @param b=x two\nclash a:n b:n>n;a',
  '-- @param c=a\nrenamed a:n c:n>n;a',
  '-- @param zz not a parameter\n-- @param a twice\n-- @param a again\n-- @frobnicate\nwrong a:n>n;a',
  '-- @schema a {"minimum": 0}\n-- @schema b {"type": "string", "frob": 1}\npatched a:n b:n>n;a',
  '-- @schema p {"minimum": 1}\nbadpatch p:point>n;p.x',
  'unknown a:nope b:F n n>n;1',
  '-- @param a=x one\n-- @schema a {"minimum": 0}\n-- @param b=x dup\nboth a:n b:nope>n;a',
].join('\n\n');

test('the diagnostics of a function’s annotations and parameter names, with or without building its schema', () => {
  const { decls, env } = envOf(SOURCE);
  const fns = decls.filter((d): d is FunctionDecl => d.kind === 'FunctionDecl');
  assert.equal(fns.length, 9);
  let reported = 0;
  for (const fn of fns) {
    const expected = functionInputSchema(fn, env).diagnostics.filter((d) => !TYPE_PROBLEMS.has(d.code));
    assert.deepEqual(functionAnnotationDiagnostics(fn, env), expected, fn.name.text);
    reported += expected.length;
  }
  const codes = fns.flatMap((fn) => functionAnnotationDiagnostics(fn, env).map((d) => d.code));
  assert.ok(codes.includes('duplicate-wire-name') && codes.includes('bad-schema') && codes.includes('unknown-param'), codes.join(' '));
  assert.ok(reported >= 5);
});
