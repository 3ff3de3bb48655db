// The formatter over every program of the conformance corpus, both styles:
// same tree, comments kept, idempotent, and the reference's code lines
// wherever its own output keeps the meaning. Without ../shared/corpus the
// test passes and says so (it is not skipped: it reports "corpus not present").

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { computeFormatCorpus, formatCorpusReport } from '../../scripts/format-corpus';
import { corpusDir } from '../../scripts/corpusReader';

const dir = corpusDir();

test('formatter over the corpus: meaning, comments, idempotence, agreement with the reference', (t) => {
  if (dir === undefined) {
    const note = 'corpus not present: ../shared/corpus was not found, so no corpus program was formatted';
    t.diagnostic(note);
    console.log(`format corpus: ${note}`);
    assert.equal(corpusDir(), undefined);
    return;
  }
  const r = computeFormatCorpus(dir);
  const report = formatCorpusReport(r, true);
  t.diagnostic(report);
  console.log(report);
  assert.ok(r.clean > 1000, 'the corpus has its clean programs');
  for (const style of ['dense', 'expanded'] as const) {
    const s = r.styles[style];
    assert.equal(s.formatted, r.clean, `${style}: every clean program is formatted`);
    assert.deepEqual(s.meaningChanged, [], `${style}: the tree never changes`);
    assert.deepEqual(s.commentsChanged, [], `${style}: comments are kept`);
    assert.deepEqual(s.notIdempotent, [], `${style}: a second format changes nothing`);
    assert.deepEqual(s.unchanged, [], `${style}: no file needs the last-resort fallback`);
    assert.equal(s.copiedDecls, 0, `${style}: no declaration is copied as written`);
  }
  // What we reach today (see the report): the rest differ on purpose (`xs.j` kept as written,
  // used files not inlined, control characters kept escaped).
  assert.ok(r.styles.dense.agree >= 93, report);
  assert.ok(r.styles.expanded.agree >= 83, report);
});
