// The random LSP edit run (`npm run fuzz:edits`, scripts/fuzzEdits.ts) at a
// fixed seed and a small size, on programs of our own: the document is kept
// as the server keeps it (EditorDocument, LSP incremental changes) and
// analysed by one long-lived LanguageService after each batch; what it
// publishes must always equal what a new LanguageService publishes for the
// same text. A third of the edits insert random Unicode.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BUILT_IN_PROGRAMS, runEditFuzz, type Mismatch } from '../../scripts/fuzzEdits';

for (const seed of [1, 7]) {
  test(`1,500 random LSP edits (seed ${seed}): incremental diagnostics equal fresh ones after every batch`, () => {
    const mismatches: Mismatch[] = [];
    const r = runEditFuzz({ programs: BUILT_IN_PROGRAMS, edits: 1500, seed, onMismatch: (m) => mismatches.push(m) });
    const first = mismatches[0];
    assert.equal(
      r.mismatches,
      0,
      first && `edit ${first.edit}:\n${first.text}\nincremental ${JSON.stringify(first.incremental)}\nfresh ${JSON.stringify(first.fresh)}`,
    );
    assert.deepEqual(r.exceptions, []);
    assert.equal(r.internalErrors, 0);
    assert.equal(r.edits, 1500);
    // The run reached what it is meant to: non-ASCII text, and lexical, parse and verifier diagnostics.
    assert.ok(r.unicodeEdits > 300, `${r.unicodeEdits} edits with non-ASCII text`);
    assert.ok(r.withLexical > 0 && r.withParse > 0 && r.withVerifier > 0, JSON.stringify(r));
  });
}
