// Text literals: what their characters mean. Escapes at every level; at level
// 26 also `\xNN`, the triple-quoted form (raw newlines; indentation stripped
// when the closing `"""` sits on its own line) and `{name}` interpolation
// with `{{`/`}}` escapes.
//
// Interpolation works on the decoded text, slot by slot: `{name}` (a name as
// ilo spells identifiers) reads a binding, `{}` is a `fmt` placeholder, any
// other `{...}` is kept as written. A literal with at least one `{name}` slot
// and no `{}` becomes `fmt "<template>" name ...` (each `{name}` a `{}`);
// otherwise it stays text with `{{`/`}}` collapsed. A `{` with no `}` after it,
// or a `}` before any slot opened, is ILO-P024.

import type { LexicalFeatures } from '../level/level';

const ESCAPES: Readonly<Record<string, string>> = {
  n: '\n',
  t: '\t',
  r: '\r',
  '"': '"',
  '\\': '\\',
  f: '\f',
  b: '\b',
  v: '\v',
  a: '\x07',
  '0': '\0',
  '/': '/',
};

const isHex = (c: string | undefined): boolean =>
  c !== undefined && ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'));

/**
 * The decoded value of the characters between the quotes. With `map`, the
 * offset (in `raw`) of each decoded character is pushed to it, and one more
 * entry for the end.
 */
export function decodeEscapes(raw: string, hexEscapes: boolean, map?: number[], offsets?: readonly number[]): string {
  if (raw.indexOf('\\') < 0 && map === undefined) return raw;
  const at = (i: number): number => (offsets === undefined ? i : offsets[i]);
  let out = '';
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i];
    if (c !== '\\' || i + 1 >= raw.length) {
      if (c !== '\\') {
        out += c;
        map?.push(at(i));
      }
      continue;
    }
    const start = i;
    const next = raw[++i];
    if (hexEscapes && next === 'x' && isHex(raw[i + 1]) && isHex(raw[i + 2])) {
      out += String.fromCharCode(parseInt(raw.slice(i + 1, i + 3), 16));
      map?.push(at(start));
      i += 2;
      continue;
    }
    if (next === '\n') {
      // Only in a triple-quoted literal: a backslash before a line break is the line break.
      out += '\n';
      map?.push(at(start));
      continue;
    }
    const mapped = ESCAPES[next];
    if (mapped !== undefined) {
      out += mapped;
      map?.push(at(start));
    } else {
      out += '\\' + next;
      map?.push(at(start), at(i));
    }
  }
  map?.push(offsets === undefined ? raw.length : (offsets[raw.length] ?? raw.length));
  return out;
}

/**
 * The content of a triple-quoted literal (the text between the delimiters)
 * as the reference reads it: one line stays as it is; otherwise a line break
 * right after the opening `"""` is dropped, and when the closing `"""` sits
 * on a line of its own that last line is dropped and the indentation common
 * to the content lines (and the closing line) is stripped from each. Returns
 * the content and, for each of its characters, its offset in `raw` (plus one
 * for the end).
 */
export function dedentTriple(raw: string): { text: string; offsets: number[] } {
  const identity = (from: number, to: number): number[] => {
    const o: number[] = [];
    for (let i = from; i <= to; i++) o.push(i);
    return o;
  };
  if (raw.indexOf('\n') < 0) return { text: raw, offsets: identity(0, raw.length) };
  let start = 0;
  if (raw[0] === '\n') start = 1;
  else if (raw[0] === '\r' && raw[1] === '\n') start = 2;
  const lastNl = raw.lastIndexOf('\n');
  const closingLineBlank = lastNl >= start && /^[ \t]*$/.test(raw.slice(lastNl + 1));
  if (!closingLineBlank) return { text: raw.slice(start), offsets: identity(start, raw.length) };
  const end = lastNl + 1;
  const inner = raw.slice(start, end);
  const lines = inner.split('\n');
  const closingIndent = raw.slice(end);
  let common: string | undefined;
  for (const line of lines) {
    if (/^[ \t]*$/.test(line)) continue;
    const lead = /^[ \t]*/.exec(line)![0];
    common = common === undefined ? lead : commonPrefix(common, lead);
  }
  if (common === undefined) common = closingIndent;
  else if (closingIndent !== '') common = commonPrefix(common, closingIndent);
  let text = '';
  const offsets: number[] = [];
  let lineStart = start;
  for (let li = 0; li < lines.length; li++) {
    const line = lines[li];
    let drop = 0;
    if (line.startsWith(common)) drop = common.length;
    else if (/^[ \t]*$/.test(line)) drop = line.length;
    for (let k = drop; k < line.length; k++) {
      text += line[k];
      offsets.push(lineStart + k);
    }
    if (li + 1 < lines.length) {
      text += '\n';
      offsets.push(lineStart + line.length);
    }
    lineStart += line.length + 1;
  }
  offsets.push(end);
  return { text, offsets };
}

function commonPrefix(a: string, b: string): string {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return a.slice(0, i);
}

/** A `{name}` slot: the name and its range in the raw literal (offsets of the name, without braces). */
export interface InterpolationSlot {
  name: string;
  start: number;
  end: number;
}

export type Interpolation =
  /** No `{name}` slot: the text with `{{`/`}}` collapsed. */
  | { kind: 'text'; value: string }
  /** `fmt "<template>" name...`. */
  | { kind: 'fmt'; template: string; slots: InterpolationSlot[] }
  /** ILO-P024 at `at` (an offset in the raw literal). */
  | { kind: 'error'; at: number; brace: '{' | '}' };

const IDENT_RE = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/**
 * Interpolation of a decoded text (`map[i]`: the raw offset of decoded
 * character i, one extra entry for the end). See the top of the file.
 */
export function interpolate(value: string, map: readonly number[]): Interpolation {
  if (value.indexOf('{') < 0 && value.indexOf('}') < 0) return { kind: 'text', value };
  // Pieces: literal text, or a slot `{inner}` (decoded offsets of `inner`).
  const pieces: Array<string | { inner: string; at: number }> = [];
  let lit = '';
  let sawSlot = false;
  let identSlot = false;
  let bareSlot = false;
  for (let i = 0; i < value.length; ) {
    const c = value[i];
    if (c === '{') {
      if (value[i + 1] === '{') {
        lit += '{';
        i += 2;
        continue;
      }
      const close = value.indexOf('}', i + 1);
      if (close < 0) return { kind: 'error', at: map[i], brace: '{' };
      const inner = value.slice(i + 1, close);
      if (inner === '') bareSlot = true;
      else if (IDENT_RE.test(inner)) identSlot = true;
      sawSlot = true;
      if (lit !== '') pieces.push(lit);
      lit = '';
      pieces.push({ inner, at: i + 1 });
      i = close + 1;
      continue;
    }
    if (c === '}') {
      if (value[i + 1] === '}') {
        lit += '}';
        i += 2;
        continue;
      }
      if (!sawSlot) return { kind: 'error', at: map[i], brace: '}' };
      lit += '}';
      i++;
      continue;
    }
    lit += c;
    i++;
  }
  if (lit !== '') pieces.push(lit);
  const fire = identSlot && !bareSlot;
  let out = '';
  const slots: InterpolationSlot[] = [];
  for (const p of pieces) {
    if (typeof p === 'string') out += p;
    else if (fire && IDENT_RE.test(p.inner)) {
      out += '{}';
      slots.push({ name: p.inner, start: map[p.at], end: map[p.at + p.inner.length - 1] + 1 });
    } else out += `{${p.inner}}`;
  }
  return fire ? { kind: 'fmt', template: out, slots } : { kind: 'text', value: out };
}

/** What the lexer keeps of a text literal. */
export interface DecodedText {
  value: string;
  /** Offsets (in the literal's source, quotes included) of each decoded character, when interpolation may need them. */
  map?: number[];
}

/**
 * The value of a text literal as written (`src` includes its quotes), at a
 * level. A map back to `src` offsets is built only where interpolation could
 * use it (level 26, and the value has a brace).
 */
export function decodeLiteral(src: string, features: LexicalFeatures): DecodedText {
  const triple = features.tripleQuotedText && src.startsWith('"""') && src.length >= 6;
  if (!triple) {
    const raw = src.slice(1, -1);
    const wantMap = features.interpolation && (raw.indexOf('{') >= 0 || raw.indexOf('}') >= 0 || raw.indexOf('\\x') >= 0);
    if (!wantMap) return { value: decodeEscapes(raw, features.hexEscapes) };
    const map: number[] = [];
    const value = decodeEscapes(raw, features.hexEscapes, map);
    return { value, map: map.map((o) => o + 1) };
  }
  const body = src.slice(3, -3);
  const d = dedentTriple(body);
  const map: number[] = [];
  const value = decodeEscapes(d.text, features.hexEscapes, map, d.offsets);
  return { value, map: map.map((o) => o + 3) };
}
