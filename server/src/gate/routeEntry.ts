// "ilo: Route an MCP server through the gate", as a pure text rewrite: the
// chosen entry of an MCP config (Claude Desktop / Cursor `mcpServers`, or
// VS Code `servers`) becomes an entry that launches `ilo-ls gate`, and the
// original entry moves, unchanged but for its secrets, into a gate config
// file of its own. Only the bytes of that one entry's value change; every
// other entry, comment and the file's layout stay as they were.
//
// Secrets are not copied: each `env` value stays in the host's config (the
// host resolves `${input:…}` and passes it to the gate's process) and the
// gate config says `${env:NAME}` instead; HTTP headers travel the same way,
// through ILO_GATE_HEADER_* variables.

import * as path from 'node:path';
import { isJsonObject, type JsonObject, type JsonValue } from '../schema/json';
import { parseJsonc, propertySpan } from '../contracts/mcp';

export interface RouteInput {
  /** The config's text as it is on disk. */
  configText: string;
  configPath: string;
  server: string;
  /** The program that runs the CLI bundle (`node`). */
  nodeCommand: string;
  /** Absolute path of the bundled CLI (dist/cli.js). */
  cliPath: string;
  lockPath: string;
  /** Where the gate config goes (gateConfigPathFor by default). */
  gateConfigPath?: string;
  /** Extra gate switches, e.g. ["--read-only"]. */
  gateArgs?: readonly string[];
}

export type RoutePlan =
  | {
      ok: true;
      /** The config with only that entry's value replaced. */
      configText: string;
      gateConfigPath: string;
      gateConfigText: string;
      /** The entry before and after, for the confirmation. */
      before: JsonObject;
      after: JsonObject;
    }
  | { ok: false; error: string };

export interface ConfigEntry {
  name: string;
  /** `command args…` or the URL. */
  launches: string;
  /** Already launches `ilo-ls gate`. */
  routed: boolean;
}

/** The gate config beside the original: `ilo-gate.<server>.json`. */
export function gateConfigPathFor(configPath: string, server: string): string {
  const safe = server.replace(/[^A-Za-z0-9._-]+/g, '_') || 'server';
  return path.join(path.dirname(configPath), `ilo-gate.${safe}.json`);
}

/** A backup name that does not exist yet: `<config>.ilo-backup`, then `.ilo-backup-2`, … */
export function backupPathFor(configPath: string, exists: (p: string) => boolean): string {
  let candidate = `${configPath}.ilo-backup`;
  for (let n = 2; exists(candidate); n++) candidate = `${configPath}.ilo-backup-${n}`;
  return candidate;
}

function serversOf(value: unknown): { key: 'mcpServers' | 'servers'; servers: JsonObject } | undefined {
  if (!isJsonObject(value)) return undefined;
  if (isJsonObject(value.mcpServers)) return { key: 'mcpServers', servers: value.mcpServers };
  if (isJsonObject(value.servers)) return { key: 'servers', servers: value.servers };
  return undefined;
}

function isRouted(entry: JsonValue): boolean {
  if (!isJsonObject(entry) || !Array.isArray(entry.args)) return false;
  const args = entry.args.filter((a): a is string => typeof a === 'string');
  const gate = args.indexOf('gate');
  return gate >= 0 && (gate === 0 ? /ilo-ls/.test(String(entry.command)) : /(?:^|[\\/])cli\.js$/.test(args[gate - 1]));
}

/** The entries of a config, for a picker. */
export function listConfigEntries(configText: string): { entries: ConfigEntry[] } | { error: string } {
  const parsed = parseJsonc(configText);
  if (!parsed.ok) return { error: `the config is not valid JSON: ${parsed.error}` };
  const found = serversOf(parsed.value);
  if (!found) return { error: 'the config has no "mcpServers" (Claude Desktop, Cursor) or "servers" (VS Code) object' };
  return {
    entries: Object.entries(found.servers).map(([name, e]) => ({
      name,
      launches: isJsonObject(e) ? (typeof e.url === 'string' ? e.url : [e.command, ...(Array.isArray(e.args) ? e.args : [])].map(String).join(' ')) : '(not an object)',
      routed: isRouted(e),
    })),
  };
}

function envName(prefix: string, key: string): string {
  return `${prefix}${key.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}`;
}

/** Indentation of the line holding `offset`, and the file's indent unit. */
function layout(text: string, offset: number): { line: string; unit: string } {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const line = /^[ \t]*/.exec(text.slice(lineStart))?.[0] ?? '';
  const unit = /\n([ \t]+)\S/.exec(text)?.[1] ?? '  ';
  return { line, unit: unit.startsWith('\t') ? '\t' : unit.length > 8 ? '  ' : unit };
}

export function planGateRoute(input: RouteInput): RoutePlan {
  const parsed = parseJsonc(input.configText);
  if (!parsed.ok) return { ok: false, error: `${input.configPath} is not valid JSON: ${parsed.error}` };
  const found = serversOf(parsed.value);
  if (!found) return { ok: false, error: `${input.configPath} has no "mcpServers" or "servers" object` };
  const before = found.servers[input.server];
  if (!isJsonObject(before)) return { ok: false, error: `${input.configPath} has no server \`${input.server}\`` };
  if (isRouted(before)) return { ok: false, error: `\`${input.server}\` already goes through the gate` };
  if (typeof before.command !== 'string' && typeof before.url !== 'string') return { ok: false, error: `\`${input.server}\` has neither "command" nor "url"` };

  // The host's env stays with the host; the gate config reads it back from the gate's environment.
  const hostEnv: JsonObject = {};
  const copy: JsonObject = { ...before };
  if (isJsonObject(before.env)) {
    const env: JsonObject = {};
    for (const [k, v] of Object.entries(before.env)) {
      hostEnv[k] = v;
      env[k] = `\${env:${k}}`;
    }
    copy.env = env;
  }
  if (isJsonObject(before.headers)) {
    const headers: JsonObject = {};
    for (const [k, v] of Object.entries(before.headers)) {
      const name = envName('ILO_GATE_HEADER_', k);
      hostEnv[name] = v;
      headers[k] = `\${env:${name}}`;
    }
    copy.headers = headers;
  }
  const gateConfigPath = input.gateConfigPath ?? gateConfigPathFor(input.configPath, input.server);
  const after: JsonObject = {};
  if (found.key === 'servers') after.type = 'stdio';
  after.command = input.nodeCommand;
  after.args = [input.cliPath, 'gate', '--config', gateConfigPath, '--server', input.server, '--lock', input.lockPath, ...(input.gateArgs ?? [])];
  if (Object.keys(hostEnv).length > 0) after.env = hostEnv;

  const span = propertySpan(input.configText, [found.key, input.server]);
  if (!span) return { ok: false, error: `could not find where \`${input.server}\` is written in ${input.configPath}` };
  const { line, unit } = layout(input.configText, span.keyStart);
  const written = JSON.stringify(after, null, unit).replace(/\n/g, `\n${line}`);
  const configText = input.configText.slice(0, span.valueStart) + written + input.configText.slice(span.valueEnd);

  // The promise of the command, checked: the entry changed as planned and no other did.
  const check = parseJsonc(configText);
  const again = check.ok ? serversOf(check.value) : undefined;
  if (!again || JSON.stringify(again.servers[input.server]) !== JSON.stringify(after)) {
    return { ok: false, error: `rewriting \`${input.server}\` would not give the planned entry; nothing was changed` };
  }
  for (const [name, entry] of Object.entries(found.servers)) {
    if (name !== input.server && JSON.stringify(again.servers[name]) !== JSON.stringify(entry)) {
      return { ok: false, error: `rewriting \`${input.server}\` would touch \`${name}\`; nothing was changed` };
    }
  }
  const gateConfigText = JSON.stringify({ mcpServers: { [input.server]: copy } }, null, 2) + '\n';
  return { ok: true, configText, gateConfigPath, gateConfigText, before, after };
}
