// Listing the tools of a live MCP server with the official SDK client, over
// stdio (the server is started as a child process through the SDK's
// StdioClientTransport) or Streamable HTTP.
//
// Safety: this module starts a process only when listServerTools is called;
// callers must do so only on an explicit user action and never in an
// untrusted workspace. Every listing has a deadline; the process is stopped
// when the listing ends, fails or times out. Tools are returned exactly as
// the server sent them (not reshaped by the SDK's schemas), so that what is
// hashed and pinned is what the server said.

import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { isJsonObject } from '../../schema/json';
import { readToolList, type InputProblem, type RawTool } from './toolList';
import { measureJson } from '../safeJson';
import type { ServerConfig } from './mcpClientConfig';

export const DEFAULT_LIST_TIMEOUT_MS = 30_000;
/** A server that keeps handing out cursors is cut off after this many pages. */
export const MAX_PAGES = 100;
/** A listing of more tools than this is refused whole. */
export const MAX_LISTED_TOOLS = 20_000;

export interface ListOptions {
  /** Deadline for starting, initializing and listing every page (default 30 s). */
  timeoutMs?: number;
  maxPages?: number;
  /** Working directory of a stdio server. */
  cwd?: string;
  /** Receives the server's stderr (it is also kept for error messages). */
  onStderr?: (text: string) => void;
  /** Cancels the listing (the server is stopped). */
  signal?: AbortSignal;
  clientInfo?: { name: string; version: string };
}

export interface ServerListing {
  server: string;
  /** `serverInfo` from initialize. */
  serverInfo?: { name: string; version: string };
  /** The tools as sent, in order, over all pages. */
  tools: RawTool[];
  pages: number;
  /** Tools that are not valid MCP tool definitions (kept when usable, reported by name and path). */
  problems: InputProblem[];
}

export type ListFailure = 'start' | 'closed' | 'timeout' | 'protocol' | 'http' | 'cancelled';

/** Why listing a server failed, in words a user can act on. */
export class McpListError extends Error {
  constructor(
    readonly server: string,
    readonly failure: ListFailure,
    message: string,
    /** The end of the server's stderr, when it wrote any. */
    readonly stderr?: string,
  ) {
    super(message);
    this.name = 'McpListError';
  }
}

const STDERR_KEEP = 4000;

type McpSdk = typeof import('@modelcontextprotocol/sdk/client/index.js') &
  typeof import('@modelcontextprotocol/sdk/client/stdio.js') &
  typeof import('@modelcontextprotocol/sdk/client/streamableHttp.js') &
  typeof import('@modelcontextprotocol/sdk/types.js');

let sdk: Promise<McpSdk> | undefined;

/**
 * The SDK's client pieces (with zod and ajv), loaded on the first contact
 * with a server and not at start-up: analysing files never needs them.
 */
export function loadMcpSdk(): Promise<McpSdk> {
  sdk ??= Promise.all([
    import('@modelcontextprotocol/sdk/client/index.js'),
    import('@modelcontextprotocol/sdk/client/stdio.js'),
    import('@modelcontextprotocol/sdk/client/streamableHttp.js'),
    import('@modelcontextprotocol/sdk/types.js'),
  ]).then((parts) => Object.assign({}, ...parts) as McpSdk);
  return sdk;
}

/** The JSON-RPC error code the SDK gives a request that timed out (ErrorCode.RequestTimeout). */
const SDK_REQUEST_TIMEOUT = -32001;

function timedOut(server: string, timeoutMs: number): McpListError {
  return new McpListError(server, 'timeout', `MCP server \`${server}\` did not list its tools within ${Math.round(timeoutMs / 100) / 10} s; it was stopped`);
}

/** List every tool of one configured server. Rejects with McpListError. */
export async function listServerTools(server: string, config: ServerConfig, options: ListOptions = {}): Promise<ServerListing> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_LIST_TIMEOUT_MS;
  const deadline = Date.now() + timeoutMs;
  let stderr = '';
  const { Client } = await loadMcpSdk();
  const client = new Client(options.clientInfo ?? { name: 'ilo-ls', version: '0.1.0' }, { capabilities: {} });
  const transport = await openTransport(config, {
    cwd: options.cwd,
    onStderr: (text) => {
      stderr = (stderr + text).slice(-STDERR_KEEP);
      options.onStderr?.(text);
    },
  });

  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const stop = new Promise<never>((_, reject) => {
    // The deadline counts from the call (loading the SDK took part of it).
    timer = setTimeout(() => reject(timedOut(server, timeoutMs)), Math.max(1, deadline - Date.now()));
    timer.unref?.();
    if (options.signal) {
      onAbort = () => reject(new McpListError(server, 'cancelled', `listing MCP server \`${server}\` was cancelled`));
      if (options.signal.aborted) onAbort();
      else options.signal.addEventListener('abort', onAbort, { once: true });
    }
  });
  const remaining = () => Math.max(1, deadline - Date.now());

  try {
    return await Promise.race([stop, run()]);
  } catch (e) {
    // The SDK's own request time-out (the remaining time) can fire just before ours.
    if ((e as { code?: unknown })?.code === SDK_REQUEST_TIMEOUT) throw withStderr(timedOut(server, timeoutMs), stderr);
    throw explainFailure(server, config, e, stderr);
  } finally {
    clearTimeout(timer);
    if (onAbort) options.signal?.removeEventListener('abort', onAbort);
    // Closing the client closes the transport: stdin is ended, then SIGTERM, then SIGKILL.
    await client.close().catch(() => undefined);
  }

  async function run(): Promise<ServerListing> {
    await client.connect(transport, { timeout: remaining() });
    const { tools, pages, problems } = await listAllTools(client, server, { remaining, maxPages: options.maxPages });
    const info = client.getServerVersion();
    return {
      server,
      serverInfo: isJsonObject(info) && typeof info.name === 'string' ? { name: info.name, version: typeof info.version === 'string' ? info.version : '' } : undefined,
      tools,
      pages,
      problems,
    };
  }
}

/**
 * The SDK transport for a configured server (not started yet). A stdio
 * server's stderr is drained from the start, so a chatty server never blocks
 * on a full pipe.
 */
export async function openTransport(config: ServerConfig, options: { cwd?: string; onStderr?: (text: string) => void } = {}): Promise<Transport> {
  const { StdioClientTransport, StreamableHTTPClientTransport } = await loadMcpSdk();
  if (config.kind === 'stdio') {
    const stdio = new StdioClientTransport({
      command: config.command,
      args: config.args,
      env: config.env,
      cwd: config.cwd ?? options.cwd,
      stderr: 'pipe',
    });
    stdio.stderr?.on('data', (chunk: Buffer | string) => options.onStderr?.(chunk.toString()));
    return stdio;
  }
  return new StreamableHTTPClientTransport(new URL(config.url), { requestInit: { headers: config.headers } });
}

/**
 * Every tool a connected server lists, over all pages, exactly as sent;
 * entries that are not valid MCP tool definitions are reported in `problems`
 * (kept when usable). Rejects with McpListError on a protocol fault.
 */
export async function listAllTools(
  client: Client,
  server: string,
  options: { remaining: () => number; maxPages?: number },
): Promise<{ tools: RawTool[]; pages: number; problems: InputProblem[] }> {
  const { ResultSchema, ToolSchema } = await loadMcpSdk();
  const raw: unknown[] = [];
  let text = 0;
  const seen = new Set<string>();
  let cursor: string | undefined;
  let pages = 0;
  const maxPages = options.maxPages ?? MAX_PAGES;
  do {
    // A loose result schema: tools come back exactly as sent and are checked one by one below.
    const page = await client.request({ method: 'tools/list', params: cursor === undefined ? {} : { cursor } }, ResultSchema, { timeout: options.remaining() });
    pages++;
    const tools = (page as { tools?: unknown }).tools;
    if (!Array.isArray(tools)) throw new McpListError(server, 'protocol', `MCP server \`${server}\` answered tools/list without a "tools" array`);
    // One at a time: a page of a million tools must not overflow an argument list.
    for (const t of tools) raw.push(t);
    // A listing is bounded as a whole too: pages are each within the message limit, but not their sum.
    const size = measureJson(tools, { maxDepth: 256, maxNodes: 4_000_000, maxTextUnits: 64 * 1024 * 1024 });
    text += size.ok ? size.textUnits : Infinity;
    if (raw.length > MAX_LISTED_TOOLS || text > 64 * 1024 * 1024) {
      throw new McpListError(server, 'protocol', `MCP server \`${server}\` lists more than ${MAX_LISTED_TOOLS} tools or 64 MB of definitions; stopped`);
    }
    const next = (page as { nextCursor?: unknown }).nextCursor;
    cursor = typeof next === 'string' && next !== '' ? next : undefined;
    if (cursor !== undefined) {
      if (seen.has(cursor)) throw new McpListError(server, 'protocol', `MCP server \`${server}\` repeated the page cursor ${JSON.stringify(cursor)}`);
      seen.add(cursor);
    }
  } while (cursor !== undefined && pages < maxPages);
  if (cursor !== undefined) throw new McpListError(server, 'protocol', `MCP server \`${server}\` still had more pages after ${maxPages}; stopped`);

  const list = readToolList(raw, `the tools of \`${server}\``);
  const problems = [...list.problems];
  list.tools.forEach((t, i) => {
    const check = ToolSchema.safeParse(t);
    if (!check.success) {
      const issue = check.error.issues[0];
      problems.push({
        path: `${list.paths[i]}${issue ? '.' + issue.path.join('.') : ''}`,
        tool: t.name,
        message: `not a valid MCP tool definition: ${issue?.message ?? 'invalid'}`,
        severity: 'warning',
      });
    }
  });
  return { tools: list.tools, pages, problems };
}

/** Turn whatever went wrong into an McpListError with a message that says what to check. */
export function explainFailure(server: string, config: ServerConfig, e: unknown, stderr: string): McpListError {
  if (e instanceof McpListError) return withStderr(e, stderr);
  const err = e as NodeJS.ErrnoException & { code?: unknown };
  const message = e instanceof Error ? e.message : String(e);
  const tail = stderr.trim() ? stderr.trim().split('\n').slice(-5).join('\n') : undefined;
  const withTail = (m: string) => (tail ? `${m}\nits stderr ended with:\n${tail}` : m);
  if (config.kind === 'stdio') {
    const cmd = [config.command, ...config.args].join(' ');
    if (err?.code === 'ENOENT') {
      return new McpListError(server, 'start', `could not start MCP server \`${server}\`: the command \`${config.command}\` was not found (check "command" in the config and that it is on PATH)`, tail);
    }
    if (err?.code === 'EACCES') {
      return new McpListError(server, 'start', `could not start MCP server \`${server}\`: \`${config.command}\` is not executable`, tail);
    }
    if (/connection closed|closed/i.test(message)) {
      return new McpListError(server, 'closed', withTail(`MCP server \`${server}\` (\`${cmd}\`) exited or closed the connection before it listed its tools`), tail);
    }
    return new McpListError(server, 'protocol', withTail(`MCP server \`${server}\` (\`${cmd}\`) failed: ${message}`), tail);
  }
  if (/fetch failed|ECONNREFUSED|ENOTFOUND|EAI_AGAIN/i.test(message) || /fetch failed/i.test(String(err?.cause ?? ''))) {
    return new McpListError(server, 'http', `could not reach MCP server \`${server}\` at ${config.url}: ${message}`);
  }
  if (/\b401\b|unauthori[sz]ed/i.test(message)) {
    return new McpListError(server, 'http', `MCP server \`${server}\` at ${config.url} requires authorization (add a "headers" entry to its config)`);
  }
  return new McpListError(server, 'protocol', `MCP server \`${server}\` at ${config.url} failed: ${message}`);
}

function withStderr(e: McpListError, stderr: string): McpListError {
  if (e.stderr !== undefined || stderr.trim() === '') return e;
  return new McpListError(e.server, e.failure, e.message, stderr.trim().split('\n').slice(-5).join('\n'));
}

/** List several servers one after another (each with its own deadline); failures are returned, not thrown. */
export async function listServers(
  servers: ReadonlyMap<string, ServerConfig>,
  names: readonly string[],
  options: ListOptions = {},
): Promise<Map<string, ServerListing | McpListError>> {
  const out = new Map<string, ServerListing | McpListError>();
  for (const name of names) {
    const config = servers.get(name);
    if (!config) {
      out.set(name, new McpListError(name, 'start', `there is no server \`${name}\` in the MCP config (known: ${[...servers.keys()].join(', ') || 'none'})`));
      continue;
    }
    try {
      out.set(name, await listServerTools(name, config, options));
    } catch (e) {
      out.set(name, e instanceof McpListError ? e : new McpListError(name, 'protocol', String(e)));
    }
  }
  return out;
}
