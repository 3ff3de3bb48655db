// Our side of the comparison: the diagnostics `ilo-ls check` gives a program
// (the editor's pipeline: parse → `use` → verify), placed as the reference
// places them (1-based line, byte column), our formatter's output in both
// styles, and the outgoing calls our call hierarchy shows for each function.

import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SymbolKind } from 'vscode-languageserver';
import { Analyzer, declaredArities } from '../../server/src/service/analysis';
import { OverlayFileHost } from '../../server/src/service/documents';
import { LanguageService } from '../../server/src/service/languageService';
import { formatIlo, type FormatStyle } from '../../server/src/format';
import type { Diagnostic } from '../../server/src/diagnostics';

export interface OurDiag {
  code: string;
  severity: string;
  line: number;
  /** Byte column, as the reference counts (UTF-8 bytes from the line start, 1-based). */
  col: number;
  message: string;
}

/** Diagnostics of ours that stand for a verdict about the language (not our own contract analyses). */
function isLanguageDiagnostic(d: Diagnostic): boolean {
  if (d.severity !== 'error' && d.severity !== 'warning') return false;
  if (d.source === 'ilo') return true;
  // A document we refuse to parse (binary content, a parser bug) is an error too.
  return d.code === 'binary-file' || d.code === 'internal-error';
}

/** Converts UTF-16 offsets of `text` to the reference's line and byte column. */
export class BytePositions {
  private readonly lineStarts: number[] = [0];
  constructor(private readonly text: string) {
    for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) this.lineStarts.push(i + 1);
  }
  at(offset: number): { line: number; col: number } {
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.lineStarts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    const ls = this.lineStarts[lo];
    return { line: lo + 1, col: Buffer.byteLength(this.text.slice(ls, Math.min(offset, this.text.length)), 'utf8') + 1 };
  }
}

/**
 * Our diagnostics for `text` as the file `file` (used files are read from
 * its folder). `referenceCompat`: broken declarations define nothing, as in
 * `ilo-ls check --reference-compat`.
 */
export function ourDiagnostics(file: string, text: string, referenceCompat = false): OurDiag[] {
  const analyzer = new Analyzer(new OverlayFileHost(), { referenceCompat });
  const a = analyzer.analyze(file, text);
  const pos = new BytePositions(text);
  return a.diagnostics.filter(isLanguageDiagnostic).map((d) => {
    const p = pos.at(d.start);
    return { code: d.code, severity: d.severity, line: p.line, col: p.col, message: d.message };
  });
}

/** Our formatter's output for `text` in `style` (functions of used files group arguments too), or the refusal. */
export function ourFormat(file: string, text: string, style: FormatStyle): { ok: true; text: string } | { ok: false; why: string } {
  const analyzer = new Analyzer(new OverlayFileHost());
  const a = analyzer.analyze(file, text);
  const r = formatIlo(text, { style, externalArities: declaredArities(a.imported) });
  return r.ok ? { ok: true, text: r.text } : { ok: false, why: `${r.code} at ${r.line}:${r.col}: ${r.message}` };
}

/** For each function of the file: the functions of the same file its body calls (our call hierarchy, outgoing calls), sorted. */
export function ourCalls(file: string, text: string): Map<string, string[]> {
  const service = new LanguageService();
  const uri = pathToFileURL(path.resolve(file)).toString();
  service.setDocument(uri, text, 1);
  const program = service.getAnalysis(uri)?.program;
  const out = new Map<string, string[]>();
  if (!program) return out;
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) lineStarts.push(i + 1);
  const lspAt = (offset: number): { line: number; character: number } => {
    let line = 0;
    while (line + 1 < lineStarts.length && lineStarts[line + 1] <= offset) line++;
    return { line, character: offset - lineStarts[line] };
  };
  for (const d of program.decls) {
    if (d.kind !== 'FunctionDecl') continue;
    const [item] = service.prepareCallHierarchy(uri, lspAt(d.name.start));
    const calls = item
      ? service
          .outgoingCalls(item)
          .filter((c) => c.to.uri === uri && c.to.kind === SymbolKind.Function)
          .map((c) => c.to.name)
      : [];
    out.set(d.name.text, [...new Set(calls)].sort());
  }
  return out;
}

/** The lambdas written in each function, in source order (the reference lifts the k-th lambda of a file into `__lit_k`). */
export function lambdasPerFunction(file: string, text: string): Array<[string, number]> {
  const analyzer = new Analyzer(new OverlayFileHost());
  const program = analyzer.analyze(file, text).program;
  const out: Array<[string, number]> = [];
  for (const d of program.decls) {
    if (d.kind !== 'FunctionDecl') continue;
    let n = 0;
    const walk = (x: unknown): void => {
      if (x === null || typeof x !== 'object') return;
      if (Array.isArray(x)) {
        for (const y of x) walk(y);
        return;
      }
      const o = x as Record<string, unknown>;
      if (o.kind === 'Lambda') n++;
      for (const k in o) if (k !== 'doc') walk(o[k]);
    };
    walk(d.body);
    out.push([d.name.text, n]);
  }
  return out;
}
