// Starts the bundled language server (dist/server.js) over stdio the way an
// editor does, for the LSP-over-stdio tests: initialize (with the client
// capabilities a test needs), open and change documents and wait for their
// diagnostics, send requests, answer the server's own requests (settings
// through workspace/configuration, refresh requests), shut down.

import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
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
export const serverJs = path.join(root, 'dist', 'server.js');

export interface LspSession {
  conn: ProtocolConnection;
  initialized: InitializeResult;
  /** The capabilities the server announced. */
  capabilities: InitializeResult['capabilities'];
  /** The `ilo` settings answered to `workspace/configuration`; change them, then notify, to apply. */
  settings: Record<string, unknown>;
  /** Requests the server sent to the client, by method, in order. */
  serverRequests: string[];
  /** Every publishDiagnostics received, in order. */
  published: PublishDiagnosticsParams[];
  /** Messages the server logged (window/logMessage), in order. */
  logs: string[];
  /** Messages the server asked the client to show (window/showMessage), in order. */
  shown: Array<{ type: number; message: string }>;
  /** Resolves with the first logged message matching `pattern` (logged before or after this call). */
  waitForLog(pattern: RegExp): Promise<string>;
  /** Resolves with the next diagnostics published for `uri` (after this call). */
  nextDiagnostics(uri: string): Promise<PublishDiagnosticsParams>;
  /** Opens a document and waits for its first diagnostics. */
  open(uri: string, text: string, version?: number): Promise<PublishDiagnosticsParams>;
  /** Replaces a document's whole text and waits for its diagnostics. */
  change(uri: string, version: number, text: string): Promise<PublishDiagnosticsParams>;
  close(uri: string): Promise<void>;
  /** Sends a request and resolves with its result, typed by the caller. */
  request<R>(method: string, params: unknown): Promise<R>;
  /** Waits until the server has sent at least `atLeast` requests of this method; resolves with the count. */
  waitForServerRequest(method: string, atLeast?: number): Promise<number>;
  /** Shuts the server down and ends the process. */
  stop(): Promise<void>;
}

export interface StartOptions {
  /** The workspace folder (absolute path), if any. */
  workspaceFolder?: string;
  /** What the client says it supports (default: nothing). */
  capabilities?: ClientCapabilities;
  /** The `ilo` settings section answered to `workspace/configuration`. */
  settings?: Record<string, unknown>;
  /** The initialization option `languageVersion` (default 0.11). */
  languageVersion?: string;
  /** Sent as `initializationOptions` in `initialize` (an object gains `languageVersion` when it has none). */
  initializationOptions?: unknown;
}

/** Requests a server may send that the test client answers with null, and records. */
const ANSWERED_REQUESTS = [
  'workspace/codeLens/refresh',
  'workspace/inlayHint/refresh',
  'workspace/semanticTokens/refresh',
  'client/registerCapability',
];

/** What `workspace/configuration` answers for a section: `ilo` → the settings, `ilo.format` → their `format` entry. */
function settingsSection(settings: Record<string, unknown>, section: string | undefined): unknown {
  if (section === undefined) return null;
  const [head, ...rest] = section.split('.');
  if (head !== 'ilo') return null;
  let value: unknown = settings;
  for (const key of rest) value = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  return value ?? null;
}

export async function startSession(opts: StartOptions = {}): Promise<LspSession> {
  assert.ok(fs.existsSync(serverJs), 'dist/server.js must be built (npm run build) before this test');
  const child: ChildProcess = spawn(process.execPath, [serverJs, '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const conn = createProtocolConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
  const published: PublishDiagnosticsParams[] = [];
  const serverRequests: string[] = [];
  const logs: string[] = [];
  const shown: Array<{ type: number; message: string }> = [];
  const waiters: Array<() => void> = [];
  const wake = (): void => {
    for (const w of waiters.splice(0)) w();
  };
  conn.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
    published.push(p);
    wake();
  });
  conn.onNotification('window/logMessage', (p: { message: string }) => {
    logs.push(p.message);
    wake();
  });
  conn.onNotification('window/showMessage', (p: { type: number; message: string }) => {
    shown.push(p);
    wake();
  });
  const state = { settings: opts.settings ?? {} };
  conn.onRequest('workspace/configuration', (p: { items: Array<{ section?: string }> }) => {
    serverRequests.push('workspace/configuration');
    wake();
    return p.items.map((i) => settingsSection(state.settings, i.section));
  });
  for (const method of ANSWERED_REQUESTS) {
    conn.onRequest(method, () => {
      serverRequests.push(method);
      wake();
      return null;
    });
  }
  conn.listen();
  const folderUri = opts.workspaceFolder ? pathToFileURL(opts.workspaceFolder).toString() : null;
  const initialized = (await conn.sendRequest('initialize', {
    processId: process.pid,
    rootUri: folderUri,
    workspaceFolders: folderUri ? [{ uri: folderUri, name: path.basename(opts.workspaceFolder!) }] : null,
    capabilities: opts.capabilities ?? {},
    // The test programs are ilo 0.11 (without the option the server would read them at 26: no ilo on PATH).
    initializationOptions: withLevel(opts.initializationOptions, opts.languageVersion ?? '0.11'),
  })) as InitializeResult;
  await conn.sendNotification('initialized', {});

  const waitUntil = <T>(what: string, probe: () => T | undefined): Promise<T> =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), 10_000);
      const check = (): void => {
        const v = probe();
        if (v !== undefined) {
          clearTimeout(timer);
          resolve(v);
        } else {
          waiters.push(check);
        }
      };
      check();
    });

  const nextDiagnostics = (uri: string): Promise<PublishDiagnosticsParams> => {
    const already = published.length;
    return waitUntil(`diagnostics for ${uri}`, () => published.slice(already).find((p) => p.uri === uri));
  };

  return {
    conn,
    initialized,
    capabilities: initialized.capabilities,
    get settings() {
      return state.settings;
    },
    set settings(value: Record<string, unknown>) {
      state.settings = value;
    },
    serverRequests,
    published,
    logs,
    shown,
    waitForLog: (pattern) => waitUntil(`a log message matching ${pattern}`, () => logs.find((m) => pattern.test(m))),
    nextDiagnostics,
    open: async (uri, text, version = 1) => {
      const pending = nextDiagnostics(uri);
      await conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'ilo', version, text } });
      return pending;
    },
    change: async (uri, version, text) => {
      const pending = nextDiagnostics(uri);
      await conn.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [{ text }] });
      return pending;
    },
    close: async (uri) => {
      await conn.sendNotification('textDocument/didClose', { textDocument: { uri } });
    },
    request: <R>(method: string, params: unknown) => conn.sendRequest(method, params) as Promise<R>,
    waitForServerRequest: (method, atLeast = 1) =>
      waitUntil(`a ${method} request`, () => {
        const n = serverRequests.filter((m) => m === method).length;
        return n >= atLeast ? n : undefined;
      }),
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

/** The initialization options with the level the test reads its programs at (unless they name one). */
function withLevel(options: unknown, languageVersion: string): unknown {
  if (options === undefined) return { languageVersion };
  if (options === null || typeof options !== 'object' || Array.isArray(options) || Object.hasOwn(options, 'languageVersion')) return options;
  return { ...(options as Record<string, unknown>), languageVersion };
}
