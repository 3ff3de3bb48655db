// MCP client configuration, in the Claude Desktop / Cursor shape:
//
//   {"mcpServers": {
//      "memory": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-memory"], "env": {"K": "v"}},
//      "remote": {"url": "https://example.com/mcp", "headers": {"Authorization": "Bearer …"}}
//   }}
//
// and the VS Code `.vscode/mcp.json` shape (JSON with comments):
//
//   {"servers": {
//      "memory": {"type": "stdio", "command": "npx", "args": [...], "env": {"K": "${env:K}"}},
//      "remote": {"type": "http", "url": "https://example.com/mcp"}
//   }, "inputs": [...]}
//
// Variables in strings: `${env:NAME}`, `${workspaceFolder}` and `${userHome}`
// are replaced when their values are given (ConfigVariables); an entry that
// needs `${input:…}` (which only VS Code can ask for) or an unknown variable
// is reported and skipped, never started with the placeholder in it.
//
// Parsing only: nothing here starts a process. Bad entries are reported with
// the server's name and skipped.

import { isJsonObject } from '../../schema/json';
import { parseJsonc } from './jsonc';

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
  /** Which shape the file had: `mcpServers` (Claude Desktop, Cursor) or `servers` (VS Code). */
  shape?: 'mcpServers' | 'servers';
}

/** Values for `${…}` variables in a config; a variable with no value here makes its entry unusable. */
export interface ConfigVariables {
  workspaceFolder?: string;
  userHome?: string;
  env?: Readonly<Record<string, string | undefined>>;
}

const VARIABLE = /\$\{([^}]*)\}/g;
/** What counts as a variable; any other `${…}` (a shell's, say) is passed on as written. */
const VARIABLE_NAME = /^(?:(?:env|input|config|command):.+|workspaceFolder|workspaceFolderBasename|userHome)$/;

/** Replace the variables in one string; the names of those that have no value are returned. */
function substitute(s: string, vars: ConfigVariables | undefined, missing: Set<string>): string {
  if (!s.includes('${')) return s;
  return s.replace(VARIABLE, (whole, name: string) => {
    if (!VARIABLE_NAME.test(name)) return whole;
    let value: string | undefined;
    if (name === 'workspaceFolder') value = vars?.workspaceFolder;
    else if (name === 'workspaceFolderBasename') value = vars?.workspaceFolder?.split(/[\\/]/).filter(Boolean).pop();
    else if (name === 'userHome') value = vars?.userHome;
    else if (name.startsWith('env:')) value = vars?.env?.[name.slice(4)];
    if (value === undefined) {
      missing.add(whole);
      return whole;
    }
    return value;
  });
}

/** A copy of an entry with every string variable replaced (object keys are left as written). */
function substituteDeep(v: unknown, vars: ConfigVariables | undefined, missing: Set<string>): unknown {
  if (typeof v === 'string') return substitute(v, vars, missing);
  if (Array.isArray(v)) return v.map((x) => substituteDeep(x, vars, missing));
  if (isJsonObject(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, substituteDeep(x, vars, missing)]));
  return v;
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

/** Read a config from its JSON (or JSONC) text. Never throws. */
export function parseMcpConfig(text: string, origin = 'MCP config', vars?: ConfigVariables): McpConfig {
  const problems: string[] = [];
  const servers = new Map<string, ServerConfig>();
  const parsed = parseJsonc(text);
  if (!parsed.ok) return { servers, problems: [`${origin} is not valid JSON: ${parsed.error}`] };
  const value = parsed.value;
  const shape = isJsonObject(value) && isJsonObject(value.mcpServers) ? 'mcpServers' : isJsonObject(value) && isJsonObject(value.servers) ? 'servers' : undefined;
  if (!shape || !isJsonObject(value)) {
    return {
      servers,
      problems: [`${origin} has no "mcpServers" object (Claude Desktop, Cursor: {"mcpServers": {"name": {"command": ...}}}) or "servers" object (VS Code .vscode/mcp.json)`],
    };
  }
  const root = value[shape] as Record<string, unknown>;
  for (const [name, raw] of Object.entries(root)) {
    const where = `${origin}: server \`${name}\``;
    if (!isJsonObject(raw)) {
      problems.push(`${where} must be an object`);
      continue;
    }
    const missing = new Set<string>();
    const entry = substituteDeep(raw, vars, missing) as Record<string, unknown>;
    if (missing.size > 0) {
      const names = [...missing];
      const input = names.some((n) => n.startsWith('${input:'));
      problems.push(
        `${where} uses ${names.join(', ')}, which ${input ? 'only the editor that owns this config can ask for' : 'has no value here'}; it is skipped (write the value, or \`\${env:NAME}\` with NAME set in the environment)`,
      );
      continue;
    }
    const type = entry.type;
    if (type !== undefined && type !== 'stdio' && type !== 'http' && type !== 'streamableHttp' && type !== 'streamable-http') {
      problems.push(
        type === 'sse'
          ? `${where} uses the old SSE transport, which is not supported; use its Streamable HTTP endpoint ("type": "http")`
          : `${where}: "type" ${JSON.stringify(type)} is not one of "stdio", "http"`,
      );
      continue;
    }
    if (entry.envFile !== undefined) problems.push(`${where}: "envFile" is not read; put the variables the server needs in "env"`);
    if (type === 'stdio' && typeof entry.url === 'string' && typeof entry.command !== 'string') {
      problems.push(`${where} has "type": "stdio" but no "command"`);
      continue;
    }
    if (typeof entry.url === 'string' && type !== 'stdio') {
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
  return { servers, problems, shape };
}

/** One line describing how a server is reached (for prompts: "start `npx -y …`?"). Never shows env values or headers. */
export function describeServer(name: string, config: ServerConfig): string {
  if (config.kind === 'http') return `${name}: ${config.url}`;
  return `${name}: ${[config.command, ...config.args].join(' ')}`;
}
