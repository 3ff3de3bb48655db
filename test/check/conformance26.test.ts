// Issue 27's measure at level 26, enforced whenever ../shared/corpus/ilo26 is
// present: no error on any runnable upstream example, no verifier error on
// any snippet whose upstream test expects none, the expected code found on
// ≥ 95% of the snippets that expect one and on ≥ 90% of those whose code is
// new since 0.11.6.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatLevel26Report, level26Figures, runLevel26Conformance } from '../../scripts/conformance26';
import { level26CorpusDir } from '../../scripts/corpusReader';

const dir = level26CorpusDir();

test('level-26 conformance on the ilo26 corpus', { skip: dir === undefined ? 'corpus not present' : false }, () => {
  const r = runLevel26Conformance(dir as string);
  const report = formatLevel26Report(r, true);
  const f = level26Figures(r);
  assert.ok(f.runnable >= 40 && f.expecting >= 100, 'the corpus has its examples and snippets');
  assert.deepEqual(r.examples.filter((e) => e.runnable && e.errors.length > 0).map((e) => `${e.file}: ${e.errors.join(' | ')}`), [], report);
  // The verifier's share of "clean snippets stay clean" (parse codes are the parser's measure).
  const verifierErrors = r.snippets.filter((s) => s.expected.length === 0 && s.ourErrors.some((c) => /^ILO-[TWE]/.test(c)));
  assert.deepEqual(verifierErrors.map((s) => `${s.index}: ${s.ours.join(' ')}`), [], report);
  assert.ok(f.expectedFound >= 0.95 * f.expecting, report);
  assert.ok(f.expectedNewFound >= 0.9 * f.expectingNew, report);
});
