// ilo.ohm's lexical layer compiled into one JavaScript regular expression.
//
// The lexical rules are regular (no rule refers to itself), so each item
// kind can be matched by a regular expression. A PEG and a regular
// expression read `*`, `?`, `+` and `|` differently, though: a PEG never
// gives back what a repetition or a choice took (`"\"" (~"\"" "\\"? any)* "\""`
// fails on `"a\"` where a backtracking regex would succeed by un-escaping the
// quote). So every repetition, option and choice is made atomic, the way
// JavaScript allows: `(?=(X))\N` matches what X matches first and can never
// be re-entered. With that, the expression matches exactly what ohm matches,
// item for item (test/syntax/lexicalRegex.test.ts compares the two on the
// corpus and on random text), at regular-expression speed: ohm applies and
// memoises a rule at every character, which made lexing most of the time of
// a cold `ilo-ls check`.
//
// ilo.ohm stays the grammar of record: the expression is built from the
// grammar object (compiled from ilo.ohm, or loaded from the build's recipe of
// it) when the lexer is first used; nothing here knows ilo's rules.

import type * as ohm from 'ohm-js';

/**
 * What the build writes into the bundles for an ItemRegex (JSON: each
 * alternative's kind, source, flags and, when known, the ASCII codes it can begin with).
 */
export interface ItemRegexSpec {
  alternatives: Array<{ kind: string; source: string; flags: string; starts?: number[] }>;
}

/** The ItemRegex of a spec (see specOfItemRegex). */
export function itemRegexFromSpec(spec: ItemRegexSpec): ItemRegex {
  return withDispatch(
    spec.alternatives.map((a) => {
      const alt: ItemAlternative = { kind: a.kind, regex: new RegExp(a.source, a.flags) };
      if (a.starts !== undefined) alt.starts = a.starts;
      return alt;
    }),
  );
}

/** An ItemRegex as plain data, for the build's `define`. */
export function specOfItemRegex(r: ItemRegex): ItemRegexSpec {
  return {
    alternatives: r.alternatives.map((a) => {
      const out: ItemRegexSpec['alternatives'][number] = { kind: a.kind, source: a.regex.source, flags: a.regex.flags };
      if (a.starts !== undefined) out.starts = [...a.starts];
      return out;
    }),
  };
}

/** The alternatives, with the table of those worth trying at each ASCII character. */
function withDispatch(alternatives: ItemAlternative[]): ItemRegex {
  const every = alternatives.map((_, k) => k);
  const byAscii: number[][] = [];
  for (let c = 0; c < 128; c++) byAscii.push(every.filter((k) => alternatives[k].starts?.includes(c) ?? true));
  return { alternatives, byAscii, every };
}

/**
 * One compiled start rule of the form `rule = (a | b | c ...)*`: one sticky
 * expression per alternative, in the rule's order. An item is the first
 * alternative that matches where the last one ended (ordered choice), found
 * with `test`, which allocates nothing: one expression with a capture group
 * per alternative made every match build an array of some thirty captures,
 * most of a cold lex's time and garbage.
 */
export interface ItemRegex {
  alternatives: ItemAlternative[];
  /**
   * For each ASCII code, the indices (in order) of the alternatives that can
   * match an item beginning with that character: the others cannot match
   * there, so the ordered choice is the same without trying them.
   */
  byAscii: ReadonlyArray<readonly number[]>;
  /** Every alternative's index, in order (tried where the character is not ASCII). */
  every: readonly number[];
}

export interface ItemAlternative {
  kind: string;
  regex: RegExp;
  /**
   * The ASCII codes an item of this alternative can begin with (from the
   * grammar, an over-estimate); absent when it can match the empty string, so
   * it has to be tried everywhere.
   */
  starts?: number[];
}

/** What can begin a match of an expression: ASCII codes, and whether it can match without consuming anything. */
interface FirstChars {
  ascii: Set<number>;
  nullable: boolean;
}

interface PExprLike {
  constructor: { name: string };
}

type Pexprs = Record<string, new (...args: never[]) => unknown>;

/** Thrown when a rule uses an ohm construct this compiler does not translate. */
export class UntranslatableRule extends Error {}

/** Regular-expression source for `s` taken literally (unicode mode: only syntax characters are escaped). */
function literal(s: string): string {
  return s.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
}

function codePointClass(cp: number): string {
  return `\\u{${cp.toString(16)}}`;
}

/**
 * Compiles the start rule of a lexical grammar: its body must be a star of
 * an alternation of rule applications (ilo.ohm: `chunk = (word | blank | ... | bad)*`).
 */
export function compileItemRegex(grammar: ohm.Grammar, startRule: string): ItemRegex {
  // The grammar's own ohm-js (the one that built its expressions), loaded only when compiling.
  const pexprs = (require('ohm-js') as { pexprs: Pexprs }).pexprs;
  const rules = (grammar as unknown as { rules: Record<string, { body: unknown }> }).rules;
  let group = 0;
  const compiling = new Set<string>();

  /** `(?=(X))\N`: X's first match, never re-entered. The group is numbered before X's own (groups count by their opening parenthesis). */
  const atomic = (inner: () => string): string => {
    const own = ++group;
    return `(?=(${inner()}))\\${own}`;
  };

  const rule = (name: string): string => {
    if (name === 'any') return '[^]';
    if (name === 'end') return '(?![^])';
    const r = rules[name];
    if (r === undefined) throw new UntranslatableRule(`no rule ${name}`);
    if (compiling.has(name)) throw new UntranslatableRule(`rule ${name} refers to itself`);
    compiling.add(name);
    try {
      return `(?:${expr(r.body)})`;
    } finally {
      compiling.delete(name);
    }
  };

  const expr = (p: unknown): string => {
    const e = p as PExprLike & Record<string, unknown>;
    if (p === (pexprs as unknown as { any: unknown }).any) return '[^]';
    if (p === (pexprs as unknown as { end: unknown }).end) return '(?![^])';
    if (e instanceof pexprs.Terminal) return literal(e.obj as string);
    if (e instanceof pexprs.Range) {
      const from = (e.from as string).codePointAt(0) as number;
      const to = (e.to as string).codePointAt(0) as number;
      return `[${codePointClass(from)}-${codePointClass(to)}]`;
    }
    if (e instanceof pexprs.Seq) return (e.factors as unknown[]).map(expr).join('');
    if (e instanceof pexprs.Alt) {
      // Ordered choice: the first alternative that matches, never another.
      const terms = e.terms as unknown[];
      return terms.length === 1 ? expr(terms[0]) : atomic(() => terms.map(expr).join('|'));
    }
    if (e instanceof pexprs.Star) return atomic(() => `(?:${expr(e.expr)})*`);
    if (e instanceof pexprs.Plus) return atomic(() => `(?:${expr(e.expr)})+`);
    if (e instanceof pexprs.Opt) return atomic(() => `(?:${expr(e.expr)})?`);
    if (e instanceof pexprs.Not) return `(?!${expr(e.expr)})`;
    if (e instanceof pexprs.Lookahead) return `(?=${expr(e.expr)})`;
    if (e instanceof pexprs.Lex) return expr(e.expr);
    if (e instanceof pexprs.Apply) {
      if ((e.args as unknown[]).length > 0) throw new UntranslatableRule(`parameterised rule ${String(e.ruleName)}`);
      return rule(e.ruleName as string);
    }
    throw new UntranslatableRule(`ohm construct ${e.constructor.name}`);
  };

  /**
   * The characters a match of `p` can begin with, over-estimated: look-aheads
   * consume nothing and restrict nothing here, so a sequence goes on past them.
   */
  const firstOf = (p: unknown): FirstChars => {
    const e = p as PExprLike & Record<string, unknown>;
    const none = (): FirstChars => ({ ascii: new Set(), nullable: true });
    const range = (from: number, to: number): FirstChars => {
      const ascii = new Set<number>();
      for (let c = from; c <= Math.min(to, 127); c++) ascii.add(c);
      return { ascii, nullable: false };
    };
    if (p === (pexprs as unknown as { any: unknown }).any) return range(0, 127);
    if (p === (pexprs as unknown as { end: unknown }).end) return none();
    if (e instanceof pexprs.Terminal) {
      const s = e.obj as string;
      if (s.length === 0) return none();
      const cp = s.codePointAt(0) as number;
      return range(cp, cp);
    }
    if (e instanceof pexprs.Range) return range((e.from as string).codePointAt(0) as number, (e.to as string).codePointAt(0) as number);
    if (e instanceof pexprs.Seq) {
      const ascii = new Set<number>();
      for (const f of e.factors as unknown[]) {
        const first = firstOf(f);
        for (const c of first.ascii) ascii.add(c);
        if (!first.nullable) return { ascii, nullable: false };
      }
      return { ascii, nullable: true };
    }
    if (e instanceof pexprs.Alt) {
      const ascii = new Set<number>();
      let nullable = false;
      for (const t of e.terms as unknown[]) {
        const first = firstOf(t);
        for (const c of first.ascii) ascii.add(c);
        nullable ||= first.nullable;
      }
      return { ascii, nullable };
    }
    if (e instanceof pexprs.Star || e instanceof pexprs.Opt) return { ascii: firstOf(e.expr).ascii, nullable: true };
    if (e instanceof pexprs.Plus || e instanceof pexprs.Lex) return firstOf(e.expr);
    if (e instanceof pexprs.Not || e instanceof pexprs.Lookahead) return none();
    if (e instanceof pexprs.Apply) {
      const r = rules[e.ruleName as string];
      if (e.ruleName === 'any') return range(0, 127);
      if (e.ruleName === 'end') return none();
      if (r === undefined) throw new UntranslatableRule(`no rule ${String(e.ruleName)}`);
      return firstOf(r.body);
    }
    throw new UntranslatableRule(`ohm construct ${e.constructor.name}`);
  };

  const start = rules[startRule];
  const body = start?.body as (PExprLike & Record<string, unknown>) | undefined;
  if (body === undefined || !(body instanceof pexprs.Star)) throw new UntranslatableRule(`${startRule} is not a repetition`);
  const alt = body.expr as PExprLike & Record<string, unknown>;
  const terms = alt instanceof pexprs.Alt ? (alt.terms as unknown[]) : [alt];
  const alternatives: ItemAlternative[] = [];
  for (const t of terms) {
    const term = t as PExprLike & Record<string, unknown>;
    if (!(term instanceof pexprs.Apply)) throw new UntranslatableRule(`an alternative of ${startRule} is not a rule`);
    // Each alternative is an expression of its own: its back-references count its own groups.
    group = 0;
    // Sticky: one item exactly at lastIndex. Unicode: `[^]` is one code point, as ohm's `any`.
    const alternative: ItemAlternative = { kind: term.ruleName as string, regex: new RegExp(rule(term.ruleName as string), 'uy') };
    // (rule() above has refused a rule that refers to itself, so firstOf ends.)
    const first = firstOf(term);
    if (!first.nullable) alternative.starts = [...first.ascii].sort((a, b) => a - b);
    alternatives.push(alternative);
  }
  return withDispatch(alternatives);
}

/** The items of `text` (kind and range, blanks and comments included) by the compiled start rule; it matches to the end, as `chunk` does. */
export function regexItems(c: ItemRegex, text: string, each: (kind: string, start: number, end: number) => void): void {
  let i = 0;
  while (i < text.length) {
    const k = itemAt(c, text, i);
    if (k < 0) {
      // No alternative, or an empty match: cannot happen with a last alternative matching any character; make progress regardless.
      const w = (text.codePointAt(i) as number) > 0xffff ? 2 : 1;
      each('bad', i, i + w);
      i += w;
      continue;
    }
    const end = c.alternatives[k].regex.lastIndex;
    each(c.alternatives[k].kind, i, end);
    i = end;
  }
}

/**
 * The item that begins at `i`: the index of the first alternative that
 * matches there (its regex's lastIndex is then where the item ends), or -1
 * when none matches or the first that matches is empty.
 */
export function itemAt(c: ItemRegex, text: string, i: number): number {
  const ch = text.charCodeAt(i);
  const tried = ch < 128 ? c.byAscii[ch] : c.every;
  for (let j = 0; j < tried.length; j++) {
    const k = tried[j];
    const re = c.alternatives[k].regex;
    re.lastIndex = i;
    if (re.test(text)) return re.lastIndex > i ? k : -1;
  }
  return -1;
}
