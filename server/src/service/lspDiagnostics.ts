// Core diagnostic → LSP diagnostic. Suggestions ride along in `data` so the
// code-action handler can turn them into quick fixes without recomputing.
//
// A keystroke changes few of a document's diagnostics: given the diagnostics
// published before, every one that comes out the same (place, severity,
// code, source, message, related information, data) is that earlier object,
// not a copy. The connection keeps the encoded JSON of each published object
// (lsp/publishEncoder.ts), so published diagnostics are never changed after
// they are made: `data` holds a copy of the core's suggestions, not the
// core's objects.

import { DiagnosticSeverity, type Diagnostic as LspDiagnostic, type DiagnosticRelatedInformation, type Range } from 'vscode-languageserver';
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

/**
 * Converts one document's diagnostics; the text is indexed once (or `index`,
 * the caller's index of it, is used). `previous`, the document's diagnostics
 * as converted last time, are reused where they come out the same.
 */
export function toLspDiagnostics(
  diags: readonly Diagnostic[],
  text: string,
  uri: string,
  readOther: (path: string) => string | undefined,
  index: LineIndex = new LineIndex(text),
  previous: readonly LspDiagnostic[] = [],
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
  const earlier = new Earlier(previous);
  return diags.map((d) => {
    const range = rangeOf(index, d.start, d.end);
    const related =
      d.related && d.related.length > 0
        ? d.related.map(
            (r): DiagnosticRelatedInformation => ({
              location: { uri: r.file ? pathToUri(r.file) : uri, range: rangeOf(indexFor(r.file), r.start, r.end) },
              message: r.message,
            }),
          )
        : undefined;
    const suggestions = d.suggestions && d.suggestions.length > 0 ? d.suggestions : undefined;
    const same = earlier.take(d, range, related, suggestions);
    if (same) return same;
    const message = d.hint ? `${d.message}\nhint: ${d.hint}` : d.message;
    const out: LspDiagnostic = { range, severity: SEVERITY[d.severity], code: d.code, source: d.source, message };
    if (related) out.relatedInformation = related;
    if (suggestions) out.data = { suggestions: structuredClone(suggestions) };
    return out;
  });
}

/**
 * The previous diagnostics, walked in step with the new ones: both are in
 * document order, so the candidates for a new diagnostic are the previous ones
 * at its range, just ahead of the last one looked at. Each is reused once.
 */
class Earlier {
  private next = 0;
  private readonly used: boolean[];

  constructor(private readonly list: readonly LspDiagnostic[]) {
    this.used = new Array<boolean>(list.length).fill(false);
  }

  /** An unused previous diagnostic that `d` converts to: at `range`, with `related` and `suggestions` as its related information and data. */
  take(d: Diagnostic, range: Range, related: unknown, suggestions: unknown): LspDiagnostic | undefined {
    const list = this.list;
    while (this.next < list.length && compareRanges(list[this.next].range, range) < 0) this.next++;
    for (let i = this.next; i < list.length && compareRanges(list[i].range, range) === 0; i++) {
      const c = list[i];
      if (
        !this.used[i] &&
        typeof c.message === 'string' &&
        isMessageOf(c.message, d) &&
        c.code === d.code &&
        c.severity === SEVERITY[d.severity] &&
        c.source === d.source &&
        sameJson(c.relatedInformation, related) &&
        sameJson((c.data as { suggestions?: unknown } | undefined)?.suggestions, suggestions)
      ) {
        this.used[i] = true;
        return c;
      }
    }
    return undefined;
  }
}

/** Whether `message` is what `d` shows: its message, then its hint if any (compared in place, not put together). */
function isMessageOf(message: string, d: Diagnostic): boolean {
  if (!d.hint) return message === d.message;
  const at = d.message.length;
  return message.length === at + HINT.length + d.hint.length && message.startsWith(d.message) && message.startsWith(HINT, at) && message.endsWith(d.hint);
}

const HINT = '\nhint: ';

function compareRanges(a: Range, b: Range): number {
  return (
    a.start.line - b.start.line ||
    a.start.character - b.start.character ||
    a.end.line - b.end.line ||
    a.end.character - b.end.character
  );
}

/** Equal as JSON-like data, keys in the same order (so both encode to the same text). */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (let i = 0; i < ka.length; i++) {
    if (ka[i] !== kb[i] || !sameJson((a as Record<string, unknown>)[ka[i]], (b as Record<string, unknown>)[kb[i]])) return false;
  }
  return true;
}
