// Seeded mutations of a program: the small mistakes people and models make
// (a token lost, doubled or swapped, a line lost or doubled, an operator
// slipped in, a `;` dropped, a bracket unbalanced, a stray character).
//
// Tokens are found with a plain regular expression of their own, not with
// our lexer, so a mutation never depends on the code under test. Each
// mutant differs from the original and from the program's other mutants.

export type MutationKind =
  | 'delete-token'
  | 'duplicate-token'
  | 'swap-tokens'
  | 'replace-token'
  | 'delete-line'
  | 'duplicate-line'
  | 'swap-lines'
  | 'join-lines'
  | 'insert-operator'
  | 'drop-semicolon'
  | 'unbalance-bracket'
  | 'insert-character';

export const MUTATION_KINDS: readonly MutationKind[] = [
  'delete-token',
  'duplicate-token',
  'swap-tokens',
  'replace-token',
  'delete-line',
  'duplicate-line',
  'swap-lines',
  'join-lines',
  'insert-operator',
  'drop-semicolon',
  'unbalance-bracket',
  'insert-character',
];

export interface Mutant {
  kind: MutationKind;
  text: string;
}

interface Tok {
  start: number;
  end: number;
  text: string;
}

// Text literals (possibly unterminated), comments, numbers, words, two-character operators, any other character.
const TOKEN = /"(?:[^"\\\n]|\\.)*"?|--[^\n]*|\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|[A-Za-z_][A-Za-z0-9_-]*|>=|<=|!=|==|\?\?|>>|!!|\.\?|[^\s]/gu;

export function tokens(text: string): Tok[] {
  const out: Tok[] = [];
  for (const m of text.matchAll(TOKEN)) {
    if (m[0].startsWith('--')) continue; // comments are not code: leave them alone
    out.push({ start: m.index as number, end: (m.index as number) + m[0].length, text: m[0] });
  }
  return out;
}

const OPERATORS = ['+', '-', '*', '/', '%', '=', '>', '<', '>=', '<=', '!=', '&', '|', '!', '?', '~', '^', '@', '$', ';', ':', '.', ',', '??', '>>', '!!'];
const BRACKETS = ['(', ')', '[', ']', '{', '}'];
// Stray characters: ASCII that is not ilo, letters of other scripts, an emoji (two UTF-16 units), a combining mark, a line separator.
const STRAY = ['#', '`', "'", '\\', '&', 'A', 'Z', '\t', '\r', 'é', 'ß', 'λ', 'Ж', '中', '😀', '\u0301', '\u2028', '\u00a0', '\u200b', '"'];

/** Lines with their offsets (the newline not included). */
function lines(text: string): Array<{ start: number; end: number }> {
  const out: Array<{ start: number; end: number }> = [];
  let s = 0;
  for (;;) {
    const nl = text.indexOf('\n', s);
    if (nl < 0) {
      out.push({ start: s, end: text.length });
      return out;
    }
    out.push({ start: s, end: nl });
    s = nl + 1;
  }
}

/** Lines holding code (not blank, not only a comment). */
function codeLines(text: string): Array<{ start: number; end: number }> {
  return lines(text).filter((l) => {
    const t = text.slice(l.start, l.end).trim();
    return t !== '' && !t.startsWith('--');
  });
}

function pick<T>(rnd: () => number, xs: readonly T[]): T {
  return xs[Math.floor(rnd() * xs.length)];
}

/** One mutation of `kind`, or undefined when the program offers no place for it. */
export function mutate(text: string, kind: MutationKind, rnd: () => number): string | undefined {
  const toks = tokens(text);
  const splice = (s: number, e: number, ins: string): string => text.slice(0, s) + ins + text.slice(e);
  switch (kind) {
    case 'delete-token': {
      if (toks.length === 0) return undefined;
      const t = pick(rnd, toks);
      return splice(t.start, t.end, '');
    }
    case 'duplicate-token': {
      if (toks.length === 0) return undefined;
      const t = pick(rnd, toks);
      return splice(t.end, t.end, (rnd() < 0.5 ? ' ' : '') + t.text);
    }
    case 'swap-tokens': {
      if (toks.length < 2) return undefined;
      const i = Math.floor(rnd() * (toks.length - 1));
      const a = toks[i];
      const b = toks[i + 1];
      return text.slice(0, a.start) + b.text + text.slice(a.end, b.start) + a.text + text.slice(b.end);
    }
    case 'replace-token': {
      if (toks.length < 2) return undefined;
      const t = pick(rnd, toks);
      const other = pick(rnd, toks);
      return other.text === t.text ? undefined : splice(t.start, t.end, other.text);
    }
    case 'delete-line': {
      const ls = codeLines(text);
      if (ls.length === 0) return undefined;
      const l = pick(rnd, ls);
      return splice(l.start, Math.min(text.length, l.end + 1), '');
    }
    case 'duplicate-line': {
      const ls = codeLines(text);
      if (ls.length === 0) return undefined;
      const l = pick(rnd, ls);
      return splice(l.end, l.end, '\n' + text.slice(l.start, l.end));
    }
    case 'swap-lines': {
      const ls = codeLines(text);
      if (ls.length < 2) return undefined;
      const i = Math.floor(rnd() * (ls.length - 1));
      const a = ls[i];
      const b = ls[i + 1];
      return text.slice(0, a.start) + text.slice(b.start, b.end) + text.slice(a.end, b.start) + text.slice(a.start, a.end) + text.slice(b.end);
    }
    case 'join-lines': {
      const ls = lines(text).slice(0, -1);
      if (ls.length === 0) return undefined;
      const l = pick(rnd, ls);
      // Remove the newline and the next line's indentation, or break a line at a token instead.
      if (rnd() < 0.7) {
        let e = l.end + 1;
        while (e < text.length && (text[e] === ' ' || text[e] === '\t')) e++;
        return splice(l.end, e, rnd() < 0.5 ? ' ' : '');
      }
      if (toks.length === 0) return undefined;
      const t = pick(rnd, toks);
      return splice(t.start, t.start, rnd() < 0.5 ? '\n' : '\n  ');
    }
    case 'insert-operator': {
      if (toks.length === 0) return splice(0, 0, pick(rnd, OPERATORS));
      const t = pick(rnd, toks);
      const at = rnd() < 0.5 ? t.start : t.end;
      const op = pick(rnd, OPERATORS);
      return splice(at, at, rnd() < 0.5 ? op : `${op} `);
    }
    case 'drop-semicolon': {
      const semis = toks.filter((t) => t.text === ';');
      if (semis.length === 0) return undefined;
      const t = pick(rnd, semis);
      return splice(t.start, t.end, rnd() < 0.5 ? '' : ' ');
    }
    case 'unbalance-bracket': {
      const bs = toks.filter((t) => BRACKETS.includes(t.text));
      if (bs.length > 0 && rnd() < 0.6) {
        const t = pick(rnd, bs);
        return splice(t.start, t.end, '');
      }
      if (toks.length === 0) return undefined;
      const t = pick(rnd, toks);
      const at = rnd() < 0.5 ? t.start : t.end;
      return splice(at, at, pick(rnd, BRACKETS));
    }
    case 'insert-character': {
      const at = Math.floor(rnd() * (text.length + 1));
      // Never split a surrogate pair of the original.
      const c = text.charCodeAt(at);
      const safe = c >= 0xdc00 && c <= 0xdfff ? at - 1 : at;
      return splice(safe, safe, pick(rnd, STRAY));
    }
  }
}

/** `count` distinct mutants of `text` (fewer when the program is too small to give that many), kinds in turn from a random start. */
export function mutants(text: string, count: number, rnd: () => number): Mutant[] {
  const out: Mutant[] = [];
  const seen = new Set<string>([text]);
  let k = Math.floor(rnd() * MUTATION_KINDS.length);
  for (let attempts = 0; out.length < count && attempts < count * 20; attempts++) {
    const kind = MUTATION_KINDS[k++ % MUTATION_KINDS.length];
    // Sometimes two mutations at once (a second mistake in the same program).
    let m = mutate(text, kind, rnd);
    if (m !== undefined && rnd() < 0.15) m = mutate(m, pick(rnd, MUTATION_KINDS), rnd) ?? m;
    if (m === undefined || seen.has(m)) continue;
    seen.add(m);
    out.push({ kind, text: m });
  }
  return out;
}
