// Drives the bundled language server (dist/server.js) over stdio the way an
// editor does, and checks the diagnostics it publishes after each step.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  createProtocolConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
} from 'vscode-languageserver-protocol/node';
import { serverExecArgv } from '../../client/src/serverLaunch';

const root = path.resolve(__dirname, '..', '..');
const serverJs = path.join(root, 'dist', 'server.js');

let child: ChildProcess;
let conn: ProtocolConnection;
const published: PublishDiagnosticsParams[] = [];
const waiters: Array<() => void> = [];

/** Resolves with the next diagnostics published for `uri`. */
function nextDiagnostics(uri: string): Promise<PublishDiagnosticsParams> {
  const already = published.length;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no diagnostics published for ${uri}`)), 10_000);
    const check = (): void => {
      for (let i = already; i < published.length; i++) {
        if (published[i].uri === uri) {
          clearTimeout(timer);
          resolve(published[i]);
          return;
        }
      }
      waiters.push(check);
    };
    check();
  });
}

function codes(p: PublishDiagnosticsParams): string[] {
  return p.diagnostics.map((d) => String(d.code));
}

before(async () => {
  assert.ok(fs.existsSync(serverJs), 'dist/server.js must be built (npm run build) before this test');
  // Started as the extension starts it on a 2-core machine (with its node flags).
  child = spawn(process.execPath, [...serverExecArgv(2), serverJs, '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
  conn = createProtocolConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
  conn.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
    published.push(p);
    for (const w of waiters.splice(0)) w();
  });
  conn.listen();
  const init = await conn.sendRequest('initialize', {
    processId: process.pid,
    rootUri: null,
    capabilities: {},
    initializationOptions: { languageVersion: '0.11' },
  });
  assert.equal((init as { capabilities: { textDocumentSync: { change: number } } }).capabilities.textDocumentSync.change, 2);
  await conn.sendNotification('initialized', {});
});

after(async () => {
  try {
    await conn.sendRequest('shutdown');
    await conn.sendNotification('exit');
  } catch {
    // the server may already be gone
  }
  conn.dispose();
  child.kill();
});

test('diagnostics follow a series of incremental edits, and clear when fixed', async () => {
  const uri = 'file:///tmp/ilo-lsp-test/edits.ilo';
  // 1. A prefix `+` with no operands: the reference's "expected expression, got end of input".
  let pending = nextDiagnostics(uri);
  await conn.sendNotification('textDocument/didOpen', {
    textDocument: { uri, languageId: 'ilo', version: 1, text: 'dbl x:n>n;+' },
  });
  let diags = await pending;
  assert.deepEqual(codes(diags), ['ILO-P010']);
  assert.equal(diags.diagnostics[0].source, 'ilo');
  assert.equal(diags.diagnostics[0].range.start.line, 0);

  // 2. Complete the expression with an incremental insert at the end: clean.
  pending = nextDiagnostics(uri);
  await conn.sendNotification('textDocument/didChange', {
    textDocument: { uri, version: 2 },
    contentChanges: [{ range: { start: { line: 0, character: 11 }, end: { line: 0, character: 11 } }, text: 'x x' }],
  });
  diags = await pending;
  assert.deepEqual(codes(diags), [], 'the fixing edit clears the error');

  // 3. Add a second function that reads an undefined variable: a verifier error on line 2.
  pending = nextDiagnostics(uri);
  await conn.sendNotification('textDocument/didChange', {
    textDocument: { uri, version: 3 },
    contentChanges: [{ range: { start: { line: 0, character: 14 }, end: { line: 0, character: 14 } }, text: '\nneg y:n>n;-zz' }],
  });
  diags = await pending;
  assert.deepEqual(codes(diags), ['ILO-T004']);
  assert.equal(diags.diagnostics[0].range.start.line, 1);

  // 4. Rename the variable: clean again.
  pending = nextDiagnostics(uri);
  await conn.sendNotification('textDocument/didChange', {
    textDocument: { uri, version: 4 },
    contentChanges: [{ range: { start: { line: 1, character: 11 }, end: { line: 1, character: 13 } }, text: 'y' }],
  });
  diags = await pending;
  assert.deepEqual(codes(diags), []);

  // 5. Closing the document clears its diagnostics.
  pending = nextDiagnostics(uri);
  await conn.sendNotification('textDocument/didClose', { textDocument: { uri } });
  diags = await pending;
  assert.deepEqual(diags.diagnostics, []);
});

test('a missing import is reported, and re-checked when the file appears on disk', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilo-lsp-'));
  const mainPath = path.join(dir, 'main.ilo');
  const libPath = path.join(dir, 'lib.ilo');
  const uri = pathToFileURL(mainPath).toString();
  let pending = nextDiagnostics(uri);
  await conn.sendNotification('textDocument/didOpen', {
    textDocument: { uri, languageId: 'ilo', version: 1, text: 'use "lib.ilo"\nrun n:n>n;twice n' },
  });
  let diags = await pending;
  assert.ok(codes(diags).includes('ILO-P017'), `expected ILO-P017, got ${codes(diags).join(',')}`);

  fs.writeFileSync(libPath, 'twice n:n>n;*n 2\n');
  pending = nextDiagnostics(uri);
  await conn.sendNotification('workspace/didChangeWatchedFiles', {
    changes: [{ uri: pathToFileURL(libPath).toString(), type: 1 }],
  });
  diags = await pending;
  assert.deepEqual(codes(diags), [], 'the import resolves once the file exists');
  fs.rmSync(dir, { recursive: true, force: true });
});

test('hover on a tool shows its MCP definition; the export command returns the manifest', async () => {
  const uri = 'file:///tmp/ilo-lsp-test/tools.ilo';
  const text = [
    'type profile{id:t;name:t}',
    '-- @param uid The user id',
    'tool get-user"Retrieve a user by id" uid:t>R profile t timeout:5,retry:2',
    '',
  ].join('\n');
  const pending = nextDiagnostics(uri);
  await conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'ilo', version: 1, text } });
  await pending;

  const hover = (await conn.sendRequest('textDocument/hover', {
    textDocument: { uri },
    position: { line: 2, character: 7 },
  })) as { contents: { value: string } } | null;
  assert.ok(hover, 'a hover is returned on the tool name');
  const block = /\*\*MCP tool definition\*\*.*\n\n```json\n([\s\S]*?)\n```/.exec(hover.contents.value);
  assert.ok(block, hover.contents.value);
  const tool = JSON.parse(block[1]) as { name: string; inputSchema: { properties: Record<string, { type: string; description?: string }>; required: string[] }; outputSchema: { properties: Record<string, unknown> } };
  assert.equal(tool.name, 'get-user');
  assert.deepEqual(tool.inputSchema.required, ['uid']);
  assert.equal(tool.inputSchema.properties.uid.type, 'string');
  assert.equal(tool.inputSchema.properties.uid.description, 'The user id');
  assert.deepEqual(Object.keys(tool.outputSchema.properties), ['id', 'name']);

  const exported = (await conn.sendRequest('workspace/executeCommand', {
    command: 'ilo.server.export',
    arguments: [{ uri, format: 'mcp' }],
  })) as { content: string; toolCount: number; omitted: unknown[] };
  assert.equal(exported.toolCount, 1);
  assert.deepEqual(exported.omitted, []);
  const manifest = JSON.parse(exported.content) as { tools: Array<{ name: string }> };
  assert.deepEqual(manifest.tools.map((t) => t.name), ['get-user']);

  // An A2A agent card: named after the file, at the URL the client passes; none without a URL.
  const a2a = (await conn.sendRequest('workspace/executeCommand', {
    command: 'ilo.server.export',
    arguments: [{ uri, format: 'a2a', baseUrl: 'https://agents.example.com/tools' }],
  })) as { content: string; toolCount: number };
  const card = JSON.parse(a2a.content) as { name: string; supportedInterfaces: Array<{ url: string }>; skills: Array<{ id: string }> };
  assert.equal(card.name, 'tools');
  assert.equal(card.supportedInterfaces[0].url, 'https://agents.example.com/tools');
  assert.deepEqual(card.skills.map((s) => s.id), ['get-user']);
  await assert.rejects(
    conn.sendRequest('workspace/executeCommand', { command: 'ilo.server.export', arguments: [{ uri, format: 'a2a' }] }),
    /needs the URL the agent is served at/,
  );
  await conn.sendNotification('textDocument/didClose', { textDocument: { uri } });
});
