// MCP client configuration in the Claude Desktop shape:
//
//   {"mcpServers": {
//      "memory": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-memory"], "env": {"K": "v"}},
//      "remote": {"url": "https://example.com/mcp", "headers": {"Authorization": "Bearer …"}}
//   }}
//
// Parsing only: nothing here starts a process. Bad entries are reported with
// the server's name and skipped.

import { isJsonObject } from '../../schema/json';

export interface StdioServerConfig {
  kind: 'stdio';
  command: string;
  args: string[];
  /** Added to the small safe environment the SDK passes on (PATH, HOME, ...). */
  env: Record<string, string>;
  cwd?: string;
}

export interface HttpServerConfig {
  kind: 'http';
  url: string;
  headers: Record<string, string>;
}

export type ServerConfig = StdioServerConfig | HttpServerConfig;

export interface McpConfig {
  servers: Map<string, ServerConfig>;
  problems: string[];
}

function stringRecord(v: unknown, what: string, problems: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  if (v === undefined) return out;
  if (!isJsonObject(v)) {
    problems.push(`${what} must be an object of strings; it is ignored`);
    return out;
  }
  for (const [k, x] of Object.entries(v)) {
    if (typeof x === 'string') out[k] = x;
    else problems.push(`${what}.${k} must be a string; it is ignored`);
  }
  return out;
}

/** Read a config from its JSON text. Never throws. */
export function parseMcpConfig(text: string, origin = 'MCP config'): McpConfig {
  const problems: string[] = [];
  const servers = new Map<string, ServerConfig>();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { servers, problems: [`${origin} is not valid JSON: ${e instanceof Error ? e.message : String(e)}`] };
  }
  const root = isJsonObject(value) ? (value.mcpServers ?? value.servers) : undefined;
  if (!isJsonObject(root)) {
    return { servers, problems: [`${origin} has no "mcpServers" object (expected {"mcpServers": {"name": {"command": ...}}})`] };
  }
  for (const [name, entry] of Object.entries(root)) {
    const where = `${origin}: server \`${name}\``;
    if (!isJsonObject(entry)) {
      problems.push(`${where} must be an object`);
      continue;
    }
    if (typeof entry.url === 'string') {
      let ok = false;
      try {
        const u = new URL(entry.url);
        ok = u.protocol === 'http:' || u.protocol === 'https:';
      } catch {
        ok = false;
      }
      if (!ok) {
        problems.push(`${where}: "url" must be an http(s) URL`);
        continue;
      }
      servers.set(name, { kind: 'http', url: entry.url, headers: stringRecord(entry.headers, `${where}.headers`, problems) });
      continue;
    }
    if (typeof entry.command !== 'string' || entry.command.trim() === '') {
      problems.push(`${where} needs a "command" (a program to start) or a "url" (a Streamable HTTP endpoint)`);
      continue;
    }
    const args = entry.args === undefined ? [] : Array.isArray(entry.args) && entry.args.every((a) => typeof a === 'string') ? (entry.args as string[]) : undefined;
    if (!args) {
      problems.push(`${where}: "args" must be an array of strings`);
      continue;
    }
    const config: StdioServerConfig = { kind: 'stdio', command: entry.command, args, env: stringRecord(entry.env, `${where}.env`, problems) };
    if (typeof entry.cwd === 'string') config.cwd = entry.cwd;
    servers.set(name, config);
  }
  return { servers, problems };
}

/** One line describing how a server is reached (for prompts: "start `npx -y …`?"). Never shows env values or headers. */
export function describeServer(name: string, config: ServerConfig): string {
  if (config.kind === 'http') return `${name}: ${config.url}`;
  return `${name}: ${[config.command, ...config.args].join(' ')}`;
}
