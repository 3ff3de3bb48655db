// The token cursor every grammar area of the parser stands on: the token
// stream with its column-0 line breaks, the read position, what the parse has
// looked at (for chunk caching), errors at the cursor, the nesting guard, the
// arity table, and where a function header starts. Also the token classes and
// reserved-word hints the areas share.
//
// The parser is one chain of classes, one grammar area each (see index.ts);
// this is its base.

import type * as A from '../ast';
import type { LanguageLevel, SyntaxFeatures } from '../../level/level';
import type { CallShape, CallTable } from '../callArity';
import { ParseError } from '../parseError';
import { describeToken, isReservedKind, type Token, type TokenKind } from '../tokens';

/** Where the parser learns arities of user functions, and reports what it asked (for caching). */
export interface ArityEnv {
  lookup(name: string): CallShape | undefined;
  register(name: string, shape: CallShape): void;
}

export const MAX_NESTING = 256;

// ------------------------------------------------------------ token classes

export const PREFIX_BINOPS: ReadonlySet<TokenKind> = new Set<TokenKind>([
  '+', '*', '/', '>', '<', '>=', '<=', '=', '!=', '&', '|', '+=',
]);
export const INFIX_BP: Partial<Record<TokenKind, [number, number]>> = {
  '|': [1, 2],
  '&': [3, 4],
  '=': [5, 6],
  '!=': [5, 6],
  '<': [7, 8],
  '>': [7, 8],
  '<=': [7, 8],
  '>=': [7, 8],
  '+=': [9, 10],
  '+': [9, 10],
  '-': [9, 10],
  '*': [11, 12],
  '/': [11, 12],
};
export const ATOM_STARTS: ReadonlySet<TokenKind> = new Set<TokenKind>([
  'ident', 'number', 'text', 'true', 'false', 'nil', '_', '(', '[',
]);
export const OPERAND_OPS: ReadonlySet<TokenKind> = new Set<TokenKind>([
  '+', '-', '*', '/', '>', '<', '>=', '<=', '=', '!=', '&', '|', '+=', '??', '!', '~', '^', '$',
]);
const STMT_KEYWORDS: ReadonlySet<string> = new Set(['wh', 'ret', 'brk', 'cnt']);

/** A one-letter type variable (any lower-case letter but the primitive types n, t, b). */
export function isTypeVariableLetter(s: string): boolean {
  return s.length === 1 && s >= 'a' && s <= 'z' && s !== 'n' && s !== 't' && s !== 'b';
}

const RESERVED_BINDING_HINT: Readonly<Record<string, string>> = {
  fn: 'rename it, e.g. `fv` or `func`',
  def: 'rename it, e.g. `d` or `defn`',
  if: 'rename it, e.g. `cond` or `flag`',
  return: 'rename it, e.g. `res` or `out`',
  let: 'rename it, e.g. `l` or `lv`',
  var: 'rename it, e.g. `v` or `value`',
  const: 'rename it, e.g. `c` or `k`',
};
const RESERVED_NAME_HINT: Readonly<Record<string, string>> = {
  if: 'ilo branches with guards `cond{body}` or a match `?x{...}`',
  return: 'ilo returns early with `ret expr`; the last expression is the result',
  let: 'ilo binds with `name=expr`',
  fn: 'ilo declares functions as `name params>type;body`',
  def: 'ilo declares functions as `name params>type;body`',
  var: 'ilo binds with `name=expr`',
  const: 'ilo binds with `name=expr`',
};

export interface Ctx {
  /** Inside a whitespace-separated list literal: `[a b c]` is three elements. */
  noWhitespaceCall: boolean;
  /** In a loop head (`@x xs{...}`): the `{` is the loop body, never a brace lambda argument. */
  noBraceLambda?: boolean;
}

/** What a broken declaration had parsed before it failed (for ErrorDecl). */
export interface HeaderSoFar {
  intended?: A.ErrorDecl['intended'];
  name?: A.Name;
  params?: A.Param[];
  returnType?: A.TypeExpr;
}

/**
 * A token stream (newline tokens removed; `boundary[i]` says a column-0 line
 * break sat before token `i`) and the parser's position in it.
 */
export abstract class Cursor {
  pos = 0;
  /** Highest token index examined (for chunk caching: what the result depended on). */
  maxPeek = -1;
  protected depth = 0;
  protected ctx: Ctx = { noWhitespaceCall: false };
  protected header: HeaderSoFar = {};
  /** How many lambda bodies enclose the cursor (ILO-P023: no braceless guard in one, level 26). */
  protected lambdaDepth = 0;
  /** The level's syntax switches, read once here (every area consults these, never the level id). */
  protected readonly syn: SyntaxFeatures;
  /** The level's call-arity table for builtins. */
  protected readonly calls: CallTable;

  constructor(
    readonly toks: readonly Token[],
    readonly boundary: readonly boolean[],
    readonly env: ArityEnv,
    readonly level: LanguageLevel,
  ) {
    this.syn = level.syntax;
    this.calls = level.calls;
  }

  // ------------------------------------------------------------ token access

  protected at(i: number): Token | undefined {
    if (i > this.maxPeek) this.maxPeek = i;
    return this.toks[i];
  }
  protected kindAt(i: number): TokenKind | undefined {
    return this.at(i)?.kind;
  }
  protected peek(): Token | undefined {
    return this.at(this.pos);
  }
  protected peekKind(): TokenKind | undefined {
    return this.at(this.pos)?.kind;
  }
  atEnd(): boolean {
    if (this.pos > this.maxPeek) this.maxPeek = this.pos;
    return this.pos >= this.toks.length;
  }
  protected advance(): Token | undefined {
    const t = this.at(this.pos);
    if (t !== undefined) this.pos++;
    return t;
  }
  protected prevTok(): Token | undefined {
    return this.pos > 0 ? this.toks[this.pos - 1] : undefined;
  }
  protected prevEnd(): number {
    return this.prevTok()?.end ?? 0;
  }
  /** Level 26: the token a `req`/`ens` condition stops before (the next clause's keyword), else -1. */
  protected clauseStop = -1;

  protected boundaryAtCursor(): boolean {
    if (this.pos > this.maxPeek) this.maxPeek = this.pos;
    return this.boundary[this.pos] === true || this.pos === this.clauseStop;
  }

  // ------------------------------------------------------------ errors

  /** Error at the current token (offset 0 at end of input, like the reference). */
  protected err(code: string, message: string, hint?: string): ParseError {
    const t = this.peek();
    return new ParseError(code, t?.start ?? 0, t?.end ?? 0, message, hint);
  }
  /** Error at the current token, or the previous one at end of input. */
  protected errHereOrPrev(code: string, message: string, hint?: string): ParseError {
    const t = this.peek() ?? this.prevTok();
    return new ParseError(code, t?.start ?? 0, t?.end ?? 0, message, hint);
  }
  protected errPrev(code: string, message: string, hint?: string): ParseError {
    const t = this.prevTok();
    return new ParseError(code, t?.start ?? 0, t?.end ?? 0, message, hint);
  }

  /**
   * ILO-P011 for the reserved word `t` at the cursor used as a name; `binding`
   * when it would be bound (`if=...`, a parameter `if:n`).
   */
  protected reservedWordError(t: Token, binding: boolean): ParseError {
    const hint = (binding ? RESERVED_BINDING_HINT : RESERVED_NAME_HINT)[t.kind];
    return this.err('ILO-P011', `\`${t.text}\` is a reserved word and cannot be used as a name`, hint);
  }

  protected expect(kind: TokenKind, what = `\`${kind}\``): Token {
    const t = this.peek();
    if (t !== undefined && t.kind === kind) {
      this.pos++;
      return t;
    }
    if (t === undefined) throw this.err('ILO-P004', `expected ${what}, but the input ended`);
    let hint: string | undefined;
    if (kind === '>' && t.kind === '-' && this.kindAt(this.pos + 1) === '>') {
      hint = 'the return type follows `>`, not `->`';
    } else if (kind === '{' && t.kind === ';') {
      hint =
        'a block must open with `{` on the same line as its head: `@x xs{...}`, `wh cond{...}`, `cond{...}`';
    }
    throw this.err('ILO-P003', `expected ${what}, found ${describeToken(t)}`, hint);
  }

  protected name(t: Token): A.Name {
    return { text: t.text, start: t.start, end: t.end };
  }

  protected expectIdent(): A.Name {
    const t = this.peek();
    if (t !== undefined && t.kind === 'ident') {
      this.pos++;
      return this.name(t);
    }
    if (t === undefined) throw this.err('ILO-P006', 'expected a name, but the input ended');
    if (isReservedKind(t.kind)) throw this.reservedWordError(t, false);
    throw this.err('ILO-P005', `expected a name, found ${describeToken(t)}`);
  }

  // ------------------------------------------------------------ lookahead

  /**
   * The index after the `(`…`)` or `[`…`]` group that opens at `i` (only its
   * own bracket kind is counted), or toks.length when the input ends inside it.
   */
  protected groupEnd(i: number, open: '(' | '['): number {
    const close = open === '(' ? ')' : ']';
    let depth = 1;
    let j = i + 1;
    while (depth > 0) {
      const k = this.kindAt(j);
      if (k === undefined) break;
      if (k === open) depth++;
      else if (k === close) depth--;
      j++;
    }
    return j;
  }

  // ------------------------------------------------------------ nesting guard

  protected enter(): void {
    if (this.depth >= MAX_NESTING) {
      throw this.errHereOrPrev(
        this.syn.nestingCode,
        `nesting is deeper than ${MAX_NESTING} levels`,
        'split the expression: bind inner parts to names first',
      );
    }
    this.depth++;
  }
  protected leave(): void {
    this.depth--;
  }

  // ------------------------------------------------------------ arity table (rules 1, 2)

  protected shape(name: string): CallShape | undefined {
    return this.env.lookup(name) ?? this.calls.shape(name);
  }
  protected arityOf(name: string): number | undefined {
    return this.shape(name)?.arity;
  }
  protected isFnSlot(name: string, idx: number): boolean {
    return this.shape(name)?.fnSlots.includes(idx) ?? false;
  }

  // ------------------------------------------------------------ where a function header starts (rule 3)

  /**
   * `name>` or `name p:` (not a statement keyword): a function header starts
   * here. Level 26 also: `_name` (a private name, `_` glued to the word) and
   * `name<a` (generic parameters: a one-letter type variable other than n/t/b).
   */
  protected isFnDeclStart(i: number): boolean {
    let t = this.at(i);
    if (t !== undefined && t.kind === '_' && this.syn.moduleForms) {
      const w = this.at(i + 1);
      if (w === undefined || w.kind !== 'ident' || w.start !== t.end) return false;
      i++;
      t = w;
    }
    if (t === undefined || t.kind !== 'ident' || STMT_KEYWORDS.has(t.text)) return false;
    const next = this.kindAt(i + 1);
    if (next === '>') return true;
    if (next === 'ident') return this.kindAt(i + 2) === ':';
    if (next === '<' && this.syn.genericParams) {
      const v = this.at(i + 2);
      return v !== undefined && v.kind === 'ident' && isTypeVariableLetter(v.text);
    }
    return false;
  }

  /**
   * Level 26: `test name {` at the start of a column-0 line opens a test
   * block, a declaration of its own: it is never an operand of the statement
   * before it (`f x:n>n;x` then `test f {…}` on the next line).
   */
  protected isTestBlockStart(i: number): boolean {
    if (!this.syn.testBlocks || this.boundary[i] !== true) return false;
    const t = this.at(i);
    return t !== undefined && t.kind === 'ident' && t.text === 'test' && this.kindAt(i + 1) === 'ident' && this.kindAt(i + 2) === '{';
  }

  /** `_name` at the cursor (level 26): `_` glued to a word, a private declaration name. */
  protected atPrivateName(): boolean {
    const u = this.peek();
    if (u === undefined || u.kind !== '_' || !this.syn.moduleForms) return false;
    const w = this.at(this.pos + 1);
    return w !== undefined && w.kind === 'ident' && w.start === u.end;
  }

  /** A declaration name: a word, or (level 26) `_word`. */
  protected expectDeclName(): A.Name {
    if (this.atPrivateName()) {
      const u = this.advance() as Token;
      const w = this.advance() as Token;
      return { text: `_${w.text}`, start: u.start, end: w.end };
    }
    return this.expectIdent();
  }

  /** Like isFnDeclStart, but also requires a `>` before the next `;`/`}`/column-0 break. */
  protected isFnDeclStartStrict(i: number): boolean {
    if (!this.isFnDeclStart(i)) return false;
    let j = i + 1;
    let depth = 0;
    for (;;) {
      const t = this.at(j);
      if (t === undefined) return false;
      if (this.boundary[j] === true) return false;
      const k = t.kind;
      if (k === '(' || k === '[' || k === '{') depth++;
      else if (k === ')' || k === ']') depth--;
      else if (depth > 0) {
        // inside a group
      } else if (k === '>') return true;
      else if (k === ';' || k === '}') return false;
      j++;
    }
  }
}
