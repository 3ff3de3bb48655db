// Support for the hostile-upstream suite: the hostile fixture server (official
// SDK, scripted by a JSON file a test can rewrite mid-session), its counters,
// and a tools/list read with a loose result schema, so the test sees exactly
// what the gate put on the wire (the SDK's own schema would drop unknown keys).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ResultSchema } from '@modelcontextprotocol/sdk/types.js';
import type { ServerConfig } from '../../server/src/contracts/mcp';
import type { JsonObject } from '../../server/src/schema/json';
import { scriptedServer } from './scriptedServer';

export const HOSTILE = join(__dirname, 'fixtures', 'hostileServer.cjs');
export const HUGE_HTTP = join(__dirname, 'fixtures', 'hugeHttpServer.cjs');

export interface HostileScript {
  tools: unknown[];
  listDelayMs?: number;
  storm?: number;
  stderr?: string;
  errorText?: string;
  resultBytes?: number;
  resultText?: string;
  exitOnCall?: boolean;
}

export interface HostileServer {
  name: string;
  config: ServerConfig;
  /** Replace the script; `raw` writes the text as given (keys such as `__proto__` survive). */
  set(script: HostileScript | { raw: string }): void;
  counts(): { lists: number; calls: number };
  calls(): { tool: string; arguments: Record<string, unknown> }[];
}

export function hostileServer(dir: string, name: string, script: HostileScript | { raw: string }): HostileServer {
  const text = (s: HostileScript | { raw: string }) => ('raw' in s ? s.raw : JSON.stringify(s));
  const server = scriptedServer(HOSTILE, join(dir, `${name}.script.json`), text(script));
  const countsFile = `${server.file}.counts`;
  return {
    name,
    config: server.config,
    set: (s) => server.write(text(s)),
    counts: () => (existsSync(countsFile) ? JSON.parse(readFileSync(countsFile, 'utf8')) : { lists: 0, calls: 0 }),
    calls: () => server.calls(),
  };
}

/** tools/list as sent on the wire (every key kept). */
export async function rawTools(client: Client): Promise<Record<string, unknown>[]> {
  const result = (await client.request({ method: 'tools/list', params: {} }, ResultSchema)) as { tools?: Record<string, unknown>[] };
  return result.tools ?? [];
}

/** A read-only tool with a plain schema, for building hostile lists. */
export function plainTool(name: string, description = `Read the ${name.replace(/_/g, ' ')} record.`): JsonObject {
  return { name, description, inputSchema: { type: 'object', properties: { id: { type: 'string', description: 'The record id' } } }, annotations: { readOnlyHint: true } };
}
