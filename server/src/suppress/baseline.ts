// The baseline file: findings a project has accepted for now, so that CI
// fails only on new ones (`ilo-ls check --baseline FILE`, written by
// `--update-baseline`, read by the editor through `ilo.check.baseline`).
//
//   { "version": 1, "findings": [
//       { "file": "src/db.ilo", "code": "same-schema", "fingerprint": "…:1",
//         "line": 5, "message": "…", "reason": "…" } ] }
//
// `file` is relative to the baseline's folder, with `/`. A finding matches an
// entry by file, code and fingerprint (./fingerprint.ts); `line` and
// `message` are there for people reading the file and its diffs. The file is
// read as hostile input: bounded, checked field by field, never merged into
// an object.

import * as path from 'node:path';
import { jsonProblem } from '../schema/jsonSyntax';
import { readTextFile } from '../textFiles';

export const BASELINE_VERSION = 1;

/** A baseline larger than this is refused rather than parsed. */
export const MAX_BASELINE_BYTES = 16 * 1024 * 1024;
const MAX_ENTRIES = 200_000;
const MAX_FIELD = 4096;

export interface BaselineEntry {
  /** Relative to the baseline's folder, `/`-separated. */
  file: string;
  code: string;
  fingerprint: string;
  line?: number;
  message?: string;
  reason?: string;
}

export interface Baseline {
  /** Absolute path of the baseline file. */
  path: string;
  entries: BaselineEntry[];
}

/** Reading failed: one line that names the file and what is wrong. */
export interface BaselineError {
  error: string;
}

/** Parses the text of a baseline file (`shown` names it in messages). */
export function parseBaseline(text: string, shown: string): BaselineEntry[] | BaselineError {
  if (text.length > MAX_BASELINE_BYTES) return { error: `${shown}: the baseline is larger than ${MAX_BASELINE_BYTES / (1024 * 1024)} MB` };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { error: `${shown}: not a baseline file: not valid JSON: ${jsonProblem(text)}` };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { error: `${shown}: not a baseline file: it must hold a JSON object` };
  const o = value as Record<string, unknown>;
  if (Object.hasOwn(o, 'version') && o.version !== BASELINE_VERSION) return { error: `${shown}: baseline version ${JSON.stringify(o.version)?.slice(0, 20)} is not supported (expected ${BASELINE_VERSION})` };
  const findings = Object.hasOwn(o, 'findings') ? o.findings : undefined;
  if (!Array.isArray(findings)) return { error: `${shown}: not a baseline file: "findings" must be an array` };
  if (findings.length > MAX_ENTRIES) return { error: `${shown}: the baseline has more than ${MAX_ENTRIES} entries` };
  const entries: BaselineEntry[] = [];
  for (let i = 0; i < findings.length; i++) {
    const f = findings[i] as unknown;
    if (f === null || typeof f !== 'object' || Array.isArray(f)) return { error: `${shown}: findings[${i}] must be an object` };
    const r = f as Record<string, unknown>;
    const str = (k: string): string | undefined => (Object.hasOwn(r, k) && typeof r[k] === 'string' && (r[k] as string).length <= MAX_FIELD ? (r[k] as string) : undefined);
    const file = str('file');
    const code = str('code');
    const fingerprint = str('fingerprint');
    if (!file || !code || !fingerprint) return { error: `${shown}: findings[${i}] needs "file", "code" and "fingerprint" strings` };
    const entry: BaselineEntry = { file, code, fingerprint };
    if (Object.hasOwn(r, 'line') && Number.isInteger(r.line) && (r.line as number) > 0) entry.line = r.line as number;
    const message = str('message');
    if (message !== undefined) entry.message = message;
    const reason = str('reason');
    if (reason !== undefined) entry.reason = reason;
    entries.push(entry);
  }
  return entries;
}

/** Reads a baseline file; a missing file is an error here (the caller decides whether that is fine). */
export function readBaseline(file: string, shown = file): Baseline | BaselineError {
  const read = readTextFile(file, MAX_BASELINE_BYTES);
  if ('problem' in read) return { error: `${shown}: ${read.problem}` };
  const entries = parseBaseline(read.text, shown);
  return 'error' in entries ? entries : { path: path.resolve(file), entries };
}

/** The baseline as written to disk: sorted, one entry per finding, a trailing newline. */
export function serializeBaseline(entries: readonly BaselineEntry[]): string {
  const sorted = [...entries].sort(
    (a, b) => cmp(a.file, b.file) || (a.line ?? 0) - (b.line ?? 0) || cmp(a.code, b.code) || cmp(a.fingerprint, b.fingerprint),
  );
  const findings = sorted.map((e) => {
    const out: BaselineEntry = { file: e.file, code: e.code, fingerprint: e.fingerprint };
    if (e.line !== undefined) out.line = e.line;
    if (e.message !== undefined) out.message = e.message;
    if (e.reason !== undefined) out.reason = e.reason;
    return out;
  });
  return `${JSON.stringify({ version: BASELINE_VERSION, findings }, null, 2)}\n`;
}

const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** A file's path as a baseline names it: relative to the baseline's folder, with `/`. */
export function baselineKey(baselinePath: string, file: string): string {
  return path.relative(path.dirname(baselinePath), path.resolve(file)).split(path.sep).join('/');
}
