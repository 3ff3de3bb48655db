// A language client for the LSP-over-stdio tests: starts the bundled server
// (dist/server.js) as an editor does, answers its requests to the client
// (settings, refreshes), and waits for published diagnostics.

import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  createProtocolConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type ClientCapabilities,
  type InitializeResult,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
} from 'vscode-languageserver-protocol/node';

const root = path.resolve(__dirname, '..', '..');
export const SERVER_JS = path.join(root, 'dist', 'server.js');

export interface TestClient {
  conn: ProtocolConnection;
  init: InitializeResult;
  /** Requests the server sent to the client, by method, in order. */
  serverRequests: string[];
  /** The `ilo` settings the client answers `workspace/configuration` with; change and notify to apply. */
  settings: Record<string, unknown>;
  /** Resolves with the next diagnostics published for `uri` after the call. */
  nextDiagnostics(uri: string): Promise<PublishDiagnosticsParams>;
  /** Opens a document and waits for its first diagnostics. */
  openDocument(uri: string, text: string): Promise<PublishDiagnosticsParams>;
  /** Replaces a document's whole text and waits for its diagnostics. */
  changeDocument(uri: string, version: number, text: string): Promise<PublishDiagnosticsParams>;
  /** Waits until the server has sent a request of this method (returns how many it has sent). */
  waitForServerRequest(method: string, atLeast?: number): Promise<number>;
  close(): Promise<void>;
}

/** Starts the server and completes `initialize` with the given client capabilities. */
export async function startClient(capabilities: ClientCapabilities = {}, settings: Record<string, unknown> = {}): Promise<TestClient> {
  assert.ok(fs.existsSync(SERVER_JS), 'dist/server.js must be built (npm run build) before this test');
  const child: ChildProcess = spawn(process.execPath, [SERVER_JS, '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const conn = createProtocolConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
  const published: PublishDiagnosticsParams[] = [];
  const serverRequests: string[] = [];
  const waiters: Array<() => void> = [];
  const wake = (): void => {
    for (const w of waiters.splice(0)) w();
  };
  conn.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
    published.push(p);
    wake();
  });
  const client = { settings } as TestClient;
  conn.onRequest('workspace/configuration', (p: { items: Array<{ section?: string }> }) => {
    serverRequests.push('workspace/configuration');
    wake();
    return p.items.map((i) => (i.section === 'ilo' ? client.settings : null));
  });
  for (const method of ['workspace/codeLens/refresh', 'workspace/inlayHint/refresh', 'workspace/semanticTokens/refresh', 'client/registerCapability']) {
    conn.onRequest(method, () => {
      serverRequests.push(method);
      wake();
      return null;
    });
  }
  conn.listen();
  const init = (await conn.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities })) as InitializeResult;
  await conn.sendNotification('initialized', {});

  const waitUntil = <T>(what: string, probe: () => T | undefined): Promise<T> =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), 10_000);
      const check = (): void => {
        const v = probe();
        if (v !== undefined) {
          clearTimeout(timer);
          resolve(v);
        } else waiters.push(check);
      };
      check();
    });

  const nextDiagnostics = (uri: string): Promise<PublishDiagnosticsParams> => {
    const already = published.length;
    return waitUntil(`diagnostics for ${uri}`, () => published.slice(already).find((p) => p.uri === uri));
  };

  Object.assign(client, {
    conn,
    init,
    serverRequests,
    nextDiagnostics,
    async openDocument(uri: string, text: string) {
      const pending = nextDiagnostics(uri);
      await conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'ilo', version: 1, text } });
      return pending;
    },
    async changeDocument(uri: string, version: number, text: string) {
      const pending = nextDiagnostics(uri);
      await conn.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [{ text }] });
      return pending;
    },
    waitForServerRequest(method: string, atLeast = 1) {
      return waitUntil(`a ${method} request`, () => {
        const n = serverRequests.filter((m) => m === method).length;
        return n >= atLeast ? n : undefined;
      });
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
  } satisfies Omit<TestClient, 'settings'>);
  return client;
}
