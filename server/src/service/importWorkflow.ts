// The MCP import and drift-verification workflows shared by `ilo-ls
// import/verify` and the editor commands. They compute what to write (ilo
// source, lock text) and what it would replace; callers decide, ask, write.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { readTextFile } from '../textFiles';
import {
  driftByFile,
  findPinnedDeclarations,
  driftDiagnostics,
  driftNoun,
  importTools,
  importToolsFromText,
  LOCK_FILE_NAME,
  listServerTools,
  overwritesPins,
  parseLock,
  parseMcpConfig,
  serializeLock,
  updateLock,
  verifyLockedServers,
  type ImportResult,
  type LockChange,
  type LockFile,
  type McpListError,
} from '../contracts';
import { configVariables, type McpConfig } from '../contracts/mcp';
import { itemKey } from '../contracts/mcp/primitiveList';
import { lockItems } from '../contracts/pins';
import type { Diagnostic } from '../diagnostics';
import { parseIlo } from '../syntax/parse';

export type ImportSource =
  /** JSON text: a tools/list result, a bare array of tools, or one tool. */
  | { kind: 'text'; text: string; server?: string }
  /** A live server from a Claude-Desktop-shaped MCP config. */
  | { kind: 'config'; configPath: string; server: string; timeoutMs?: number };

export interface ImportPlan {
  server: string;
  result: ImportResult;
  /** Where the lock lives (beside the target file), when a target was given. */
  lockPath?: string;
  /** The lock's new content. */
  lockText?: string;
  lockChange?: LockChange;
  /** True when writing the lock would replace or remove existing pins: ask first. */
  replacesPins: boolean;
  /** Problems in an existing lock (malformed parts are dropped from the rewritten lock). */
  lockProblems: string[];
}

/**
 * An MCP config, read and parsed; throws one line naming the file and what
 * is wrong when it cannot be read, is not JSON or names no servers.
 */
function readConfig(configPath: string): McpConfig {
  const read = readTextFile(configPath);
  if ('problem' in read) throw new Error(`cannot read the MCP config ${configPath}: ${read.problem}`);
  const config = parseMcpConfig(read.text, configPath, configVariables(configPath));
  if (config.servers.size === 0 && config.problems.length > 0 && !config.problems.some((p) => p.includes('server `'))) throw new Error(config.problems[0]);
  return config;
}

/** Why the MCP config at `configPath` cannot be used (one line), or undefined when it can. */
export function mcpConfigProblem(configPath: string): string | undefined {
  try {
    readConfig(configPath);
    return undefined;
  } catch (err) {
    return (err as Error).message;
  }
}

function readText(p: string): string | undefined {
  try {
    return fs.readFileSync(p, 'utf8');
  } catch {
    return undefined;
  }
}

/** A server name for JSON imported from a file or the clipboard. */
export function serverNameFor(sourceFile: string | undefined): string {
  if (!sourceFile) return 'imported';
  return path.basename(sourceFile).replace(/\.(tools|mcp)?\.?json$/i, '').replace(/\.json$/i, '') || 'imported';
}

/**
 * Imports tools and plans the lock update beside `targetPath` (the ilo file
 * the source goes into). Rejects with a clear Error when a server cannot be
 * listed or a config cannot be read; malformed tools are in `result.problems`.
 */
export async function planImport(source: ImportSource, targetPath?: string, takenNames: Iterable<string> = []): Promise<ImportPlan> {
  const lockDir = targetPath ? path.dirname(path.resolve(targetPath)) : undefined;
  const file = targetPath && lockDir ? path.relative(lockDir, path.resolve(targetPath)) : undefined;
  let server: string;
  let result: ImportResult;
  if (source.kind === 'text') {
    server = source.server ?? 'imported';
    result = importToolsFromText(source.text, { server, takenNames, file });
  } else {
    const config = readConfig(source.configPath);
    const cfg = config.servers.get(source.server);
    if (!cfg) {
      const known = [...config.servers.keys()];
      const why = config.problems.find((p) => p.includes(`server \`${source.server}\``));
      if (why) throw new Error(why);
      throw new Error(`no server \`${source.server}\` in ${source.configPath}${known.length ? ` (it has: ${known.join(', ')})` : ''}`);
    }
    const listing = await listServerTools(source.server, cfg, { timeoutMs: source.timeoutMs });
    server = source.server;
    result = importTools({ tools: listing.tools }, { server, serverInfo: listing.serverInfo, takenNames, file });
    result.problems.push(...listing.problems);
    // Its prompts and resources are pinned beside its tools (the gate serves only pinned ones).
    const items = listing.items ?? {};
    if (items.prompts) result.lockEntry.prompts = lockItems(items.prompts, (p) => itemKey('prompts', p));
    if (items.resources) result.lockEntry.resources = lockItems(items.resources, (r) => itemKey('resources', r));
    if (items.resourceTemplates) result.lockEntry.resourceTemplates = lockItems(items.resourceTemplates, (t) => itemKey('resourceTemplates', t));
    for (const p of listing.itemProblems ?? []) result.problems.push({ path: p.split(':')[0], message: `not pinned: ${p}`, severity: 'warning' });
  }
  const plan: ImportPlan = { server, result, replacesPins: false, lockProblems: [] };
  if (lockDir && result.tools.length > 0) {
    plan.lockPath = path.join(lockDir, LOCK_FILE_NAME);
    const existingText = readText(plan.lockPath);
    let existing: LockFile | undefined;
    if (existingText !== undefined) {
      const parsed = parseLock(existingText);
      plan.lockProblems.push(...parsed.problems);
      existing = parsed.lock;
    }
    const { lock, change } = updateLock(existing, server, result.lockEntry);
    plan.lockText = serializeLock(lock);
    plan.lockChange = change;
    plan.replacesPins = overwritesPins(change);
  }
  return plan;
}

export interface VerifyOutcome {
  /** Drift diagnostics keyed by the absolute path of the imported ilo file. */
  byFile: Map<string, Diagnostic[]>;
  /** Texts of the files the diagnostics refer to (for positions). */
  texts: Map<string, string>;
  /** Drift that could not be placed on a declaration (file missing, not in the lock). */
  unplaced: string[];
  failures: McpListError[];
  notConfigured: string[];
  checked: string[];
  /** Pins whose ilo declaration cannot be found (the lock's `file` is gone or no longer declares them). */
  missingDeclarations: string[];
}

/** Re-lists every pinned server and turns drift into diagnostics on the imported files. */
export async function verifyAgainstServers(lockPath: string, configPath: string, timeoutMs?: number): Promise<VerifyOutcome> {
  // The config first: it is what the user named.
  const config = readConfig(configPath);
  const lockRead = readTextFile(lockPath);
  if ('problem' in lockRead) throw new Error(`cannot read the lock file ${lockPath}: ${lockRead.problem}${lockRead.problem === 'no such file' ? ' (it is written by `import -o`; name another with --lock)' : ''}`);
  const parsed = parseLock(lockRead.text);
  if (parsed.problems.some((p) => /is not valid JSON|must hold a JSON object/.test(p))) throw new Error(`${lockPath}: ${parsed.problems[0]}`);
  const verify = await verifyLockedServers(parsed.lock, config, { timeoutMs });
  const outcome: VerifyOutcome = {
    byFile: new Map(),
    texts: new Map(),
    unplaced: [],
    failures: verify.failures,
    notConfigured: verify.notConfigured,
    checked: verify.checked,
    missingDeclarations: [],
  };
  const lockDir = path.dirname(path.resolve(lockPath));
  // A pin is checked against its declaration too: a lock whose file no longer declares the tools is not "0 findings".
  const declared = findPinnedDeclarations(parsed.lock, lockDir, readText);
  outcome.missingDeclarations = declared.problems.filter((p) => !p.warningOnly).map((p) => p.message);
  for (const [file, items] of driftByFile(parsed.lock, verify.items)) {
    const abs = file ? path.resolve(lockDir, file) : undefined;
    const text = abs ? readText(abs) : undefined;
    if (!abs || text === undefined) {
      for (const item of items) outcome.unplaced.push(`${item.server}: ${item.kind} ${item.item ? `${driftNoun(item)} ` : ''}${item.wire}`);
      continue;
    }
    outcome.texts.set(abs, text);
    outcome.byFile.set(abs, driftDiagnostics(items, parseIlo(text).program.decls, { lock: parsed.lock }));
  }
  return outcome;
}
