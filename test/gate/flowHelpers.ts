// Support for the gate's flow, secret and prompt/resource suites: the scripted
// fixture server (flowServer.cjs) and a few labelled tools.
import { join } from 'node:path';
import type { ServerConfig } from '../../server/src/contracts/mcp';
import type { JsonObject } from '../../server/src/schema/json';
import type { SecretCategory } from '../../server/src/gate/secretScan';
import { scriptedServer } from './scriptedServer';

export const FLOW_FIXTURE = join(__dirname, 'fixtures', 'flowServer.cjs');

export interface FlowScript {
  tools?: JsonObject[];
  results?: Record<string, JsonObject>;
  prompts?: JsonObject[];
  messages?: Record<string, JsonObject[]>;
  resources?: JsonObject[];
  templates?: JsonObject[];
  contents?: Record<string, string>;
}

export interface FlowServer {
  name: string;
  config: ServerConfig;
  set(script: FlowScript): void;
  /** The requests that reached the server: method and tool/prompt name or uri. */
  calls(): { method: string; name: string }[];
}

export function flowServer(dir: string, name: string, script: FlowScript): FlowServer {
  const server = scriptedServer(FLOW_FIXTURE, join(dir, `${name}.flow.json`), JSON.stringify(script));
  return {
    name,
    config: server.config,
    set: (s) => server.write(JSON.stringify(s)),
    calls: () => server.calls(),
  };
}

/** private: reads the user's files. */
export const READ_FILE: JsonObject = {
  name: 'read_file',
  description: 'Read a file from the local disk and return its text.',
  inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
  annotations: { readOnlyHint: true },
};

/** untrusted: returns web content. */
export const FETCH_PAGE: JsonObject = {
  name: 'fetch_page',
  description: 'Fetch a web page by URL and return its text.',
  inputSchema: { type: 'object', properties: { url: { type: 'string' } }, required: ['url'] },
  annotations: { readOnlyHint: true, openWorldHint: true },
};

/** sink: sends data out. */
export const SEND_EMAIL: JsonObject = {
  name: 'send_email',
  description: 'Send an email message to a recipient.',
  inputSchema: { type: 'object', properties: { to: { type: 'string' }, body: { type: 'string' } }, required: ['to', 'body'] },
  annotations: { readOnlyHint: false, openWorldHint: true },
};

/** destructive: deletes files. */
export const DELETE_FILE: JsonObject = {
  name: 'delete_file',
  description: 'Delete a file from the local disk.',
  inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
  annotations: { readOnlyHint: false, destructiveHint: true },
};

/** No label: neither a source nor a sink. */
export const GET_TIME: JsonObject = {
  name: 'get_time',
  description: 'Return the current time of day.',
  inputSchema: { type: 'object', properties: {} },
  annotations: { readOnlyHint: true },
};

export const FLOW_TOOLS = [READ_FILE, FETCH_PAGE, SEND_EMAIL, DELETE_FILE, GET_TIME];

/** One planted secret per category, built at run time (no real credential sits in the source). */
export function plantedSecrets(): Record<SecretCategory, string> {
  const r = (n: number, alphabet = 'aB3dE5gH7jK9mN1pQ2sT4vW6yZ8') => Array.from({ length: n }, (_, i) => alphabet[(i * 7 + n) % alphabet.length]).join('');
  return {
    'private-key': `-----BEGIN RSA PRIVATE KEY-----\n${r(64)}\n${r(40)}==\n-----END RSA PRIVATE KEY-----`,
    'aws-access-key': `AKIA${r(16, 'ABCDEFGHJKLMNPQRSTUVWXYZ234567')}`,
    'github-token': `ghp_${r(36)}`,
    'gitlab-token': `glpat-${r(20)}`,
    'slack-token': `xoxb-${r(12, '0123456789')}-${r(24)}`,
    'anthropic-key': `sk-ant-api03-${r(40)}`,
    'openai-key': `sk-proj-${r(48)}`,
    'stripe-key': `sk_live_${r(24)}`,
    'google-api-key': `AIza${r(35)}`,
    'npm-token': `npm_${r(36)}`,
    'huggingface-token': `hf_${r(34)}`,
    jwt: `eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.${r(43)}`,
    'bearer-token': r(40),
    'connection-string': `admin:${r(14)}`,
  };
}

/** How each planted secret sits in a text. */
export function inContext(category: SecretCategory, secret: string): string {
  if (category === 'bearer-token') return `Authorization: Bearer ${secret}`;
  if (category === 'connection-string') return `DATABASE_URL=postgres://${secret}@db.internal:5432/app`;
  return `value: ${secret}\nnext line`;
}
