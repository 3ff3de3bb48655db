// The ilo formatter (no LSP here): a parsed program printed in one of the
// reference's two styles, keeping its meaning exactly.
//
//   expanded  the human format (the editor's default): one statement per
//             line, two-space indentation, operators spaced from operands;
//   dense     the agents' wire format: one line per declaration, operators
//             glued to their first operand.
//
// Comments stay where they are; blank lines between declarations are kept
// (at most one); `use` lines are copied. A file that does not parse is never
// formatted. Every result is re-parsed and compared with the original
// (verify.ts): the formatted program has the same tree, or the formatter
// falls back to copying (a declaration, or in the last resort the file).

import type { TextEdit } from '../diagnostics';
import { levelById, type LanguageLevel } from '../level';
import { LineIndex } from '../syntax/lineIndex';
import { MAX_DOCUMENT_LENGTH, parseIlo } from '../syntax/parse';
import type { Style } from './expr';
import { lineEdits } from './textEdits';
import { printVerified, type FormatStats } from './verify';

export type FormatStyle = Style;
export { FORMAT_STYLES } from './styles';
export type { FormatStats };

export interface FormatOptions {
  /** Default: expanded. */
  style?: FormatStyle;
  /** Functions and tools of `use`d files: name → parameter count (they group call arguments where the level's `usedFileArities` is on). */
  externalArities?: ReadonlyMap<string, number>;
  /** Functions of `use`d files: parameter names (level-26 labelled arguments). */
  externalParams?: ReadonlyMap<string, readonly string[]>;
  /** The level of a file without a pragma (default 0.11), as for parsing. */
  level?: LanguageLevel;
}

/** Why a text was not formatted. */
export interface FormatRefusal {
  ok: false;
  /** `ILO-P003`, … for a syntax error; `too-large` for a file over the analysis limit. */
  code: string;
  /** 1-based position of the problem. */
  line: number;
  col: number;
  message: string;
}

export interface FormatSuccess {
  ok: true;
  text: string;
  changed: boolean;
  stats: FormatStats;
  /** Per declaration: its code in the original text and in `text` (doc comments excluded, trailing comment included). */
  decls: Array<{ source: { start: number; end: number }; formatted: { start: number; end: number } }>;
}

export type FormatResult = FormatSuccess | FormatRefusal;

/** Formats a whole document. Never throws. */
export function formatIlo(text: string, options: FormatOptions = {}): FormatResult {
  const style = options.style ?? 'expanded';
  if (text.length > MAX_DOCUMENT_LENGTH) {
    return { ok: false, code: 'too-large', line: 1, col: 1, message: `the file is larger than ${MAX_DOCUMENT_LENGTH} characters` };
  }
  try {
    const given = options.externalArities && options.externalArities.size > 0 ? options.externalArities : undefined;
    const parsed = parseIlo(text, { externalArities: given, externalParams: given ? options.externalParams : undefined, level: options.level });
    const error = parsed.diagnostics.find((d) => d.severity === 'error');
    if (error) {
      const p = new LineIndex(text).position(error.start);
      return { ok: false, code: error.code, line: p.line, col: p.col, message: error.message };
    }
    // Functions of used files take part in grouping only where the file's level says so (not at 0.11).
    const ext = given && levelById(parsed.program.level ?? '0.11').syntax.usedFileArities ? given : undefined;
    const v = printVerified(parsed.program, text, style, ext, ext ? options.externalParams : undefined);
    const crlf = text.includes('\r\n');
    const out = crlf && !v.stats.unchanged ? v.text.replace(/\n/g, '\r\n') : v.text;
    const toOut = crlf && !v.stats.unchanged ? crlfOffsets(v.text) : (o: number) => o;
    const decls = parsed.program.decls.map((d, i) => {
      const placed = v.rendered.decls[i];
      return {
        source: { start: d.start, end: codeEnd(text, d.end, parsed.program.decls[i + 1]?.start) },
        formatted: { start: toOut(placed.start), end: toOut(placed.end) },
      };
    });
    return { ok: true, text: out, changed: out !== text, stats: v.stats, decls };
  } catch (err) {
    return { ok: false, code: 'internal-error', line: 1, col: 1, message: `the formatter failed: ${String(err)}` };
  }
}

/** A refusal as one line for people: `syntax error at line 3, col 7: ILO-P003 expected …`. */
export function describeRefusal(r: FormatRefusal): string {
  if (r.code === 'too-large' || r.code === 'internal-error') return r.message;
  return `syntax error at line ${r.line}, col ${r.col}: ${r.code} ${r.message}`;
}

/** The edits that format a whole document (none when it is formatted already), or the refusal. */
export function formatEdits(text: string, options: FormatOptions = {}): TextEdit[] | FormatRefusal {
  const r = formatIlo(text, options);
  if (!r.ok) return r;
  return lineEdits(text, r.text);
}

/**
 * The edits that format the declarations touching [start, end] (offsets;
 * equal for a cursor position). Declarations outside are left as they are,
 * and so are the lines between declarations.
 */
export function formatRangeEdits(text: string, start: number, end: number, options: FormatOptions = {}): TextEdit[] | FormatRefusal {
  const r = formatIlo(text, options);
  if (!r.ok) return r;
  const edits: TextEdit[] = [];
  for (const d of r.decls) {
    const touches = d.source.start <= end && start <= d.source.end;
    if (!touches) continue;
    const before = text.slice(d.source.start, d.source.end);
    const after = r.text.slice(d.formatted.start, d.formatted.end);
    edits.push(...lineEdits(before, after, d.source.start));
  }
  return edits;
}

/** The end of a declaration's code including a comment after it on its last line. */
function codeEnd(text: string, end: number, nextDecl: number | undefined): number {
  const nl = text.indexOf('\n', end);
  const lineEnd = nl < 0 ? text.length : nl;
  const rest = text.slice(end, lineEnd);
  const dash = rest.indexOf('--');
  if (dash < 0 || (nextDecl !== undefined && end + dash >= nextDecl)) return end;
  return lineEnd > end && text[lineEnd - 1] === '\r' ? lineEnd - 1 : lineEnd;
}

/** Maps an offset in LF text to the same place once every `\n` became `\r\n`. */
function crlfOffsets(lf: string): (offset: number) => number {
  const breaks: number[] = [];
  for (let i = 0; i < lf.length; i++) if (lf.charCodeAt(i) === 10) breaks.push(i);
  return (offset) => {
    let lo = 0;
    let hi = breaks.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (breaks[mid] < offset) lo = mid + 1;
      else hi = mid;
    }
    return offset + lo;
  };
}
