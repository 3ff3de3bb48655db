// Tokeniser: normalised text → tokens with document offsets, or the first
// lexical error (ILO-L001/L002/L003), like the reference, which stops at the
// first one.
//
// The words come from the ohm grammar (grammar.ts / ilo.ohm); this module
// classifies them and applies the reference's context rules:
//   - a capital glued to an identifier (`fooBar`) is ILO-L003, except after
//     `.`/`.?` where JSON-style keys are accepted as one field name (`r.userId`,
//     `r.URL`, `r.type`, `r.user_name`);
//   - `AND`/`OR`/`NOT` get ILO-L001 with the ilo operator as hint;
//   - `a_b` (identifier, underscore, identifier, glued) is ILO-L002;
//   - `xs.0.1` is split back into two index steps;
//   - a glued negative literal at the start of an expression (`=-3`, `;-1 x`)
//     becomes `-` followed by the number, so prefix minus sees its operands.

import type { Diagnostic } from '../diagnostics';
import type { Comment } from './ast';
import { ItemStream } from './grammar';
import type { LexicalFeatures } from '../level/level';
import { normalizeNewlines } from './normalize';
import { decodeLiteral, interpolate, type Interpolation } from './textLiteral';
import { keywordKind, TYPE_SIGILS, type OpKind, type Token, type TokenKind } from './tokens';

const TYPE_SIGILS_26: ReadonlySet<string> = new Set([...TYPE_SIGILS, 'W']);

export interface LexResult {
  tokens: Token[];
  comments: Comment[];
  error?: Diagnostic;
}

/** Raw token during lexing: offsets in the normalised text. */
interface Tok {
  kind: TokenKind;
  start: number;
  end: number;
  text: string;
  value?: number;
  /** A text token's decoded-character offsets in its literal (when interpolation may need them). */
  map?: number[];
}


const isUpper = (c: string | undefined): boolean => c !== undefined && c >= 'A' && c <= 'Z';
const isAlnum = (c: string | undefined): boolean =>
  c !== undefined && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'));

const LOGICAL_WORDS: Readonly<Record<string, string>> = {
  AND: '`&a b` (logical and)',
  OR: '`|a b` (logical or)',
  NOT: '`!a` (logical not)',
};

function kebab(word: string): string {
  let s = '';
  for (let i = 0; i < word.length; i++) {
    const c = word[i];
    if (i > 0 && isUpper(c) && !s.endsWith('-')) s += '-';
    s += c.toLowerCase();
  }
  return s;
}

class LexError {
  constructor(
    readonly code: string,
    readonly start: number,
    readonly end: number,
    readonly message: string,
    readonly hint?: string,
    readonly replacement?: string,
  ) {}
}

/** What the lexer reads as at level 0.11 (no 26.x forms). */
const LEXICAL_011: LexicalFeatures = {
  tripleQuotedText: false,
  hexEscapes: false,
  braceEscapes: false,
  interpolation: false,
  worldType: false,
  crlfLineEnds: false,
};

/**
 * Tokenise `source` (a document chunk starting at document offset `base`),
 * with the lexical forms of a language level (default: 0.11's).
 */
export function lex(source: string, base = 0, features: LexicalFeatures = LEXICAL_011): LexResult {
  const norm = normalizeNewlines(source, base, features);
  const text = norm.text;
  const map = norm.map;
  const toDoc = (s: number, e: number): { start: number; end: number } => {
    const start = map[Math.min(s, map.length - 1)];
    const end = e > s ? map[Math.min(e - 1, map.length - 1)] + 1 : start;
    return { start, end };
  };
  try {
    const toks = scan(text, features);
    postLex(toks, text);
    // Each raw token becomes the token in place (offsets mapped to the
    // document): no second object per token. One with an interpolation map
    // (rare) is built anew, so no token carries the map.
    const tokens = toks as Token[];
    const last = map.length - 1;
    for (let k = 0; k < toks.length; k++) {
      const t = toks[k];
      const s = t.start;
      const e = t.end;
      const start = map[s < last ? s : last];
      const end = e > s ? map[e - 1 < last ? e - 1 : last] + 1 : start;
      if (t.map === undefined) {
        t.start = start;
        t.end = end;
      } else {
        const tok: Token = t.value === undefined ? { kind: t.kind, start, end, text: t.text } : { kind: t.kind, start, end, text: t.text, value: t.value };
        // Offsets relative to the token's start: a token keeps them when its chunk moves (incremental parsing).
        tok.interp = interpolationAt(t.text, t.map, (off) => map[Math.min(s + off, last)] - start);
        tokens[k] = tok;
      }
      // A `;` standing for a line break (the normaliser put it there) sits on the break in the document.
      if (t.kind === ';' && source.charCodeAt(start - base) !== 59) tokens[k].soft = true;
    }
    return { tokens, comments: norm.comments };
  } catch (err) {
    if (!(err instanceof LexError)) throw err;
    const r = toDoc(err.start, err.end);
    const diag: Diagnostic = {
      code: err.code,
      source: 'ilo',
      severity: 'error',
      start: r.start,
      end: Math.max(r.end, r.start + 1),
      message: err.message,
    };
    if (err.hint) diag.hint = err.hint;
    if (err.replacement !== undefined) {
      diag.suggestions = [
        { message: `Rename to \`${err.replacement}\``, edits: [{ start: r.start, end: r.end, newText: err.replacement }] },
      ];
    }
    return { tokens: [], comments: norm.comments, error: diag };
  }
}

/** Interpolation of a decoded text, its offsets mapped by `toDoc` (literal offset → offset from the token's start). */
function interpolationAt(value: string, map: readonly number[], toDoc: (off: number) => number): Interpolation | undefined {
  const r = interpolate(value, map);
  switch (r.kind) {
    case 'text':
      return undefined;
    case 'error':
      return { ...r, at: toDoc(r.at) };
    case 'fmt':
      return { ...r, slots: r.slots.map((sl) => ({ name: sl.name, start: toDoc(sl.start), end: toDoc(sl.end - 1) + 1 })) };
  }
}

function scan(text: string, features: LexicalFeatures): Tok[] {
  const stream = new ItemStream(text, 0, features.tripleQuotedText);
  const typeSigils = features.worldType ? TYPE_SIGILS_26 : TYPE_SIGILS;
  const toks: Tok[] = [];
  const last = (): Tok | undefined => toks[toks.length - 1];
  const prevIdentFlush = (at: number): Tok | undefined => {
    const p = last();
    return p !== undefined && p.kind === 'ident' && p.end === at ? p : undefined;
  };
  const prevDotFlush = (at: number): boolean => {
    const p = last();
    return p !== undefined && (p.kind === '.' || p.kind === '.?') && p.end === at;
  };
  const prevIdentIsPostDot = (): boolean => {
    const n = toks.length;
    if (n < 2) return false;
    const a = toks[n - 2];
    const b = toks[n - 1];
    return b.kind === 'ident' && (a.kind === '.' || a.kind === '.?') && a.end === b.start;
  };
  const alnumRunEnd = (from: number): number => {
    let e = from;
    while (e < text.length && isAlnum(text[e])) e++;
    return e;
  };
  // Consume text up to `end` outside the item stream: drop covered items and
  // re-lex the remainder when an item straddles `end`.
  const resyncAfter = (idx: number, end: number): number => {
    let j = idx + 1;
    while (stream.has(j) && stream.ends[j] <= end) j++;
    if (stream.has(j) && stream.starts[j] < end) stream.restartAt(j, end);
    return j - 1;
  };
  const uppercaseRun = (from: number): string => {
    let e = from;
    while (e < text.length && isUpper(text[e])) e++;
    return text.slice(from, e);
  };
  const camelError = (prev: Tok, at: number): LexError => {
    let e = at + 1;
    while (e < text.length && (isAlnum(text[e]) || text[e] === '-')) e++;
    const full = text.slice(prev.start, e);
    const fixed = kebab(full);
    return new LexError(
      'ILO-L003',
      prev.start,
      e,
      `identifier \`${full}\` has an upper-case letter; ilo names are lower-case`,
      `write it in kebab-case: \`${fixed}\` (or \`${full.toLowerCase()}\`)`,
      fixed,
    );
  };

  // Items are lexed as the loop asks for them: a lexical error ends the chunk.
  for (let i = 0; stream.has(i); i++) {
    const kind = stream.kind(i);
    const s = stream.starts[i];
    const e = stream.ends[i];
    const src = text.slice(s, e);
    switch (kind) {
      case 'word': {
        const kw = keywordKind(src);
        toks.push({ kind: kw ?? 'ident', start: s, end: e, text: src });
        break;
      }
      case 'number':
        toks.push({ kind: 'number', start: s, end: e, text: src, value: Number(src) });
        break;
      case 'text': {
        const d = decodeLiteral(src, features);
        const tok: Tok = { kind: 'text', start: s, end: e, text: d.value };
        if (d.map !== undefined) {
          // Collapse `{{`/`}}` now; interpolation slots are resolved with the offsets once tokens are placed.
          const r = interpolate(d.value, d.map);
          if (r.kind === 'text') tok.text = r.value;
          else tok.map = d.map;
        }
        toks.push(tok);
        break;
      }
      case 'newline':
        toks.push({ kind: 'newline', start: s, end: e, text: '\n' });
        break;
      case 'underscore':
        toks.push({ kind: '_', start: s, end: e, text: '_' });
        break;
      case 'op':
        toks.push({ kind: (src === '==' ? '=' : src) as OpKind, start: s, end: e, text: src });
        break;
      case 'sigil':
      case 'bad': {
        const c = src[0];
        const isTypeSigil = kind === 'sigil' && typeSigils.has(src);
        const upperLetter = kind === 'sigil' && src.length === 1;
        if (upperLetter) {
          const prevIdent = prevIdentFlush(s);
          if (isTypeSigil && prevIdent === undefined && !prevDotFlush(s)) {
            const p = last();
            const typePosition =
              p !== undefined && (p.kind === ':' || p.kind === '>' || typeSigils.has(p.kind));
            const word = uppercaseRun(s);
            if (!typePosition && word.length >= 2 && LOGICAL_WORDS[word] !== undefined) {
              throw logicalError(word, s);
            }
          }
          if (prevIdent !== undefined) {
            if (prevIdentIsPostDot()) {
              const end = alnumRunEnd(s);
              prevIdent.end = end;
              prevIdent.text = text.slice(prevIdent.start, end);
              i = resyncAfter(i, end);
              break;
            }
            throw camelError(prevIdent, s);
          }
          if (prevDotFlush(s)) {
            const end = alnumRunEnd(s);
            toks.push({ kind: 'ident', start: s, end, text: text.slice(s, end) });
            i = resyncAfter(i, end);
            break;
          }
          if (!isTypeSigil) {
            const word = uppercaseRun(s);
            if (LOGICAL_WORDS[word] !== undefined) throw logicalError(word, s);
            throw new LexError(
              'ILO-L001',
              s,
              s + 1,
              `unexpected character \`${c}\`: ilo names are lower-case`,
              'identifiers are lower-case ASCII words joined by hyphens, e.g. `my-name`',
            );
          }
          toks.push({ kind: src as TokenKind, start: s, end: e, text: src });
          break;
        }
        if (kind === 'sigil') {
          toks.push({ kind: src as TokenKind, start: s, end: e, text: src });
          break;
        }
        throw badCharError(text, s);
      }
    }
  }
  return toks;
}

function logicalError(word: string, s: number): LexError {
  return new LexError(
    'ILO-L001',
    s,
    s + word.length,
    `\`${word}\` is not an ilo operator`,
    `use ${LOGICAL_WORDS[word]}`,
  );
}

const UPPERCASE = /^\p{Uppercase}$/u;

function badCharError(text: string, s: number): LexError {
  const c = text[s];
  if (c === '"') {
    return new LexError('ILO-L001', s, s + 1, 'unterminated text literal: no closing `"`', 'close the text with `"`');
  }
  if (c === '\\') {
    return new LexError(
      'ILO-L001',
      s,
      s + 1,
      'unexpected character `\\`',
      'ilo lambdas are written in parentheses: `(x:n>n;+x 1)`',
    );
  }
  if (c === '\r') {
    // Only at level 0.11: level 26 reads CRLF as a line break (normalize.ts).
    return new LexError(
      'ILO-L001',
      s,
      s + 1,
      'unexpected character `U+000D` (a carriage return: ilo 0.11 reads LF line endings only)',
      'save the file with LF line endings; ilo 26 reads CRLF (a `^26.8` pragma, `--language-version 26` or the ilo.languageVersion setting)',
    );
  }
  const code = text.codePointAt(s) ?? 0;
  const width = code > 0xffff ? 2 : 1;
  const ch = text.slice(s, s + width);
  const shown = code < 0x20 || code === 0x7f ? `U+${code.toString(16).toUpperCase().padStart(4, '0')}` : ch;
  // The reference reports a capital of another alphabet (Unicode's Uppercase: `Ж`, `Λ`, `Ⓐ`) as ILO-L003.
  if (UPPERCASE.test(ch)) {
    return new LexError('ILO-L003', s, s + width, `unexpected character \`${shown}\`: an upper-case letter; ilo names are lower-case ASCII`);
  }
  return new LexError('ILO-L001', s, s + width, `unexpected character \`${shown}\``);
}

/** The reference's token-stream fix-ups, then the ILO-L002 check. */
function postLex(toks: Tok[], text: string): void {
  // `xs.0.1`: the number regex swallowed `0.1`; split it back into index steps.
  for (let i = 1; i < toks.length; i++) {
    const t = toks[i];
    const p = toks[i - 1];
    if (t.kind !== 'number' || !(p.kind === '.' || p.kind === '.?') || p.end !== t.start) continue;
    const raw = text.slice(t.start, t.end);
    if (/[eE-]/.test(raw)) continue;
    const dot = raw.indexOf('.');
    if (dot < 0) continue;
    const head = raw.slice(0, dot);
    const tail = raw.slice(dot + 1);
    toks.splice(
      i,
      1,
      { kind: 'number', start: t.start, end: t.start + dot, text: head, value: Number(head) },
      { kind: '.', start: t.start + dot, end: t.start + dot + 1, text: '.' },
      { kind: 'number', start: t.start + dot + 1, end: t.end, text: tail, value: Number(tail) },
    );
    i += 2;
  }
  // A glued negative literal where an expression starts is prefix minus.
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i];
    if (t.kind !== 'number' || !t.text.startsWith('-')) continue;
    const pk = i === 0 ? undefined : toks[i - 1].kind;
    if (!(i === 0 || pk === ';' || pk === 'newline' || pk === '=' || pk === '{' || pk === '(' || pk === '-')) continue;
    const positive = t.text.slice(1);
    toks.splice(
      i,
      1,
      { kind: '-', start: t.start, end: t.start + 1, text: '-' },
      { kind: 'number', start: t.start + 1, end: t.end, text: positive, value: Number(positive) },
    );
    i++;
  }
  // After `.`/`.?`, any identifier-shaped keyword or sigil is a field name.
  for (let i = 1; i < toks.length; i++) {
    const t = toks[i];
    const p = toks[i - 1];
    if (!(p.kind === '.' || p.kind === '.?') || p.end !== t.start) continue;
    if (t.kind === 'ident' || t.kind === 'number') continue;
    const raw = text.slice(t.start, t.end);
    if (/^[A-Za-z][A-Za-z0-9_]*$/.test(raw)) {
      t.kind = 'ident';
      t.text = raw;
    }
  }
  // After `.`/`.?`, snake_case JSON keys are one field name.
  for (let i = 1; i + 2 < toks.length; i++) {
    const p = toks[i - 1];
    const t = toks[i];
    if (!(p.kind === '.' || p.kind === '.?') || p.end !== t.start || t.kind !== 'ident') continue;
    let j = i + 1;
    let merged = false;
    while (j + 1 < toks.length && toks[j].kind === '_' && toks[j - 1].end === toks[j].start && toks[j].end === toks[j + 1].start) {
      const nx = toks[j + 1];
      if (nx.kind === 'ident') {
        merged = true;
        j += 2;
      } else if (nx.kind === 'number' && nx.value !== undefined && Number.isInteger(nx.value) && nx.value >= 0) {
        merged = true;
        j += 2;
        if (j < toks.length && toks[j - 1].end === toks[j].start && toks[j].kind === 'ident') j++;
      } else break;
    }
    if (!merged) continue;
    const end = toks[j - 1].end;
    toks.splice(i, j - i, { kind: 'ident', start: t.start, end: end, text: text.slice(t.start, end) });
  }
  // `snake_case` names: ILO-L002 with the kebab-case spelling.
  for (let i = 0; i + 2 < toks.length; i++) {
    const a = toks[i];
    const b = toks[i + 1];
    const c = toks[i + 2];
    if (a.kind !== 'ident' || b.kind !== '_' || c.kind !== 'ident' || a.end !== b.start || b.end !== c.start) continue;
    let end = c.end;
    let j = i + 3;
    while (
      j + 1 < toks.length &&
      toks[j].kind === '_' &&
      toks[j + 1].kind === 'ident' &&
      toks[j - 1].end === toks[j].start &&
      toks[j].end === toks[j + 1].start
    ) {
      end = toks[j + 1].end;
      j += 2;
    }
    const name = text.slice(a.start, end);
    const fixed = name.replace(/_/g, '-');
    throw new LexError(
      'ILO-L002',
      a.start,
      end,
      `identifier \`${name}\` contains an underscore; ilo names use hyphens`,
      `write \`${fixed}\``,
      fixed,
    );
  }
}
