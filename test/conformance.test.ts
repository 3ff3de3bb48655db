// The measure, enforced: whenever ../shared/corpus is present, the
// parser must report no false syntax errors on the clean example files and
// must find the reference's first lexer/parser error (code and line) on at
// least 98% of the programs that have one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { computeConformance, formatReport } from '../scripts/conformance';
import { corpusDir } from '../scripts/corpusReader';

const dir = corpusDir();

test('conformance with the reference on the corpus', { skip: dir === undefined ? 'corpus not present' : false }, () => {
  const r = computeConformance(dir as string);
  const report = formatReport(r);
  assert.deepEqual(r.cleanExamplesWithFalseErrors, [], report);
  assert.ok(r.withSyntaxError > 0, 'the corpus has programs with syntax errors');
  assert.ok(r.codeLineMatch >= 0.98 * r.withSyntaxError, report);
});
