// Diagnostics as the core produces them: no LSP types, offsets into the
// document text. The LSP glue and the CLI convert them to their own shapes.

export type Severity = 'error' | 'warning' | 'information' | 'hint';

/** `ilo`: equivalent to the reference implementation; `ilo-contracts`: our own analyses. */
export type DiagnosticSource = 'ilo' | 'ilo-contracts';

export interface TextEdit {
  start: number;
  end: number;
  newText: string;
}

/** A fix the editor can offer as a quick fix. */
export interface Suggestion {
  message: string;
  edits: TextEdit[];
  /** Path of the file the edits apply to; absent means the diagnostic's own file. */
  file?: string;
}

export interface RelatedInfo {
  /** Absent means the same file as the diagnostic. */
  file?: string;
  start: number;
  end: number;
  message: string;
}

export interface Diagnostic {
  /** `ILO-P003`, `ILO-T004`, … for source `ilo`; kebab-case for `ilo-contracts`. */
  code: string;
  source: DiagnosticSource;
  severity: Severity;
  start: number;
  end: number;
  message: string;
  /** A one-line hint shown after the message (e.g. the canonical form). */
  hint?: string;
  suggestions?: Suggestion[];
  related?: RelatedInfo[];
}

/**
 * `d` as it reads `by` characters further on in its file: a copy, with its
 * related information and quick-fix edits in the same file moved too (those
 * in other files stay). `d` itself when `by` is 0.
 */
export function shiftDiagnostic(d: Diagnostic, by: number): Diagnostic {
  if (by === 0) return d;
  // Spelled out rather than spread: this runs for every moved diagnostic on every keystroke.
  const moved: Diagnostic = { code: d.code, source: d.source, severity: d.severity, start: d.start + by, end: d.end + by, message: d.message };
  if (d.hint !== undefined) moved.hint = d.hint;
  if (d.suggestions !== undefined) {
    moved.suggestions = d.suggestions.map((s) =>
      s.file === undefined ? { ...s, edits: s.edits.map((e) => ({ ...e, start: e.start + by, end: e.end + by })) } : s,
    );
  }
  if (d.related !== undefined) moved.related = d.related.map((r) => (r.file === undefined ? { ...r, start: r.start + by, end: r.end + by } : r));
  return moved;
}

export function isError(d: Diagnostic): boolean {
  return d.severity === 'error';
}
