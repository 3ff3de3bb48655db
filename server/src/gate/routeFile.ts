// The editor command's server side: read the chosen config from disk and
// either list its entries (for the picker) or plan the rewrite of one. The
// client shows the plan, asks, and writes; nothing here writes a file.

import * as fs from 'node:fs';
import { backupPathFor, listConfigEntries, planGateRoute, type ConfigEntry, type RoutePlan } from './routeEntry';

/** The switches the command may add to the gate's launch. */
const GATE_SWITCHES: ReadonlySet<string> = new Set(['--read-only', '--allow-new']);

export interface RouteRequest {
  configPath: string;
  /** Absent: list the entries. */
  server?: string;
  cliPath?: string;
  nodeCommand?: string;
  lockPath?: string;
  gateArgs?: string[];
}

export type RouteResponse =
  | { kind: 'entries'; entries: ConfigEntry[] }
  | { kind: 'plan'; originalText: string; backupPath: string; plan: Extract<RoutePlan, { ok: true }> }
  | { kind: 'error'; error: string };

export function gateRouteRequest(request: RouteRequest): RouteResponse {
  let text: string;
  try {
    text = fs.readFileSync(request.configPath, 'utf8');
  } catch {
    return { kind: 'error', error: `cannot read ${request.configPath}` };
  }
  if (request.server === undefined) {
    const listed = listConfigEntries(text);
    return 'error' in listed ? { kind: 'error', error: listed.error } : { kind: 'entries', entries: listed.entries };
  }
  if (!request.cliPath || !request.lockPath) return { kind: 'error', error: 'the CLI path and the lock file are needed to route a server through the gate' };
  const plan = planGateRoute({
    configText: text,
    configPath: request.configPath,
    server: request.server,
    nodeCommand: request.nodeCommand ?? 'node',
    cliPath: request.cliPath,
    lockPath: request.lockPath,
    gateArgs: (request.gateArgs ?? []).filter((a) => GATE_SWITCHES.has(a)),
  });
  if (!plan.ok) return { kind: 'error', error: plan.error };
  return { kind: 'plan', originalText: text, backupPath: backupPathFor(request.configPath, fs.existsSync), plan };
}
