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
// Prompts, resources and resource templates are proxied like tools: listed
// only when pinned, unchanged and lint-clean (primitiveAdmission.ts);
// prompts/get and resources/read reach only the server that offers them, and
// their answers are redacted like tool results.

import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  type CallToolResult,
  type JSONRPCMessage,
} from '@modelcontextprotocol/sdk/types.js';
import { admitItems, itemNoun, withheldKey, type ItemAdmission, type ItemVerdict, type ServedItem } from './primitiveAdmission';
import type { PrimitiveKind } from '../contracts/pins';
import { isJsonObject } from '../schema/json';
import { pinOf, type LockFile, type PinnedDeclarations } from '../contracts/pins';
import type { ServerConfig } from '../contracts/mcp';
import { admitToolsAsync, LintCache, type Admission, type ServerState, type Verdict } from './admission';
import { DEFAULT_MAX_MESSAGE_BYTES, installBoundedReader, MESSAGE_TOO_LARGE, wireBytes, type Oversize } from './boundedRead';
import { argumentNames, decideCall } from './decision';
import { checkDomain, checkDomainDeclared, checkTokens, RateWindow, type PolicyCheck } from './toolLimits';
import type { DecisionSink, GateDecisionCode } from './decisionLog';
import { EXPECT_META_KEY } from './identity';
import { errorShape, logName } from './logShapes';
import { DEFAULT_ASK_TIMEOUT_SECONDS, type GatePolicy } from './policy';
import { decideFlow, observeAnswer, toolSetFlows, toolSetWarnings, type LabelledTool, type SessionSources } from '../contracts/flows';
import { settleFlow, type AskClient } from './flowGate';
import { itemSourceLabels, itemSourceName } from './itemFlow';
import { countsText, redactJson, redactText, SecretScanError } from './secretScan';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';
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
  /** Told the tool set's flow risks once every upstream has started or failed (the CLI prints them). */
  onReport?: (lines: string[]) => void;
}

type CallExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;

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
    this.server = new Server(
      { name: 'ilo-gate', version: GATE_VERSION },
      { capabilities: { tools: { listChanged: true }, prompts: { listChanged: true }, resources: { listChanged: true } } },
    );
    this.server.setRequestHandler(ListToolsRequestSchema, async () => {
      await this.refreshForListing();
      this.listedOnce = true;
      this.lastNotified = this.signature();
      return { tools: [...this.admission.served.values()].map((t) => t.definition) };
    });
    this.server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
      await this.waitForStart();
      return this.call(request.params, extra);
    });
    // Prompts and resources: served like tools (pinned, unchanged, lint-clean; primitiveAdmission.ts).
    this.server.setRequestHandler(ListPromptsRequestSchema, async () => {
      await this.refreshForListing();
      this.itemsListed.add('prompts');
      this.lastItemSignature.set('prompts', this.itemSignature('prompts'));
      return { prompts: [...this.items.prompts.values()].map((p) => p.definition) } as never;
    });
    this.server.setRequestHandler(ListResourcesRequestSchema, async () => {
      await this.refreshForListing();
      this.itemsListed.add('resources');
      this.lastItemSignature.set('resources', this.itemSignature('resources'));
      return { resources: [...this.items.resources.values()].map((r) => r.definition) } as never;
    });
    this.server.setRequestHandler(ListResourceTemplatesRequestSchema, async () => {
      await this.refreshForListing();
      this.itemsListed.add('resources');
      this.lastItemSignature.set('resources', this.itemSignature('resources'));
      return { resourceTemplates: this.items.templates.map((t) => t.definition) } as never;
    });
    this.server.setRequestHandler(GetPromptRequestSchema, async (request, extra) => {
      await this.waitForStart();
      return (await this.getPrompt(request.params, extra.signal)) as never;
    });
    this.server.setRequestHandler(ReadResourceRequestSchema, async (request, extra) => {
      await this.waitForStart();
      return (await this.readResource(request.params, extra.signal)) as never;
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
    this.started ??= Promise.all([...this.upstreams.values()].map((up) => this.startOne(up))).then(() => this.reportFlows());
    return this.started;
  }

  /** The flow risks of the tools served at start (lethal trifecta, tamper risk): one line each, empty when none. */
  flowReport(): string[] {
    const origin = (server: string) => (this.upstreams.size > 1 ? server : undefined);
    const tools: LabelledTool[] = [...this.admission.served.values()].map((t) => ({ name: t.name, origin: origin(t.server), flow: t.flow }));
    // Served prompts and resources are sources too (itemFlow.ts): a prompt brings untrusted words, a resource private data.
    const items = [...this.items.prompts.values(), ...this.items.resources.values(), ...this.items.templates];
    for (const i of items) {
      const name = i.kind === 'prompts' ? `prompt ${logName(i.key)}` : `${i.kind === 'resources' ? 'resource' : 'resource template'} ${logName(typeof i.definition.name === 'string' ? i.definition.name : '')}`;
      tools.push({ name, origin: origin(i.server), flow: { labels: itemSourceLabels(i.kind, undefined), source: 'inferred', reasons: {} } });
    }
    return toolSetWarnings(toolSetFlows(tools));
  }

  private reportFlows(): void {
    const lines = this.flowReport();
    for (const line of lines) {
      this.settings.log.write({ decision: 'report', reason: `${line}; calls to such tools after such answers follow the flow policy`, codes: [line.startsWith('lethal') ? 'lethal-trifecta' : 'tamper-risk'] });
    }
    this.settings.onReport?.(lines);
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
        // Prompts or resources left out of its lists (invalid, listed twice, a list that failed): by index and why, never their text.
        const problems = listing.itemProblems ?? [];
        for (const p of problems.slice(0, WITHHELD_LOG_LINES)) this.settings.log.write({ server: up.name, decision: 'withheld', reason: `not served: ${p}` });
        if (problems.length > WITHHELD_LOG_LINES) this.settings.log.write({ server: up.name, decision: 'withheld', reason: `and ${problems.length - WITHHELD_LOG_LINES} more prompts or resources not served` });
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
    if (this.closed) return;
    for (const kind of ['prompts', 'resources'] as const) {
      if (!this.itemsListed.has(kind)) continue;
      const sig = this.itemSignature(kind);
      if (sig === this.lastItemSignature.get(kind)) continue;
      this.lastItemSignature.set(kind, sig);
      await (kind === 'prompts' ? this.server.sendPromptListChanged() : this.server.sendResourceListChanged()).catch(() => undefined);
    }
    if (!this.listedOnce) return;
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
        const itemsBefore = new Set(this.items.verdicts.map(itemVerdictKey));
        this.items = admitItems(new Map(this.states), this.settings.lock, this.settings.policy, this.lintCache, this.settings.lockName);
        this.logItemVerdicts(this.items.verdicts.filter((v) => !itemsBefore.has(itemVerdictKey(v))), why);
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

  /** The prompts, resources and templates served now. */
  private items: ItemAdmission = { prompts: new Map(), resources: new Map(), templates: [], withheld: new Map(), verdicts: [] };
  private readonly itemsListed = new Set<'prompts' | 'resources'>();
  private readonly lastItemSignature = new Map<'prompts' | 'resources', string>();

  /** What is served of prompts, resources and templates now (for tests and tools). */
  get currentItems(): ItemAdmission {
    return this.items;
  }

  private itemSignature(kind: 'prompts' | 'resources'): string {
    const served = kind === 'prompts' ? [...this.items.prompts.values()] : [...this.items.resources.values(), ...this.items.templates];
    return served.map((i) => `${i.kind}\u0000${i.server}\u0000${i.key}\u0000${i.hash}`).sort().join('\n');
  }

  private logItemVerdicts(fresh: ItemVerdict[], cause: string | undefined): void {
    let withheld = 0;
    for (const v of fresh) {
      if (v.decision === 'withheld' && ++withheld > WITHHELD_LOG_LINES) continue;
      this.settings.log.write({ server: v.server, tool: itemLogName(v.kind, v.key), decision: v.decision, reason: cause ? `${v.reason} (after: ${cause})` : v.reason });
    }
    if (withheld > WITHHELD_LOG_LINES) this.settings.log.write({ decision: 'withheld', reason: `and ${withheld - WITHHELD_LOG_LINES} more prompts or resources withheld` });
  }

  /** Why a prompt, resource or template key is not served (an MCP error: prompts/get and resources/read have no tool-error form). */
  private notServed(kind: PrimitiveKind, key: string, asked: string): McpError {
    const why = this.items.withheld.get(withheldKey(kind, key));
    const noun = itemNoun(kind);
    if (why && why.length > 0) {
      const reasons = [...new Set(why.map((v) => `${v.reason}${why.length > 1 ? ` [${v.server}]` : ''}`))];
      this.settings.log.write({ server: why.length === 1 ? why[0].server : undefined, tool: itemLogName(kind, key), decision: 'refused', reason: `${asked}: the ${noun} is withheld by the gate: ${reasons.join('; ')}` });
      return new McpError(ErrorCode.InvalidParams, `ilo gate refused ${asked}: the ${noun} is withheld by the gate: ${reasons.join('; ')}`);
    }
    this.settings.log.write({ decision: 'refused', reason: `${asked}: no ${noun} of that ${kind === 'prompts' ? 'name' : 'uri'} (${[...key].length} characters) is served by this gate` });
    return new McpError(ErrorCode.InvalidParams, `ilo gate refused ${asked}: no ${noun} \`${key.length > 200 ? `${key.slice(0, 197)}...` : key}\` is served by this gate`);
  }

  private async getPrompt(params: { name: string; arguments?: Record<string, string>; _meta?: unknown }, signal: AbortSignal): Promise<Record<string, unknown>> {
    const name = String(params.name);
    const prompt = this.items.prompts.get(name);
    if (!prompt) throw this.notServed('prompts', name, 'prompts/get');
    const args = params.arguments ?? {};
    const declared = prompt.args?.declared ?? new Set<string>();
    const names = Object.keys(args).filter((k) => declared.has(k));
    const unknown = Object.keys(args).filter((k) => !declared.has(k));
    const missing = (prompt.args?.required ?? []).filter((r) => !Object.hasOwn(args, r));
    if (unknown.length > 0 || missing.length > 0) {
      const what = unknown.length > 0 ? `${unknown.length} argument${unknown.length === 1 ? '' : 's'} the pinned prompt does not declare` : `no value for the required argument${missing.length === 1 ? '' : 's'} ${missing.map((m) => `\`${m}\``).join(', ')}`;
      this.settings.log.write({ server: prompt.server, tool: itemLogName('prompts', name), decision: 'refused', reason: `prompts/get: ${what}`, arguments: names });
      throw new McpError(ErrorCode.InvalidParams, `ilo gate refused prompts/get \`${name}\`: ${what}`);
    }
    return this.forwardItem(prompt, 'prompts/get', { name, arguments: args }, names, signal, (r) => Array.isArray(r.messages));
  }

  private async readResource(params: { uri: string; _meta?: unknown }, signal: AbortSignal): Promise<Record<string, unknown>> {
    const uri = String(params.uri);
    let item: ServedItem | undefined = this.items.resources.get(uri);
    if (!item) {
      const matching = this.items.templates.filter((t) => t.matcher?.matches(uri));
      const servers = [...new Set(matching.map((t) => t.server))];
      if (servers.length > 1) {
        this.settings.log.write({ decision: 'refused', reason: `resources/read: a uri (${[...uri].length} characters) matches resource templates of ${servers.map((x) => `\`${x}\``).join(' and ')}` });
        throw new McpError(ErrorCode.InvalidParams, `ilo gate refused resources/read: the uri matches resource templates of ${servers.map((x) => `\`${x}\``).join(' and ')}; which server is meant cannot be told`);
      }
      item = matching[0];
    }
    if (!item) throw this.notServed('resources', uri, 'resources/read');
    return this.forwardItem(item, 'resources/read', { uri }, [], signal, (r) => Array.isArray(r.contents));
  }

  /** What a prompt's or resource's answer brought into the session (itemFlow.ts): later sinks and destructive calls follow the flow policy. */
  private observeItem(item: ServedItem, answer: unknown): void {
    this.sources = observeAnswer(this.sources, { name: itemSourceName(item.kind, item.key, item.definition), flow: { labels: itemSourceLabels(item.kind, answer) } });
  }

  /** Send prompts/get or resources/read to the server that offers the item; answer redacted; every outcome logged. */
  private async forwardItem(
    item: ServedItem,
    method: 'prompts/get' | 'resources/read',
    params: Record<string, unknown>,
    names: string[],
    signal: AbortSignal,
    valid: (r: Record<string, unknown>) => boolean,
  ): Promise<Record<string, unknown>> {
    const upstream = this.upstreams.get(item.server)!;
    const logTool = itemLogName(item.kind, item.key);
    const started = performance.now();
    let result: Record<string, unknown>;
    try {
      result = await upstream.request(method, params, signal);
    } catch (e) {
      const err = e instanceof UpstreamError ? e : new UpstreamError(item.server, e instanceof Error ? e.message : String(e), 'failed', `server \`${item.server}\` failed ${method}: ${errorShape(e)}`);
      // What the server said reached the agent as well (as after a tool's error).
      if (err.kind === 'failed') this.observeItem(item, undefined);
      this.settings.log.write({ server: item.server, tool: logTool, decision: 'error', reason: err.logReason, arguments: names });
      throw new McpError(ErrorCode.InternalError, `ilo gate: ${redactText(err.message).text}`);
    }
    if (!valid(result)) {
      this.settings.log.write({ server: item.server, tool: logTool, decision: 'error', reason: `the server answered ${method} with something that is not its result`, arguments: names });
      throw new McpError(ErrorCode.InternalError, `ilo gate: server \`${item.server}\` answered ${method} with something that is not its result`);
    }
    // Whatever it answered is in the agent's context now: the session has seen it (a prompt's words, a resource's data).
    this.observeItem(item, result);
    const redacted = this.redact(result);
    if (redacted === undefined) {
      this.settings.log.write({ server: item.server, tool: logTool, decision: 'refused', reason: `${method}: the answer could not be scanned for secrets (too many values); it was withheld`, arguments: names, codes: ['secret-scan-failed'] });
      throw new McpError(ErrorCode.InternalError, `ilo gate: the answer to ${method} could not be scanned for secrets within the gate's limits, so it was withheld`);
    }
    this.settings.log.write({
      server: item.server,
      tool: logTool,
      decision: 'allowed',
      reason: `${method}: passed every check${redacted === '' ? '' : `; redacted ${redacted}`}`,
      arguments: names,
      ms: performance.now() - started,
      codes: redacted === '' ? undefined : ['secret-redacted'],
    });
    return result;
  }

  private async call(params: { name: string; arguments?: unknown; _meta?: unknown }, extra: CallExtra): Promise<CallToolResult> {
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
      if (limits.domain !== undefined) verdict = tool.declaredParams ? checkDomainDeclared(args, tool.declaredParams, limits.domain) : checkDomain(args, limits.domain);
      if (verdict.ok && limits.rate !== undefined) verdict = this.rates.take(`${tool.server}\u0000${tool.name}`, limits.rate, Date.now());
      if (!verdict.ok) {
        this.settings.log.write({ server: tool.server, tool: tool.name, decision: 'refused', reason: verdict.reason, arguments: names });
        return toolError(`ilo gate refused the call: ${verdict.reason}`);
      }
    }
    const codes: GateDecisionCode[] = [];
    let flowNote = '';
    // The session's flows: a sink or destructive tool after private data or untrusted content came back.
    const flow = decideFlow(this.sources, { name: tool.name, flow: tool.flow }, this.settings.policy.flows);
    if (flow.action !== 'allow') {
      const outcome = await settleFlow(
        { tool: tool.name, server: tool.server, args, decision: flow },
        { capabilities: this.server.getClientCapabilities(), ask: extra.sendRequest as unknown as AskClient },
        { timeoutMs: (this.settings.policy.flows?.askTimeoutSeconds ?? DEFAULT_ASK_TIMEOUT_SECONDS) * 1000, signal: extra.signal },
      );
      if (!outcome.proceed) {
        this.settings.log.write({ server: tool.server, tool: tool.name, decision: 'refused', reason: outcome.logReason, arguments: names, codes: [outcome.code] });
        return toolError(`ilo gate refused the call: ${outcome.reason}`);
      }
      codes.push(outcome.code);
      flowNote = `; ${outcome.logReason}`;
    }
    const upstream = this.upstreams.get(tool.server)!;
    const started = performance.now();
    try {
      const result = await upstream.call(tool.name, args, forwardedMeta(params._meta), extra.signal);
      // The SDK checks the whole result on its way out; a result without content would fail there as a protocol error.
      if (!Array.isArray(result.content) && result.task === undefined) {
        this.settings.log.write({ server: tool.server, tool: tool.name, decision: 'error', reason: 'the server answered with something that is not a tool result', arguments: names, codes });
        return toolError(`ilo gate: server \`${tool.server}\` answered \`${tool.name}\` with something that is not a tool result`);
      }
      if (limits?.tokens !== undefined) {
        const budget = checkTokens(result as CallToolResult, limits.tokens);
        if (!budget.ok) {
          this.settings.log.write({ server: tool.server, tool: tool.name, decision: 'refused', reason: `the result was withheld: ${budget.reason}`, arguments: names, ms: performance.now() - started, codes });
          return toolError(`ilo gate refused the result: ${budget.reason}`);
        }
      }
      // Whatever it answered is in the agent's context now: the session has seen its data.
      this.sources = observeAnswer(this.sources, { name: tool.name, flow: tool.flow });
      const redacted = this.redact(result);
      if (redacted === undefined) {
        this.settings.log.write({ server: tool.server, tool: tool.name, decision: 'refused', reason: 'the answer could not be scanned for secrets (too many values); it was withheld', arguments: names, codes: [...codes, 'secret-scan-failed'] });
        return toolError(`ilo gate: the answer of \`${tool.name}\` could not be scanned for secrets within the gate's limits, so it was withheld`);
      }
      if (redacted !== '') codes.push('secret-redacted');
      const note = redacted === '' ? '' : `; redacted ${redacted}`;
      this.settings.log.write({ server: tool.server, tool: tool.name, decision: 'allowed', reason: `passed every check${flowNote}${note}`, arguments: names, ms: performance.now() - started, codes });
      return result as CallToolResult;
    } catch (e) {
      const err = e instanceof UpstreamError ? e : new UpstreamError(tool.server, e instanceof Error ? e.message : String(e), 'failed', `server \`${tool.server}\` failed the call: ${errorShape(e)}`);
      // What the server said reached the agent as well.
      if (err.kind === 'failed') this.sources = observeAnswer(this.sources, { name: tool.name, flow: tool.flow });
      // A server's own error message may echo the arguments: it goes to the caller, the log gets its shape.
      this.settings.log.write({ server: tool.server, tool: tool.name, decision: 'error', reason: err.logReason, arguments: names, codes });
      return toolError(`ilo gate: ${redactText(err.message).text}`);
    }
  }

  /** What the session has seen: the first tool that brought private data, and untrusted content. */
  private sources: SessionSources = {};

  /** The flow sources of this session so far (tests, tools). */
  get sessionSources(): SessionSources {
    return this.sources;
  }

  /**
   * Secrets in an answer replaced in place (unless the policy turns it off):
   * the categories and counts as text ('' when none), or undefined when the
   * answer is too big to scan (the caller withholds it).
   */
  private redact(answer: unknown): string | undefined {
    if (this.settings.policy.redactSecrets === false) return '';
    try {
      return countsText(redactJson(answer));
    } catch (e) {
      if (e instanceof SecretScanError) return undefined;
      throw e;
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

function itemVerdictKey(v: ItemVerdict): string {
  return `${v.server}\u0000${v.kind}\u0000${v.key}\u0000${v.decision}\u0000${v.reason}`;
}

/** How the log names a prompt (its name) or a resource (a uri is data: its scheme and length only). */
function itemLogName(kind: PrimitiveKind, key: string): string {
  if (kind === 'prompts') return `prompt/${logName(key)}`;
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]{0,30}):/.exec(key)?.[1] ?? 'no-scheme';
  return `${kind === 'resources' ? 'resource' : 'template'}/${scheme}/${[...key].length}-characters`;
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
