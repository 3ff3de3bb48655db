// One upstream MCP server behind the gate, through the official SDK client
// (stdio or Streamable HTTP): started once, listed on demand, called with a
// deadline. It reports when its tool list changes and when it goes away; a
// call to a server that is gone, or that does not answer in time, rejects
// with an UpstreamError whose message says so (the gate turns it into a tool
// error and keeps serving the other servers).

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ResultSchema, ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { explainFailure, listAllTools, openTransport, type InputProblem, type RawTool, type ServerConfig } from '../contracts/mcp';

export class UpstreamError extends Error {
  constructor(
    readonly server: string,
    message: string,
    /** `down`: not running or went away; `timeout`: no answer in time; `failed`: answered with an error (its message may echo arguments). */
    readonly kind: 'down' | 'timeout' | 'failed' = 'down',
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
  cwd?: string;
  onListChanged: () => void;
  /** Called once when the connection ends unexpectedly (crash, exit, network). */
  onDown: (reason: string) => void;
  onStderr?: (text: string) => void;
}

const STDERR_KEEP = 2000;

export class Upstream {
  private readonly client = new Client({ name: 'ilo-gate', version: '0.1.0' }, { capabilities: {} });
  private transport: Transport | undefined;
  private stderr = '';
  private closing = false;
  /** Why the server cannot be used; undefined while it is up. */
  down: string | undefined = 'not started';
  serverInfo: { name: string; version: string } | undefined;

  constructor(
    readonly name: string,
    readonly config: ServerConfig,
    private readonly options: UpstreamOptions,
  ) {}

  /** Connect; rejects with an UpstreamError that says what to check. */
  async start(): Promise<void> {
    this.transport = await openTransport(this.config, {
      cwd: this.options.cwd,
      onStderr: (text) => {
        this.stderr = (this.stderr + text).slice(-STDERR_KEEP);
        this.options.onStderr?.(text);
      },
    });
    this.client.setNotificationHandler(ToolListChangedNotificationSchema, () => this.options.onListChanged());
    this.client.onclose = () => {
      if (this.closing || this.down !== undefined) return;
      const tail = this.stderr.trim().split('\n').slice(-3).join(' | ');
      this.down = `it closed the connection (exited?)${tail ? `; its stderr ended with: ${tail}` : ''}`;
      this.options.onDown(this.down);
    };
    try {
      await this.client.connect(this.transport, { timeout: this.options.startTimeoutMs });
    } catch (e) {
      const err = explainFailure(this.name, this.config, e, this.stderr);
      this.down = err.message;
      await this.client.close().catch(() => undefined);
      throw new UpstreamError(this.name, err.message);
    }
    this.down = undefined;
    const info = this.client.getServerVersion();
    if (info && typeof info.name === 'string') this.serverInfo = { name: info.name, version: String(info.version ?? '') };
  }

  /** Every tool the server lists now, exactly as sent. */
  async list(): Promise<{ tools: RawTool[]; problems: InputProblem[] }> {
    if (this.down !== undefined) throw new UpstreamError(this.name, `server \`${this.name}\` is not available: ${this.down}`);
    const deadline = Date.now() + this.options.startTimeoutMs;
    try {
      const { tools, problems } = await listAllTools(this.client, this.name, { remaining: () => Math.max(1, deadline - Date.now()) });
      return { tools, problems };
    } catch (e) {
      throw new UpstreamError(this.name, `listing the tools of \`${this.name}\` failed: ${e instanceof Error ? e.message : String(e)}`, 'failed');
    }
  }

  /** Call a tool; resolves to the server's result as sent, rejects with an UpstreamError. */
  async call(tool: string, args: Record<string, unknown>, meta: Record<string, unknown> | undefined, signal?: AbortSignal): Promise<Record<string, unknown>> {
    if (this.down !== undefined) throw new UpstreamError(this.name, `server \`${this.name}\` is not available: ${this.down}`);
    const params: Record<string, unknown> = { name: tool, arguments: args };
    if (meta && Object.keys(meta).length > 0) params._meta = meta;
    try {
      return (await this.client.request({ method: 'tools/call', params }, ResultSchema, { timeout: this.options.callTimeoutMs, signal })) as Record<string, unknown>;
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      if (/timed out|timeout/i.test(message)) {
        throw new UpstreamError(this.name, `server \`${this.name}\` did not answer within ${this.options.callTimeoutMs / 1000} s`, 'timeout');
      }
      if (this.down !== undefined || /connection closed|not connected/i.test(message)) {
        throw new UpstreamError(this.name, `server \`${this.name}\` went away during the call: ${this.down ?? message}`);
      }
      throw new UpstreamError(this.name, `server \`${this.name}\` failed the call: ${message}`, 'failed');
    }
  }

  async close(): Promise<void> {
    this.closing = true;
    this.down ??= 'stopped';
    await this.client.close().catch(() => undefined);
  }
}
