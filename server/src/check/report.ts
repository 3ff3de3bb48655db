// Building verifier diagnostics: codes, their severities, and the small
// structured suggestions (replacement edits) the editor turns into quick fixes.

import type { Diagnostic, Severity, Suggestion } from '../diagnostics';
import type { Span } from '../syntax/ast';

/**
 * Codes the reference reports as warnings; every other verifier code is an
 * error. The ILO-W codes and T043/T048 exist at level 26 only.
 */
const WARNING_CODES = new Set(['ILO-T029', 'ILO-T032', 'ILO-T033', 'ILO-T043', 'ILO-T048', 'ILO-W002', 'ILO-W003', 'ILO-W020', 'ILO-W030', 'ILO-W051']);

export function severityOf(code: string): Severity {
  return WARNING_CODES.has(code) ? 'warning' : 'error';
}

export interface DiagExtras {
  hint?: string;
  suggestions?: Suggestion[];
}

export function diag(code: string, span: Span, message: string, extras: DiagExtras = {}): Diagnostic {
  const d: Diagnostic = {
    code,
    source: 'ilo',
    severity: severityOf(code),
    start: span.start,
    end: Math.max(span.start, span.end),
    message,
  };
  if (extras.hint !== undefined) d.hint = extras.hint;
  if (extras.suggestions !== undefined && extras.suggestions.length > 0) d.suggestions = extras.suggestions;
  return d;
}

/** A single replacement of `span` by `newText`. */
export function replaceWith(message: string, span: Span, newText: string): Suggestion {
  return { message, edits: [{ start: span.start, end: span.end, newText }] };
}

/** An insertion at `offset`. */
export function insertAt(message: string, offset: number, newText: string): Suggestion {
  return { message, edits: [{ start: offset, end: offset, newText }] };
}

/** "did you mean" replacement for a misspelt name. */
export function didYouMean(span: Span, replacement: string): Suggestion {
  return replaceWith(`Change to '${replacement}'`, span, replacement);
}

