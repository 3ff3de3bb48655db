// How printed pieces are spelled and joined: numbers, types, and the places
// where two pieces may not touch because the lexer would read them as one
// token (`>` + `=a b` is `>=`, `-` + `0` is the literal `-0`, `-` + `-` a
// comment).

import type { NumberLit } from '../syntax/ast';

const TWO_CHAR_TOKENS = new Set(['>=', '<=', '!=', '+=', '>>', '??', '!!', '==', '..', '.?', '--']);

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';
const isWordChar = (c: string | undefined): boolean =>
  c !== undefined && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || isDigit(c) || c === '_');

/** Whether `left` and `right` need a space between them to stay separate tokens. */
export function needsSpace(left: string, right: string): boolean {
  if (left === '' || right === '') return false;
  const a = left[left.length - 1];
  const b = right[0];
  if (TWO_CHAR_TOKENS.has(a + b)) return true;
  if (a === '-' && isDigit(b)) return true;
  if (isWordChar(a) && (isWordChar(b) || b === '-' || b === '"')) return true;
  if (a === '"' && (isWordChar(b) || b === '"')) return true;
  return false;
}

/** `left` then `right`, with a space only where the lexer needs one. */
export function glue(left: string, right: string): string {
  return needsSpace(left, right) ? `${left} ${right}` : left + right;
}

/**
 * A number as the reference prints it: the shortest decimal that reads back
 * as the same f64 (`1.0` → `1`, `1e3` → `1000`); the written form when that
 * would need an exponent.
 */
export function numberText(n: NumberLit): string {
  const v = n.value;
  if (!Number.isFinite(v)) return n.raw;
  if (Object.is(v, -0)) return '-0';
  const s = String(v);
  if (/e/i.test(s) || Number(s) !== v) return n.raw;
  return s;
}

const ESCAPED: Readonly<Record<string, string>> = {
  '\\': '\\\\',
  '"': '\\"',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\f': '\\f',
  '\b': '\\b',
  '\v': '\\v',
  '\x07': '\\a',
  '\0': '\\0',
};

/**
 * A text literal for a decoded value, escaped as the reference prints it
 * (`"\\d+"` for the value `\d+`, however it was written), except that
 * control characters keep their escapes instead of being written raw.
 */
export function textLiteral(value: string): string {
  let out = '"';
  for (const ch of value) out += ESCAPED[ch] ?? ch;
  return `${out}"`;
}

export { typeSource as typeText } from '../syntax/typeText';

// ---------------------------------------------------------------- lookahead emulation

/** A token of printed text, as coarse as the parser's lookahead needs. */
interface ScanTok {
  kind: 'ident' | 'atom' | 'open' | 'close' | 'op' | 'other';
  text: string;
}

const PREFIX_OPS = new Set(['+', '*', '/', '>', '<', '>=', '<=', '=', '!=', '&', '|', '+=', '-', '??']);

/** Splits printed text into the tokens the parser's lookahead looks at. */
function scanTokens(s: string): ScanTok[] {
  const out: ScanTok[] = [];
  let i = 0;
  while (i < s.length) {
    const c = s[i];
    if (c === ' ' || c === '\t' || c === '\n') {
      i++;
    } else if (c === '"') {
      let j = i + 1;
      while (j < s.length && s[j] !== '"') j += s[j] === '\\' ? 2 : 1;
      out.push({ kind: 'atom', text: s.slice(i, j + 1) });
      i = j + 1;
    } else if (isDigit(c) || (c === '-' && isDigit(s[i + 1]) && !isWordChar(s[i - 1]))) {
      const m = /^-?\d+(\.\d+)?([eE][+-]?\d+)?/.exec(s.slice(i)) as RegExpExecArray;
      out.push({ kind: 'atom', text: m[0] });
      i += m[0].length;
    } else if (c >= 'a' && c <= 'z') {
      const m = /^[a-z][a-z0-9]*(-[a-z0-9]+)*/.exec(s.slice(i)) as RegExpExecArray;
      const w = m[0];
      out.push({ kind: w === 'true' || w === 'false' || w === 'nil' ? 'atom' : 'ident', text: w });
      i += w.length;
    } else if (c === '_') {
      out.push({ kind: 'atom', text: '_' });
      i++;
    } else if (c === '(' || c === '[') {
      out.push({ kind: 'open', text: c });
      i++;
    } else if (c === ')' || c === ']') {
      out.push({ kind: 'close', text: c });
      i++;
    } else {
      const two = s.slice(i, i + 2);
      const t = TWO_CHAR_TOKENS.has(two) ? two : c;
      out.push({ kind: PREFIX_OPS.has(t === '==' ? '=' : t) ? 'op' : 'other', text: t === '==' ? '=' : t });
      i += t.length;
    }
  }
  return out;
}

/** `name>` or `name p:` — what the parser takes for a function header. */
function looksLikeHeader(toks: ScanTok[], i: number): boolean {
  const t = toks[i];
  if (t === undefined || t.kind !== 'ident' || t.text === 'wh' || t.text === 'ret' || t.text === 'brk' || t.text === 'cnt') {
    return false;
  }
  const n = toks[i + 1];
  if (n !== undefined && n.text === '>') return true;
  return n !== undefined && n.kind === 'ident' && toks[i + 2]?.text === ':';
}

/** The parser's "two operands follow this operator" lookahead (Parser.scanPrefixBinaryEnd). */
function prefixEnd(toks: ScanTok[], i: number, nest: number): number | undefined {
  if (toks[i] === undefined || nest > 256) return undefined;
  let count = 0;
  let look = i + 1;
  while (count < 2) {
    const t = toks[look];
    if (t === undefined || looksLikeHeader(toks, look)) break;
    if (t.kind === 'ident' || t.kind === 'atom') {
      count++;
      look++;
    } else if (t.kind === 'open') {
      count++;
      let depth = 1;
      look++;
      while (depth > 0 && toks[look] !== undefined) {
        if (toks[look].kind === 'open') depth++;
        else if (toks[look].kind === 'close') depth--;
        look++;
      }
    } else if (t.kind === 'op') {
      const end = prefixEnd(toks, look, nest + 1);
      if (end === undefined) break;
      count++;
      look = end;
    } else break;
  }
  return count >= 2 ? look : undefined;
}

/**
 * Whether a call whose next argument (and those after it) print as `rest`
 * keeps reading it as an argument: an argument that starts with an infix
 * operator must look like a prefix operation, or the call ends there and the
 * operator applies infix to the call.
 */
export function continuesCall(rest: string): boolean {
  const toks = scanTokens(rest);
  const first = toks[0];
  if (first === undefined || first.kind !== 'op') return true;
  if (first.text === '??') return false;
  return prefixEnd(toks, 0, 0) !== undefined;
}

/** Whether printed text starting with an operator has the two operands the parser's lookahead wants. */
export function looksLikePrefixOperation(text: string): boolean {
  const toks = scanTokens(text);
  return toks[0] !== undefined && toks[0].kind === 'op' && prefixEnd(toks, 0, 0) !== undefined;
}

const CHAIN_OPS = new Set(['+', '*', '/', '>', '<', '>=', '<=', '=', '!=', '&', '|', '+=']);

/**
 * Whether printed text starting with two or more prefix operators trips the
 * parser's operand count for such runs (Parser.prefixChainDiagnostic), which
 * it applies when its lookahead cannot pair the operands: it counts a group
 * right after a name as part of that name (`-1 (x)` is one operand), so the
 * count can come out short.
 */
export function chainMiscounts(text: string): boolean {
  const toks = scanTokens(text);
  if (prefixEnd(toks, 0, 0) !== undefined) return false;
  let k = 0;
  while (k < toks.length && CHAIN_OPS.has(toks[k].text)) k++;
  if (k < 2) return false;
  let atoms = 0;
  let binops = k;
  let q = k;
  const skipGroup = (): void => {
    let depth = 0;
    do {
      if (toks[q].kind === 'open') depth++;
      else if (toks[q].kind === 'close') depth--;
      q++;
    } while (depth > 0 && q < toks.length);
  };
  while (q < toks.length) {
    const t = toks[q];
    if (t.kind === 'close' || t.text === ';' || t.text === '}') break;
    if (t.text === '!' || t.text === '~' || t.text === '^' || t.text === '$' || t.text === '-') {
      q++;
    } else if (t.kind === 'atom' || t.kind === 'ident') {
      if (t.text === 'with') return false;
      atoms++;
      q++;
      for (;;) {
        const n = toks[q];
        if (n === undefined) break;
        if (n.text === '.' || n.text === '.?') q += 2;
        else if (n.text === '!' || n.text === '!!') q++;
        else if (n.kind === 'open') skipGroup();
        else break;
      }
    } else if (t.kind === 'open') {
      atoms++;
      skipGroup();
    } else if (CHAIN_OPS.has(t.text)) {
      binops++;
      q++;
    } else {
      return false;
    }
  }
  return atoms < binops + 1;
}

/** Whether printed text is one unit for the parser's lookahead: a literal, a name, or one bracketed group. */
export function isSingleUnit(text: string): boolean {
  const toks = scanTokens(text);
  if (toks.length === 1) return toks[0].kind === 'atom' || toks[0].kind === 'ident';
  if (toks[0]?.kind !== 'open') return false;
  let depth = 0;
  for (let i = 0; i < toks.length; i++) {
    if (toks[i].kind === 'open') depth++;
    else if (toks[i].kind === 'close' && --depth === 0) return i === toks.length - 1;
  }
  return false;
}

/** Whether printed text starts with a `>` the parser could take for the end of a header `name>`. */
export function startsWithGreater(s: string): boolean {
  return s.startsWith('>') && !s.startsWith('>=') && !s.startsWith('>>');
}

/** Whether printed text is one identifier (which a following `>` would turn into a header `name>`). */
export function isBareIdent(s: string): boolean {
  return /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(s);
}
