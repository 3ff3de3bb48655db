// One upstream MCP server behind the gate, through the official SDK client
// (stdio or Streamable HTTP): started once, listed on demand, called with a
// deadline. It reports when its tool list changes and when it goes away; a
// call to a server that is gone, that does not answer in time, or whose
// answer is over the message size limit, rejects with an UpstreamError (the
// gate turns it into a tool error and keeps serving the other servers).
//
// Nothing the server says is kept verbatim for the log: `logReason` of an
// UpstreamError is made of the gate's own words, a category and sizes; its
// stderr is counted, never stored; the server's error text goes only to the
// caller of the call it answered.

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { PromptListChangedNotificationSchema, ResourceListChangedNotificationSchema, ResultSchema, ToolListChangedNotificationSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { listAllItems, listedKinds, type PrimitiveListKind, type RawItem } from '../contracts/mcp/primitiveList';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { listAllTools, McpListError, type InputProblem, type RawTool, type ServerConfig } from '../contracts/mcp';
import { installBoundedReader, MESSAGE_TOO_LARGE, DEFAULT_MAX_MESSAGE_BYTES } from './boundedRead';
import { PendingRequests } from './pendingRequests';
import { boundedFetch } from './boundedFetch';
import { errorShape } from './logShapes';

export type UpstreamErrorKind = 'down' | 'timeout' | 'failed' | 'too-large';

export class UpstreamError extends Error {
  constructor(
    readonly server: string,
    message: string,
    /** `down`: not running or went away; `timeout`: no answer in time; `failed`: answered with an error (its message may echo arguments); `too-large`: over the size limit. */
    readonly kind: UpstreamErrorKind = 'down',
    /** The same for the log: no text from the server. */
    readonly logReason: string = message,
  ) {
    super(message);
    this.name = 'UpstreamError';
  }
}

export interface UpstreamOptions {
  /** Deadline for starting and for each listing (ms). */
  startTimeoutMs: number;
  /** Deadline for one call (ms). */
  callTimeoutMs: number;
  /** Largest message accepted from the server (bytes). */
  maxMessageBytes?: number;
  cwd?: string;
  onListChanged: () => void;
  /** Called once when the connection ends unexpectedly (crash, exit, network). */
  onDown: (reason: string) => void;
  /** A message from the server was over the limit (its size, never its content). */
  onOversize?: (bytes: number) => void;
}

/** Why a server could not be started, in the gate's own words (no stderr, no server text). */
function startFailure(name: string, config: ServerConfig, e: unknown): string {
  const failure = e instanceof McpListError ? e.failure : undefined;
  const err = e as NodeJS.ErrnoException;
  if (config.kind === 'stdio') {
    if (err?.code === 'ENOENT') return `could not start MCP server \`${name}\`: the command \`${config.command}\` was not found (check "command" in the config and that it is on PATH)`;
    if (err?.code === 'EACCES') return `could not start MCP server \`${name}\`: \`${config.command}\` is not executable`;
  }
  const message = e instanceof Error ? e.message : String(e);
  if (failure === 'timeout' || /timed out|timeout/i.test(message)) return `MCP server \`${name}\` did not complete the handshake in time`;
  if (/connection closed|closed/i.test(message)) return `MCP server \`${name}\` exited or closed the connection during the handshake`;
  if (config.kind === 'http' && /fetch failed|ECONNREFUSED|ENOTFOUND|EAI_AGAIN/i.test(message + String(err?.cause ?? ''))) return `could not reach MCP server \`${name}\` at its URL`;
  if (config.kind === 'http' && /\b401\b|unauthori[sz]ed/i.test(message)) return `MCP server \`${name}\` requires authorization (add a "headers" entry to its config)`;
  return `MCP server \`${name}\` failed the handshake: ${errorShape(e)}`;
}

export class Upstream {
  private readonly client = new Client({ name: 'ilo-gate', version: '0.1.0' }, { capabilities: {} });
  private transport: Transport | undefined;
  private closing = false;
  /** The requests waiting for an answer: a message over the limit whose id cannot be read fails them at once. */
  private readonly pending = new PendingRequests();
  private oversizedAt = 0;
  /** Bytes and lines the server wrote to stderr (counted, never kept). */
  stderrBytes = 0;
  stderrLines = 0;
  /** Why the server cannot be used; undefined while it is up. */
  down: string | undefined = 'not started';
  serverInfo: { name: string; version: string } | undefined;

  constructor(
    readonly name: string,
    readonly config: ServerConfig,
    private readonly options: UpstreamOptions,
  ) {}

  private get maxBytes(): number {
    return this.options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
  }

  /**
   * A message over the limit: counted, logged by size, and the calls waiting
   * for it failed at once (the one whose id was read gets its own error answer
   * from the reader; without an id, every waiting call gets one).
   */
  private oversize(bytes: number, idRead = false): void {
    this.oversizedAt = Date.now();
    this.options.onOversize?.(bytes);
    if (!idRead) this.pending.failAll(MESSAGE_TOO_LARGE, `the server sent a message of ${bytes}+ bytes, over the limit of ${this.maxBytes}`);
  }

  private openTransport(): Transport {
    if (this.config.kind === 'stdio') {
      const stdio = new StdioClientTransport({ command: this.config.command, args: this.config.args, env: this.config.env, cwd: this.config.cwd ?? this.options.cwd, stderr: 'pipe' });
      installBoundedReader(stdio, {
        maxBytes: this.maxBytes,
        onOversize: (o) => this.oversize(o.bytes, o.id !== undefined && o.response),
        // The answer to our request becomes an error answer: the call fails now, not at its deadline.
        synthesize: (o) =>
          o.id !== undefined && o.response
            ? ({ jsonrpc: '2.0', id: o.id, error: { code: MESSAGE_TOO_LARGE, message: `the server's answer was ${o.bytes} bytes, over the limit of ${o.limit}` } } as JSONRPCMessage)
            : undefined,
      });
      // Drained from the start (a chatty server never blocks on a full pipe), counted, never stored.
      stdio.stderr?.on('data', (chunk: Buffer | string) => {
        const text = chunk.toString();
        this.stderrBytes += Buffer.byteLength(text);
        for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) this.stderrLines++;
      });
      return stdio;
    }
    return new StreamableHTTPClientTransport(new URL(this.config.url), {
      requestInit: { headers: this.config.headers },
      fetch: boundedFetch(this.maxBytes, (bytes) => this.oversize(bytes)),
    });
  }

  /** Connect; rejects with an UpstreamError whose message says what to check. */
  async start(): Promise<void> {
    try {
      this.transport = this.openTransport();
    } catch (e) {
      this.down = `cannot connect: ${errorShape(e)}`;
      throw new UpstreamError(this.name, this.down);
    }
    this.client.setNotificationHandler(ToolListChangedNotificationSchema, () => this.options.onListChanged());
    this.client.setNotificationHandler(PromptListChangedNotificationSchema, () => this.options.onListChanged());
    this.client.setNotificationHandler(ResourceListChangedNotificationSchema, () => this.options.onListChanged());
    this.client.onclose = () => {
      if (this.closing || this.down !== undefined) return;
      this.down = `it closed the connection (exited?)${this.stderrBytes > 0 ? `; it wrote ${this.stderrBytes} bytes to stderr` : ''}`;
      this.options.onDown(this.down);
    };
    // Transport errors (a line that is not JSON-RPC, a network hiccup) are the server's problem, not the gate's.
    this.client.onerror = () => undefined;
    try {
      await this.client.connect(this.transport, { timeout: this.options.startTimeoutMs });
    } catch (e) {
      this.down = startFailure(this.name, this.config, e);
      await this.client.close().catch(() => undefined);
      throw new UpstreamError(this.name, this.down);
    }
    this.pending.watch(this.transport);
    this.down = undefined;
    const info = this.client.getServerVersion();
    if (info && typeof info.name === 'string') this.serverInfo = { name: info.name, version: String(info.version ?? '') };
  }

  /**
   * Every tool the server lists now, exactly as sent, and its prompts,
   * resources and resource templates when its capabilities say it has them
   * (a kind that fails to list is reported in `itemProblems` and left empty).
   */
  async list(timeoutMs = this.options.startTimeoutMs): Promise<{ tools: RawTool[]; problems: InputProblem[]; items: Partial<Record<PrimitiveListKind, RawItem[]>>; itemProblems: string[] }> {
    if (this.down !== undefined) throw new UpstreamError(this.name, `server \`${this.name}\` is not available: ${this.down}`);
    const deadline = Date.now() + timeoutMs;
    try {
      const remaining = () => Math.max(1, deadline - Date.now());
      const { tools, problems } = await listAllTools(this.client, this.name, { remaining });
      const items: Partial<Record<PrimitiveListKind, RawItem[]>> = {};
      const itemProblems: string[] = [];
      for (const kind of listedKinds(this.client.getServerCapabilities())) {
        try {
          const listing = await listAllItems(this.client, kind, remaining);
          items[kind] = listing.items;
          itemProblems.push(...listing.problems);
        } catch (e) {
          items[kind] = [];
          itemProblems.push(`${kind}: listing failed (${errorShape(e)}); none is served`);
        }
      }
      return { tools, problems, items, itemProblems };
    } catch (e) {
      const why = Date.now() - this.oversizedAt < 1000 ? `its tool list was over the message size limit of ${this.maxBytes} bytes` : Date.now() >= deadline ? `it did not list its tools within ${Math.round(timeoutMs / 100) / 10} s` : `listing failed: ${errorShape(e)}`;
      throw new UpstreamError(this.name, `listing the tools of \`${this.name}\` failed: ${why}`, 'failed');
    }
  }

  /** Call a tool; resolves to the server's result as sent, rejects with an UpstreamError. */
  async call(tool: string, args: Record<string, unknown>, meta: Record<string, unknown> | undefined, signal?: AbortSignal): Promise<Record<string, unknown>> {
    const params: Record<string, unknown> = { name: tool, arguments: args };
    if (meta && Object.keys(meta).length > 0) params._meta = meta;
    return this.request('tools/call', params, signal);
  }

  /** prompts/get or resources/read (or tools/call), with the call deadline; the result as sent, or an UpstreamError. */
  async request(method: 'tools/call' | 'prompts/get' | 'resources/read', params: Record<string, unknown>, signal?: AbortSignal): Promise<Record<string, unknown>> {
    if (this.down !== undefined) throw new UpstreamError(this.name, `server \`${this.name}\` is not available: ${this.down}`);
    const startedAt = Date.now();
    try {
      // The agent's signal goes to the SDK as it is: its cancellation reaches the server.
      return (await this.client.request({ method, params } as never, ResultSchema, { timeout: this.options.callTimeoutMs, signal })) as Record<string, unknown>;
    } catch (e) {
      const code = (e as { code?: unknown })?.code;
      const message = e instanceof Error ? e.message : String(e);
      if (code === MESSAGE_TOO_LARGE || (!signal?.aborted && Date.now() - this.oversizedAt < 5000 && this.config.kind === 'http')) {
        const why = `server \`${this.name}\` answered with a message over the limit of ${this.maxBytes} bytes; the answer was dropped`;
        throw new UpstreamError(this.name, why, 'too-large');
      }
      // Categories come from what the gate saw, never from the server's words: a server can answer
      // with the text "connection closed" (and an error code to match) to pass its message off as the gate's.
      if (code === -32001 && this.down === undefined && Date.now() - startedAt >= this.options.callTimeoutMs - 50) {
        throw new UpstreamError(this.name, `server \`${this.name}\` did not answer within ${this.options.callTimeoutMs / 1000} s`, 'timeout');
      }
      if (this.down !== undefined) {
        const why = `server \`${this.name}\` went away during the call${this.down ? `: ${this.down}` : ''}`;
        throw new UpstreamError(this.name, why, 'down');
      }
      // The server's own message (it may echo the arguments) goes to the caller; the log gets its shape.
      const what = method === 'tools/call' ? 'the call' : method;
      throw new UpstreamError(this.name, `server \`${this.name}\` failed ${what}: ${message}`, 'failed', `server \`${this.name}\` failed ${what}: ${errorShape(e)}`);
    }
  }

  async close(): Promise<void> {
    this.closing = true;
    this.down ??= 'stopped';
    await this.client.close().catch(() => undefined);
  }
}
