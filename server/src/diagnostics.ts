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

export function isError(d: Diagnostic): boolean {
  return d.severity === 'error';
}
