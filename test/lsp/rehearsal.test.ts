// The edit rehearsal in a real server process (dist/server.js over stdio):
// after a large file is opened the server rehearses edits while idle, and
// the user sees nothing of it: no extra publishes, and requests and edits
// sent in the middle of it answer for the text the editor holds.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Hover, PublishDiagnosticsParams } from 'vscode-languageserver-protocol/node';
import { LanguageService } from '../../server/src/service/languageService';
import { startSession } from './connection';
import { bigProgram } from '../helpers/bigProgram';
import { START_DELAY_MS } from '../../server/src/lsp/idleWarmUp';

const URI = 'file:///tmp/ilo-rehearsal-lsp/big.ilo';

/** The diagnostics an in-process service publishes for `text` opened fresh. */
function freshDiagnostics(text: string): PublishDiagnosticsParams['diagnostics'] {
  return new LanguageService().setDocument(URI, text, 1).find((p) => p.uri === URI)!.diagnostics;
}

test('a large file: the rehearsal runs while idle and publishes nothing', async () => {
  const s = await startSession();
  try {
    const text = bigProgram(80);
    const opened = await s.open(URI, text);
    const log = await s.waitForLog(/rehearsed edits in idle time/);
    assert.match(log, /\d+ analyses/);
    assert.doesNotMatch(log, /cut short/);
    // A round trip, so anything the server sent before its answer has arrived.
    await s.request('textDocument/documentSymbol', { textDocument: { uri: URI } });
    assert.equal(s.published.filter((p) => p.uri === URI).length, 1, 'only the open was published');
    assert.deepEqual(opened.diagnostics, freshDiagnostics(text));
    const edited = text.replace('nope-ab', 'get-ab');
    const after = await s.change(URI, 2, edited);
    assert.equal(after.version, 2);
    assert.deepEqual(after.diagnostics, freshDiagnostics(edited));
  } finally {
    await s.stop();
  }
});

test('a large file: a hover and edits sent during the rehearsal answer for the editor text', async () => {
  const s = await startSession();
  try {
    const text = bigProgram(200);
    await s.open(URI, text);
    // Past the quiet time the rehearsal is under way; these interrupt it.
    await new Promise((resolve) => setTimeout(resolve, START_DELAY_MS + 50));
    const line = text.split('\n').findIndex((l) => l.startsWith('get-ab'));
    const hover = await s.request<Hover | null>('textDocument/hover', { textDocument: { uri: URI }, position: { line, character: 1 } });
    assert.match(JSON.stringify(hover?.contents), /get-ab/);
    let doc = text;
    for (let v = 2; v <= 4; v++) {
      doc = doc.replace(/nope-a[a-z]/, 'get-ab');
      const p = await s.change(URI, v, doc);
      assert.equal(p.version, v);
      assert.deepEqual(p.diagnostics, freshDiagnostics(doc), `version ${v}`);
    }
    assert.match(await s.waitForLog(/rehearsed edits/), /[1-9]\d* analyses .*cut short by a message/);
  } finally {
    await s.stop();
  }
});
