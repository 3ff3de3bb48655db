// textDocument/formatting and rangeFormatting: the formatter's edits for an
// analysed file, as LSP text edits. A file with a syntax error is refused
// (the caller reports why); the edits touch only the lines that change.

import type { Range, TextEdit } from 'vscode-languageserver';
import type { TextEdit as CoreEdit } from '../diagnostics';
import { describeRefusal, formatEdits, formatRangeEdits, FORMAT_STYLES, type FormatOptions, type FormatRefusal, type FormatStyle } from '../format';
import type { LineIndex } from '../syntax/lineIndex';
import { declaredArities, declaredParams, type FileAnalysis } from './analysis';

export type FormattingOutcome = { edits: TextEdit[] } | { refused: string };

/** The `ilo.format.style` setting, `expanded` unless it says `dense`. */
export function formatStyleSetting(value: unknown): FormatStyle {
  return FORMAT_STYLES.includes(value as FormatStyle) ? (value as FormatStyle) : 'expanded';
}

/** The file's level (its pragma's or the setting) and what its `use`d files declare. */
function formatOptions(analysis: FileAnalysis, style: FormatStyle): FormatOptions {
  return { style, externalArities: declaredArities(analysis.imported), externalParams: declaredParams(analysis.imported), level: analysis.level };
}

/** Edits that format the whole document. */
export function documentFormatting(analysis: FileAnalysis, index: LineIndex, style: FormatStyle): FormattingOutcome {
  return outcome(formatEdits(analysis.text, formatOptions(analysis, style)), index);
}

/** Edits that format the declarations the range touches (whole declarations; the rest is left alone). */
export function rangeFormatting(analysis: FileAnalysis, index: LineIndex, range: Range, style: FormatStyle): FormattingOutcome {
  const start = index.offsetAt(range.start.line, range.start.character);
  const end = index.offsetAt(range.end.line, range.end.character);
  const edits = formatRangeEdits(analysis.text, Math.min(start, end), Math.max(start, end), formatOptions(analysis, style));
  return outcome(edits, index);
}

function outcome(result: CoreEdit[] | FormatRefusal, index: LineIndex): FormattingOutcome {
  if (!Array.isArray(result)) return { refused: `ilo: not formatted: ${describeRefusal(result)}` };
  return {
    edits: result.map((e) => ({
      range: { start: index.toPosition0(e.start), end: index.toPosition0(e.end) },
      newText: e.newText,
    })),
  };
}
