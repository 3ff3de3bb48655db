// A language client for the LSP-over-stdio tests: starts the bundled server
// (dist/server.js), initializes it, answers workspace/configuration from
// settings the test can change, and collects published diagnostics. Each
// feature's test file uses one of these instead of repeating the setup.

import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  createProtocolConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
} from 'vscode-languageserver-protocol/node';

export const SERVER_JS = path.join(path.resolve(__dirname, '..', '..'), 'dist', 'server.js');

export interface LspClient {
  conn: ProtocolConnection;
  /** The server's initialize result. */
  capabilities: Record<string, unknown>;
  /** What workspace/configuration answers: section (`ilo.format`) → its value. Change it at will. */
  settings: Record<string, unknown>;
  /** Opens a document and waits for its first diagnostics. */
  open(uri: string, text: string): Promise<PublishDiagnosticsParams>;
  /** The next diagnostics published for `uri`. */
  nextDiagnostics(uri: string): Promise<PublishDiagnosticsParams>;
  close(): Promise<void>;
}

export interface StartOptions {
  /** Announce workspace/configuration support (the server then asks for settings). Default true. */
  configuration?: boolean;
  settings?: Record<string, unknown>;
}

export async function startClient(opts: StartOptions = {}): Promise<LspClient> {
  assert.ok(fs.existsSync(SERVER_JS), 'dist/server.js must be built (npm run build) before this test');
  const child: ChildProcess = spawn(process.execPath, [SERVER_JS, '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const conn = createProtocolConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
  const published: PublishDiagnosticsParams[] = [];
  const waiters: Array<() => void> = [];
  const settings: Record<string, unknown> = { ...(opts.settings ?? {}) };
  conn.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
    published.push(p);
    for (const w of waiters.splice(0)) w();
  });
  conn.onRequest('workspace/configuration', (p: { items: Array<{ section?: string }> }) =>
    p.items.map((item) => (item.section === undefined ? null : (settings[item.section] ?? null))),
  );
  conn.listen();

  const nextDiagnostics = (uri: string): Promise<PublishDiagnosticsParams> => {
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
  };

  const init = (await conn.sendRequest('initialize', {
    processId: process.pid,
    rootUri: null,
    capabilities: { workspace: { configuration: opts.configuration !== false } },
  })) as { capabilities: Record<string, unknown> };
  await conn.sendNotification('initialized', {});

  return {
    conn,
    capabilities: init.capabilities,
    settings,
    nextDiagnostics,
    async open(uri, text) {
      const pending = nextDiagnostics(uri);
      await conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'ilo', version: 1, text } });
      return pending;
    },
    async close() {
      try {
        await conn.sendRequest('shutdown');
        await conn.sendNotification('exit');
      } catch {
        // the server may already be gone
      }
      conn.dispose();
      child.kill();
    },
  };
}
