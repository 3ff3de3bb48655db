// The gate itself: an MCP server (official SDK) in front of the upstream
// servers of a config. tools/list answers with the admitted tools
// (admission.ts), re-listing the upstreams first; tools/call is decided
// before dispatch (decision.ts) and refused with a tool error, or forwarded
// to the server the tool came from. An upstream's `list_changed` makes the
// gate re-list it, re-admit and tell its own client; an upstream that goes
// away has its tools withheld while the others are still served. Every
// decision goes to the log (decisionLog.ts), with argument names only.
//
// Only tools are proxied: the gate offers no resources or prompts.

import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { isJsonObject } from '../schema/json';
import type { LockFile } from '../contracts/pins';
import type { ServerConfig } from '../contracts/mcp';
import { admitTools, type Admission, type ServerState, type Verdict } from './admission';
import { argumentNames, decideCall } from './decision';
import type { DecisionSink } from './decisionLog';
import { EXPECT_META_KEY } from './identity';
import type { GatePolicy } from './policy';
import { Upstream, UpstreamError } from './upstream';

export const GATE_VERSION = '0.1.0';

export interface GateSettings {
  /** The upstream servers, in config order. */
  servers: ReadonlyMap<string, ServerConfig>;
  lock: LockFile;
  /** How the lock is named in reasons (its path). */
  lockName?: string;
  /** The effective policy (switches applied). */
  policy: GatePolicy;
  log: DecisionSink;
  startTimeoutMs?: number;
  callTimeoutMs?: number;
  /** Working directory of stdio upstreams that name none. */
  cwd?: string;
  onStderr?: (server: string, text: string) => void;
}

function toolError(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

export class Gate {
  readonly server: Server;
  private readonly upstreams = new Map<string, Upstream>();
  private readonly states = new Map<string, ServerState>();
  private admission: Admission = { served: new Map(), withheld: new Map(), verdicts: [] };
  private ready: Promise<void> | undefined;
  private queue: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(private readonly settings: GateSettings) {
    this.server = new Server({ name: 'ilo-gate', version: GATE_VERSION }, { capabilities: { tools: { listChanged: true } } });
    this.server.setRequestHandler(ListToolsRequestSchema, async () => {
      await this.start();
      await this.refresh([...this.upstreams.keys()], undefined);
      return { tools: [...this.admission.served.values()].map((t) => t.definition) };
    });
    this.server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
      await this.start();
      return this.call(request.params, extra.signal);
    });
    for (const [name, config] of settings.servers) {
      this.upstreams.set(
        name,
        new Upstream(name, config, {
          startTimeoutMs: settings.startTimeoutMs ?? 30_000,
          callTimeoutMs: settings.callTimeoutMs ?? 60_000,
          cwd: settings.cwd,
          onListChanged: () => void this.upstreamChanged(name),
          onDown: (reason) => void this.upstreamDown(name, reason),
          onStderr: settings.onStderr ? (text) => settings.onStderr!(name, text) : undefined,
        }),
      );
      this.states.set(name, { down: 'not started' });
    }
  }

  /** What is served now (for tests and tools). */
  get current(): Admission {
    return this.admission;
  }

  /** Start every upstream (in parallel) and admit their tools; idempotent. */
  start(): Promise<void> {
    this.ready ??= (async () => {
      await Promise.all(
        [...this.upstreams.values()].map(async (up) => {
          try {
            await up.start();
            const listing = await up.list();
            this.states.set(up.name, listing);
            const info = up.serverInfo ? ` (${up.serverInfo.name} ${up.serverInfo.version})` : '';
            this.settings.log.write({ server: up.name, decision: 'upstream', reason: `started${info}; it lists ${listing.tools.length} tool${listing.tools.length === 1 ? '' : 's'}` });
          } catch (e) {
            const reason = e instanceof Error ? e.message : String(e);
            this.states.set(up.name, { down: reason });
            this.settings.log.write({ server: up.name, decision: 'upstream', reason: `not available: ${reason}` });
          }
        }),
      );
      this.readmit();
    })();
    return this.ready;
  }

  /** Connect the downstream side (stdio for the CLI) and start the upstreams. */
  async connect(transport: Transport): Promise<void> {
    await this.server.connect(transport);
    void this.start();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.upstreams.values()].map((u) => u.close()));
    await this.server.close().catch(() => undefined);
    this.settings.log.close();
  }

  /** Re-list some upstreams, one refresh at a time, and re-admit; resolves when done. */
  private refresh(names: readonly string[], cause: string | undefined): Promise<void> {
    const run = async () => {
      await Promise.all(
        names.map(async (name) => {
          const up = this.upstreams.get(name);
          if (!up || up.down !== undefined) return;
          try {
            this.states.set(name, await up.list());
          } catch (e) {
            if (up.down === undefined) this.states.set(name, { down: e instanceof Error ? e.message : String(e) });
          }
        }),
      );
      this.readmit(cause);
    };
    this.queue = this.queue.then(run, run);
    return this.queue;
  }

  private async upstreamChanged(name: string): Promise<void> {
    if (this.closed) return;
    await this.start();
    this.settings.log.write({ server: name, decision: 'upstream', reason: 'sent notifications/tools/list_changed; re-listing and re-verifying its tools' });
    await this.refresh([name], `server \`${name}\` changed its tools`);
    await this.server.sendToolListChanged().catch(() => undefined);
  }

  private async upstreamDown(name: string, reason: string): Promise<void> {
    if (this.closed) return;
    this.settings.log.write({ server: name, decision: 'upstream', reason: `went away: ${reason}; its tools are withheld` });
    await this.queue;
    this.states.set(name, { down: reason });
    this.readmit();
    await this.server.sendToolListChanged().catch(() => undefined);
  }

  /** Admit again and log the verdicts that are new since the last admission. */
  private readmit(cause?: string): void {
    const before = new Set(this.admission.verdicts.map(verdictKey));
    this.admission = admitTools(this.states, this.settings.lock, this.settings.policy, this.settings.lockName);
    for (const v of this.admission.verdicts) {
      if (before.has(verdictKey(v))) continue;
      this.settings.log.write({ server: v.server, tool: v.tool, decision: v.decision, reason: cause ? `${v.reason} (after: ${cause})` : v.reason });
    }
  }

  private async call(params: { name: string; arguments?: unknown; _meta?: unknown }, signal: AbortSignal): Promise<CallToolResult> {
    const decision = decideCall(this.admission, params);
    const names = argumentNames(params.arguments);
    if (decision.kind === 'refuse') {
      this.settings.log.write({ server: decision.server, tool: params.name, decision: 'refused', reason: decision.reason, arguments: names });
      return toolError(`ilo gate refused the call: ${decision.reason}`);
    }
    const { tool, args } = decision;
    const upstream = this.upstreams.get(tool.server)!;
    const started = performance.now();
    try {
      const result = await upstream.call(tool.name, args, forwardedMeta(params._meta), signal);
      // The SDK checks the whole result on its way out; a result without content would fail there as a protocol error.
      if (!Array.isArray(result.content) && result.task === undefined) {
        this.settings.log.write({ server: tool.server, tool: tool.name, decision: 'error', reason: 'the server answered with something that is not a tool result', arguments: names });
        return toolError(`ilo gate: server \`${tool.server}\` answered \`${tool.name}\` with something that is not a tool result`);
      }
      this.settings.log.write({ server: tool.server, tool: tool.name, decision: 'allowed', reason: 'passed every check', arguments: names, ms: performance.now() - started });
      return result as CallToolResult;
    } catch (e) {
      const err = e instanceof UpstreamError ? e : new UpstreamError(tool.server, e instanceof Error ? e.message : String(e), 'failed');
      // A server's own error message may echo the arguments: it goes to the caller, not to the log.
      const logged = err.kind === 'failed' ? `server \`${tool.server}\` answered the call with a protocol error` : err.message;
      this.settings.log.write({ server: tool.server, tool: tool.name, decision: 'error', reason: logged, arguments: names });
      return toolError(`ilo gate: ${err.message}`);
    }
  }
}

function verdictKey(v: Verdict): string {
  return `${v.server}\u0000${v.tool}\u0000${v.decision}\u0000${v.reason}`;
}

/** The caller's `_meta` as sent upstream: without the gate's own key and without the progress token (which belongs to this hop). */
function forwardedMeta(meta: unknown): Record<string, unknown> | undefined {
  if (!isJsonObject(meta)) return undefined;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(meta)) if (k !== EXPECT_META_KEY && k !== 'progressToken') out[k] = v;
  return out;
}
