// The gate's decision log: one JSON line per decision, appended as it is
// made (a crash loses nothing written before it):
//
//   {"time":"2026-…Z","server":"memory","tool":"read_graph","decision":"allowed","reason":"…","arguments":["query"]}
//
// Decisions: `served`/`withheld` (tools/list), `allowed`/`refused`/`error`
// (tools/call), `upstream` (a server started, changed its tools or stopped).
// Only argument names are written, never their values.

import * as fs from 'node:fs';

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

/** A sink that appends to a file (created when missing), or writes to a stream such as stderr. */
export function openDecisionLog(target: { file: string } | { stream: NodeJS.WritableStream }): DecisionSink {
  const line = (e: DecisionEntry) => {
    const record: Record<string, unknown> = { time: new Date().toISOString() };
    if (e.server !== undefined) record.server = e.server;
    if (e.tool !== undefined) record.tool = e.tool;
    record.decision = e.decision;
    record.reason = e.reason;
    if (e.arguments !== undefined) record.arguments = e.arguments;
    if (e.ms !== undefined) record.ms = Math.round(e.ms * 100) / 100;
    return JSON.stringify(record) + '\n';
  };
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

/** A sink that keeps entries in memory (tests, embedding). */
export function memoryDecisionLog(): DecisionSink & { entries: DecisionEntry[] } {
  const entries: DecisionEntry[] = [];
  return { entries, write: (e) => void entries.push(e), close: () => undefined };
}
