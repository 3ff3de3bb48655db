// Builds diagnostics for this module's findings: source `ilo-contracts`,
// kebab-case codes. Kept in one place so every code is listed together.
import type { Diagnostic, Severity, Suggestion } from '../diagnostics';

/** Every code the schema/annotation layer can produce. */
export type SchemaDiagnosticCode =
  // annotation syntax (doc comments)
  | 'annotation'
  | 'unknown-param'
  | 'unknown-field'
  | 'duplicate-annotation'
  | 'bad-json'
  | 'bad-schema'
  | 'bad-output'
  | 'bad-mcp'
  | 'bad-behavior'
  | 'bad-hints'
  | 'bad-flow'
  | 'bad-wire-name'
  // type → schema mapping
  | 'function-type'
  | 'unknown-type'
  | 'recursive-alias'
  | 'map-key'
  | 'capability-type'
  | 'duplicate-wire-name'
  | 'duplicate-tool-name';

export function contractDiagnostic(
  code: SchemaDiagnosticCode,
  severity: Severity,
  span: { start: number; end: number },
  message: string,
  extra?: { hint?: string; suggestions?: Suggestion[] },
): Diagnostic {
  const d: Diagnostic = { code, source: 'ilo-contracts', severity, start: span.start, end: Math.max(span.start, span.end), message };
  if (extra?.hint) d.hint = extra.hint;
  if (extra?.suggestions && extra.suggestions.length > 0) d.suggestions = extra.suggestions;
  return d;
}
