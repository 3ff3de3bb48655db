// The gate's decision log: one JSON line per decision, appended right after
// the turn of the event loop that made it (the answer to the agent goes out
// first; formatting and the write are off the call's path). Lines still
// waiting are written when the log closes and when the process exits, also
// on an uncaught error; only a process killed outright can lose the
// decisions of its last moment:
//
//   {"time":"2026-…Z","server":"memory","tool":"read_graph","decision":"allowed","reason":"…","arguments":["query"]}
//
// Decisions: `served`/`withheld` (tools, prompts, resources), `allowed`/
// `refused`/`error` (tools/call, prompts/get, resources/read), `upstream` (a
// server started, changed its lists or stopped), `report` (the tool set's
// flow risks at start). `codes` adds what else happened: the flow policy's
// decision (`flow-confirmed`, `flow-blocked`, …) and `secret-redacted`.
// Only argument names are written, never their values; what the gate writes
// is checked once more here: names in backticks that are not plain
// identifiers become their length, anything shaped like a credential is
// masked, and a line is bounded.

import * as fs from 'node:fs';
import { findCredentials } from '../contracts/lints/lintText';
import { logName } from './logShapes';
import type { FlowDecisionCode } from './flowGate';

/** Longest reason written (a line stays readable and bounded). */
const MAX_REASON = 1000;

/** A reason as the log keeps it: backticked names checked, credential shapes masked, bounded. */
export function logSafe(text: string): string {
  let out = text.replace(/`([^`]*)`/g, (_, name: string) => `\`${logName(name)}\``);
  for (const hit of findCredentials(out).reverse()) out = `${out.slice(0, hit.start)}<credential>${out.slice(hit.end)}`;
  return out.length > MAX_REASON ? `${out.slice(0, MAX_REASON - 3)}...` : out;
}

export type Decision = 'served' | 'withheld' | 'allowed' | 'refused' | 'error' | 'upstream' | 'report';

/** Codes a log line may carry besides its decision (each explained in explain/contracts.ts). */
export type GateDecisionCode = FlowDecisionCode | 'secret-redacted' | 'secret-scan-failed' | 'lethal-trifecta' | 'tamper-risk';

export interface DecisionEntry {
  server?: string;
  tool?: string;
  decision: Decision;
  reason: string;
  /** Top-level argument names of a call. */
  arguments?: string[];
  /** Milliseconds the upstream took (allowed calls). */
  ms?: number;
  /** What else happened: the flow policy's decision, redacted secrets. */
  codes?: GateDecisionCode[];
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
  if (e.codes !== undefined && e.codes.length > 0) r.codes = [...e.codes];
  return r;
}

/** One JSON line: time, server, tool, decision, reason, arguments, ms. */
function line(e: DecisionEntry, time: number = Date.now()): string {
  const r = record(e);
  const out: Record<string, unknown> = { time: new Date(time).toISOString() };
  if (r.server !== undefined) out.server = r.server;
  if (r.tool !== undefined) out.tool = r.tool;
  out.decision = r.decision;
  out.reason = r.reason;
  if (r.arguments !== undefined) out.arguments = r.arguments;
  if (r.ms !== undefined) out.ms = r.ms;
  if (r.codes !== undefined) out.codes = r.codes;
  return JSON.stringify(out) + '\n';
}

/** Entries waiting past this many are written at once (a storm of decisions never piles up in memory). */
const MAX_PENDING = 256;

/** A sink that appends to a file (created when missing), or writes to a stream such as stderr. */
export function openDecisionLog(target: { file: string } | { stream: NodeJS.WritableStream }): DecisionSink {
  let emit: (text: string) => void;
  let release = (): void => undefined;
  if ('stream' in target) {
    emit = (text) => void target.stream.write(text);
  } else {
    const fd = fs.openSync(target.file, 'a');
    emit = (text) => {
      try {
        fs.writeSync(fd, text);
      } catch {
        // A full disk must not stop the gate; the decision itself still holds.
      }
    };
    release = () => fs.closeSync(fd);
  }
  const pending: Array<{ entry: DecisionEntry; time: number }> = [];
  let scheduled = false;
  let open = true;
  const flush = (): void => {
    scheduled = false;
    if (pending.length === 0) return;
    let text = '';
    for (const p of pending) text += line(p.entry, p.time);
    pending.length = 0;
    emit(text);
  };
  const onExit = (): void => flush();
  process.on('exit', onExit);
  return {
    write: (e) => {
      if (!open) return;
      // A snapshot: the caller may reuse its arrays once the call is answered.
      pending.push({ entry: { ...e, arguments: e.arguments && [...e.arguments], codes: e.codes && [...e.codes] }, time: Date.now() });
      if (pending.length >= MAX_PENDING) flush();
      else if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    },
    close: () => {
      if (!open) return;
      flush();
      open = false;
      process.off('exit', onExit);
      release();
    },
  };
}

/** A sink that keeps entries in memory (tests, embedding), as the log would write them. */
export function memoryDecisionLog(): DecisionSink & { entries: DecisionEntry[]; text(): string } {
  const entries: DecisionEntry[] = [];
  return { entries, write: (e) => void entries.push(record(e)), close: () => undefined, text: () => entries.map((e) => JSON.stringify(e)).join('\n') };
}
