// `ilo-ls check [--json] FILE|DIR...`: the same diagnostics as the editor, for CI.

import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Diagnostic } from '../diagnostics';
import { LineIndex } from '../syntax/lineIndex';
import { Analyzer, contractsFor, sortDiagnostics, type FileAnalysis } from '../service/analysis';
import type { CollisionScope } from '../contracts';
import { OverlayFileHost } from '../service/documents';

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

/** Expands directories into the `.ilo` files below them (sorted); files pass through. */
export function expandInputs(inputs: readonly string[]): { files: string[]; missing: string[] } {
  const files: string[] = [];
  const missing: string[] = [];
  const walk = (dir: string): void => {
    const entries = fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (entry.isFile() && entry.name.endsWith('.ilo')) files.push(p);
    }
  };
  for (const input of inputs) {
    let stat: fs.Stats | undefined;
    try {
      stat = fs.statSync(input);
    } catch {
      stat = undefined;
    }
    if (!stat) missing.push(input);
    else if (stat.isDirectory()) walk(input);
    else files.push(input);
  }
  return { files, missing };
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
): { records: CheckRecord[]; missing: string[] } {
  const { files, missing } = expandInputs(inputs);
  const analyzer = new Analyzer(new OverlayFileHost());
  const records: CheckRecord[] = [];
  const analyses: Array<{ file: string; analysis: FileAnalysis }> = [];
  for (const file of files) {
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch (err) {
      records.push({
        file,
        source: 'ilo-ls',
        code: 'read-error',
        severity: 'error',
        line: 1,
        col: 1,
        endLine: 1,
        endCol: 1,
        message: `cannot read file: ${(err as Error).message}`,
      });
      continue;
    }
    analyses.push({ file, analysis: analyzer.analyze(file, text) });
  }
  const contracts = contractsFor(analyses.map((a) => a.analysis), scope);
  for (const { file, analysis } of analyses) {
    const diags = sortDiagnostics([...analysis.diagnostics, ...(contracts.get(analysis.path) ?? [])]);
    records.push(...toRecords(file, analysis.text, diags));
  }
  return { records, missing };
}

export function formatRecord(r: CheckRecord): string {
  return `${r.file}:${r.line}:${r.col} ${r.severity} ${r.code} ${r.message}`;
}
