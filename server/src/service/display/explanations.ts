// Hover on a diagnostic: the explanation of its code (what it means, a wrong
// and a right example, the fix; see server/src/explain), added below
// whatever else the hover shows at that position. Reference codes and our
// own kebab-case codes alike.

import { MarkupKind, type Hover } from 'vscode-languageserver';
import type { LineIndex } from '../../syntax/lineIndex';
import type { Diagnostic } from '../../diagnostics';
import { explain, explanationMarkdown, type ExplainLevel } from '../../explain';
import { rangeOf } from '../lspDiagnostics';

/** The diagnostics whose range holds `offset`, one per code, with an explanation (at `level`). */
function explainedAt(diagnostics: readonly Diagnostic[], offset: number, level: ExplainLevel): Array<{ start: number; end: number; markdown: string }> {
  const seen = new Set<string>();
  const out: Array<{ start: number; end: number; markdown: string }> = [];
  for (const d of diagnostics) {
    if (seen.has(d.code)) continue;
    if (offset < d.start || offset > Math.max(d.end, d.start + 1)) continue;
    const e = explain(d.code, level);
    if (!e) continue;
    seen.add(d.code);
    out.push({ start: d.start, end: d.end, markdown: explanationMarkdown(e) });
  }
  return out;
}

/** Markdown sections appended to a hover (a hover of their own when there was none). */
export function appendToHover(hover: Hover | undefined, sections: readonly string[], index: LineIndex, at: { start: number; end: number }): Hover | undefined {
  if (sections.length === 0) return hover;
  const added = sections.join('\n\n---\n\n');
  if (!hover) return { contents: { kind: MarkupKind.Markdown, value: added }, range: rangeOf(index, at.start, at.end) };
  const before = typeof hover.contents === 'object' && 'value' in hover.contents ? hover.contents.value : '';
  return { ...hover, contents: { kind: MarkupKind.Markdown, value: before ? `${before}\n\n---\n\n${added}` : added } };
}

/** `hover` with the explanations of the diagnostics (as published) at `offset` appended, at the file's level. */
export function withExplanations(
  hover: Hover | undefined,
  diagnostics: readonly Diagnostic[],
  index: LineIndex,
  offset: number,
  level: ExplainLevel,
): Hover | undefined {
  const found = explainedAt(diagnostics, offset, level);
  if (found.length === 0) return hover;
  return appendToHover(
    hover,
    found.map((f) => f.markdown),
    index,
    found[0],
  );
}
