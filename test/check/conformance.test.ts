// Issue 3's measure, enforced whenever ../shared/corpus is present: parse →
// use → verify agrees with the reference (clean ⇔ clean on ≥ 98% of the
// snippets, same code multiset on ≥ 95%) and reports no error on any clean
// example file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { corpusDir } from '../../scripts/corpusReader';
import { formatVerifierReport, runVerifierConformance } from '../../scripts/conformanceVerifier';

const dir = corpusDir();

test('verifier conformance with the reference on the corpus', { skip: dir === undefined ? 'corpus not present' : false }, () => {
  const r = runVerifierConformance(dir as string);
  const report = formatVerifierReport(r, true);
  const s = r.snippets;
  assert.ok(s.length > 1000, 'the corpus has its snippets');
  assert.ok(s.filter((o) => o.cleanAgrees).length >= 0.98 * s.length, report);
  assert.ok(s.filter((o) => o.codesAgree).length >= 0.95 * s.length, report);
  assert.deepEqual(
    r.examples.filter((o) => !o.refError && o.ourError).map((o) => o.id),
    [],
    report,
  );
});
