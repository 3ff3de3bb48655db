// Hover on an `ILO-…` diagnostic: the explanation of its code (what it
// means, a wrong and a right example, the fix; see server/src/explain),
// added below whatever else the hover shows at that position.

import { MarkupKind, type Hover } from 'vscode-languageserver';
import type { LineIndex } from '../../syntax/lineIndex';
import { explain, explanationMarkdown } from '../../explain';
import type { FileAnalysis } from '../analysis';
import { rangeOf } from '../lspDiagnostics';

/** The diagnostics of the analysis whose range holds `offset`, one per code, with an explanation. */
function explainedAt(analysis: FileAnalysis, offset: number): Array<{ start: number; end: number; markdown: string }> {
  const seen = new Set<string>();
  const out: Array<{ start: number; end: number; markdown: string }> = [];
  for (const d of analysis.diagnostics) {
    if (!d.code.startsWith('ILO-') || seen.has(d.code)) continue;
    if (offset < d.start || offset > Math.max(d.end, d.start + 1)) continue;
    const e = explain(d.code, analysis.level.id);
    if (!e) continue;
    seen.add(d.code);
    out.push({ start: d.start, end: d.end, markdown: explanationMarkdown(e) });
  }
  return out;
}

/** `hover` with the explanations of the diagnostics at `offset` appended (a hover of their own when there was none). */
export function withExplanations(hover: Hover | undefined, analysis: FileAnalysis, index: LineIndex, offset: number): Hover | undefined {
  const found = explainedAt(analysis, offset);
  if (found.length === 0) return hover;
  const explanations = found.map((f) => f.markdown).join('\n\n---\n\n');
  if (!hover) return { contents: { kind: MarkupKind.Markdown, value: explanations }, range: rangeOf(index, found[0].start, found[0].end) };
  const before = typeof hover.contents === 'object' && 'value' in hover.contents ? hover.contents.value : '';
  return { ...hover, contents: { kind: MarkupKind.Markdown, value: before ? `${before}\n\n---\n\n${explanations}` : explanations } };
}
