// JSON with comments, as VS Code writes `.vscode/mcp.json`: `//` and `/* */`
// comments and trailing commas. `blankJsonc` turns such text into plain JSON
// of the same length (comments and trailing commas become spaces, line
// breaks stay), so offsets found in the result are offsets in the original;
// `propertySpan` finds where a property's value is written, so a command can
// replace that one value and leave every other byte of the file alone.

import { jsonProblem } from '../../schema/jsonSyntax';

/** Plain JSON text with the same length and line breaks as `text`. */
export function blankJsonc(text: string): string {
  const out = text.split('');
  const blank = (from: number, to: number) => {
    for (let k = from; k < to; k++) if (out[k] !== '\n' && out[k] !== '\r') out[k] = ' ';
  };
  let lastComma = -1;
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '"') {
      i = stringEnd(text, i);
      lastComma = -1;
      continue;
    }
    if (c === '/' && text[i + 1] === '/') {
      const end = text.indexOf('\n', i);
      const stop = end < 0 ? text.length : end;
      blank(i, stop);
      i = stop;
      continue;
    }
    if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end < 0 ? text.length : end + 2;
      blank(i, stop);
      i = stop;
      continue;
    }
    if (c === ',') lastComma = i;
    else if ((c === '}' || c === ']') && lastComma >= 0) {
      out[lastComma] = ' ';
      lastComma = -1;
    } else if (!/\s/.test(c)) lastComma = -1;
    i++;
  }
  return out.join('');
}

/** Index just past the string literal that starts at `start` (a `"`). */
function stringEnd(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length) {
    if (text[i] === '\\') i += 2;
    else if (text[i] === '"') return i + 1;
    else i++;
  }
  return text.length;
}

/** Parse JSON or JSONC; never throws. */
export function parseJsonc(text: string): { ok: true; value: unknown } | { ok: false; error: string } {
  const plain = blankJsonc(text.charCodeAt(0) === 0xfeff ? ' ' + text.slice(1) : text);
  try {
    return { ok: true, value: JSON.parse(plain) };
  } catch {
    // Our own words: JSON.parse's message may quote raw bytes of the input.
    return { ok: false, error: jsonProblem(plain) };
  }
}

export interface PropertySpan {
  /** Offset of the key's opening quote. */
  keyStart: number;
  /** Offsets of the value: `text.slice(valueStart, valueEnd)` is the value as written. */
  valueStart: number;
  valueEnd: number;
}

/**
 * Where the value at `path` (object keys from the root) is written in a JSON
 * or JSONC text; undefined when the path is not there or the text is not
 * well-formed.
 */
export function propertySpan(text: string, path: readonly string[]): PropertySpan | undefined {
  const plain = blankJsonc(text);
  let at = skipSpace(plain, 0);
  let span: PropertySpan | undefined;
  for (const key of path) {
    if (plain[at] !== '{') return undefined;
    span = findKey(plain, at, key);
    if (!span) return undefined;
    at = span.valueStart;
  }
  return span;
}

function skipSpace(s: string, i: number): number {
  while (i < s.length && /\s/.test(s[i])) i++;
  return i;
}

/** Index just past the JSON value starting at `i`, or -1. */
function valueEnd(s: string, i: number): number {
  const c = s[i];
  if (c === '"') return stringEnd(s, i);
  if (c === '{' || c === '[') {
    let depth = 0;
    while (i < s.length) {
      const d = s[i];
      if (d === '"') {
        i = stringEnd(s, i);
        continue;
      }
      if (d === '{' || d === '[') depth++;
      else if (d === '}' || d === ']') {
        depth--;
        if (depth === 0) return i + 1;
      }
      i++;
    }
    return -1;
  }
  const m = /^[^\s,\]}]+/.exec(s.slice(i, i + 64));
  return m ? i + m[0].length : -1;
}

/** The span of `key` among the members of the object whose `{` is at `open`. */
function findKey(s: string, open: number, key: string): PropertySpan | undefined {
  let i = skipSpace(s, open + 1);
  while (i < s.length && s[i] !== '}') {
    if (s[i] !== '"') return undefined;
    const keyEnd = stringEnd(s, i);
    let name: unknown;
    try {
      name = JSON.parse(s.slice(i, keyEnd));
    } catch {
      return undefined;
    }
    let j = skipSpace(s, keyEnd);
    if (s[j] !== ':') return undefined;
    j = skipSpace(s, j + 1);
    const end = valueEnd(s, j);
    if (end < 0) return undefined;
    if (name === key) return { keyStart: i, valueStart: j, valueEnd: end };
    i = skipSpace(s, end);
    if (s[i] === ',') i = skipSpace(s, i + 1);
  }
  return undefined;
}
