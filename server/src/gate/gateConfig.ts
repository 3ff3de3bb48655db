// Loading what the gate needs from disk: the MCP config (Claude Desktop /
// Cursor `mcpServers` or VS Code `servers`), the servers to gate, the lock
// with the pins, and the policy. Everything that is wrong is reported in one
// go, with the file it is in; the gate does not start on a bad policy, a
// missing config or a server name the config does not have.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { LOCK_FILE_NAME, emptyLock, findPinnedDeclarations, parseLock, type LockFile, type PinnedDeclarations } from '../contracts/pins';
import { configVariables, parseMcpConfig, type ServerConfig } from '../contracts/mcp';
import { readTextFile } from '../textFiles';
import { effectivePolicy, parsePolicy, type GatePolicy } from './policy';

export interface GateArgs {
  config: string;
  /** Servers to gate; all of the config's when empty. */
  servers: readonly string[];
  lock?: string;
  policy?: string;
  readOnly?: boolean;
  allowNew?: boolean;
  /** Deadline of one upstream call, in seconds. */
  timeoutSeconds?: number;
  /** Largest message either way, in MiB. */
  maxMessageMiB?: number;
}

export interface LoadedGate {
  servers: Map<string, ServerConfig>;
  lock: LockFile;
  lockPath: string;
  policy: GatePolicy;
  /** The ilo declarations of the pins (for `@behavior` under read-only). */
  declarations: PinnedDeclarations;
  callTimeoutMs?: number;
  maxMessageBytes?: number;
  /** Things the user should know that do not stop the gate. */
  warnings: string[];
}

/** Read the config, lock and policy; `errors` when the gate must not start. Never throws. */
export function loadGate(args: GateArgs, cwd = process.cwd()): LoadedGate | { errors: string[] } {
  const errors: string[] = [];
  const warnings: string[] = [];
  const configPath = path.resolve(cwd, args.config);
  const read = readTextFile(configPath);
  if ('problem' in read) return { errors: [`cannot read the MCP config ${args.config}: ${read.problem}`] };
  const config = parseMcpConfig(read.text, args.config, configVariables(configPath));
  // Not JSON, or no servers object at all: that is the whole story.
  if (config.servers.size === 0 && config.problems.length > 0 && !config.problems.some((p) => p.includes('server `'))) return { errors: config.problems };

  const servers = new Map<string, ServerConfig>();
  const wanted = args.servers.length > 0 ? [...new Set(args.servers)] : [...config.servers.keys()];
  for (const name of wanted) {
    const server = config.servers.get(name);
    if (server) {
      servers.set(name, server);
      continue;
    }
    const why = config.problems.find((p) => p.includes(`server \`${name}\``));
    errors.push(why ?? `there is no server \`${name}\` in ${args.config} (it has: ${[...config.servers.keys()].join(', ') || 'none'})`);
  }
  for (const p of config.problems) if (!errors.includes(p) && (args.servers.length === 0 || args.servers.some((s) => p.includes(`server \`${s}\``)))) warnings.push(p);
  if (config.servers.size === 0 && errors.length === 0) errors.push(...(config.problems.length > 0 ? config.problems : [`${args.config} names no server`]));

  const lockPath = path.resolve(cwd, args.lock ?? LOCK_FILE_NAME);
  let lock: LockFile = emptyLock();
  const lockRead = readTextFile(lockPath);
  const lockText = 'text' in lockRead ? lockRead.text : undefined;
  if ('problem' in lockRead) {
    if (args.lock !== undefined) errors.push(`cannot read the lock file ${args.lock}: ${lockRead.problem}`);
    else warnings.push(`no ${LOCK_FILE_NAME} in ${cwd}: no tool is pinned, so only new tools allowed by --allow-new or the policy are served`);
  }
  if (lockText !== undefined) {
    const parsed = parseLock(lockText);
    if (parsed.problems.some((p) => /not valid JSON|must hold a JSON object/.test(p))) errors.push(...parsed.problems.map((p) => `${lockPath}: ${p}`));
    else warnings.push(...parsed.problems.map((p) => `${lockPath}: ${p}`));
    lock = parsed.lock;
  }

  let policy: GatePolicy | undefined;
  if (args.policy !== undefined) {
    const policyRead = readTextFile(path.resolve(cwd, args.policy));
    const text = 'text' in policyRead ? policyRead.text : undefined;
    if ('problem' in policyRead) errors.push(`cannot read the policy file ${args.policy}: ${policyRead.problem}`);
    if (text !== undefined) {
      const parsed = parsePolicy(text, args.policy);
      if ('errors' in parsed) errors.push(...parsed.errors);
      else policy = parsed.policy;
    }
  }

  if (args.timeoutSeconds !== undefined && !(args.timeoutSeconds > 0)) errors.push('--timeout must be a positive number of seconds');
  if (args.maxMessageMiB !== undefined && !(args.maxMessageMiB > 0 && args.maxMessageMiB <= 1024)) errors.push('--max-message must be a number of MiB between 0 and 1024');
  if (errors.length > 0) return { errors };
  const readText = (file: string) => {
    try {
      return fs.readFileSync(file, 'utf8');
    } catch {
      return undefined;
    }
  };
  const declarations = findPinnedDeclarations(lock, path.dirname(lockPath), readText);
  for (const p of declarations.problems) warnings.push(p.warningOnly ? p.message : `${p.message}; the gate withholds ${p.wire === undefined ? 'its pinned tools' : 'that tool'} (a pin is served only with the declaration it was reviewed with)`);
  return {
    servers,
    lock,
    lockPath,
    policy: effectivePolicy(policy, { readOnly: args.readOnly, allowNew: args.allowNew }),
    declarations,
    callTimeoutMs: args.timeoutSeconds !== undefined ? args.timeoutSeconds * 1000 : undefined,
    maxMessageBytes: args.maxMessageMiB !== undefined ? Math.round(args.maxMessageMiB * 1024 * 1024) : undefined,
    warnings,
  };
}
