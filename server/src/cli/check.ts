// `ilo-ls check [--json] [--reference-compat] FILE|DIR...`: the same diagnostics as the editor, for CI.

import type { Diagnostic } from '../diagnostics';
import { LineIndex } from '../syntax/lineIndex';
import { combineDiagnostics, contractsFor } from '../service/analysis';
import { analyzeFiles } from './analyzeFiles';
import type { CollisionScope } from '../contracts';
import type { ParsedArgs } from './args';
import type { CliIo } from './io';

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

/** Core diagnostics → the CLI's 1-based records. */
export function toRecords(file: string, text: string, diags: readonly Diagnostic[]): CheckRecord[] {
  const index = new LineIndex(text);
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

/**
 * Analyses the given files and directories with the editor's pipeline,
 * including the contract analyses (collisions compared per file and what it
 * uses, or across every given file with scope `workspace`).
 */
export function checkFiles(
  inputs: readonly string[],
  scope: CollisionScope = 'file',
  options: { referenceCompat?: boolean; strict?: boolean } = {},
): { records: CheckRecord[]; missing: string[]; empty: string[]; checked: number } {
  const { analyzed, missing, empty, unreadable } = analyzeFiles(inputs, options);
  const records: CheckRecord[] = unreadable.map(({ file, error }) => ({
    file,
    source: 'ilo-ls',
    code: 'read-error',
    severity: 'error',
    line: 1,
    col: 1,
    endLine: 1,
    endCol: 1,
    message: `cannot read file: ${error}`,
  }));
  // The CLI prints messages, not related information: do not build the partner lists.
  const contracts = contractsFor(analyzed.map((a) => a.analysis), scope, { related: false });
  for (const { file, analysis } of analyzed) {
    const diags = combineDiagnostics(analysis.diagnostics, contracts.get(analysis.path) ?? []);
    records.push(...toRecords(file, analysis.text, diags));
  }
  return { records, missing, empty, checked: analyzed.length };
}

export function formatRecord(r: CheckRecord): string {
  return `${r.file}:${r.line}:${r.col} ${r.severity} ${r.code} ${r.message}`;
}

/** `ilo-ls check`: prints the findings; exit 1 on an error (--strict: or a warning), 2 when nothing could be checked. */
export function runCheck(p: ParsedArgs, io: CliIo): number {
  const scope = (p.string('scope') ?? 'file') as CollisionScope;
  const strict = p.flag('strict');
  const { records, missing, empty, checked } = checkFiles(p.positionals, scope, { referenceCompat: p.flag('reference-compat'), strict });
  for (const m of missing) io.err(`ilo-ls check: no such file or directory: ${m}\n`);
  for (const d of empty) io.err(`ilo-ls check: no ilo file (.ilo, .@) in ${d}\n`);
  if (p.flag('json')) io.out(`${JSON.stringify(records, null, 2)}\n`);
  else for (const r of records) io.out(`${formatRecord(r)}\n`);
  if (missing.length > 0 || checked === 0) return 2;
  // --strict: warnings fail too (the diagnostics printed are the same), as `ilo check --strict`.
  const failing = strict ? ['error', 'warning'] : ['error'];
  return records.some((r) => failing.includes(r.severity)) ? 1 : 0;
}
