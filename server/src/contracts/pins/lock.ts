// ilo-tools.lock.json: the pinned definitions of imported MCP tools (seed
// 003, "tool and package pinning" against dynamic capability injection).
//
// One file beside the imported sources. Keys are sorted at every level and
// the file is indented, so a re-import shows up in version control as a
// readable diff of exactly what the server changed:
//
//   {
//     "lockfileVersion": 1,
//     "servers": {
//       "<server name from the config or the import>": {
//         "file": "tools.ilo",                 // the ilo file the tools went into (relative to the lock)
//         "server": {"name": "...", "version": "..."},   // what the server reported, when listed live
//         "tools": {
//           "<wire name>": {"definition": {...}, "hash": "sha256:...", "ilo": "<ilo name>"}
//         }
//       }
//     }
//   }
//
// `definition` is the tool exactly as listed (for the drift diff); `hash`
// is definitionHash(definition) (lockHash.ts).
//
// Server and tool names are keys chosen by someone else (a config, a
// server): the `servers` and `tools` records have no prototype, so a tool
// named `constructor` or `__proto__` is an ordinary entry and a lookup of a
// name that is not pinned finds nothing.

import { isJsonObject, type JsonObject, type JsonValue } from '../../schema/json';
import { jsonProblem } from '../../schema/jsonSyntax';
import { dict } from '../safeJson';
import { sortKeysDeep, tryDefinitionHash } from './lockHash';

export const LOCK_FILE_NAME = 'ilo-tools.lock.json';
export const LOCKFILE_VERSION = 1;

export interface LockedTool {
  hash: string;
  ilo: string;
  definition: JsonObject;
}

export interface LockServer {
  file?: string;
  server?: { name: string; version: string };
  tools: Record<string, LockedTool>;
}

export interface LockFile {
  lockfileVersion: number;
  servers: Record<string, LockServer>;
}

export function emptyLock(): LockFile {
  return { lockfileVersion: LOCKFILE_VERSION, servers: dict<LockServer>() };
}

/** The pinned tool of a server, if there is one (never an inherited property). */
export function pinOf(lock: LockFile, server: string, wire: string): LockedTool | undefined {
  const s = Object.hasOwn(lock.servers, server) ? lock.servers[server] : undefined;
  return s && Object.hasOwn(s.tools, wire) ? s.tools[wire] : undefined;
}

/** A server's lock entry, if there is one. */
export function lockedServer(lock: LockFile, server: string): LockServer | undefined {
  return Object.hasOwn(lock.servers, server) ? lock.servers[server] : undefined;
}

/** The lock entry for one server's imported tools. */
export function lockServerEntry(
  tools: readonly { wire: string; ilo: string; definition: JsonObject }[],
  info: { file?: string; server?: { name: string; version: string } } = {},
): LockServer {
  const entry: LockServer = { tools: dict<LockedTool>() };
  if (info.file !== undefined) entry.file = info.file;
  if (info.server) entry.server = { name: info.server.name, version: info.server.version };
  for (const t of tools) {
    const hash = tryDefinitionHash(t.definition);
    // A definition with no canonical form (nested absurdly deep) is never pinned.
    if (hash !== undefined) entry.tools[t.wire] = { hash, ilo: t.ilo, definition: t.definition };
  }
  return entry;
}

/** The file's text: sorted keys, two-space indent, final newline. */
export function serializeLock(lock: LockFile): string {
  return JSON.stringify(sortKeysDeep(lock as unknown as JsonValue), null, 2) + '\n';
}

export interface LockParseResult {
  lock: LockFile;
  problems: string[];
}

/** Read a lock file; malformed parts are reported and skipped, never thrown. */
export function parseLock(text: string): LockParseResult {
  const problems: string[] = [];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { lock: emptyLock(), problems: [`${LOCK_FILE_NAME} is not valid JSON: ${jsonProblem(text)}`] };
  }
  if (!isJsonObject(value)) return { lock: emptyLock(), problems: [`${LOCK_FILE_NAME} must hold a JSON object`] };
  const lock = emptyLock();
  if (value.lockfileVersion !== LOCKFILE_VERSION) {
    problems.push(`${LOCK_FILE_NAME}: lockfileVersion ${JSON.stringify(value.lockfileVersion)} is not ${LOCKFILE_VERSION}; reading it anyway`);
  }
  if (!isJsonObject(value.servers)) {
    problems.push(`${LOCK_FILE_NAME}: "servers" must be an object`);
    return { lock, problems };
  }
  for (const [name, raw] of Object.entries(value.servers)) {
    if (!isJsonObject(raw) || !isJsonObject(raw.tools)) {
      problems.push(`${LOCK_FILE_NAME}: servers.${name} must be an object with "tools"`);
      continue;
    }
    const entry: LockServer = { tools: dict<LockedTool>() };
    if (typeof raw.file === 'string') entry.file = raw.file;
    if (isJsonObject(raw.server) && typeof raw.server.name === 'string' && typeof raw.server.version === 'string') {
      entry.server = { name: raw.server.name, version: raw.server.version };
    }
    for (const [wire, t] of Object.entries(raw.tools)) {
      if (!isJsonObject(t) || typeof t.hash !== 'string' || typeof t.ilo !== 'string' || !isJsonObject(t.definition)) {
        problems.push(`${LOCK_FILE_NAME}: servers.${name}.tools.${wire} needs "hash", "ilo" and "definition"`);
        continue;
      }
      const hash = tryDefinitionHash(t.definition);
      if (hash === undefined) {
        problems.push(`${LOCK_FILE_NAME}: servers.${name}.tools.${wire}: the pinned definition is nested too deeply to be hashed; it is ignored`);
        continue;
      }
      entry.tools[wire] = { hash: t.hash, ilo: t.ilo, definition: t.definition };
      if (hash !== t.hash) {
        problems.push(`${LOCK_FILE_NAME}: servers.${name}.tools.${wire}: the hash does not match the pinned definition (edited by hand?)`);
      }
    }
    lock.servers[name] = entry;
  }
  return { lock, problems };
}

export interface LockChange {
  server: string;
  added: string[];
  removed: string[];
  changed: string[];
}

/**
 * The lock with one server's entry replaced, and what that replacement
 * changes — so a command can ask before overwriting a pin.
 */
export function updateLock(lock: LockFile | undefined, server: string, entry: LockServer): { lock: LockFile; change: LockChange } {
  const base = lock ?? emptyLock();
  const before = lockedServer(base, server)?.tools ?? dict<LockedTool>();
  const change: LockChange = { server, added: [], removed: [], changed: [] };
  for (const [wire, t] of Object.entries(entry.tools)) {
    const old = Object.hasOwn(before, wire) ? before[wire] : undefined;
    if (!old) change.added.push(wire);
    else if (old.hash !== t.hash || old.ilo !== t.ilo) change.changed.push(wire);
  }
  for (const wire of Object.keys(before)) if (!Object.hasOwn(entry.tools, wire)) change.removed.push(wire);
  const servers = Object.assign(dict<LockServer>(), base.servers);
  servers[server] = entry;
  return { lock: { lockfileVersion: LOCKFILE_VERSION, servers }, change };
}

/** True when the update would replace existing pins (not just add new ones): ask the user first. */
export function overwritesPins(change: LockChange): boolean {
  return change.changed.length > 0 || change.removed.length > 0;
}
