// Diagnostics the LanguageService publishes as documents open, change and
// close: a file and the open files that use it, and the drift a
// verification run reports.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Diagnostic } from '../../server/src/diagnostics';
import { LanguageService } from '../../server/src/service/languageService';
import { diagnosticsFor, offsetOf, openMany, tempDir } from './helpers';

test('editing an open imported file re-checks the file that uses it', () => {
  const dir = tempDir('ilo-deps-');
  const libUri = pathToFileURL(path.join(dir, 'lib.ilo')).toString();
  const mainUri = pathToFileURL(path.join(dir, 'main.ilo')).toString();
  const service = new LanguageService();
  service.setDocument(libUri, 'twice n:n>n;*n 2\n', 1);
  const [main] = service.setDocument(mainUri, 'use "lib.ilo"\nrun n:n>n;twice n\n', 1);
  assert.deepEqual(main.diagnostics, []);
  const published = service.setDocument(libUri, 'double n:n>n;*n 2\n', 2);
  const again = published.find((p) => p.uri === mainUri);
  assert.ok(again, 'the dependant is republished');
  assert.deepEqual(again.diagnostics.map((d) => d.code), ['ILO-T005']);
});

test('calls to a used function do not group by its arity at level 0.11 (the reference parses before it reads used files)', () => {
  const dir = tempDir('ilo-arity-');
  const libUri = pathToFileURL(path.join(dir, 'lib.ilo')).toString();
  const mainUri = pathToFileURL(path.join(dir, 'main.ilo')).toString();
  const service = new LanguageService();
  service.setDocument(libUri, 'inc x:n>n;+x 1\n', 1);
  // reference: ILO-P001 2:18 (the `1` left over after `+ inc n`), ILO-T009 2:11 (`+` of a function and a number)
  const [first] = service.setDocument(mainUri, 'use "lib.ilo"\nrun n:n>n;+inc n 1\n', 1);
  assert.deepEqual(first.diagnostics.map((d) => `${d.code} ${d.range.start.line + 1}:${d.range.start.character + 1}`).sort(), ['ILO-P001 2:18', 'ILO-T009 2:11']);
  // reference: clean (a call at the head of a statement takes what follows, whatever the callee)
  const [edited] = service.setDocument(mainUri, 'use "lib.ilo"\nrun n:n>n;r=inc n;+r 1\n', 2);
  assert.deepEqual(edited.diagnostics, []);
  // The used function's arity changes: the call is checked against it (reference: ILO-T006).
  const published = service.setDocument(libUri, 'inc x:n y:n>n;+x y\n', 2);
  const rechecked = published.find((p) => p.uri === mainUri);
  assert.deepEqual(rechecked?.diagnostics.map((d) => d.code), ['ILO-T006']);
});

test('closing an edited imported file clears its problems and re-checks its users against the disk', () => {
  const ws = openMany(
    { 'lib.ilo': 'twice n:n>n;*n 2\n', 'main.ilo': 'use "lib.ilo"\nrun n:n>n;twice n\n' },
    { open: ['lib.ilo', 'main.ilo'] },
  );
  ws.edit('lib.ilo', 'double n:n>n;*n 2\nbad>n;zz\n');
  assert.deepEqual(ws.diagnostics('lib.ilo').map((d) => d.code), ['ILO-T004']);
  assert.deepEqual(ws.diagnostics('main.ilo').map((d) => d.code), ['ILO-T005'], 'main sees the unsaved buffer');

  const published = ws.service.closeDocument(ws.uriOf('lib.ilo'));
  assert.deepEqual(diagnosticsFor(published, ws.uriOf('lib.ilo')), [], 'the closed file is cleared');
  assert.deepEqual(diagnosticsFor(published, ws.uriOf('main.ilo')), [], 'main is back to the file on disk, which declares twice');
  assert.deepEqual(ws.service.closeDocument(ws.uriOf('lib.ilo')), [], 'closing it again publishes nothing');
});

test('drift from a verification run is shown on open and closed files, and the next run replaces it', () => {
  const ws = openMany(
    {
      'docs.ilo': 'tool ⟦get-doc⟧"Read a document" id:t>R t t\n',
      'admin.ilo': '-- removed upstream\ntool ⟦drop-doc⟧"Delete a document" id:t>R t t\n',
    },
    { open: ['docs.ilo'] },
  );
  const pathOf = (name: string): string => path.join(ws.dir, name);
  const driftAt = (name: string, code: string, message: string): Diagnostic => {
    const { text, ranges } = ws.file(name);
    return { code, source: 'ilo-contracts', severity: 'warning', start: offsetOf(text, ranges[0].start), end: offsetOf(text, ranges[0].end), message };
  };
  const docsUri = ws.uriOf('docs.ilo');
  const adminUri = ws.uriOf('admin.ilo');

  const run1 = new Map([
    [pathOf('docs.ilo'), [driftAt('docs.ilo', 'tool-changed', 'get-doc changed on the server')]],
    [pathOf('admin.ilo'), [driftAt('admin.ilo', 'tool-removed', 'drop-doc is gone')]],
  ]);
  const first = ws.service.setDrift(run1, new Map());
  const onOpen = diagnosticsFor(first, docsUri);
  assert.deepEqual(onOpen?.map((d) => [d.code, d.range]), [['tool-changed', ws.file('docs.ilo').ranges[0]]]);
  const onClosed = diagnosticsFor(first, adminUri);
  assert.deepEqual(onClosed?.map((d) => [d.code, d.range]), [['tool-removed', ws.file('admin.ilo').ranges[0]]], 'placed in the closed file read from disk');

  const edited = ws.edit('docs.ilo', 'tool get-doc"Read a document" id:t>R t t\n');
  assert.deepEqual(diagnosticsFor(edited, docsUri)?.map((d) => d.code), ['tool-changed'], 'drift stays until the next run');

  const second = ws.service.setDrift(new Map([[pathOf('docs.ilo'), []]]), new Map());
  assert.deepEqual(diagnosticsFor(second, docsUri), []);
  assert.deepEqual(diagnosticsFor(second, adminUri), [], 'the closed file of the last run is cleared');
});
