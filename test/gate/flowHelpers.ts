// Support for the gate's flow, secret and prompt/resource suites: the scripted
// fixture server (flowServer.cjs) and a few labelled tools.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ServerConfig } from '../../server/src/contracts/mcp';
import type { JsonObject } from '../../server/src/schema/json';

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
  const file = join(dir, `${name}.flow.json`);
  const set = (s: FlowScript) => writeFileSync(file, JSON.stringify(s));
  set(script);
  return {
    name,
    config: { kind: 'stdio', command: process.execPath, args: [FLOW_FIXTURE, file], env: {} },
    set,
    calls: () =>
      existsSync(`${file}.calls`)
        ? readFileSync(`${file}.calls`, 'utf8')
            .split('\n')
            .filter(Boolean)
            .map((l) => JSON.parse(l))
        : [],
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
