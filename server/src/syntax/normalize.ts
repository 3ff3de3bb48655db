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
//   - CRLF counts as one newline.
//
// `map[i]` is the document offset of normalised character `i` (with one extra
// entry for the end), so tokens can be reported at their real position.

import type { LexicalFeatures } from '../level/level';

export interface Normalized {
  text: string;
  map: Int32Array;
  /** The `--` comments that were dropped (document offsets; text without the dashes). */
  comments: Array<{ start: number; end: number; text: string }>;
}

/** Normalise `source`; `base` is added to every mapped offset (chunk start in the document). */
export function normalizeNewlines(source: string, base = 0, features?: Pick<LexicalFeatures, 'tripleQuotedText'>): Normalized {
  const n = source.length;
  const out: string[] = [];
  const map = new Int32Array(n + 2);
  let len = 0;
  const push = (ch: string, orig: number): void => {
    out.push(ch);
    map[len++] = orig + base;
  };
  const comments: Normalized['comments'] = [];
  let lastSignificant = '';
  let bracketDepth = 0;
  const triple = features?.tripleQuotedText === true;
  let i = 0;
  const isBlank = (c: string | undefined): boolean => c === ' ' || c === '\t';

  while (i < n) {
    const c = source[i];
    if (c === '\r' && source[i + 1] === '\n') {
      i++;
      continue;
    }
    if (c === '"' && triple && source.charCodeAt(i + 1) === 34 && source.charCodeAt(i + 2) === 34) {
      // A triple-quoted literal (level 26) is copied as it is, line breaks and
      // all, up to its closing `"""` (an unterminated one runs to the end).
      const close = source.indexOf('"""', i + 3);
      const end = close < 0 ? n : close + 3;
      for (; i < end; i++) push(source[i], i);
      lastSignificant = '"';
      continue;
    }
    if (c === '"') {
      // Copy the whole literal; an unterminated one runs to the end.
      push(c, i);
      lastSignificant = c;
      i++;
      while (i < n) {
        const sc = source[i];
        push(sc, i);
        i++;
        if (sc === '\\') {
          if (i < n) {
            push(source[i], i);
            i++;
          }
        } else if (sc === '"') {
          break;
        }
      }
      continue;
    }
    if (c === '-' && source[i + 1] === '-') {
      // Comment: drop it, keep the newline that ends it.
      const cs = i;
      i += 2;
      while (i < n && source[i] !== '\n') i++;
      const ce = i > cs && source[i - 1] === '\r' ? i - 1 : i;
      comments.push({ start: cs + base, end: ce + base, text: source.slice(cs + 2, ce) });
      continue;
    }
    if (c === '\n') {
      if (bracketDepth > 0) {
        push(' ', i);
        i++;
        while (isBlank(source[i])) i++;
        continue;
      }
      i++;
      // Skip whitespace-only lines (CR counts as blank here so CRLF blank lines vanish too).
      for (;;) {
        let p = i;
        while (isBlank(source[p])) p++;
        if (source[p] === '\r' && source[p + 1] === '\n') p++;
        if (source[p] === '\n') i = p + 1;
        else break;
      }
      const nl = i - 1;
      if (isBlank(source[i])) {
        let p = i;
        while (isBlank(source[p])) p++;
        const nextIsPipe = source[p] === '>' && source[p + 1] === '>';
        const endsWithSemi = len > 0 && out[len - 1] === ';';
        if (!(lastSignificant === '{' || endsWithSemi || nextIsPipe)) push(';', nl);
        i = p;
        if (source[i] === '}' && lastSignificant !== '{' && len > 0 && out[len - 1] === ';') {
          out.pop();
          len--;
        }
      } else if (source[i] === '}') {
        // column-0 `}` closes a block: no boundary
      } else {
        push('\n', nl);
      }
      continue;
    }
    push(c, i);
    if (c !== ' ' && c !== '\t' && c !== '\r') lastSignificant = c;
    if (c === '(' || c === '[') bracketDepth++;
    else if ((c === ')' || c === ']') && bracketDepth > 0) bracketDepth--;
    i++;
  }
  map[len] = n + base;
  return { text: out.join(''), map: map.subarray(0, len + 1), comments };
}
