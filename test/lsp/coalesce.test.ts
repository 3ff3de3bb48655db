// A burst of keystrokes reaches the server as a queue of didChange
// notifications: the server analyses the document once, after the last one,
// and publishes diagnostics for that version only. Drives dist/server.js.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Writable } from 'node:stream';
import {
  createProtocolConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type Diagnostic,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
} from 'vscode-languageserver-protocol/node';

const root = path.resolve(__dirname, '..', '..');
const serverJs = path.join(root, 'dist', 'server.js');

let child: ChildProcess;
let conn: ProtocolConnection;
const published: PublishDiagnosticsParams[] = [];

function publishedFor(uri: string): PublishDiagnosticsParams[] {
  return published.filter((p) => p.uri === uri);
}

async function until(cond: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

before(async () => {
  assert.ok(fs.existsSync(serverJs), 'dist/server.js must be built (npm run build) before this test');
  child = spawn(process.execPath, [serverJs, '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
  conn = createProtocolConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
  conn.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => void published.push(p));
  conn.listen();
  await conn.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: {}, initializationOptions: { languageVersion: '0.11' } });
  await conn.sendNotification('initialized', {});
});

after(async () => {
  try {
    await conn.sendRequest('shutdown');
    await conn.sendNotification('exit');
  } catch {
    // already gone
  }
  conn.dispose();
  child.kill();
});

/** Diagnostics as a user sees them, with the document's own uri abstracted away. */
function shown(diags: readonly Diagnostic[], uri: string): unknown[] {
  return diags.map((d) => JSON.parse(JSON.stringify(d).split(JSON.stringify(uri).slice(1, -1)).join('<doc>')) as unknown);
}

test('a burst of changes is analysed once and published for its last version, as a fresh analysis of that text', async () => {
  const uri = 'file:///tmp/ilo-lsp-coalesce/burst.ilo';
  const start = 'dbl x:n>n;*x 2\n';
  await conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'ilo', version: 1, text: start } });
  await until(() => publishedFor(uri).length === 1, 'the diagnostics of the opened document');

  // Type a second function one character at a time. The notifications are
  // framed by the protocol library into a buffer and reach the server in one
  // write, as a fast typist's keystrokes queue up behind an analysis.
  const typed = 'use-it y:n>n;+dbl y zz';
  const frames: Buffer[] = [];
  const buffer = new StreamMessageWriter(
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        frames.push(Buffer.from(chunk));
        done();
      },
    }),
  );
  let text = start;
  for (let i = 0; i < typed.length; i++) {
    const at = { line: 1, character: i };
    await buffer.write({
      jsonrpc: '2.0',
      method: 'textDocument/didChange',
      params: { textDocument: { uri, version: i + 2 }, contentChanges: [{ range: { start: at, end: at }, text: typed[i] }] },
    } as Parameters<typeof buffer.write>[0]);
    text += typed[i];
  }
  const last = typed.length + 1;
  child.stdin!.write(Buffer.concat(frames));

  await until(() => publishedFor(uri).some((p) => p.version === last), `diagnostics of version ${last}`);
  // Nothing else comes for the document once the last version is published.
  await new Promise((r) => setTimeout(r, 300));
  const afterOpen = publishedFor(uri).slice(1);
  assert.deepEqual(
    afterOpen.map((p) => p.version),
    [last],
    'one analysis for the whole burst, published for the latest version',
  );
  const burst = afterOpen[0];
  assert.ok(burst.diagnostics.some((d) => d.code === 'ILO-T004'), 'the undefined `zz` of the final text is reported');

  // The same text opened fresh gives the same diagnostics.
  const freshUri = 'file:///tmp/ilo-lsp-coalesce/fresh.ilo';
  await conn.sendNotification('textDocument/didOpen', { textDocument: { uri: freshUri, languageId: 'ilo', version: 1, text } });
  await until(() => publishedFor(freshUri).length === 1, 'the diagnostics of the fresh document');
  assert.deepEqual(shown(burst.diagnostics, uri), shown(publishedFor(freshUri)[0].diagnostics, freshUri));
});

test('a request about a document answers for the change still waiting to be analysed', async () => {
  const uri = 'file:///tmp/ilo-lsp-coalesce/hover.ilo';
  await conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'ilo', version: 1, text: 'dbl x:n>n;*x 2\n' } });
  await until(() => publishedFor(uri).length === 1, 'the diagnostics of the opened document');
  // Rename the function and hover the new name in the same breath.
  const change = conn.sendNotification('textDocument/didChange', {
    textDocument: { uri, version: 2 },
    contentChanges: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 3 } }, text: 'twice' }],
  });
  const hover = conn.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 2 } });
  await change;
  const result = (await hover) as { contents: { value: string } } | null;
  assert.ok(result && result.contents.value.includes('twice'), JSON.stringify(result));
});
