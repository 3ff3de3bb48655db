// Level 26 over ../shared/corpus/ilo26 (issue 26): no lexer/parser error on a
// runnable example, every parse code a snippet expects, and the formatter's
// round trip (both styles: same tree at level 26, comments kept, idempotent,
// nothing copied) on every example that parses. Without the corpus the test
// passes and says so.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatLevel26SyntaxReport, level26SyntaxTargetsMet, runLevel26Syntax } from '../../scripts/conformance26Parse';
import { level26CorpusDir } from '../../scripts/corpusReader';

const dir = level26CorpusDir();

test('level 26: syntax and formatter over the ilo26 corpus', (t) => {
  if (dir === undefined) {
    t.diagnostic('corpus not present: ../shared/corpus/ilo26 was not found');
    return;
  }
  const r = runLevel26Syntax(dir);
  const report = formatLevel26SyntaxReport(r, true);
  t.diagnostic(report);
  assert.ok(r.runnable >= 40, 'the corpus has its runnable examples');
  assert.deepEqual(r.runnableWithErrors, [], report);
  assert.equal(r.expectingFound, r.expecting.length, report);
  assert.ok(r.formatClean >= 130, report);
  for (const style of ['expanded', 'dense'] as const) {
    assert.equal(r.format[style].copiedDecls, 0, `${style}: no declaration copied\n${report}`);
  }
  assert.ok(level26SyntaxTargetsMet(r), report);
});
