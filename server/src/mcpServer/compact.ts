// Diagnostics in the server's compact shape: one string for the position,
// plain one-token keys, nothing repeated that the caller already knows (the
// file, the source, which follows from the code's form). And their one-line
// text rendering, which is what most hosts put in front of the model.

import * as path from 'node:path';
import type { Diagnostic, Severity, TextEdit } from '../diagnostics';
import { LineIndex } from '../syntax/lineIndex';

export type Sev = 'error' | 'warning' | 'info' | 'hint';

export interface CompactEdit {
  /** Absent when it is the diagnostic's own range (most fixes replace what is flagged). */
  at?: string;
  text: string;
}

export interface CompactFix {
  title: string;
  edits: CompactEdit[];
}

export interface CompactRelated {
  at: string;
  msg: string;
  /** Present when it is in another file (relative to the analysed one). */
  file?: string;
}

export interface CompactDiag {
  code: string;
  sev: Sev;
  at: string;
  msg: string;
  hint?: string;
  fix?: CompactFix[];
  related?: CompactRelated[];
}

const SEV: Record<Severity, Sev> = { error: 'error', warning: 'warning', information: 'info', hint: 'hint' };

/** `3:7`, `3:7-12` (same line), `3:7-4:2`: 1-based, UTF-16 columns. */
export function span(index: LineIndex, start: number, end: number): string {
  const s = index.position(start);
  if (end <= start) return `${s.line}:${s.col}`;
  const e = index.position(end);
  return e.line === s.line ? `${s.line}:${s.col}-${e.col}` : `${s.line}:${s.col}-${e.line}:${e.col}`;
}

export interface CompactOptions {
  /** Related locations too. */
  related?: boolean;
  /** Quick fixes (default true). */
  fixes?: boolean;
  /** The analysed file, to name related files relative to it. */
  file?: string;
  /** The text of another file a related location is in (undefined: unknown, the offset is given). */
  textOf?: (file: string) => string | undefined;
}

export function compactDiagnostic(d: Diagnostic, index: LineIndex, options: CompactOptions = {}): CompactDiag {
  const out: CompactDiag = { code: d.code, sev: SEV[d.severity], at: span(index, d.start, d.end), msg: d.message };
  if (d.hint) out.hint = d.hint;
  if (options.fixes !== false) {
    // Fixes in other files (a `use`d file's tool) are left out: the edit could not say where it goes.
    const fixes = (d.suggestions ?? []).filter((s) => s.file === undefined);
    const edit = (e: TextEdit): CompactEdit => (e.start === d.start && e.end === d.end ? { text: e.newText } : { at: span(index, e.start, e.end), text: e.newText });
    if (fixes.length > 0) out.fix = fixes.map((s) => ({ title: s.message, edits: s.edits.map(edit) }));
  }
  if (options.related && d.related && d.related.length > 0) {
    out.related = d.related.map((r) => {
      if (r.file === undefined) return { at: span(index, r.start, r.end), msg: r.message };
      const other = options.textOf?.(r.file);
      return {
        // Another file's positions need its text; without it the offset is given (`@120`).
        at: other === undefined ? `@${r.start}` : span(new LineIndex(other), r.start, r.end),
        msg: r.message,
        file: options.file ? path.relative(path.dirname(options.file), r.file) || path.basename(r.file) : r.file,
      };
    });
  }
  return out;
}

const RANK: Record<Severity, number> = { error: 0, warning: 1, information: 2, hint: 3 };

/**
 * At most `limit` diagnostics, the most severe kept when some must go,
 * listed in position order; `more` counts the rest.
 */
export function capDiagnostics(diags: readonly Diagnostic[], limit: number): { shown: Diagnostic[]; more: number } {
  if (diags.length <= limit) return { shown: [...diags], more: 0 };
  const kept = diags
    .map((d, i) => ({ d, i }))
    .sort((a, b) => RANK[a.d.severity] - RANK[b.d.severity] || a.i - b.i)
    .slice(0, limit)
    .sort((a, b) => a.i - b.i)
    .map((x) => x.d);
  return { shown: kept, more: diags.length - limit };
}

/** `2 errors, 1 hint` / `clean`. */
export function countLine(diags: readonly Diagnostic[]): string {
  const counts = new Map<Sev, number>();
  for (const d of diags) counts.set(SEV[d.severity], (counts.get(SEV[d.severity]) ?? 0) + 1);
  const parts = (['error', 'warning', 'info', 'hint'] as const).flatMap((s) => {
    const n = counts.get(s);
    return n ? [`${n} ${s}${n === 1 ? '' : s === 'info' ? '' : 's'}`] : [];
  });
  return parts.length > 0 ? parts.join(', ') : 'clean';
}

/** `9:40-43 error ILO-T004 'dyy' is not defined; did you mean 'dy'? fix: Change to 'dy'`. */
export function diagnosticLine(c: CompactDiag): string {
  let line = `${c.at} ${c.sev} ${c.code} ${c.msg}`;
  if (c.hint) line += `; ${c.hint}`;
  if (c.fix) line += ` fix: ${c.fix.map((f) => f.title).join(' | ')}`;
  for (const r of c.related ?? []) line += `\n  ${r.file ? `${r.file} ` : ''}${r.at} ${r.msg}`;
  return line;
}
