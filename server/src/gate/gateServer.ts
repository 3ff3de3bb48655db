// The gate itself: an MCP server (official SDK) in front of the upstream
// servers of a config. tools/list answers with the admitted tools
// (admission.ts), re-listing the upstreams first; tools/call is decided
// before dispatch (decision.ts) and refused with a tool error, or forwarded
// to the server the tool came from. Every decision goes to the log
// (decisionLog.ts) as a shape: names the gate knows, categories and sizes.
//
// A hostile or broken upstream costs only itself:
//   - each upstream starts and lists on its own; tools/list waits for them
//     at most `listWaitMs`, and a server that has not answered by then has its
//     tools withheld for that answer (fail closed) — when it answers later,
//     the agent is sent `list_changed`;
//   - `list_changed` storms are coalesced: one re-list per server at a time,
//     at most one per `debounceMs`, and the agent hears `list_changed` only
//     when what is served actually changed;
//   - admission runs in slices that yield to the event loop, and lint results
//     are cached by definition hash, so thousands of tools from one server do
//     not hold up calls to the others;
//   - messages over `maxMessageBytes` are refused both ways (upstream.ts,
//     boundedRead.ts) and the gate stays up.
//
// Only tools are proxied: the gate offers no resources or prompts.

import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { isJsonObject } from '../schema/json';
import { pinOf, type LockFile, type PinnedDeclarations } from '../contracts/pins';
import type { ServerConfig } from '../contracts/mcp';
import { admitToolsAsync, LintCache, type Admission, type ServerState, type Verdict } from './admission';
import { DEFAULT_MAX_MESSAGE_BYTES, installBoundedReader, MESSAGE_TOO_LARGE, wireBytes, type Oversize } from './boundedRead';
import { argumentNames, decideCall } from './decision';
import { checkDomain, checkTokens, RateWindow, type PolicyCheck } from './toolLimits';
import type { DecisionSink } from './decisionLog';
import { EXPECT_META_KEY } from './identity';
import { errorShape, logName } from './logShapes';
import type { GatePolicy } from './policy';
import { Upstream, UpstreamError } from './upstream';

export const GATE_VERSION = '0.1.0';

export interface GateSettings {
  /** The upstream servers, in config order. */
  servers: ReadonlyMap<string, ServerConfig>;
  lock: LockFile;
  /** How the lock is named in reasons (its path). */
  lockName?: string;
  /** The ilo declarations of the pins (`@behavior`, `@hints`), for read-only proofs and identities. */
  declarations?: PinnedDeclarations;
  /** The effective policy (switches applied). */
  policy: GatePolicy;
  log: DecisionSink;
  startTimeoutMs?: number;
  callTimeoutMs?: number;
  /** Largest JSON-RPC message accepted or sent, either side (default 8 MiB). */
  maxMessageBytes?: number;
  /** Longest a tools/list waits for upstreams to (re)list (default 10 s). */
  listWaitMs?: number;
  /** Shortest time between two re-lists of one server after list_changed (default 250 ms). */
  debounceMs?: number;
  /** Working directory of stdio upstreams that name none. */
  cwd?: string;
}

function toolError(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

/** Most withheld verdicts logged one by one per server and admission; the rest are summed up. */
const WITHHELD_LOG_LINES = 50;

export class Gate {
  readonly server: Server;
  private readonly upstreams = new Map<string, Upstream>();
  private readonly states = new Map<string, ServerState>();
  private admission: Admission = { served: new Map(), withheld: new Map(), verdicts: [] };
  private readonly lintCache = new LintCache();
  /** Calls let through per tool in the last minute (tools with a `rate` policy). */
  private readonly rates = new RateWindow();
  private started: Promise<void> | undefined;
  private readonly starting = new Map<string, Promise<void>>();
  private readonly listing = new Map<string, Promise<void>>();
  private readonly changeTimers = new Map<string, NodeJS.Timeout>();
  private readonly changeCounts = new Map<string, number>();
  private admitting: Promise<void> | undefined;
  private admitAgain = false;
  private listedOnce = false;
  private closed = false;

  constructor(private readonly settings: GateSettings) {
    this.server = new Server({ name: 'ilo-gate', version: GATE_VERSION }, { capabilities: { tools: { listChanged: true } } });
    this.server.setRequestHandler(ListToolsRequestSchema, async () => {
      await this.refreshForListing();
      this.listedOnce = true;
      this.lastNotified = this.signature();
      return { tools: [...this.admission.served.values()].map((t) => t.definition) };
    });
    this.server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
      await this.waitForStart();
      return this.call(request.params, extra.signal);
    });
    // A malformed message from the agent is its problem: logged as a shape, never fatal.
    this.server.onerror = (e) => this.settings.log.write({ decision: 'refused', reason: `a message from the client could not be handled: ${errorShape(e)}` });
    for (const [name, config] of settings.servers) {
      this.upstreams.set(
        name,
        new Upstream(name, config, {
          startTimeoutMs: settings.startTimeoutMs ?? 30_000,
          callTimeoutMs: settings.callTimeoutMs ?? 60_000,
          maxMessageBytes: this.maxBytes,
          cwd: settings.cwd,
          onListChanged: () => this.upstreamChanged(name),
          onDown: (reason) => void this.upstreamDown(name, reason),
          onOversize: (bytes) => this.settings.log.write({ server: name, decision: 'refused', reason: `the server sent a message of ${bytes}+ bytes, over the limit of ${this.maxBytes}; it was dropped` }),
        }),
      );
      this.states.set(name, { down: 'not started yet' });
    }
  }

  private get maxBytes(): number {
    return this.settings.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
  }

  private get listWaitMs(): number {
    return this.settings.listWaitMs ?? 10_000;
  }

  /** What is served now (for tests and tools). */
  get current(): Admission {
    return this.admission;
  }

  /** Start every upstream (each on its own) and admit their tools; idempotent. Resolves when all have started or failed. */
  start(): Promise<void> {
    this.started ??= Promise.all([...this.upstreams.values()].map((up) => this.startOne(up))).then(() => undefined);
    return this.started;
  }

  private startOne(up: Upstream): Promise<void> {
    let p = this.starting.get(up.name);
    if (p) return p;
    p = (async () => {
      try {
        await up.start();
        const listing = await up.list();
        this.states.set(up.name, listing);
        const info = up.serverInfo ? ` (${logName(up.serverInfo.name)} ${logName(up.serverInfo.version || '?')})` : '';
        this.settings.log.write({ server: up.name, decision: 'upstream', reason: `started${info}; it lists ${listing.tools.length} tool${listing.tools.length === 1 ? '' : 's'}` });
      } catch (e) {
        const reason = e instanceof UpstreamError ? e.logReason : errorShape(e);
        this.states.set(up.name, { down: reason });
        this.settings.log.write({ server: up.name, decision: 'upstream', reason: `not available: ${reason}` });
      }
      await this.readmit();
      // A server that came up after the agent listed: tell the agent.
      if (this.listedOnce) await this.notifyIfChanged();
    })();
    this.starting.set(up.name, p);
    return p;
  }

  private allStarted = false;

  /** Wait for the upstreams to start, at most listWaitMs (the slow ones stay withheld meanwhile). */
  private async waitForStart(): Promise<void> {
    if (this.allStarted) return;
    await withDeadline(
      this.start().then(() => (this.allStarted = true)),
      this.listWaitMs,
    );
  }

  /** Connect the downstream side (stdio for the CLI) and start the upstreams. */
  async connect(transport: Transport): Promise<void> {
    boundDownstream(transport, this.maxBytes, (o) => this.downstreamOversize(transport, o));
    await this.server.connect(transport);
    void this.start();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const t of this.changeTimers.values()) clearTimeout(t);
    await Promise.all([...this.upstreams.values()].map((u) => u.close()));
    await this.server.close().catch(() => undefined);
    this.settings.log.close();
  }

  private downstreamOversize(transport: Transport, o: Oversize): void {
    this.settings.log.write({ decision: 'refused', reason: `a message from the client of ${o.bytes}+ bytes is over the limit of ${o.limit}; it was dropped` });
    if (o.id !== undefined && !o.response) {
      void transport
        .send({ jsonrpc: '2.0', id: o.id, error: { code: MESSAGE_TOO_LARGE, message: `ilo gate: the request is ${o.bytes}+ bytes, over the limit of ${o.limit}` } } as JSONRPCMessage)
        .catch(() => undefined);
    }
  }

  /** Before answering tools/list: start, re-list every live upstream (bounded wait), admit. */
  private async refreshForListing(): Promise<void> {
    await this.waitForStart();
    const names = [...this.upstreams.keys()].filter((n) => this.upstreams.get(n)!.down === undefined && this.starting.has(n));
    const pending = names.map((n) => ({ name: n, done: false, p: this.relist(n) }));
    for (const x of pending) void x.p.then(() => (x.done = true));
    await withDeadline(Promise.all(pending.map((x) => x.p)), this.listWaitMs);
    for (const x of pending) {
      // Not answered in time: withheld for this answer (fail closed); its listing lands later.
      if (!x.done && this.upstreams.get(x.name)!.down === undefined) {
        this.states.set(x.name, { down: `it did not list its tools within ${this.listWaitMs / 1000} s` });
      }
    }
    await this.readmit();
  }

  /** Re-list one upstream; a listing already under way is joined, not repeated. */
  private relist(name: string): Promise<void> {
    const running = this.listing.get(name);
    if (running) return running;
    const up = this.upstreams.get(name)!;
    const p = (async () => {
      try {
        this.states.set(name, await up.list(this.settings.startTimeoutMs ?? 30_000));
      } catch (e) {
        if (up.down === undefined) this.states.set(name, { down: e instanceof UpstreamError ? e.logReason : errorShape(e) });
      } finally {
        this.listing.delete(name);
      }
    })();
    this.listing.set(name, p);
    return p;
  }

  /** list_changed: coalesced into one re-list per server per debounce window. */
  private upstreamChanged(name: string): void {
    if (this.closed) return;
    this.changeCounts.set(name, (this.changeCounts.get(name) ?? 0) + 1);
    if (this.changeTimers.has(name)) return;
    const timer = setTimeout(() => void this.changeSettled(name), this.settings.debounceMs ?? 250);
    timer.unref?.();
    this.changeTimers.set(name, timer);
  }

  private async changeSettled(name: string): Promise<void> {
    if (this.closed) return;
    const count = this.changeCounts.get(name) ?? 1;
    this.changeCounts.set(name, 0);
    await this.starting.get(name);
    this.settings.log.write({ server: name, decision: 'upstream', reason: `sent notifications/tools/list_changed${count > 1 ? ` (${count} times)` : ''}; re-listing and re-verifying its tools` });
    await this.relist(name);
    await this.readmit(`server \`${name}\` changed its tools`);
    await this.notifyIfChanged();
    // Notifications that came in meanwhile get one more re-list, after the window.
    this.changeTimers.delete(name);
    if ((this.changeCounts.get(name) ?? 0) > 0) {
      const timer = setTimeout(() => void this.changeSettled(name), this.settings.debounceMs ?? 250);
      timer.unref?.();
      this.changeTimers.set(name, timer);
    }
  }

  private async upstreamDown(name: string, reason: string): Promise<void> {
    if (this.closed) return;
    this.settings.log.write({ server: name, decision: 'upstream', reason: `went away: ${reason}; its tools are withheld` });
    this.states.set(name, { down: reason });
    await this.readmit();
    await this.notifyIfChanged();
  }

  /** What the agent was last shown (a tools/list answer or a list_changed). */
  private lastNotified: string | undefined;

  private signature(): string {
    return [...this.admission.served.values()].map((t) => `${t.server}\u0000${t.name}\u0000${t.hash}`).sort().join('\n');
  }

  /** Tell the agent the list changed, when what is served is not what it was last shown. */
  private async notifyIfChanged(): Promise<void> {
    if (!this.listedOnce || this.closed) return;
    const signature = this.signature();
    if (signature === this.lastNotified) return;
    this.lastNotified = signature;
    await this.server.sendToolListChanged().catch(() => undefined);
  }

  /** Admit again (one admission at a time; calls during one are coalesced into one more) and log new verdicts. */
  private readmit(cause?: string): Promise<void> {
    if (this.admitting) {
      this.admitAgain = true;
      this.pendingCause ??= cause;
      return this.admitting;
    }
    this.pendingCause = cause;
    const run = async () => {
      do {
        this.admitAgain = false;
        const why = this.pendingCause;
        this.pendingCause = undefined;
        const before = new Set(this.admission.verdicts.map(verdictKey));
        const next = await admitToolsAsync({
          servers: new Map(this.states),
          lock: this.settings.lock,
          policy: this.settings.policy,
          lockName: this.settings.lockName,
          declarations: this.settings.declarations,
          lintCache: this.lintCache,
        });
        this.admission = next;
        this.logVerdicts(next.verdicts.filter((v) => !before.has(verdictKey(v))), why);
      } while (this.admitAgain && !this.closed);
    };
    this.admitting = run().finally(() => (this.admitting = undefined));
    return this.admitting;
  }

  private pendingCause: string | undefined;

  private logVerdicts(fresh: Verdict[], cause: string | undefined): void {
    const perServer = new Map<string, number>();
    const skipped = new Map<string, Map<string, number>>();
    for (const v of fresh) {
      if (v.decision === 'withheld') {
        const n = (perServer.get(v.server) ?? 0) + 1;
        perServer.set(v.server, n);
        if (n > WITHHELD_LOG_LINES) {
          const kinds = skipped.get(v.server) ?? new Map<string, number>();
          const kind = v.reason.split(/[:(]/)[0].trim();
          kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
          skipped.set(v.server, kinds);
          continue;
        }
      }
      this.settings.log.write({ server: v.server, tool: logName(v.tool), decision: v.decision, reason: cause ? `${v.reason} (after: ${cause})` : v.reason });
    }
    for (const [server, kinds] of skipped) {
      const total = [...kinds.values()].reduce((a, b) => a + b, 0);
      const parts = [...kinds].map(([k, n]) => `${n} ${k}`).join('; ');
      this.settings.log.write({ server, decision: 'withheld', reason: `and ${total} more tools withheld (${parts})` });
    }
  }

  private async call(params: { name: string; arguments?: unknown; _meta?: unknown }, signal: AbortSignal): Promise<CallToolResult> {
    const decision = decideCall(this.admission, params);
    const known = this.admission.served.get(params.name) ?? undefined;
    const withheld = this.admission.withheld.get(params.name);
    // Names the caller made up are not logged; names an upstream lists or the lock pins are.
    const logTool = known || withheld ? logName(params.name) : undefined;
    if (decision.kind === 'refuse') {
      const declared = known?.declaredArgs ?? pinnedArgs(this.settings.lock, withheld?.map((v) => v.server) ?? [], params.name);
      this.settings.log.write({ server: decision.server, tool: logTool, decision: 'refused', reason: decision.logReason, arguments: argumentNames(params.arguments, declared) });
      return toolError(`ilo gate refused the call: ${decision.reason}`);
    }
    const { tool, args } = decision;
    const names = argumentNames(args, tool.declaredArgs);
    const limits = tool.policy;
    if (limits) {
      // The tool's own policy (ilo 26 `policy{…}`): domain first, then the rate (a refused call does not use it up).
      let verdict: PolicyCheck = { ok: true };
      if (limits.domain !== undefined) verdict = checkDomain(args, limits.domain);
      if (verdict.ok && limits.rate !== undefined) verdict = this.rates.take(`${tool.server}\u0000${tool.name}`, limits.rate, Date.now());
      if (!verdict.ok) {
        this.settings.log.write({ server: tool.server, tool: tool.name, decision: 'refused', reason: verdict.reason, arguments: names });
        return toolError(`ilo gate refused the call: ${verdict.reason}`);
      }
    }
    const upstream = this.upstreams.get(tool.server)!;
    const started = performance.now();
    try {
      const result = await upstream.call(tool.name, args, forwardedMeta(params._meta), signal);
      // The SDK checks the whole result on its way out; a result without content would fail there as a protocol error.
      if (!Array.isArray(result.content) && result.task === undefined) {
        this.settings.log.write({ server: tool.server, tool: tool.name, decision: 'error', reason: 'the server answered with something that is not a tool result', arguments: names });
        return toolError(`ilo gate: server \`${tool.server}\` answered \`${tool.name}\` with something that is not a tool result`);
      }
      if (limits?.tokens !== undefined) {
        const budget = checkTokens(result as CallToolResult, limits.tokens);
        if (!budget.ok) {
          this.settings.log.write({ server: tool.server, tool: tool.name, decision: 'refused', reason: `the result was withheld: ${budget.reason}`, arguments: names, ms: performance.now() - started });
          return toolError(`ilo gate refused the result: ${budget.reason}`);
        }
      }
      this.settings.log.write({ server: tool.server, tool: tool.name, decision: 'allowed', reason: 'passed every check', arguments: names, ms: performance.now() - started });
      return result as CallToolResult;
    } catch (e) {
      const err = e instanceof UpstreamError ? e : new UpstreamError(tool.server, e instanceof Error ? e.message : String(e), 'failed', `server \`${tool.server}\` failed the call: ${errorShape(e)}`);
      // A server's own error message may echo the arguments: it goes to the caller, the log gets its shape.
      this.settings.log.write({ server: tool.server, tool: tool.name, decision: 'error', reason: err.logReason, arguments: names });
      return toolError(`ilo gate: ${err.message}`);
    }
  }
}

/** A promise, or nothing after `ms` (the promise goes on). */
async function withDeadline(p: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([p, new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

/**
 * Size limits on the agent's side: lines over the limit are dropped (a
 * request among them is answered with an error), and an answer of ours over
 * the limit is replaced by an error answer. Stdio transports get a bounded
 * reader; others (in-memory, tests) only the limit on what we send.
 */
function boundDownstream(transport: Transport, maxBytes: number, onOversize: (o: Oversize) => void): void {
  // A stdio transport must take the bound (installBoundedReader throws when it cannot: the gate does not run unbounded).
  if (transport instanceof StdioServerTransport) installBoundedReader(transport, { maxBytes, onOversize });
  const send = transport.send.bind(transport);
  transport.send = async (message, options) => {
    const m = message as { id?: string | number; result?: unknown };
    if (m.id !== undefined && m.result !== undefined && wireBytes(message) > maxBytes) {
      return send({ jsonrpc: '2.0', id: m.id, error: { code: MESSAGE_TOO_LARGE, message: `ilo gate: the answer is over the limit of ${maxBytes} bytes` } } as JSONRPCMessage, options);
    }
    return send(message, options);
  };
}

/** The top-level property names a pinned definition declares (for a withheld tool's refused call). */
function pinnedArgs(lock: LockFile, servers: readonly string[], name: string): Set<string> {
  const out = new Set<string>();
  for (const server of servers) {
    const schema = pinOf(lock, server, name)?.definition.inputSchema;
    if (isJsonObject(schema) && isJsonObject(schema.properties)) for (const k of Object.keys(schema.properties)) out.add(k);
  }
  return out;
}

function verdictKey(v: Verdict): string {
  return `${v.server}\u0000${v.tool}\u0000${v.decision}\u0000${v.reason}`;
}

/** The caller's `_meta` as sent upstream: without the gate's own key and without the progress token (which belongs to this hop). */
function forwardedMeta(meta: unknown): Record<string, unknown> | undefined {
  if (!isJsonObject(meta)) return undefined;
  const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const [k, v] of Object.entries(meta)) if (k !== EXPECT_META_KEY && k !== 'progressToken') out[k] = v;
  return out;
}
