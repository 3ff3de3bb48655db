// Newline normalisation: ilo's layout rules, applied before tokenising.
//
// ilo is a one-line language at heart; newlines are a human convenience. The
// reference lexer rewrites the text before tokenising it, and so do we (same
// rules, our own code):
//   - a newline followed by an indented line is a statement separator: `;`
//     (none is added right after `{`, when the text already ends in `;`, or
//     when the indented line starts with `>>`, which continues a pipe);
//     an indented line starting with `}` gets no `;` in front of it;
//   - runs of blank lines are skipped before deciding the above;
//   - a newline followed by a column-0 line is kept: a declaration boundary;
//     a column-0 `}` closes a block and drops the newline;
//   - inside `(` or `[`, a newline is plain whitespace;
//   - `--` comments are dropped (they never produce tokens), text literals are
//     copied verbatim (they may contain `--`, brackets, even newlines; at
//     level 26 a `"""` literal runs to the next `"""`);
//   - at level 26, CRLF counts as one newline; at 0.11 a carriage return is
//     an ordinary character (ILO-L001 outside comments and text, as ilo
//     0.11.6 reports it).
//
// `map[i]` is the document offset of normalised character `i` (with one extra
// entry for the end), so tokens can be reported at their real position.

import type { LexicalFeatures } from '../level/level';

export interface Normalized {
  text: string;
  /** A view of a reused buffer, valid until the next call. */
  map: Int32Array;
  /** The `--` comments that were dropped (document offsets; text without the dashes). */
  comments: Array<{ start: number; end: number; text: string }>;
}

let scratchOut = new Uint16Array(4096);
let scratchMap = new Int32Array(4096);

/**
 * Normalise `source`; `base` is added to every mapped offset (chunk start in
 * the document). The returned `map` is a view of a buffer the next call
 * reuses: read it before normalising anything else.
 */
export function normalizeNewlines(source: string, base = 0, features?: Partial<Pick<LexicalFeatures, 'tripleQuotedText' | 'crlfLineEnds'>>): Normalized {
  // One pass over character codes into a code buffer: the output is never
  // longer than the input (a newline becomes at most one character, CR of
  // CRLF and comments are dropped). Comments, the bulk of many files, are
  // skipped with indexOf rather than character by character.
  const n = source.length;
  // The buffers are reused from call to call (a long file is normalised in
  // some 1,500 chunks, and two typed arrays a chunk were 3,000 allocations).
  if (scratchOut.length < n + 1) scratchOut = new Uint16Array(Math.max(n + 1, scratchOut.length * 2));
  if (scratchMap.length < n + 2) scratchMap = new Int32Array(Math.max(n + 2, scratchMap.length * 2));
  const out = scratchOut;
  const map = scratchMap;
  let len = 0;
  const comments: Normalized['comments'] = [];
  /** Code of the last character pushed that is not a blank or CR (0: none yet). */
  let lastSignificant = 0;
  let bracketDepth = 0;
  const triple = features?.tripleQuotedText === true;
  // Level 26 reads CRLF as a line break; at 0.11 a carriage return is a character like any other
  // (outside comments and text it is then ILO-L001, as the reference reports it).
  const crlf = features?.crlfLineEnds === true;
  let i = 0;

  while (i < n) {
    const c = source.charCodeAt(i);
    if (crlf && c === CR && source.charCodeAt(i + 1) === LF) {
      i++;
      continue;
    }
    if (c === QUOTE) {
      let end: number;
      if (triple && source.charCodeAt(i + 1) === QUOTE && source.charCodeAt(i + 2) === QUOTE) {
        // A triple-quoted literal (level 26) runs, line breaks and all, to
        // its closing `"""` (an unterminated one to the end).
        const close = source.indexOf('"""', i + 3);
        end = close < 0 ? n : close + 3;
      } else {
        // A literal runs to the next unescaped quote (an unterminated one to the end).
        end = i + 1;
        while (end < n) {
          const sc = source.charCodeAt(end);
          end += sc === BACKSLASH ? 2 : 1;
          if (sc === QUOTE) break;
        }
        if (end > n) end = n;
      }
      for (; i < end; i++) {
        out[len] = source.charCodeAt(i);
        map[len++] = i + base;
      }
      lastSignificant = QUOTE;
      continue;
    }
    if (c === DASH && source.charCodeAt(i + 1) === DASH) {
      // Comment: drop it, keep the newline that ends it.
      const cs = i;
      const nlAt = source.indexOf('\n', i + 2);
      i = nlAt < 0 ? n : nlAt;
      const ce = crlf && source.charCodeAt(i - 1) === CR ? i - 1 : i;
      comments.push({ start: cs + base, end: ce + base, text: source.slice(cs + 2, ce) });
      continue;
    }
    if (c === LF) {
      if (bracketDepth > 0) {
        out[len] = SPACE;
        map[len++] = i + base;
        i++;
        while (isBlank(source.charCodeAt(i))) i++;
        continue;
      }
      i++;
      // Skip whitespace-only lines (CR counts as blank here so CRLF blank lines vanish too).
      for (;;) {
        let p = i;
        while (isBlank(source.charCodeAt(p))) p++;
        if (crlf && source.charCodeAt(p) === CR && source.charCodeAt(p + 1) === LF) p++;
        if (source.charCodeAt(p) === LF) i = p + 1;
        else break;
      }
      const nl = i - 1;
      if (isBlank(source.charCodeAt(i))) {
        let p = i;
        while (isBlank(source.charCodeAt(p))) p++;
        const nextIsPipe = source.charCodeAt(p) === GT && source.charCodeAt(p + 1) === GT;
        const endsWithSemi = len > 0 && out[len - 1] === SEMI;
        if (!(lastSignificant === LBRACE || endsWithSemi || nextIsPipe)) {
          out[len] = SEMI;
          map[len++] = nl + base;
        }
        i = p;
        if (source.charCodeAt(i) === RBRACE && lastSignificant !== LBRACE && len > 0 && out[len - 1] === SEMI) len--;
      } else if (source.charCodeAt(i) !== RBRACE) {
        // (a column-0 `}` closes a block: no boundary)
        out[len] = LF;
        map[len++] = nl + base;
      }
      continue;
    }
    out[len] = c;
    map[len++] = i + base;
    if (c !== SPACE && c !== TAB && c !== CR) lastSignificant = c;
    if (c === LPAREN || c === LBRACKET) bracketDepth++;
    else if ((c === RPAREN || c === RBRACKET) && bracketDepth > 0) bracketDepth--;
    i++;
  }
  map[len] = n + base;
  return { text: codesToString(out, len), map: map.subarray(0, len + 1), comments };
}

const TAB = 9;
const LF = 10;
const CR = 13;
const SPACE = 32;
const QUOTE = 34;
const LPAREN = 40;
const RPAREN = 41;
const DASH = 45;
const SEMI = 59;
const GT = 62;
const LBRACKET = 91;
const BACKSLASH = 92;
const RBRACKET = 93;
const LBRACE = 123;
const RBRACE = 125;

function isBlank(c: number): boolean {
  return c === SPACE || c === TAB;
}

/** The string of the first `len` UTF-16 code units of `codes` (lone surrogates kept as they are). */
function codesToString(codes: Uint16Array, len: number): string {
  // Node's UTF-16 decoder copies the units as they are, in one native call
  // (the buffer holds them in the machine's byte order: little-endian there).
  if (LITTLE_ENDIAN) return Buffer.from(codes.buffer, codes.byteOffset, len * 2).toString('utf16le');
  const parts: string[] = [];
  for (let k = 0; k < len; k += 8192) parts.push(String.fromCharCode(...codes.subarray(k, Math.min(len, k + 8192))));
  return parts.join('');
}

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
