// Test support for the gate: fixture tool lists, a lock pinned from them,
// a config that starts the counting fixture server, and an SDK client
// connected to an in-process gate (the upstreams are real processes).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ElicitRequestSchema, type ClientCapabilities, type ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { emptyLock, lockServerEntry, type LockFile } from '../../server/src/contracts/pins';
import type { ServerConfig } from '../../server/src/contracts/mcp';
import { Gate, memoryDecisionLog, type GatePolicy, type GateSettings } from '../../server/src/gate';
import type { JsonObject } from '../../server/src/schema/json';
import { jsonLines } from './scriptedServer';

export const FIXTURE = join(__dirname, 'fixtures', 'countingServer.cjs');

export function scratchDir(): string {
  return mkdtempSync(join(tmpdir(), 'ilo-gate-'));
}

/** The notes server's tools: one read, one delete, one save, and one that never answers. */
export function notesTools(): JsonObject[] {
  return [
    {
      name: 'read_notes',
      description: 'Read the notes saved under a topic.',
      inputSchema: {
        type: 'object',
        properties: { topic: { type: 'string', description: 'The topic to read' }, limit: { type: 'integer', minimum: 1 } },
        required: ['topic'],
      },
      annotations: { readOnlyHint: true },
    },
    {
      name: 'delete_note',
      description: 'Delete a note by its id.',
      inputSchema: { type: 'object', properties: { id: { type: 'string', description: 'The note id' } }, required: ['id'] },
      annotations: { readOnlyHint: false, destructiveHint: true },
    },
    {
      name: 'save_note',
      description: 'Save a new note under a topic.',
      inputSchema: { type: 'object', properties: { topic: { type: 'string' }, text: { type: 'string' } }, required: ['topic', 'text'] },
    },
    {
      name: 'hang',
      description: 'Look up a value in the slow archive.',
      inputSchema: { type: 'object', properties: {} },
      annotations: { readOnlyHint: true },
    },
  ];
}

export interface FixtureServer {
  name: string;
  toolsFile: string;
  callsFile: string;
  config: ServerConfig;
  /** The calls that reached the server. */
  calls(): { tool: string; arguments: Record<string, unknown> }[];
  pid(): number;
  setTools(tools: JsonObject[]): void;
}

export function fixtureServer(dir: string, name: string, tools: JsonObject[]): FixtureServer {
  const toolsFile = join(dir, `${name}.tools.json`);
  const callsFile = join(dir, `${name}.calls.log`);
  writeFileSync(toolsFile, JSON.stringify({ tools }));
  return {
    name,
    toolsFile,
    callsFile,
    config: { kind: 'stdio', command: process.execPath, args: [FIXTURE, toolsFile, callsFile], env: {} },
    calls: () => jsonLines(callsFile),
    pid: () => Number(readFileSync(`${callsFile}.pid`, 'utf8')),
    setTools: (next) => writeFileSync(toolsFile, JSON.stringify({ tools: next })),
  };
}

/** A lock pinning these tools of these servers. */
export function lockFor(entries: Record<string, JsonObject[]>): LockFile {
  const lock = emptyLock();
  for (const [server, tools] of Object.entries(entries)) {
    lock.servers[server] = lockServerEntry(tools.map((t) => ({ wire: String(t.name), ilo: String(t.name).replace(/_/g, '-'), definition: t })));
  }
  return lock;
}

/** How the test agent presents itself: its capabilities and how it answers elicitation. */
export interface AgentOptions {
  capabilities?: ClientCapabilities;
  onElicit?: (params: { message: string; requestedSchema?: unknown }) => Promise<ElicitResult>;
  onNotification?: (method: string) => void;
}

export interface GateSession {
  gate: Gate;
  client: Client;
  log: ReturnType<typeof memoryDecisionLog>;
  listChanged: () => number;
  close(): Promise<void>;
}

/** An in-process gate over real upstream processes, with an SDK client connected to it. */
export async function openGate(
  servers: FixtureServer[] | Map<string, ServerConfig>,
  lock: LockFile,
  policy: GatePolicy = {},
  extra: Partial<Omit<GateSettings, 'servers' | 'lock' | 'policy' | 'log'>> = {},
  agent: AgentOptions = {},
): Promise<GateSession> {
  const configs = servers instanceof Map ? servers : new Map(servers.map((s) => [s.name, s.config]));
  const log = memoryDecisionLog();
  const gate = new Gate({ startTimeoutMs: 30_000, ...extra, servers: configs, lock, policy, log });
  const [downstream, upstream] = InMemoryTransport.createLinkedPair();
  await gate.connect(downstream);
  const client = new Client({ name: 'test-agent', version: '1.0.0' }, { capabilities: agent.capabilities ?? {} });
  if (agent.onElicit) client.setRequestHandler(ElicitRequestSchema, (request) => agent.onElicit!(request.params as { message: string; requestedSchema?: unknown }));
  let changes = 0;
  client.fallbackNotificationHandler = async (n) => {
    if (n.method === 'notifications/tools/list_changed') changes++;
    agent.onNotification?.(n.method);
  };
  await client.connect(upstream);
  return {
    gate,
    client,
    log,
    listChanged: () => changes,
    close: async () => {
      await client.close().catch(() => undefined);
      await gate.close();
    },
  };
}

/** Wait until a condition holds (bounded: fails after `ms`). */
export async function until(what: string, cond: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The text of a tool result's first content item. */
export function textOf(result: unknown): string {
  const content = (result as { content?: { type: string; text?: string }[] }).content ?? [];
  return content.map((c) => c.text ?? '').join('\n');
}
