// Starts the bundled language server (dist/server.js) over stdio the way an
// editor does, for the LSP-over-stdio tests: initialize, open documents and
// wait for their diagnostics, send requests, shut down.

import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  createProtocolConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type InitializeResult,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
} from 'vscode-languageserver-protocol/node';

const root = path.resolve(__dirname, '..', '..');
export const serverJs = path.join(root, 'dist', 'server.js');

export interface LspSession {
  conn: ProtocolConnection;
  initialized: InitializeResult;
  /** The capabilities the server announced. */
  capabilities: InitializeResult['capabilities'];
  /** Resolves with the next diagnostics published for `uri` (after this call). */
  nextDiagnostics(uri: string): Promise<PublishDiagnosticsParams>;
  /** Opens a document and waits for its first diagnostics. */
  open(uri: string, text: string, version?: number): Promise<PublishDiagnosticsParams>;
  close(uri: string): Promise<void>;
  /** Sends a request and resolves with its result, typed by the caller. */
  request<R>(method: string, params: unknown): Promise<R>;
  /** Shuts the server down and ends the process. */
  stop(): Promise<void>;
}

export interface StartOptions {
  /** The workspace folder (absolute path), if any. */
  workspaceFolder?: string;
}

export async function startSession(opts: StartOptions = {}): Promise<LspSession> {
  assert.ok(fs.existsSync(serverJs), 'dist/server.js must be built (npm run build) before this test');
  const child: ChildProcess = spawn(process.execPath, [serverJs, '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const conn = createProtocolConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
  const published: PublishDiagnosticsParams[] = [];
  const waiters: Array<() => void> = [];
  conn.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
    published.push(p);
    for (const w of waiters.splice(0)) w();
  });
  conn.listen();
  const folderUri = opts.workspaceFolder ? pathToFileURL(opts.workspaceFolder).toString() : null;
  const initialized = (await conn.sendRequest('initialize', {
    processId: process.pid,
    rootUri: folderUri,
    workspaceFolders: folderUri ? [{ uri: folderUri, name: path.basename(opts.workspaceFolder!) }] : null,
    capabilities: {},
  })) as InitializeResult;
  await conn.sendNotification('initialized', {});

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

  return {
    conn,
    initialized,
    capabilities: initialized.capabilities,
    nextDiagnostics,
    open: async (uri, text, version = 1) => {
      const pending = nextDiagnostics(uri);
      await conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'ilo', version, text } });
      return pending;
    },
    close: async (uri) => {
      await conn.sendNotification('textDocument/didClose', { textDocument: { uri } });
    },
    request: <R>(method: string, params: unknown) => conn.sendRequest(method, params) as Promise<R>,
    stop: async () => {
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
