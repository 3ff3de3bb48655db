// The gate's decision log: one JSON line per decision, appended as it is
// made (a crash loses nothing written before it):
//
//   {"time":"2026-…Z","server":"memory","tool":"read_graph","decision":"allowed","reason":"…","arguments":["query"]}
//
// Decisions: `served`/`withheld` (tools/list), `allowed`/`refused`/`error`
// (tools/call), `upstream` (a server started, changed its tools or stopped).
// Only argument names are written, never their values; what the gate writes
// is checked once more here: names in backticks that are not plain
// identifiers become their length, anything shaped like a credential is
// masked, and a line is bounded.

import * as fs from 'node:fs';
import { findCredentials } from '../contracts/lints/lintText';
import { logName } from './logShapes';

/** Longest reason written (a line stays readable and bounded). */
const MAX_REASON = 1000;

/** A reason as the log keeps it: backticked names checked, credential shapes masked, bounded. */
export function logSafe(text: string): string {
  let out = text.replace(/`([^`]*)`/g, (_, name: string) => `\`${logName(name)}\``);
  for (const hit of findCredentials(out).reverse()) out = `${out.slice(0, hit.start)}<credential>${out.slice(hit.end)}`;
  return out.length > MAX_REASON ? `${out.slice(0, MAX_REASON - 3)}...` : out;
}

export type Decision = 'served' | 'withheld' | 'allowed' | 'refused' | 'error' | 'upstream';

export interface DecisionEntry {
  server?: string;
  tool?: string;
  decision: Decision;
  reason: string;
  /** Top-level argument names of a call. */
  arguments?: string[];
  /** Milliseconds the upstream took (allowed calls). */
  ms?: number;
}

export interface DecisionSink {
  write(entry: DecisionEntry): void;
  close(): void;
}

/** The record written for an entry (without its time). */
function record(e: DecisionEntry): DecisionEntry {
  const r: DecisionEntry = { decision: e.decision, reason: logSafe(e.reason) };
  if (e.server !== undefined) r.server = logName(e.server);
  if (e.tool !== undefined) r.tool = logName(e.tool);
  if (e.arguments !== undefined) r.arguments = e.arguments.map((a) => (a.startsWith('(') ? a : logName(a)));
  if (e.ms !== undefined) r.ms = Math.round(e.ms * 100) / 100;
  return r;
}

/** One JSON line: time, server, tool, decision, reason, arguments, ms. */
function line(e: DecisionEntry): string {
  const r = record(e);
  const out: Record<string, unknown> = { time: new Date().toISOString() };
  if (r.server !== undefined) out.server = r.server;
  if (r.tool !== undefined) out.tool = r.tool;
  out.decision = r.decision;
  out.reason = r.reason;
  if (r.arguments !== undefined) out.arguments = r.arguments;
  if (r.ms !== undefined) out.ms = r.ms;
  return JSON.stringify(out) + '\n';
}

/** A sink that appends to a file (created when missing), or writes to a stream such as stderr. */
export function openDecisionLog(target: { file: string } | { stream: NodeJS.WritableStream }): DecisionSink {
  if ('stream' in target) {
    return { write: (e) => void target.stream.write(line(e)), close: () => undefined };
  }
  const fd = fs.openSync(target.file, 'a');
  let open = true;
  return {
    write: (e) => {
      if (!open) return;
      try {
        fs.writeSync(fd, line(e));
      } catch {
        // A full disk must not stop the gate; the decision itself still holds.
      }
    },
    close: () => {
      if (!open) return;
      open = false;
      fs.closeSync(fd);
    },
  };
}

/** A sink that keeps entries in memory (tests, embedding), as the log would write them. */
export function memoryDecisionLog(): DecisionSink & { entries: DecisionEntry[]; text(): string } {
  const entries: DecisionEntry[] = [];
  return { entries, write: (e) => void entries.push(record(e)), close: () => undefined, text: () => entries.map((e) => JSON.stringify(e)).join('\n') };
}
