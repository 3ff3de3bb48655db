// "Verify tools against servers": list every server pinned in the lock (as
// configured in the MCP config) and compute the drift. Starts processes:
// call it only on an explicit user action, never in an untrusted workspace.

import { detectDrift, type DriftItem } from './drift';
import { PRIMITIVE_KINDS, type LockFile } from './lock';
import { listServers, McpListError, type ListOptions, type McpConfig } from '../mcp';

export interface VerifyResult {
  items: DriftItem[];
  /** Servers that could not be listed (not started, timed out, ...): their pins were not checked. */
  failures: McpListError[];
  /** Servers in the lock with no entry in the config. */
  notConfigured: string[];
  /** Servers that were listed and compared. */
  checked: string[];
}

/** Re-list the pinned servers (or `only` some of them) and report drift. Never rejects. */
export async function verifyLockedServers(lock: LockFile, config: McpConfig, options: ListOptions & { only?: readonly string[] } = {}): Promise<VerifyResult> {
  const wanted = Object.keys(lock.servers).filter((s) => !options.only || options.only.includes(s));
  const notConfigured = wanted.filter((s) => !config.servers.has(s));
  const names = wanted.filter((s) => config.servers.has(s));
  const listings = await listServers(config.servers, names, options);
  const result: VerifyResult = { items: [], failures: [], notConfigured, checked: [] };
  for (const name of names) {
    const listing = listings.get(name);
    if (!listing || listing instanceof McpListError) {
      result.failures.push(listing instanceof McpListError ? listing : new McpListError(name, 'protocol', `MCP server \`${name}\` was not listed`));
      continue;
    }
    result.checked.push(name);
    // A kind of pinned item whose list failed (not one the server stopped offering) was not checked: say so, never call it removed.
    const locked = { ...lock.servers[name] };
    for (const kind of PRIMITIVE_KINDS) {
      if (locked[kind] === undefined || listing.items?.[kind] !== undefined) continue;
      if (!(listing.itemProblems ?? []).some((p) => p.startsWith(`${kind}: could not be listed`))) continue;
      delete locked[kind];
      result.failures.push(new McpListError(name, 'protocol', `the ${kind === 'resourceTemplates' ? 'resource templates' : kind} of MCP server \`${name}\` could not be listed; their pins were not checked`));
    }
    for (const item of detectDrift(name, locked, listing)) result.items.push(item);
  }
  return result;
}
