// Core diagnostic → LSP diagnostic. Suggestions ride along in `data` so the
// code-action handler can turn them into quick fixes without recomputing.

import { DiagnosticSeverity, type Diagnostic as LspDiagnostic, type Range } from 'vscode-languageserver';
import type { Diagnostic, Severity } from '../diagnostics';
import { LineIndex } from '../syntax/lineIndex';
import { pathToUri } from './documents';

const SEVERITY: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

export function rangeOf(index: LineIndex, start: number, end: number): Range {
  return { start: index.toPosition0(start), end: index.toPosition0(Math.max(start, end)) };
}

/** Converts one document's diagnostics; the text is indexed once (or `index`, the caller's index of it, is used). */
export function toLspDiagnostics(
  diags: readonly Diagnostic[],
  text: string,
  uri: string,
  readOther: (path: string) => string | undefined,
  index: LineIndex = new LineIndex(text),
): LspDiagnostic[] {
  const otherIndexes = new Map<string, LineIndex>();
  const indexFor = (file: string | undefined): LineIndex => {
    if (!file) return index;
    let idx = otherIndexes.get(file);
    if (!idx) {
      const otherText = readOther(file);
      idx = otherText === undefined ? index : new LineIndex(otherText);
      otherIndexes.set(file, idx);
    }
    return idx;
  };
  return diags.map((d) => {
    const out: LspDiagnostic = {
      range: rangeOf(index, d.start, d.end),
      severity: SEVERITY[d.severity],
      code: d.code,
      source: d.source,
      message: d.hint ? `${d.message}\nhint: ${d.hint}` : d.message,
    };
    if (d.related && d.related.length > 0) {
      out.relatedInformation = d.related.map((r) => ({
        location: { uri: r.file ? pathToUri(r.file) : uri, range: rangeOf(indexFor(r.file), r.start, r.end) },
        message: r.message,
      }));
    }
    if (d.suggestions && d.suggestions.length > 0) out.data = { suggestions: d.suggestions };
    return out;
  });
}
