// `ilo-ls check FILE|DIR...`: the same diagnostics as the editor, for CI:
// text, JSON, SARIF 2.1.0 or GitHub workflow annotations; suppressions
// (inline `-- ilo-ignore` comments and a baseline file) applied as in the
// editor; the exit status decided by --fail-severity / --strict.

import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Diagnostic, Severity } from '../diagnostics';
import { LineIndex } from '../syntax/lineIndex';
import { combineDiagnostics, contractsFor, suppressFindings } from '../service/analysis';
import { analyzeFiles } from './analyzeFiles';
import type { CollisionScope } from '../contracts';
import {
  baselineCandidates,
  baselineKey,
  fingerprints,
  readBaseline,
  serializeBaseline,
  UNUSED_SUPPRESSION,
  type Baseline,
  type BaselineEntry,
  type SuppressedBy,
} from '../suppress';
import type { ParsedArgs } from './args';
import type { CliIo } from './io';
import type * as Sarif from './sarif';
import type * as Annotations from './githubAnnotations';

export interface CheckRecord {
  file: string;
  source: string;
  code: string;
  severity: string;
  line: number;
  col: number;
  endLine: number;
  endCol: number;
  message: string;
}

/** A finding with what SARIF needs beyond the record. */
export interface CheckFinding extends CheckRecord {
  /** Stable across unrelated edits (suppress/fingerprint.ts). */
  fingerprint: string;
  /** Set when a suppression silenced it. */
  suppressedBy?: { kind: 'inline' | 'baseline'; reason: string };
}

import type { CheckFormat, FailSeverity } from './checkChoices';

export { CHECK_FORMATS, FAIL_SEVERITIES, type CheckFormat, type FailSeverity } from './checkChoices';

/** Core diagnostics → the CLI's 1-based records. */
export function toRecords(file: string, text: string, diags: readonly Diagnostic[], index: LineIndex = new LineIndex(text)): CheckRecord[] {
  return diags.map((d) => {
    const s = index.position(d.start);
    const e = index.position(Math.max(d.start, d.end));
    return {
      file,
      source: d.source,
      code: d.code,
      severity: d.severity,
      line: s.line,
      col: s.col,
      endLine: e.line,
      endCol: e.col,
      message: d.hint ? `${d.message} (hint: ${d.hint})` : d.message,
    };
  });
}

export interface CheckOutcome {
  /** What is reported, in file order. */
  records: CheckFinding[];
  /** What suppressions silenced. */
  suppressed: CheckFinding[];
  missing: string[];
  empty: string[];
  checked: number;
  /** Per checked file: the baseline entries its current findings make (for --update-baseline). */
  baselineEntries: Map<string, BaselineEntry[]>;
}

/**
 * Analyses the given files and directories with the editor's pipeline,
 * including the contract analyses (collisions compared per file and what it
 * uses, or across every given file with scope `workspace`), and applies the
 * files' inline suppressions and the baseline.
 */
export function checkFiles(
  inputs: readonly string[],
  scope: CollisionScope = 'file',
  options: {
    referenceCompat?: boolean;
    strict?: boolean;
    baseline?: Baseline;
    cwd?: string;
    /** Compute each finding's fingerprint (default true); only SARIF prints them, and hashing loads node:crypto. */
    fingerprints?: boolean;
  } = {},
): CheckOutcome {
  const { analyzed, missing, empty, unreadable } = analyzeFiles(inputs, options);
  const records: CheckFinding[] = unreadable.map(({ file, error }) => ({
    file,
    source: 'ilo-ls',
    code: 'read-error',
    severity: 'error',
    line: 1,
    col: 1,
    endLine: 1,
    endCol: 1,
    message: `cannot read file: ${error}`,
    fingerprint: `${file}:read-error`,
  }));
  const suppressed: CheckFinding[] = [];
  const baselineEntries = new Map<string, BaselineEntry[]>();
  const { baseline } = options;
  const byFile = new Map<string, BaselineEntry[]>();
  for (const e of baseline?.entries ?? []) byFile.set(e.file, [...(byFile.get(e.file) ?? []), e]);
  const seenKeys = new Set<string>();
  // The CLI prints messages, not related information: do not build the partner lists.
  const contracts = contractsFor(analyzed.map((a) => a.analysis), scope, { related: false });
  for (const { file, analysis } of analyzed) {
    const combined = combineDiagnostics(analysis.diagnostics, contracts.get(analysis.path) ?? []);
    const index = new LineIndex(analysis.text);
    const key = baseline ? baselineKey(baseline.path, analysis.path) : '';
    seenKeys.add(key);
    const outcome = suppressFindings(analysis, combined, { index, baseline: baseline && { path: baseline.path, entries: byFile.get(key) ?? [] } });
    const shown = toRecords(file, analysis.text, outcome.diagnostics, index);
    const silenced = outcome.suppressed.map((s) => s.diagnostic);
    const silencedRecords = toRecords(file, analysis.text, silenced, index);
    // Fingerprints over everything found in the file, reported or not, in position order.
    const all = [...outcome.diagnostics, ...silenced];
    const order = all.map((_, i) => i).sort((a, b) => all[a].start - all[b].start || all[a].end - all[b].end);
    const prints = options.fingerprints === false ? order.map(() => '') : fingerprints(analysis.text, order.map((i) => all[i]));
    const printOf = new Map(order.map((i, k) => [i, prints[k]]));
    shown.forEach((r, i) => records.push({ ...r, fingerprint: printOf.get(i)! }));
    silencedRecords.forEach((r, i) =>
      suppressed.push({ ...r, fingerprint: printOf.get(outcome.diagnostics.length + i)!, suppressedBy: describe(outcome.suppressed[i].by) }),
    );
    if (baseline) {
      // What the baseline should hold for this file: its findings after the inline suppressions.
      const inlineOnly = suppressFindings(analysis, combined, { index });
      const candidates = baselineCandidates(inlineOnly.diagnostics);
      const candidatePrints = fingerprints(analysis.text, candidates);
      const previous = byFile.get(key) ?? [];
      baselineEntries.set(
        key,
        candidates.map((d, i) => {
          const p = index.position(d.start);
          const entry: BaselineEntry = { file: key, code: d.code, fingerprint: candidatePrints[i], line: p.line, message: d.message };
          const reason = previous.find((e) => e.code === d.code && e.fingerprint === candidatePrints[i])?.reason;
          if (reason !== undefined) entry.reason = reason;
          return entry;
        }),
      );
    }
  }
  // Baseline entries of files that no longer exist match nothing ever again.
  if (baseline) {
    const shownBaseline = path.relative(options.cwd ?? process.cwd(), baseline.path) || baseline.path;
    for (const [key, entries] of byFile) {
      if (seenKeys.has(key) || fs.existsSync(path.resolve(path.dirname(baseline.path), key))) continue;
      for (const e of entries) {
        records.push({
          file: shownBaseline,
          source: 'ilo-contracts',
          code: UNUSED_SUPPRESSION,
          severity: 'warning',
          line: 1,
          col: 1,
          endLine: 1,
          endCol: 1,
          message: `the baseline holds a \`${e.code}\` finding for ${key}, which does not exist (hint: drop it with --update-baseline)`,
          fingerprint: `${key}:${e.fingerprint}`,
        });
      }
    }
  }
  return { records, suppressed, missing, empty, checked: analyzed.length, baselineEntries };
}

function describe(by: SuppressedBy): { kind: 'inline' | 'baseline'; reason: string } {
  if (by.kind === 'inline') return { kind: 'inline', reason: by.suppression.reason };
  return { kind: 'baseline', reason: by.entry.reason ?? `recorded in the baseline ${path.basename(by.baseline)}` };
}

export function formatRecord(r: CheckRecord): string {
  return `${r.file}:${r.line}:${r.col} ${r.severity} ${r.code} ${r.message}`;
}

const RANK: Record<string, number> = { error: 3, warning: 2, information: 1, hint: 0 };
const FAIL_RANK: Record<FailSeverity, number> = { error: 3, warning: 2, info: 1 };

/** Whether a finding of `severity` fails the check at `fail`. */
export function fails(severity: Severity | string, fail: FailSeverity): boolean {
  return (RANK[severity] ?? 3) >= FAIL_RANK[fail];
}

/** `ilo-ls check`: prints the findings; exit 1 on a finding at or above the fail severity, 2 when nothing could be checked. */
export function runCheck(p: ParsedArgs, io: CliIo): number {
  const scope = (p.string('scope') ?? 'file') as CollisionScope;
  const format: CheckFormat = p.flag('json') ? 'json' : ((p.string('format') ?? 'text') as CheckFormat);
  if (p.flag('json') && p.has('format') && p.string('format') !== 'json') return usage(io, '--json and --format cannot be combined');
  let fail = (p.string('fail-severity') ?? 'error') as FailSeverity;
  if (p.flag('strict') && fail === 'error') fail = 'warning';
  const baselineFile = p.string('baseline');
  const update = p.flag('update-baseline');
  if (update && !baselineFile) return usage(io, '--update-baseline needs --baseline FILE (the file to write)');

  let baseline: Baseline | undefined;
  if (baselineFile) {
    const read = readBaseline(baselineFile);
    if ('error' in read) {
      // --update-baseline may create the file; it never replaces one it cannot read.
      const creating = update && !fs.existsSync(baselineFile);
      if (!creating) return usage(io, read.error);
      baseline = { path: path.resolve(baselineFile), entries: [] };
    } else {
      baseline = read;
    }
  }

  // --strict also runs the verifier's strict-only checks, as `ilo check --strict`.
  const options = { referenceCompat: p.flag('reference-compat'), strict: p.flag('strict'), baseline, fingerprints: format === 'sarif' };
  let outcome = checkFiles(p.positionals, scope, options);
  for (const m of outcome.missing) io.err(`ilo-ls check: no such file or directory: ${m}\n`);
  for (const d of outcome.empty) io.err(`ilo-ls check: no ilo file (.ilo, .@) in ${d}\n`);
  if (outcome.missing.length > 0 || outcome.checked === 0) {
    for (const r of outcome.records) io.err(`${formatRecord(r)}\n`);
    return 2;
  }
  if (update && baseline) {
    const written = writeBaseline(baseline, outcome.baselineEntries, io);
    if (written === undefined) return 2;
    // Checked again against what was written: what the baseline cannot hold is still reported.
    outcome = checkFiles(p.positionals, scope, { ...options, baseline: { path: baseline.path, entries: written } });
  }
  const { records, suppressed } = outcome;

  switch (format) {
    case 'json':
      io.out(`${JSON.stringify(records.map(plain), null, 2)}\n`);
      break;
    case 'sarif':
      // The SARIF and annotation writers (and the code registry SARIF's rules come from) load only for their formats.
      io.out(`${JSON.stringify((require('./sarif') as typeof Sarif).sarifLog([...records, ...suppressed], { cwd: process.cwd() }), null, 2)}\n`);
      break;
    case 'github':
      io.out((require('./githubAnnotations') as typeof Annotations).githubAnnotations(records));
      break;
    default:
      for (const r of records) io.out(`${formatRecord(r)}\n`);
  }
  if (suppressed.length > 0 && format !== 'json' && format !== 'sarif') {
    const inline = suppressed.filter((s) => s.suppressedBy?.kind === 'inline').length;
    const parts = [inline > 0 ? `${inline} by ilo-ignore comments` : '', suppressed.length - inline > 0 ? `${suppressed.length - inline} by the baseline` : ''].filter(Boolean);
    io.err(`ilo-ls check: ${suppressed.length} finding${suppressed.length === 1 ? '' : 's'} suppressed (${parts.join(', ')})\n`);
  }
  return records.some((r) => fails(r.severity, fail)) ? 1 : 0;
}

/** The record without the fields only SARIF reads (the JSON format is unchanged). */
function plain(r: CheckFinding): CheckRecord {
  return { file: r.file, source: r.source, code: r.code, severity: r.severity, line: r.line, col: r.col, endLine: r.endLine, endCol: r.endCol, message: r.message };
}

function usage(io: CliIo, message: string): number {
  io.err(`ilo-ls check: ${message}\n`);
  return 2;
}

/** Writes the new baseline (entries of files not checked now are kept); undefined after saying why it failed. */
function writeBaseline(baseline: Baseline, fresh: ReadonlyMap<string, BaselineEntry[]>, io: CliIo): BaselineEntry[] | undefined {
  const kept = baseline.entries.filter((e) => !fresh.has(e.file) && fs.existsSync(path.resolve(path.dirname(baseline.path), e.file)));
  const entries = [...kept, ...[...fresh.values()].flat()];
  const shown = path.relative(process.cwd(), baseline.path) || baseline.path;
  try {
    fs.writeFileSync(baseline.path, serializeBaseline(entries));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    io.err(`ilo-ls check: cannot write the baseline ${shown}: ${code === 'EACCES' ? 'permission denied' : code === 'ENOENT' ? 'no such folder' : code === 'EISDIR' ? 'is a folder' : (err as Error).message}\n`);
    return undefined;
  }
  const n = [...fresh.values()].reduce((sum, list) => sum + list.length, 0);
  io.err(`ilo-ls check: wrote ${shown}: ${n} finding${n === 1 ? '' : 's'} of the checked files${kept.length > 0 ? `, ${kept.length} of other files kept` : ''}\n`);
  return entries;
}
