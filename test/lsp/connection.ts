// A language server started from the bundle (dist/server.js) and spoken to
// over stdio, the way an editor does: for the LSP-over-stdio tests of each
// feature. `startServer` initializes it (optionally with a workspace folder);
// `open` opens a document and waits for its first diagnostics; `request`
// sends any request.

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
  type ServerCapabilities,
} from 'vscode-languageserver-protocol/node';

export const SERVER_JS = path.resolve(__dirname, '..', '..', 'dist', 'server.js');

export interface LspServer {
  conn: ProtocolConnection;
  capabilities: ServerCapabilities;
  /** Opens a document and resolves with the first diagnostics published for it. */
  open(uri: string, text: string): Promise<PublishDiagnosticsParams>;
  close(uri: string): Promise<void>;
  request<R>(method: string, params: unknown): Promise<R>;
  /** Shuts the server down and ends its process. */
  stop(): Promise<void>;
}

export async function startServer(opts: { rootUri?: string | null; workspaceFolders?: Array<{ uri: string; name: string }> } = {}): Promise<LspServer> {
  assert.ok(fs.existsSync(SERVER_JS), 'dist/server.js must be built (npm run build) before this test');
  const child: ChildProcess = spawn(process.execPath, [SERVER_JS, '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const conn = createProtocolConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
  const published: PublishDiagnosticsParams[] = [];
  const waiters: Array<() => void> = [];
  conn.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
    published.push(p);
    for (const w of waiters.splice(0)) w();
  });
  conn.listen();
  const init = (await conn.sendRequest('initialize', {
    processId: process.pid,
    rootUri: opts.rootUri ?? null,
    workspaceFolders: opts.workspaceFolders ?? null,
    capabilities: {},
  })) as { capabilities: ServerCapabilities };
  await conn.sendNotification('initialized', {});

  const nextDiagnostics = (uri: string): Promise<PublishDiagnosticsParams> => {
    const already = published.length;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no diagnostics published for ${uri}`)), 10_000);
      const check = (): void => {
        const hit = published.slice(already).find((p) => p.uri === uri);
        if (hit) {
          clearTimeout(timer);
          resolve(hit);
        } else {
          waiters.push(check);
        }
      };
      check();
    });
  };

  return {
    conn,
    capabilities: init.capabilities,
    async open(uri, text) {
      const pending = nextDiagnostics(uri);
      await conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'ilo', version: 1, text } });
      return pending;
    },
    async close(uri) {
      await conn.sendNotification('textDocument/didClose', { textDocument: { uri } });
    },
    request: <R>(method: string, params: unknown) => conn.sendRequest(method, params) as Promise<R>,
    async stop() {
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
