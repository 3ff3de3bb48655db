// The ilo parser: tokens → typed AST (ast.ts), raising the reference's parse
// error codes (ILO-P001..P021) at the reference's positions.
//
// RULES THAT A GRAMMAR CANNOT EXPRESS (the lead copies a summary to README):
//
// 1. Arity decides grouping. A call at the head of an expression takes every
//    following operand greedily (`f a b c`). In *operand* position (argument of
//    another call, operand of a prefix operator, ternary branch) a name with a
//    known arity N > 0 (a builtin from callArity.ts, a function declared
//    *earlier in the file* or the function being declared, or a name from a
//    `use`d file) becomes a nested call that takes exactly N operands, so
//    `prnt str x` is `prnt (str x)` and `>len q 0` is `(len q) > 0`. Argument
//    slots that take a function (`map f xs`, `srt f xs`) never expand. A name
//    followed by `:`, `.`, `()` or a glued `!` is not expanded.
// 2. A name unknown at that point (a local variable, a function declared later)
//    is just a reference: operators take exactly two operands, so
//    `+f x y` is `+ f x` with `y` left over.
// 3. Where declarations end: a function body is `;`-separated statements; it
//    ends when a statement is not followed by `;`, or when what follows a `;`
//    is a function header (`name>`, `name p:`), or at `}`/end of input. A call's
//    greedy argument loop stops before anything that looks like a function
//    header (`name>` or `name p:`), so several declarations can share a line:
//    `h a:n>n;*a 2 main x:n>n;h x`.
// 4. Column-0 newlines (kept by normalize.ts) are invisible to expressions but
//    bound headers: a header that reaches one is "incomplete" (ILO-P020), and
//    a type that would be read across one is missing (ILO-P007).
// 5. `-` is negation with one operand and subtraction with two; a glued `-3`
//    is a negative literal except where an expression starts (lexer.ts).
// 6. At statement start, a comparison/logical prefix expression followed by
//    another operand is a braceless guard (`>=x 10 "big"`), followed by `{` a
//    braced guard, by `{a}{b}` a ternary.
//
// The first error of a declaration is reported (thrown, then caught by the
// top-level loop, which skips to the next declaration start and carries on).

import type * as A from './ast';
import { BUILTIN_CALL_SHAPES, ZERO_ARG_BUILTINS, isVariadicTrailing, type CallShape } from './callArity';
import { canonicalBuiltinName } from './builtins';
import { ParseError } from './parseError';
import { describeToken, isReservedKind, type Token, type TokenKind } from './tokens';

/** Where the parser learns arities of user functions, and reports what it asked (for caching). */
export interface ArityEnv {
  lookup(name: string): CallShape | undefined;
  register(name: string, shape: CallShape): void;
}

export const MAX_NESTING = 256;
const MAX_ERRORS = 20;

const PREFIX_BINOPS: ReadonlySet<TokenKind> = new Set<TokenKind>([
  '+', '*', '/', '>', '<', '>=', '<=', '=', '!=', '&', '|', '+=',
]);
const INFIX_BP: Partial<Record<TokenKind, [number, number]>> = {
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
const GUARD_OPS: ReadonlySet<string> = new Set(['=', '!=', '>', '<', '>=', '<=', '&', '|']);
const COMPARISONS: ReadonlySet<TokenKind> = new Set<TokenKind>(['=', '>', '<', '>=', '<=', '!=']);
const ATOM_STARTS: ReadonlySet<TokenKind> = new Set<TokenKind>([
  'ident', 'number', 'text', 'true', 'false', 'nil', '_', '(', '[',
]);
const OPERAND_OPS: ReadonlySet<TokenKind> = new Set<TokenKind>([
  '+', '-', '*', '/', '>', '<', '>=', '<=', '=', '!=', '&', '|', '+=', '??', '!', '~', '^', '$',
]);
const STMT_KEYWORDS: ReadonlySet<string> = new Set(['wh', 'ret', 'brk', 'cnt']);
const STATEMENT_HEAD_OPS: ReadonlySet<TokenKind> = new Set<TokenKind>([
  '+', '-', '*', '/', '=', '>', '>=', '<', '<=', '!=', '!',
]);

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
const DECL_KEYWORD_HINT: Readonly<Record<string, string>> = {
  function: 'an ilo function is declared as `name param:type>return-type;body`',
  fn: 'an ilo function is declared as `name param:type>return-type;body`',
  def: 'an ilo function is declared as `name param:type>return-type;body`',
  let: 'ilo binds inside a function body with `name=expr`',
  var: 'ilo binds inside a function body with `name=expr`',
  const: 'ilo binds inside a function body with `name=expr`',
  return: 'the last expression of a body is its value; `ret expr` returns early',
  if: 'ilo uses guards `cond{...}` or a match `?x{true:...;false:...}`',
};

interface Ctx {
  /** Inside a whitespace-separated list literal: `[a b c]` is three elements. */
  noWhitespaceCall: boolean;
}

/** What a broken declaration had parsed before it failed (for ErrorDecl). */
interface HeaderSoFar {
  intended?: A.ErrorDecl['intended'];
  name?: A.Name;
  params?: A.Param[];
  returnType?: A.TypeExpr;
}

export interface TopLevelItem {
  decl: A.Decl;
  error?: ParseError;
}

/**
 * Parses a token stream (newline tokens removed; `boundary[i]` says a column-0
 * line break sat before token `i`). The driver (parse.ts) runs the top-level
 * loop through `parseTopLevel` so it can cache declaration chunks.
 */
export class Parser {
  pos = 0;
  /** Highest token index examined (for chunk caching: what the result depended on). */
  maxPeek = -1;
  private depth = 0;
  private ctx: Ctx = { noWhitespaceCall: false };
  private header: HeaderSoFar = {};

  constructor(
    readonly toks: readonly Token[],
    readonly boundary: readonly boolean[],
    readonly env: ArityEnv,
  ) {}

  // ------------------------------------------------------------ token access

  private at(i: number): Token | undefined {
    if (i > this.maxPeek) this.maxPeek = i;
    return this.toks[i];
  }
  private kindAt(i: number): TokenKind | undefined {
    return this.at(i)?.kind;
  }
  private peek(): Token | undefined {
    return this.at(this.pos);
  }
  private peekKind(): TokenKind | undefined {
    return this.at(this.pos)?.kind;
  }
  atEnd(): boolean {
    if (this.pos > this.maxPeek) this.maxPeek = this.pos;
    return this.pos >= this.toks.length;
  }
  private advance(): Token | undefined {
    const t = this.at(this.pos);
    if (t !== undefined) this.pos++;
    return t;
  }
  private prevTok(): Token | undefined {
    return this.pos > 0 ? this.toks[this.pos - 1] : undefined;
  }
  private prevEnd(): number {
    return this.prevTok()?.end ?? 0;
  }
  private boundaryAtCursor(): boolean {
    if (this.pos > this.maxPeek) this.maxPeek = this.pos;
    return this.boundary[this.pos] === true;
  }
  private isIdent(i: number, name?: string): boolean {
    const t = this.at(i);
    return t !== undefined && t.kind === 'ident' && (name === undefined || t.text === name);
  }

  // ------------------------------------------------------------ errors

  /** Error at the current token (offset 0 at end of input, like the reference). */
  private err(code: string, message: string, hint?: string): ParseError {
    const t = this.peek();
    return new ParseError(code, t?.start ?? 0, t?.end ?? 0, message, hint);
  }
  /** Error at the current token, or the previous one at end of input. */
  private errHereOrPrev(code: string, message: string, hint?: string): ParseError {
    const t = this.peek() ?? this.prevTok();
    return new ParseError(code, t?.start ?? 0, t?.end ?? 0, message, hint);
  }
  private errPrev(code: string, message: string, hint?: string): ParseError {
    const t = this.prevTok();
    return new ParseError(code, t?.start ?? 0, t?.end ?? 0, message, hint);
  }

  private expect(kind: TokenKind, what = `\`${kind}\``): Token {
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

  private name(t: Token): A.Name {
    return { text: t.text, start: t.start, end: t.end };
  }

  private expectIdent(): A.Name {
    const t = this.peek();
    if (t !== undefined && t.kind === 'ident') {
      this.pos++;
      return this.name(t);
    }
    if (t === undefined) throw this.err('ILO-P006', 'expected a name, but the input ended');
    if (isReservedKind(t.kind)) {
      throw this.err(
        'ILO-P011',
        `\`${t.text}\` is a reserved word and cannot be used as a name`,
        RESERVED_NAME_HINT[t.kind],
      );
    }
    throw this.err('ILO-P005', `expected a name, found ${describeToken(t)}`);
  }

  private enter(): void {
    if (this.depth >= MAX_NESTING) {
      throw this.errHereOrPrev(
        'ILO-P003',
        `nesting is deeper than ${MAX_NESTING} levels`,
        'split the expression: bind inner parts to names first',
      );
    }
    this.depth++;
  }
  private leave(): void {
    this.depth--;
  }

  /** The error for a declaration whose parse ran out of stack. */
  private stackOverflow(start: number): ParseError {
    const t = this.toks[Math.min(start, this.toks.length - 1)];
    return new ParseError(
      'ILO-P003',
      t?.start ?? 0,
      t?.end ?? 0,
      'this declaration is nested too deeply to analyse',
      'split the expression: bind inner parts to names first',
    );
  }

  // ------------------------------------------------------------ arity table

  private shape(name: string): CallShape | undefined {
    return this.env.lookup(name) ?? BUILTIN_CALL_SHAPES.get(name);
  }
  private arityOf(name: string): number | undefined {
    return this.shape(name)?.arity;
  }
  private isFnSlot(name: string, idx: number): boolean {
    return this.shape(name)?.fnSlots.includes(idx) ?? false;
  }

  // ------------------------------------------------------------ top level

  /**
   * Parse one top-level declaration (or fail on it and skip to the next
   * declaration start). Always makes progress.
   */
  parseTopLevel(): TopLevelItem {
    const before = this.pos;
    const startTok = this.peek();
    this.header = {};
    this.depth = 0;
    this.ctx = { noWhitespaceCall: false };
    try {
      const decl = this.parseDecl();
      return { decl };
    } catch (caught) {
      // Absurdly deep input that slips past the nesting guards overflows the
      // stack: report it on this declaration instead of losing the document.
      const e = caught instanceof RangeError ? this.stackOverflow(before) : caught;
      if (!(e instanceof ParseError)) throw e;
      const header = this.header;
      const endTok = this.syncToDeclBoundary();
      if (this.pos === before) this.advance();
      const start = Math.min(startTok?.start ?? e.start, e.start);
      const end = Math.max(endTok?.end ?? e.end, e.end, this.prevEnd());
      const decl: A.ErrorDecl = { kind: 'ErrorDecl', start, end, doc: [] };
      if (header.intended !== undefined) decl.intended = header.intended;
      if (header.name !== undefined) decl.name = header.name;
      if (header.params !== undefined) decl.params = header.params;
      if (header.returnType !== undefined) decl.returnType = header.returnType;
      return { decl, error: e };
    }
  }

  // ------------------------------------------------------------ strict path (resolve.ts)

  /**
   * Read one statement (`stmt`), expression (`expr`) or expression without
   * `with`/`??`/`>>` tails (`exprInner`) starting at token `i`, exactly as the
   * tolerant top-level loop would read it there, and leave `pos` after it.
   * The strict resolver feeds it the operand sequences the grammar delimited.
   * Throws ParseError where the tolerant parse would report one.
   */
  readPieceAt(kind: 'stmt', i: number): A.Stmt;
  readPieceAt(kind: 'expr' | 'exprInner', i: number): A.Expr;
  readPieceAt(kind: 'stmt' | 'expr' | 'exprInner', i: number): A.Stmt | A.Expr {
    this.pos = i;
    this.depth = 1;
    this.ctx = { noWhitespaceCall: false };
    if (kind === 'stmt') return this.parseStmt();
    if (kind === 'expr') return this.parseExpr();
    return this.parseExprInner();
  }

  /** Whether a function header starts at token `i` (what ends a top-level body after `;`). */
  startsFunctionHeader(i: number): boolean {
    return this.isFnDeclStartStrict(i);
  }

  /** The token at index `i`, remembered as examined (for chunk caching). */
  tokenAt(i: number): Token | undefined {
    return this.at(i);
  }

  /** Skip to what looks like the next declaration; returns the last token skipped. */
  private syncToDeclBoundary(): Token | undefined {
    let depth = 0;
    let last: Token | undefined = this.peek();
    for (;;) {
      const t = this.peek();
      if (t === undefined) break;
      if (t.kind === '{') {
        depth++;
      } else if (t.kind === '}') {
        if (depth === 0) {
          last = t;
          this.advance();
          break;
        }
        depth--;
      } else if (depth === 0 && (t.kind === 'type' || t.kind === 'tool' || this.isFnDeclStart(this.pos))) {
        break;
      }
      last = t;
      this.advance();
    }
    return last;
  }

  /** `name>` or `name p:` (not a statement keyword): a function header starts here. */
  private isFnDeclStart(i: number): boolean {
    const t = this.at(i);
    if (t === undefined || t.kind !== 'ident' || STMT_KEYWORDS.has(t.text)) return false;
    const next = this.kindAt(i + 1);
    if (next === '>') return true;
    if (next === 'ident') return this.kindAt(i + 2) === ':';
    return false;
  }

  /** Like isFnDeclStart, but also requires a `>` before the next `;`/`}`/column-0 break. */
  private isFnDeclStartStrict(i: number): boolean {
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

  private parseDecl(): A.Decl {
    this.enter();
    try {
      return this.parseDeclBody();
    } finally {
      this.leave();
    }
  }

  private bindingNameGuards(): void {
    // `name=` at a place where a binding or declaration starts.
    const t = this.peek();
    if (t === undefined || this.kindAt(this.pos + 1) !== '=') return;
    if (isReservedKind(t.kind)) {
      throw this.err(
        'ILO-P011',
        `\`${t.text}\` is a reserved word and cannot be used as a name`,
        RESERVED_BINDING_HINT[t.kind],
      );
    }
    if (t.kind !== 'ident') return;
    if (t.text === 'cnt' || t.text === 'brk') {
      const role = t.text === 'cnt' ? 'continue' : 'break';
      throw this.err(
        'ILO-P011',
        `\`${t.text}\` means ${role} (loop control) and cannot be used as a name`,
        `pick another name, e.g. \`${t.text === 'cnt' ? 'count' : 'brake'}\``,
      );
    }
    if (t.text === 'fld') {
      throw this.err(
        'ILO-P011',
        '`fld` is the fold builtin and cannot be used as a name',
        'pick another name, e.g. `field` or `folder`',
      );
    }
    this.builtinBindingGuard(t);
  }

  private builtinBindingGuard(t: Token): void {
    if (!isCanonicalBuiltin(t.text)) return;
    const renamed = `my${t.text}`;
    throw new ParseError(
      'ILO-P011',
      t.start,
      t.end,
      `\`${t.text}\` is a builtin and cannot be used as a binding name`,
      `rename it, e.g. \`${renamed}\` or \`${t.text}v\`: a builtin name in call position always means the builtin`,
      [{ message: `Rename to \`${renamed}\``, edits: [{ start: t.start, end: t.end, newText: renamed }] }],
    );
  }

  private parseDeclBody(): A.Decl {
    this.bindingNameGuards();
    const t = this.peek();
    if (t === undefined) throw this.err('ILO-P002', 'expected a declaration, but the input ended');
    switch (t.kind) {
      case 'type':
        return this.parseTypeDecl();
      case 'tool':
        return this.parseToolDecl();
      case 'use':
        return this.parseUseDecl();
      case 'ident': {
        if (t.text === 'alias') return this.parseAliasDecl();
        const hint = DECL_KEYWORD_HINT[t.text];
        if (t.text === 'function') {
          throw this.err('ILO-P001', `expected a declaration, found identifier \`${t.text}\``, hint);
        }
        return this.parseFnDecl();
      }
      default: {
        let hint: string | undefined = DECL_KEYWORD_HINT[t.kind];
        if (OPERAND_OPS.has(t.kind) && t.kind !== '??' && t.kind !== '$' && t.kind !== '+=') {
          hint = 'an operator cannot start a declaration; bind call results inside a body: `r=fac -n 1;*n r`';
        } else if (t.kind === 'number' && (t.value ?? 0) < 0) {
          hint = `to subtract, put spaces on both sides of \`-\` (\`a - ${Math.abs(t.value ?? 0)}\`)`;
        }
        throw this.err('ILO-P001', `expected a declaration, found ${describeToken(t)}`, hint);
      }
    }
  }

  private parseUseDecl(): A.UseDecl {
    const start = this.expect('use');
    this.header = { intended: 'use' };
    const p = this.peek();
    if (p === undefined || p.kind !== 'text') {
      throw this.err(
        'ILO-P003',
        `expected the path of the file to use, found ${describeToken(p)}`,
        'write `use "file.ilo"` or `use "file.ilo" [name other]`',
      );
    }
    this.pos++;
    const path: A.TextLit = { kind: 'Text', value: p.text, start: p.start, end: p.end };
    const decl: A.UseDecl = { kind: 'UseDecl', path, start: start.start, end: p.end, doc: [] };
    if (this.peekKind() === '[') {
      this.pos++;
      const only: A.Name[] = [];
      while (this.peekKind() !== ']') only.push(this.expectIdent());
      decl.end = this.expect(']').end;
      decl.only = only;
    }
    return decl;
  }

  private parseTypeDecl(): A.TypeDecl {
    const start = this.expect('type');
    this.header = { intended: 'type' };
    const name = this.expectIdent();
    this.header.name = name;
    this.expect('{');
    const fields: A.Param[] = [];
    while (this.peekKind() !== '}') {
      if (fields.length > 0) this.expect(';');
      const fname = this.expectIdent();
      this.expect(':');
      const type = this.parseType();
      fields.push({ name: fname, type, start: fname.start, end: type.end });
    }
    const end = this.expect('}');
    return { kind: 'TypeDecl', name, fields, start: start.start, end: end.end, doc: [] };
  }

  private parseToolDecl(): A.ToolDecl {
    const start = this.expect('tool');
    this.header = { intended: 'tool' };
    const name = this.expectIdent();
    this.header.name = name;
    const d = this.peek();
    if (d === undefined || d.kind !== 'text') {
      throw this.err(
        'ILO-P015',
        'a tool declaration needs a description text after its name',
        'write `tool name"what it does" params>type`',
      );
    }
    this.pos++;
    const description: A.TextLit = { kind: 'Text', value: d.text, start: d.start, end: d.end };
    const params = this.parseParams();
    this.header.params = params;
    this.expect('>');
    const returnType = this.parseType();
    this.header.returnType = returnType;
    const decl: A.ToolDecl = {
      kind: 'ToolDecl',
      name,
      description,
      params,
      returnType,
      start: start.start,
      end: returnType.end,
      doc: [],
    };
    while (this.peekKind() === 'timeout' || this.peekKind() === 'retry') {
      const opt = this.advance() as Token;
      this.expect(':');
      const num = this.parseNumber();
      if (opt.kind === 'timeout') decl.timeout = num;
      else decl.retry = num;
      decl.end = num.end;
      if (this.peekKind() === ',') this.pos++;
    }
    return decl;
  }

  private parseNumber(): A.NumberLit {
    const t = this.peek();
    if (t !== undefined && t.kind === 'number') {
      this.pos++;
      return { kind: 'Number', value: t.value ?? Number(t.text), raw: t.text, start: t.start, end: t.end };
    }
    if (t === undefined) throw this.err('ILO-P014', 'expected a number, but the input ended');
    throw this.err('ILO-P013', `expected a number, found ${describeToken(t)}`);
  }

  private parseAliasDecl(): A.AliasDecl {
    const start = this.advance() as Token;
    this.header = { intended: 'alias' };
    const name = this.expectIdent();
    this.header.name = name;
    const target = this.parseType();
    return { kind: 'AliasDecl', name, target, start: start.start, end: target.end, doc: [] };
  }

  /** ILO-P020 when the header reached a column-0 line break or the end of input. */
  private checkHeaderBoundary(fn: A.Name): void {
    if (!this.boundaryAtCursor() && !this.atEnd()) return;
    const where = this.atEnd() ? 'the end of the file' : 'the end of the line';
    throw new ParseError(
      'ILO-P020',
      fn.start,
      fn.end,
      `the header of \`${fn.text}\` is incomplete: it runs into ${where}`,
      'a function header is `name params>type;body` on one line; indent continuation lines',
    );
  }

  private parseFnDecl(): A.FunctionDecl {
    const nameTok = this.peek() as Token;
    this.header = { intended: 'function' };
    const name = this.expectIdent();
    this.header.name = name;
    if (isCanonicalBuiltin(name.text)) {
      // Like the reference, the error sits on the token after the name.
      const renamed = `my${name.text}`;
      const at = this.peek();
      throw new ParseError(
        'ILO-P011',
        at?.start ?? 0,
        at?.end ?? 0,
        `\`${name.text}\` is a builtin and cannot be used as a function name`,
        `rename it, e.g. \`${renamed}\` or \`${name.text}of\`: calls to a builtin name always reach the builtin`,
        [{ message: `Rename to \`${renamed}\``, edits: [{ start: name.start, end: name.end, newText: renamed }] }],
      );
    }
    const params = this.parseParams();
    this.header.params = params;
    this.checkHeaderBoundary(name);
    this.env.register(name.text, {
      arity: params.length,
      fnSlots: params.flatMap((p, i) => (p.type.kind === 'FnType' ? [i] : [])),
    });
    if (params.length === 0 && this.peekKind() === ':' && this.kindAt(this.pos + 1) === '>') {
      throw this.err(
        'ILO-P003',
        `unexpected \`:>\` after \`${name.text}\`: no colon goes before the return type`,
        `write \`${name.text}>type;body\` (or \`${name.text} p:type>type;body\` with parameters)`,
      );
    }
    this.expect('>');
    this.checkHeaderBoundary(name);
    const returnType = this.parseType();
    this.header.returnType = returnType;
    const header: A.Span = { start: nameTok.start, end: returnType.end };
    if (this.peekKind() === ';') this.pos++;
    let body: A.Stmt[];
    if (this.peekKind() === '{' && !this.isDestructurePattern()) body = this.parseBraceBody();
    else body = this.parseBody(true);
    const end = Math.max(this.prevEnd(), returnType.end);
    return { kind: 'FunctionDecl', name, params, returnType, body, header, start: nameTok.start, end, doc: [] };
  }

  private parseParams(): A.Param[] {
    const params: A.Param[] = [];
    for (;;) {
      if (this.boundaryAtCursor()) break;
      const t = this.peek();
      if (t !== undefined && isReservedKind(t.kind) && this.kindAt(this.pos + 1) === ':') {
        throw this.err(
          'ILO-P011',
          `\`${t.text}\` is a reserved word and cannot be used as a name`,
          RESERVED_BINDING_HINT[t.kind],
        );
      }
      if (t === undefined || t.kind !== 'ident' || this.kindAt(this.pos + 1) !== ':') break;
      const name = this.expectIdent();
      this.expect(':');
      const type = this.parseType();
      params.push({ name, type, start: name.start, end: type.end });
    }
    return params;
  }

  // ------------------------------------------------------------ types

  private parseType(): A.TypeExpr {
    this.enter();
    try {
      return this.parseTypeBody();
    } finally {
      this.leave();
    }
  }

  private canStartType(): boolean {
    const k = this.peekKind();
    switch (k) {
      case 'ident': {
        const t = this.peek() as Token;
        return t.text === 'n' || t.text === 't' || t.text === 'b' || this.kindAt(this.pos + 1) !== ':';
      }
      case '_':
      case 'O':
      case 'L':
      case 'M':
      case 'R':
      case 'S':
      case 'F':
      case '(':
      case 'U32':
      case 'U64':
      case 'I64':
        return true;
      default:
        return false;
    }
  }

  private parseTypeBody(): A.TypeExpr {
    if (this.boundaryAtCursor() || this.atEnd()) {
      if (this.atEnd()) throw this.errPrev('ILO-P008', 'expected a type, but the file ended');
      throw this.errPrev(
        'ILO-P007',
        'expected a type, but the line ended',
        'add a type: n (number), t (text), b (bool), L n (list), or a type name',
      );
    }
    const t = this.peek() as Token;
    const start = t.start;
    switch (t.kind) {
      case '(': {
        this.pos++;
        const inner = this.parseType();
        const close = this.expect(')');
        return { ...inner, start, end: close.end };
      }
      case '_':
        this.pos++;
        return { kind: 'PrimType', name: '_', start, end: t.end };
      case 'O': {
        this.pos++;
        const inner = this.parseType();
        return { kind: 'OptType', inner, start, end: inner.end };
      }
      case 'L': {
        this.pos++;
        const elem = this.parseType();
        return { kind: 'ListType', elem, start, end: elem.end };
      }
      case 'M': {
        this.pos++;
        const key = this.parseType();
        const value = this.parseType();
        return { kind: 'MapType', key, value, start, end: value.end };
      }
      case 'R': {
        this.pos++;
        const ok = this.parseType();
        const err = this.parseType();
        return { kind: 'ResultType', ok, err, start, end: err.end };
      }
      case 'S': {
        this.pos++;
        const variants: A.Name[] = [];
        while (this.peekKind() === 'ident' && this.kindAt(this.pos + 1) !== ':') {
          variants.push(this.name(this.advance() as Token));
        }
        if (variants.length === 0) {
          throw this.err('ILO-P010', 'a sum type `S` needs at least one variant name', 'e.g. `S red green blue`');
        }
        return { kind: 'SumType', variants, start, end: variants[variants.length - 1].end };
      }
      case 'F': {
        this.pos++;
        const types: A.TypeExpr[] = [];
        while (this.canStartType()) {
          if (this.peekKind() === 'ident' && this.kindAt(this.pos + 1) === ':') break;
          types.push(this.parseType());
        }
        if (types.length === 0) {
          throw this.err(
            'ILO-P009',
            'a function type `F` needs at least its return type',
            'e.g. `F n` (no parameters, returns n) or `F n t` (takes n, returns t)',
          );
        }
        const ret = types.pop() as A.TypeExpr;
        return { kind: 'FnType', params: types, ret, start, end: ret.end };
      }
      case 'U32':
      case 'U64':
      case 'I64':
        this.pos++;
        return { kind: 'NamedType', name: t.kind, start, end: t.end };
      case 'ident': {
        this.pos++;
        if (t.text === 'n' || t.text === 't' || t.text === 'b') return { kind: 'PrimType', name: t.text, start, end: t.end };
        return { kind: 'NamedType', name: t.text, start, end: t.end };
      }
      default:
        throw this.err(
          'ILO-P007',
          `expected a type, found ${describeToken(t)}`,
          'valid types: n, t, b, _, L n, O n, M t n, R n t, S a b, F n t, or a type name',
        );
    }
  }

  // ------------------------------------------------------------ bodies

  private atBodyEnd(): boolean {
    const k = this.peekKind();
    return k === undefined || k === '}';
  }

  private parseBody(topLevel: boolean): A.Stmt[] {
    const stmts: A.Stmt[] = [];
    if (this.atBodyEnd()) return stmts;
    stmts.push(this.parseStmt());
    while (this.peekKind() === ';') {
      this.pos++;
      if (this.atBodyEnd()) break;
      if (topLevel && this.isFnDeclStartStrict(this.pos)) break;
      stmts.push(this.parseStmt());
    }
    return stmts;
  }

  private parseBraceBody(): A.Stmt[] {
    this.expect('{');
    const body = this.parseBody(false);
    this.expect('}');
    return body;
  }

  // ------------------------------------------------------------ statements

  private parseStmt(): A.Stmt {
    this.enter();
    try {
      return this.parseStmtBody();
    } finally {
      this.leave();
    }
  }

  private parseStmtBody(): A.Stmt {
    const t = this.peek();
    if (t !== undefined && isReservedKind(t.kind) && this.kindAt(this.pos + 1) === '=') {
      throw this.err(
        'ILO-P011',
        `\`${t.text}\` is a reserved word and cannot be used as a name`,
        RESERVED_BINDING_HINT[t.kind],
      );
    }
    const start = t?.start ?? 0;
    switch (t?.kind) {
      case '?':
        if (this.isPrefixTernary()) {
          const expr = this.parsePrefixTernary();
          return { kind: 'ExprStmt', expr, start, end: expr.end };
        }
        return this.parseMatch(true) as A.Stmt;
      case '@':
        return this.parseForeach();
      case '{':
        if (this.isDestructurePattern()) return this.parseDestructure();
        break;
      case 'ident': {
        const word = t.text;
        if (word === 'ret') {
          this.pos++;
          const value = this.parseExpr();
          return { kind: 'Return', value, start, end: value.end };
        }
        if (word === 'brk' || word === 'cnt') {
          if (this.kindAt(this.pos + 1) === '=') this.bindingNameGuards();
          this.pos++;
          if (word === 'cnt') return { kind: 'Continue', start, end: t.end };
          if (this.atBodyEnd()) return { kind: 'Break', start, end: t.end };
          const value = this.parseExpr();
          return { kind: 'Break', value, start, end: value.end };
        }
        if (word === 'fld' && this.kindAt(this.pos + 1) === '=') this.bindingNameGuards();
        if (word === 'wh') {
          this.pos++;
          const cond = this.parseExpr();
          const body = this.parseBraceBody();
          return { kind: 'While', cond, body, start, end: this.prevEnd() };
        }
        if (this.kindAt(this.pos + 1) === '=') {
          this.builtinBindingGuard(t);
          return this.parseLet();
        }
        return this.parseExprOrGuard();
      }
      case '!':
        return this.parseBangStmt();
      case '^': {
        this.pos++;
        const inner = this.parseExprInner();
        const expr: A.ErrExpr = { kind: 'Err', value: inner, start, end: inner.end };
        return { kind: 'ExprStmt', expr, start, end: expr.end };
      }
      default:
        break;
    }
    return this.parseExprOrGuard();
  }

  /** An expression statement, or a guard when `{` or (for comparisons) an operand follows. */
  private parseExprOrGuard(): A.Stmt {
    const start = this.peek()?.start ?? 0;
    const expr = this.parseExpr();
    return this.finishGuard(expr, false, start);
  }

  private finishGuard(cond: A.Expr, negated: boolean, start: number): A.Stmt {
    if (this.peekKind() === '{') {
      const body = this.parseBraceBody();
      const g: A.GuardStmt = { kind: 'Guard', cond, negated, braceless: false, body, start, end: this.prevEnd() };
      if (this.peekKind() === '{') {
        g.elseBody = this.parseBraceBody();
        g.end = this.prevEnd();
      }
      return g;
    }
    if (isGuardCondition(cond) && this.canStartOperand()) return this.parseBracelessGuardBody(cond, negated, start);
    if (negated) {
      const expr: A.UnaryExpr = { kind: 'Unary', op: '!', operand: cond, start, end: cond.end };
      return { kind: 'ExprStmt', expr, start, end: expr.end };
    }
    return { kind: 'ExprStmt', expr: cond, start, end: cond.end };
  }

  private parseBracelessGuardBody(cond: A.Expr, negated: boolean, start: number): A.GuardStmt {
    const bodyExpr = this.parseOperand();
    const k = this.peekKind();
    if (!(k === undefined || k === ';' || k === '}' || k === ')')) {
      throw this.err(
        'ILO-P016',
        'unexpected token after the value of a braceless guard',
        'a braceless guard returns one operand; put a call in braces: `>=x 10{f x}`',
      );
    }
    const stmt: A.ExprStmt = { kind: 'ExprStmt', expr: bodyExpr, start: bodyExpr.start, end: bodyExpr.end };
    return { kind: 'Guard', cond, negated, braceless: true, body: [stmt], start, end: bodyExpr.end };
  }

  private parseBangStmt(): A.Stmt {
    const start = (this.expect('!') as Token).start;
    const inner = this.parseExprInner();
    return this.finishGuard(inner, true, start);
  }

  private parseLet(): A.Stmt {
    const nameTok = this.peek() as Token;
    const name = this.expectIdent();
    this.expect('=');
    if (this.peekKind() === '{') {
      const k1 = this.kindAt(this.pos + 1);
      if (k1 === 'text' || k1 === 'number' || k1 === '}') {
        throw this.err(
          'ILO-P009',
          `\`${name.text}={...}\`: ilo has no map literal`,
          `build a map with \`mmap\` and \`mset\`, e.g. \`${name.text}=mset mmap "k" v\``,
        );
      }
    }
    const value = this.parseExpr();
    const start = nameTok.start;
    if (this.peekKind() === '{' && isGuardCondition(value)) {
      const thenBody = this.parseBraceBody();
      if (this.peekKind() === '{') {
        const elseBody = this.parseBraceBody();
        const tern: A.TernaryExpr = {
          kind: 'Ternary',
          cond: value,
          then: lastExpr(thenBody, value),
          else: lastExpr(elseBody, value),
          start: value.start,
          end: this.prevEnd(),
        };
        return { kind: 'Bind', name, value: tern, start, end: tern.end };
      }
      return {
        kind: 'Guard',
        cond: value,
        negated: false,
        braceless: false,
        body: bindLast(name, thenBody),
        start,
        end: this.prevEnd(),
      };
    }
    return { kind: 'Bind', name, value, start, end: value.end };
  }

  private isDestructurePattern(): boolean {
    let i = this.pos + 1;
    for (;;) {
      const k = this.kindAt(i);
      if (k === 'ident' || k === ';') i++;
      else if (k === '}') return this.kindAt(i + 1) === '=';
      else return false;
    }
  }

  private parseDestructure(): A.DestructureStmt {
    const start = this.expect('{').start;
    const names: A.Name[] = [];
    for (;;) {
      names.push(this.expectIdent());
      if (this.peekKind() === ';') this.pos++;
      else break;
    }
    this.expect('}');
    this.expect('=');
    const value = this.parseExpr();
    return { kind: 'Destructure', names, value, start, end: value.end };
  }

  private parseForeach(): A.Stmt {
    const start = this.expect('@').start;
    const binding = this.expectIdent();
    const first = this.parseExprInner();
    if (this.peekKind() === '..') {
      this.pos++;
      const to = this.parseExprInner();
      const body = this.parseBraceBody();
      return { kind: 'ForRange', binding, from: first, to, body, start, end: this.prevEnd() };
    }
    const body = this.parseBraceBody();
    return { kind: 'ForEach', binding, collection: first, body, start, end: this.prevEnd() };
  }

  // ------------------------------------------------------------ match / ternary

  private isPrefixTernary(): boolean {
    const k = this.kindAt(this.pos + 1);
    return k !== undefined && COMPARISONS.has(k);
  }

  private parsePrefixTernary(): A.TernaryExpr {
    const start = (this.advance() as Token).start;
    const cond = this.parsePrefixBinop();
    const then = this.parsePrefixBinopOperand();
    const els = this.parsePrefixBinopOperand();
    return { kind: 'Ternary', cond, then, else: els, start, end: els.end };
  }

  /** `?subj{arms}`, `?{arms}`, `?subj{a}{b}`, `?subj a b` — as a statement or an expression. */
  private parseMatch(isStmt: boolean): A.MatchStmt | A.MatchExpr | A.ExprStmt | A.Expr {
    const start = this.expect('?').start;
    let subject: A.Expr | undefined;
    if (this.peekKind() !== '{') subject = this.parseAtom();
    if (subject !== undefined && subject.kind === 'Ref') {
      const arity = this.arityOf(subject.name);
      if (arity !== undefined && arity > 0 && this.looksLikeCallMatchSubject(arity)) {
        const args: A.Expr[] = [];
        for (let i = 0; i < arity; i++) args.push(this.parsePrefixBinopOperand());
        const callee: A.Name = { text: subject.name, start: subject.start, end: subject.end };
        subject = { kind: 'Call', callee, args, unwrap: 'none', start: subject.start, end: this.prevEnd() };
      }
    }
    const wrap = (e: A.Expr): A.ExprStmt | A.Expr =>
      isStmt ? { kind: 'ExprStmt', expr: e, start: e.start, end: e.end } : e;
    if (subject !== undefined && this.looksLikeBraceTernary()) {
      this.expect('{');
      const then = this.parseExpr();
      this.expect('}');
      this.expect('{');
      const els = this.parseExpr();
      this.expect('}');
      return wrap({ kind: 'Ternary', cond: subject, then, else: els, start, end: this.prevEnd() });
    }
    if (subject !== undefined && this.peekKind() !== '{' && this.canStartOperand()) {
      const first = this.parsePrefixBinopOperand();
      if (this.peekKind() === '{') {
        const arm = this.braceStartsWithLiteralArm();
        throw this.err(
          'ILO-P009',
          arm ? 'expected a ternary operand, found `{` (this looks like match arms)' : 'expected a ternary operand, found `{`',
          arm
            ? 'a match takes one subject right after `?`: `?x{1:a;_:b}`; wrap a longer subject in parentheses'
            : 'pick one form: `?c a b` (prefix ternary), `c{a}{b}` (brace ternary) or `c{body}` (conditional)',
        );
      }
      const second = this.parsePrefixBinopOperand();
      if (subject.kind === 'Ref' && subject.name === 'h' && this.canStartOperand()) {
        const third = this.parsePrefixBinopOperand();
        return wrap({ kind: 'Ternary', cond: first, then: second, else: third, start, end: third.end });
      }
      return wrap({ kind: 'Ternary', cond: subject, then: first, else: second, start, end: second.end });
    }
    this.expect('{');
    if (subject !== undefined && subject.kind === 'Ref' && this.bodyLooksLikeStatement()) {
      const s = subject.name;
      throw this.err(
        'ILO-P011',
        `\`?${s}{...}\` is a match: its body is read as pattern arms, not statements`,
        `for a condition use a guard \`=${s} true{body}\`, a ternary \`?${s} a b\` / \`?${s}{a}{b}\`, or arms \`?${s}{true:a;false:b}\``,
      );
    }
    const arms = this.parseMatchArms();
    const end = this.expect('}').end;
    const m = { kind: 'Match' as const, arms, start, end };
    if (subject !== undefined) (m as A.MatchStmt).subject = subject;
    return m;
  }

  private looksLikeCallMatchSubject(arity: number): boolean {
    let i = this.pos;
    for (let n = 0; n < arity; n++) {
      const k = this.kindAt(i);
      if (k === 'number' || k === 'text' || k === 'true' || k === 'false' || k === 'nil' || k === '_' || k === 'ident') {
        i++;
      } else if (k === '(' || k === '[') {
        const close = k === '(' ? ')' : ']';
        let depth = 1;
        i++;
        while (depth > 0) {
          const kk = this.kindAt(i);
          if (kk === undefined) return false;
          if (kk === k) depth++;
          else if (kk === close) depth--;
          i++;
        }
      } else return false;
    }
    return this.kindAt(i) === '{';
  }

  private looksLikeBraceTernary(): boolean {
    if (this.peekKind() !== '{') return false;
    let i = this.pos + 1;
    let brace = 1;
    let paren = 0;
    let bracket = 0;
    if (this.kindAt(i) === '}') return false;
    for (;;) {
      const k = this.kindAt(i);
      if (k === undefined) return false;
      if (k === '{') brace++;
      else if (k === '}') {
        brace--;
        if (brace === 0) return this.kindAt(i + 1) === '{';
      } else if (k === '(') paren++;
      else if (k === ')') {
        if (paren === 0) return false;
        paren--;
      } else if (k === '[') bracket++;
      else if (k === ']') {
        if (bracket === 0) return false;
        bracket--;
      } else if ((k === ':' || k === ';') && brace === 1 && paren === 0 && bracket === 0) return false;
      i++;
    }
  }

  private braceStartsWithLiteralArm(): boolean {
    const k = this.kindAt(this.pos + 1);
    return (k === 'number' || k === 'text') && this.kindAt(this.pos + 2) === ':';
  }

  private bodyLooksLikeStatement(): boolean {
    const t = this.peek();
    if (t === undefined || t.kind === '}') return false;
    if (t.kind === 'ident') {
      const k1 = this.kindAt(this.pos + 1);
      if (
        (t.text === 'n' || t.text === 't' || t.text === 'b' || t.text === 'l') &&
        (k1 === 'ident' || k1 === '_') &&
        this.kindAt(this.pos + 2) === ':'
      ) {
        return false;
      }
      if (k1 === ':') return false;
      return true;
    }
    return STATEMENT_HEAD_OPS.has(t.kind);
  }

  private parseMatchArms(): A.MatchArm[] {
    const arms: A.MatchArm[] = [];
    while (this.peekKind() !== '}') {
      if (arms.length > 0) {
        this.expect(';');
        if (this.peekKind() === '}') break;
      }
      arms.push(this.parseMatchArm());
    }
    return arms;
  }

  private parseMatchArm(): A.MatchArm {
    const pattern = this.parsePattern();
    this.expect(':');
    const body = this.parseArmBody();
    return { pattern, body, start: pattern.start, end: Math.max(this.prevEnd(), pattern.end) };
  }

  private parseArmBody(): A.Stmt[] {
    if (this.peekKind() === '{' && !this.isDestructurePattern()) return this.parseBraceBody();
    const stmts: A.Stmt[] = [];
    const atArmEnd = (): boolean => {
      const k = this.peekKind();
      return k === undefined || k === '}' || k === ';';
    };
    if (atArmEnd()) return stmts;
    stmts.push(this.parseStmt());
    while (this.peekKind() === ';' && !this.semiStartsNewArm()) {
      this.pos++;
      if (atArmEnd()) break;
      stmts.push(this.parseStmt());
    }
    return stmts;
  }

  private semiStartsNewArm(): boolean {
    const i = this.pos + 1;
    const k = this.kindAt(i);
    if (k === undefined) return false;
    const k1 = this.kindAt(i + 1);
    const k2 = this.kindAt(i + 2);
    switch (k) {
      case '^':
      case '~':
        return (k1 === 'ident' || k1 === '_') && k2 === ':';
      case '_':
      case 'number':
      case 'text':
      case 'true':
      case 'false':
      case 'nil':
        return k1 === ':';
      case 'ident': {
        const w = (this.at(i) as Token).text;
        if (w === 'n' || w === 't' || w === 'b' || w === 'l') return (k1 === 'ident' || k1 === '_') && k2 === ':';
        return k1 === ':';
      }
      default:
        return false;
    }
  }

  private bindingAfter(): A.Name {
    const t = this.peek();
    if (t !== undefined && t.kind === '_') {
      this.pos++;
      return { text: '_', start: t.start, end: t.end };
    }
    return this.expectIdent();
  }

  private parsePattern(): A.Pattern {
    this.enter();
    try {
      const t = this.peek();
      if (t === undefined) throw this.err('ILO-P012', 'expected a match pattern, but the input ended');
      const start = t.start;
      switch (t.kind) {
        case '^': {
          this.pos++;
          const binding = this.bindingAfter();
          return { kind: 'ErrPat', binding, start, end: binding.end };
        }
        case '~': {
          this.pos++;
          const binding = this.bindingAfter();
          return { kind: 'OkPat', binding, start, end: binding.end };
        }
        case '_':
          this.pos++;
          return { kind: 'WildPat', start, end: t.end };
        case 'number':
          this.pos++;
          return {
            kind: 'LitPat',
            value: { kind: 'Number', value: t.value ?? Number(t.text), raw: t.text, start, end: t.end },
            start,
            end: t.end,
          };
        case 'text':
          this.pos++;
          return { kind: 'LitPat', value: { kind: 'Text', value: t.text, start, end: t.end }, start, end: t.end };
        case 'true':
        case 'false':
          this.pos++;
          return { kind: 'LitPat', value: { kind: 'Bool', value: t.kind === 'true', start, end: t.end }, start, end: t.end };
        case 'nil':
          this.pos++;
          return { kind: 'LitPat', value: { kind: 'Nil', start, end: t.end }, start, end: t.end };
        case 'ident': {
          this.pos++;
          if (t.text === 'n' || t.text === 't' || t.text === 'b' || t.text === 'l') {
            const binding = this.bindingAfter();
            return { kind: 'TypePat', type: t.text, binding, start, end: binding.end };
          }
          // A sum-type variant: its runtime value is the text of its name.
          return { kind: 'LitPat', value: { kind: 'Text', value: t.text, start, end: t.end }, start, end: t.end };
        }
        default:
          throw this.err('ILO-P011', `expected a match pattern, found ${describeToken(t)}`);
      }
    } finally {
      this.leave();
    }
  }

  // ------------------------------------------------------------ expressions

  private parseExpr(): A.Expr {
    this.enter();
    try {
      const t = this.peek();
      let expr: A.Expr;
      if (t?.kind === '~' || t?.kind === '^') {
        this.pos++;
        const inner = this.parseExprInner();
        expr =
          t.kind === '~'
            ? { kind: 'Ok', value: inner, start: t.start, end: inner.end }
            : { kind: 'Err', value: inner, start: t.start, end: inner.end };
      } else {
        expr = this.parseExprInner();
      }
      expr = this.maybeWith(expr);
      expr = this.maybeCoalesce(expr);
      return this.maybePipe(expr);
    } finally {
      this.leave();
    }
  }

  private maybeWith(expr: A.Expr): A.Expr {
    if (this.peekKind() !== 'with') return expr;
    const w = this.advance() as Token;
    const updates: A.FieldInit[] = [];
    while (this.peekKind() === 'ident' && this.kindAt(this.pos + 1) === ':') {
      const name = this.expectIdent();
      this.expect(':');
      const value = this.parseAtom();
      updates.push({ name, value, start: name.start, end: value.end });
    }
    return { kind: 'With', object: expr, updates, start: expr.start, end: Math.max(this.prevEnd(), w.end) };
  }

  private maybeCoalesce(expr: A.Expr): A.Expr {
    while (this.peekKind() === '??') {
      this.pos++;
      const fallback = this.parseExprInner();
      expr = { kind: 'Coalesce', value: expr, fallback, start: expr.start, end: fallback.end };
    }
    return expr;
  }

  private maybePipe(expr: A.Expr): A.Expr {
    while (this.peekKind() === '>>') {
      this.pos++;
      const callee = this.expectIdent();
      const unwrap = this.maybePostfixUnwrap();
      const arity = this.arityOf(callee.text);
      const args: A.Expr[] = [];
      while (this.canStartOperand()) {
        const idx = args.length;
        const outer = arity !== undefined && arity > 0 ? { name: callee.text, arity: arity - 1, idx } : undefined;
        args.push(this.parseCallArg(this.isFnSlot(callee.text, idx), outer));
      }
      args.push(expr);
      expr = { kind: 'Call', callee, args, unwrap, piped: true, start: expr.start, end: this.prevEnd() };
    }
    return expr;
  }

  private parseInfix(left: A.Expr, minBp: number): A.Expr {
    for (;;) {
      const k = this.peekKind();
      const bp = k === undefined ? undefined : INFIX_BP[k];
      if (bp === undefined || bp[0] < minBp) return left;
      this.pos++;
      let right = this.parseOperand();
      right = this.parseInfix(right, bp[1]);
      left = { kind: 'Binary', op: k as A.BinaryOp, left, right, infix: true, start: left.start, end: right.end };
    }
  }

  private parseExprInner(): A.Expr {
    const k = this.peekKind();
    switch (k) {
      case '-':
        return this.parseMinus();
      case '!': {
        const t = this.advance() as Token;
        const operand = this.parseOperand();
        return { kind: 'Unary', op: '!', operand, start: t.start, end: operand.end };
      }
      case '$':
        return this.parseDollar();
      case '??':
        return this.parsePrefixCoalesce();
      case '?':
        if (this.isPrefixTernary()) return this.parsePrefixTernary();
        return this.parseMatch(false) as A.Expr;
      default:
        if (k !== undefined && PREFIX_BINOPS.has(k)) return this.parsePrefixBinop();
        return this.parseInfix(this.parseCallOrAtom(), 0);
    }
  }

  private parsePrefixCoalesce(): A.Expr {
    const t = this.advance() as Token;
    const value = this.parseCallArg(false, undefined);
    const fallback = this.parseExprInner();
    return { kind: 'Coalesce', value, fallback, start: t.start, end: fallback.end };
  }

  /** `$url` is `get url`; `$!url` is `get! url`. */
  private parseDollar(): A.Expr {
    const t = this.advance() as Token;
    const unwrap = this.maybePostfixUnwrap();
    const arg = this.parseOperand();
    return {
      kind: 'Call',
      callee: { text: 'get', start: t.start, end: t.end },
      args: [arg],
      unwrap,
      start: t.start,
      end: arg.end,
    };
  }

  private parseMinus(): A.Expr {
    this.checkDoubleMinus();
    const t = this.advance() as Token;
    const first = this.parsePrefixBinopOperand();
    if (this.canStartOperand()) {
      const second = this.parsePrefixBinopOperand();
      return { kind: 'Binary', op: '-', left: first, right: second, infix: false, start: t.start, end: second.end };
    }
    return { kind: 'Unary', op: '-', operand: first, start: t.start, end: first.end };
  }

  /** `- -*a b *c d` reads as `-(a*b) - (c*d)` but means `-((a*b) - (c*d))`: ILO-P021. */
  private checkDoubleMinus(): void {
    const arith = (i: number): boolean => {
      const k = this.kindAt(i);
      return k === '+' || k === '*' || k === '/';
    };
    const atom = (i: number): boolean => {
      const k = this.kindAt(i);
      return k !== undefined && ATOM_STARTS.has(k);
    };
    if (this.kindAt(this.pos) !== '-' || this.kindAt(this.pos + 1) !== '-') return;
    const p = this.pos;
    if (!(arith(p + 2) && atom(p + 3) && atom(p + 4) && arith(p + 5) && atom(p + 6) && atom(p + 7))) return;
    throw this.err(
      'ILO-P021',
      'ambiguous double minus: `- -OP a b OP c d` means `-((a OP b) - (c OP d))`, which flips the sign of the second product',
      'to negate the sum write `- 0 +OP a b OP c d`; to subtract, bind first: `p=OP a b;q=OP c d;- 0 +p q`',
    );
  }

  private parsePrefixBinop(): A.Expr {
    const t = this.peek() as Token;
    const k1 = this.kindAt(this.pos + 1);
    if (t.kind === '=' && (k1 === '<' || k1 === '>')) {
      const written = k1 === '<' ? '=<' : '=>';
      const fixed = k1 === '<' ? '<=' : '>=';
      throw this.err(
        'ILO-P003',
        `\`${written}\` is not an ilo operator`,
        `use \`${fixed}\` (one token), e.g. \`${fixed}a b\``,
      );
    }
    const doubleLogical = (t.kind === '&' && k1 === '&') || (t.kind === '|' && k1 === '|');
    if (!doubleLogical && this.scanPrefixBinaryEnd(this.pos) === undefined) {
      const diag = this.prefixChainDiagnostic();
      if (diag !== undefined) throw diag;
    }
    this.pos++;
    if ((t.kind === '&' || t.kind === '|') && this.peekKind() === t.kind) {
      const word = t.kind === '&' ? 'AND' : 'OR';
      throw this.err(
        'ILO-P003',
        `unexpected \`${t.kind}${t.kind}\`: ilo writes ${word} with a single \`${t.kind}\``,
        'ilo uses `&a b` for and, `|a b` for or',
      );
    }
    const left = this.parsePrefixBinopOperand();
    const right = this.parsePrefixBinopOperand();
    return { kind: 'Binary', op: t.kind as A.BinaryOp, left, right, infix: false, start: t.start, end: right.end };
  }

  /** One operand of a prefix operator: a known-arity name followed by operands becomes a nested call. */
  private parsePrefixBinopOperand(): A.Expr {
    const t = this.peek();
    if (t !== undefined && t.kind === 'ident') {
      const arity = this.arityOf(t.text);
      if (arity !== undefined && arity > 0 && !this.blocksExpansion() && this.canStartOperandAt(this.pos + 1)) {
        return this.parseCallArg(false, undefined);
      }
    }
    return this.parseOperand();
  }

  /** The name at the cursor is followed by `x:`, `.`, `()` or a glued `!`: it is not a plain call head. */
  private blocksExpansion(): boolean {
    const t = this.peek() as Token;
    const next = this.at(this.pos + 1);
    const k = next?.kind;
    if (k === 'ident' && this.kindAt(this.pos + 2) === ':') return true;
    if (k === '.' || k === '.?') return true;
    if (k === '(' && this.kindAt(this.pos + 2) === ')') return true;
    if ((k === '!' || k === '!!') && next !== undefined && t.end > 0 && next.start === t.end) return true;
    return false;
  }

  private parseCallArg(inFnSlot: boolean, outer: { name: string; arity: number; idx: number } | undefined): A.Expr {
    const t = this.peek();
    if (!inFnSlot && t !== undefined && t.kind === 'ident' && isVariadicTrailing(t.text) && outer !== undefined) {
      if (!this.blocksExpansion()) {
        if (outer.idx + 1 !== outer.arity) {
          throw this.err(
            'ILO-P018',
            `\`${t.text}\` takes all remaining operands, so it must be the last argument of \`${outer.name}\``,
            `move it last, or wrap it in parentheses: \`(${t.text} "..." ...)\``,
          );
        }
        this.pos++;
        const args: A.Expr[] = [];
        while (this.canStartOperand()) {
          args.push(this.parseCallArg(false, undefined));
          const k = this.peekKind();
          if (k !== undefined && isInfixOrSuffix(k) && (k === '??' || !this.looksLikePrefixBinary(this.pos))) break;
        }
        const call: A.CallExpr = {
          kind: 'Call',
          callee: this.name(t),
          args,
          unwrap: 'none',
          start: t.start,
          end: this.prevEnd(),
        };
        return this.parseFieldChain(call);
      }
    }
    if (!inFnSlot && t !== undefined && t.kind === 'ident') {
      const arity = this.arityOf(t.text);
      if (arity !== undefined && arity > 0 && !this.blocksExpansion()) {
        this.pos++;
        const args: A.Expr[] = [];
        for (let i = 0; i < arity; i++) {
          if (!this.canStartOperand()) break;
          args.push(this.parseCallArg(this.isFnSlot(t.text, i), { name: t.text, arity, idx: i }));
        }
        const call: A.CallExpr = {
          kind: 'Call',
          callee: this.name(t),
          args,
          unwrap: 'none',
          start: t.start,
          end: this.prevEnd(),
        };
        return this.parseFieldChain(call);
      }
    }
    return this.parseOperand();
  }

  private maybePostfixUnwrap(): A.UnwrapMode {
    const prev = this.prevTok();
    const next = this.peek();
    if (prev === undefined || next === undefined || prev.end <= 0 || next.start !== prev.end) return 'none';
    if (next.kind === '!!') {
      this.pos++;
      return 'panic';
    }
    if (next.kind === '!') {
      this.pos++;
      return 'propagate';
    }
    return 'none';
  }

  private parseCallOrAtom(): A.Expr {
    const atom = this.parseAtom();
    if (atom.kind !== 'Ref') return atom;
    const name = atom.name;
    const callee: A.Name = { text: name, start: atom.start, end: atom.end };
    const call = (args: A.Expr[], unwrap: A.UnwrapMode): A.CallExpr => ({
      kind: 'Call',
      callee,
      args,
      unwrap,
      start: atom.start,
      end: Math.max(this.prevEnd(), atom.end),
    });
    const unwrap = this.maybePostfixUnwrap();
    if (this.peekKind() === '(' && this.kindAt(this.pos + 1) === ')') {
      this.pos += 2;
      return this.parseFieldChain(call([], unwrap));
    }
    const arity = this.arityOf(name);
    if (unwrap !== 'none') {
      const args: A.Expr[] = [];
      while (this.canStartOperand()) {
        const idx = args.length;
        const outer = arity !== undefined && arity > 0 ? { name, arity, idx } : undefined;
        args.push(this.parseCallArg(this.isFnSlot(name, idx), outer));
      }
      return this.parseFieldChain(call(args, unwrap));
    }
    if (this.peekKind() === 'ident' && this.kindAt(this.pos + 1) === ':') return this.parseRecord(callee);
    if ((ZERO_ARG_BUILTINS.has(name) || arity === 0) && !this.canStartOperand()) return call([], 'none');
    if (this.ctx.noWhitespaceCall) {
      const n = arity ?? 0;
      if (n === 0 || !this.canStartOperand()) return atom;
      const args: A.Expr[] = [];
      for (let i = 0; i < n; i++) {
        if (!this.canStartOperand()) break;
        args.push(this.parseCallArg(this.isFnSlot(name, i), { name, arity: n, idx: i }));
      }
      return this.parseFieldChain(call(args, 'none'));
    }
    if (this.canStartOperand()) {
      const k = this.peekKind() as TokenKind;
      if (isInfixOrSuffix(k) && !this.looksLikePrefixBinary(this.pos)) return atom;
      const args: A.Expr[] = [];
      while (this.canStartOperand()) {
        const idx = args.length;
        const outer = arity !== undefined && arity > 0 ? { name, arity, idx } : undefined;
        args.push(this.parseCallArg(this.isFnSlot(name, idx), outer));
        const nk = this.peekKind();
        if (nk !== undefined && isInfixOrSuffix(nk) && (nk === '??' || !this.looksLikePrefixBinary(this.pos))) break;
      }
      return this.parseFieldChain(call(args, 'none'));
    }
    return atom;
  }

  private parseRecord(typeName: A.Name): A.RecordExpr {
    const fields: A.FieldInit[] = [];
    while (this.peekKind() === 'ident' && this.kindAt(this.pos + 1) === ':') {
      const name = this.expectIdent();
      this.expect(':');
      const value = this.parseAtom();
      fields.push({ name, value, start: name.start, end: value.end });
    }
    return { kind: 'Record', typeName, fields, start: typeName.start, end: this.prevEnd() };
  }

  private looksLikePrefixBinary(i: number): boolean {
    return this.scanPrefixBinaryEnd(i) !== undefined;
  }

  /** If the operator at `i` has two operands available (atoms or nested prefix forms), where they end. */
  private scanPrefixBinaryEnd(i: number, nest = 0): number | undefined {
    if (this.at(i) === undefined || nest > MAX_NESTING) return undefined;
    let count = 0;
    let look = i + 1;
    while (count < 2) {
      const k = this.kindAt(look);
      if (k === undefined) break;
      if (this.isFnDeclStart(look)) break;
      if (k === 'ident' || k === 'number' || k === 'text' || k === 'true' || k === 'false' || k === 'nil' || k === '_') {
        count++;
        look++;
      } else if (k === '(' || k === '[') {
        count++;
        const close = k === '(' ? ')' : ']';
        let depth = 1;
        look++;
        while (depth > 0) {
          const kk = this.kindAt(look);
          if (kk === undefined) break;
          if (kk === k) depth++;
          if (kk === close) depth--;
          look++;
        }
      } else if (PREFIX_BINOPS.has(k) || k === '-' || k === '??') {
        const end = this.scanPrefixBinaryEnd(look, nest + 1);
        if (end === undefined) break;
        count++;
        look = end;
      } else break;
    }
    return count >= 2 ? look : undefined;
  }

  /** `++++a b c d`: a run of K prefix operators needs K+1 operands. */
  private prefixChainDiagnostic(): ParseError | undefined {
    let k = 0;
    let p = this.pos;
    for (;;) {
      const kind = this.kindAt(p);
      if (kind === undefined || !PREFIX_BINOPS.has(kind)) break;
      k++;
      p++;
    }
    if (k < 2) return undefined;
    let atoms = 0;
    let binops = k;
    let q = p;
    const skipGroup = (open: TokenKind): void => {
      const close = open === '(' ? ')' : ']';
      let depth = 1;
      q++;
      for (;;) {
        const kk = this.kindAt(q);
        if (kk === undefined) return;
        if (kk === open) depth++;
        else if (kk === close) {
          depth--;
          if (depth === 0) {
            q++;
            return;
          }
        }
        q++;
      }
    };
    for (;;) {
      const kind = this.kindAt(q);
      if (kind === undefined) break;
      if (kind === ';' || kind === 'newline' || kind === '}' || kind === ')' || kind === ']') break;
      if (kind === '!' || kind === '~' || kind === '^' || kind === '$' || kind === '-') {
        q++;
        continue;
      }
      if (ATOM_STARTS.has(kind) && kind !== '(' && kind !== '[') {
        atoms++;
        q++;
        for (;;) {
          const nk = this.kindAt(q);
          if (nk === '.' || nk === '.?') {
            q++;
            const fk = this.kindAt(q);
            if (fk === 'ident' || fk === 'number') q++;
          } else if (nk === '!' || nk === '!!') {
            q++;
          } else if (nk === '(' || nk === '[') {
            skipGroup(nk);
          } else if (nk === 'with') {
            return undefined;
          } else break;
        }
        continue;
      }
      if (kind === '(' || kind === '[') {
        atoms++;
        skipGroup(kind);
        continue;
      }
      if (PREFIX_BINOPS.has(kind)) {
        binops++;
        q++;
        continue;
      }
      return undefined;
    }
    const needed = binops + 1;
    if (atoms >= needed) return undefined;
    const chain = this.toks
      .slice(this.pos, this.pos + k)
      .map((t) => t.text)
      .join('');
    return this.err(
      'ILO-P003',
      `the prefix chain \`${chain}\` needs ${needed} operands but has ${atoms}`,
      `${k} prefix operators in a row take ${needed} operands; add operands, shorten the chain, or bind a step first`,
    );
  }

  private canStartAtom(): boolean {
    const k = this.peekKind();
    return k !== undefined && ATOM_STARTS.has(k);
  }

  private canStartOperand(): boolean {
    if (this.isFnDeclStart(this.pos)) return false;
    const k = this.peekKind();
    return k !== undefined && (ATOM_STARTS.has(k) || OPERAND_OPS.has(k));
  }

  private canStartOperandAt(i: number): boolean {
    const saved = this.pos;
    this.pos = i;
    const r = this.canStartOperand();
    this.pos = saved;
    return r;
  }

  private parseOperand(): A.Expr {
    const t = this.peek();
    const k = t?.kind;
    if (k !== undefined && PREFIX_BINOPS.has(k)) return this.parsePrefixBinop();
    switch (k) {
      case '??':
        return this.parsePrefixCoalesce();
      case '-':
        return this.parseMinus();
      case '!':
      case '~':
      case '^': {
        this.pos++;
        const inner = this.parseOperand();
        const start = (t as Token).start;
        if (k === '!') return { kind: 'Unary', op: '!', operand: inner, start, end: inner.end };
        if (k === '~') return { kind: 'Ok', value: inner, start, end: inner.end };
        return { kind: 'Err', value: inner, start, end: inner.end };
      }
      case '$':
        return this.parseDollar();
      default:
        return this.parseAtom();
    }
  }

  private parseAtom(): A.Expr {
    this.enter();
    try {
      return this.parseAtomBody();
    } finally {
      this.leave();
    }
  }

  private parseAtomBody(): A.Expr {
    const t = this.peek();
    if (t === undefined) throw this.errHereOrPrev('ILO-P010', 'expected an expression, but the input ended');
    const start = t.start;
    switch (t.kind) {
      case 'number':
        this.pos++;
        return { kind: 'Number', value: t.value ?? Number(t.text), raw: t.text, start, end: t.end };
      case 'text':
        this.pos++;
        return { kind: 'Text', value: t.text, start, end: t.end };
      case 'true':
      case 'false':
        this.pos++;
        return { kind: 'Bool', value: t.kind === 'true', start, end: t.end };
      case 'nil':
        this.pos++;
        return { kind: 'Nil', start, end: t.end };
      case '_':
        this.pos++;
        return { kind: 'Ref', name: '_', start, end: t.end };
      case '(': {
        if (this.looksLikeInlineLambda()) return this.parseLambda();
        this.pos++;
        const saved = this.ctx;
        this.ctx = { noWhitespaceCall: false };
        let inner: A.Expr;
        try {
          inner = this.parseExpr();
        } finally {
          this.ctx = saved;
        }
        const close = this.expect(')');
        // Keep the inner node, widened to cover the parentheses.
        const grouped = { ...inner, start, end: close.end } as A.Expr;
        return this.parseFieldChain(grouped);
      }
      case '[':
        return this.parseList();
      case 'ident': {
        this.pos++;
        if (t.text === 'mmap') {
          // `mmap()` is the same empty map (the reference's formatter prints it so).
          if (this.peekKind() === '(' && this.kindAt(this.pos + 1) === ')') this.pos += 2;
          return { kind: 'Call', callee: this.name(t), args: [], unwrap: 'none', start, end: this.prevEnd() };
        }
        const b = this.peek();
        if (
          (b?.kind === '!' || b?.kind === '!!') &&
          b.start === t.end &&
          this.kindAt(this.pos + 1) === '(' &&
          this.kindAt(this.pos + 2) === ')'
        ) {
          this.pos += 3;
          return {
            kind: 'Call',
            callee: this.name(t),
            args: [],
            unwrap: b.kind === '!!' ? 'panic' : 'propagate',
            start,
            end: this.prevEnd(),
          };
        }
        if (b?.kind === '(' && this.kindAt(this.pos + 1) === ')') {
          this.pos += 2;
          return { kind: 'Call', callee: this.name(t), args: [], unwrap: 'none', start, end: this.prevEnd() };
        }
        return this.parseFieldChain({ kind: 'Ref', name: t.text, start, end: t.end });
      }
      default:
        if (t.kind === 'fn' || t.kind === 'def') {
          throw this.err(
            'ILO-P009',
            `\`${t.kind}\` is a reserved word and cannot start an expression`,
            'an inline function is written in parentheses: `(x:n>n;+x 1)`; a named one at top level as `name x:n>n;body`',
          );
        }
        throw this.err(
          'ILO-P009',
          `expected an expression, found ${describeToken(t)}`,
          'a value is needed here: a literal, a name, a call or a parenthesised expression',
        );
    }
  }

  private parseFieldChain(expr: A.Expr): A.Expr {
    while (this.peekKind() === '.' || this.peekKind() === '.?') {
      const safe = this.peekKind() === '.?';
      this.pos++;
      const t = this.peek();
      if (t !== undefined && t.kind === 'number' && Number.isInteger(t.value) && (t.value ?? -1) >= 0) {
        this.pos++;
        expr = { kind: 'Index', object: expr, index: t.value as number, safe, start: expr.start, end: t.end };
        continue;
      }
      if (t !== undefined && t.kind === '(') {
        throw this.err(
          'ILO-P005',
          'expected a field name after `.`, found `(`',
          'to index with an expression use `at xs (expr)`, or bind the index to a name: `xs.i`',
        );
      }
      const field = this.expectIdent();
      expr = { kind: 'Field', object: expr, field, safe, start: expr.start, end: field.end };
    }
    return expr;
  }

  private listHasTopLevelComma(): boolean {
    let paren = 0;
    let bracket = 0;
    let brace = 0;
    for (let i = this.pos; ; i++) {
      const k = this.kindAt(i);
      if (k === undefined) return false;
      if (k === '(') paren++;
      else if (k === ')') paren--;
      else if (k === '[') bracket++;
      else if (k === ']') {
        if (bracket === 0 && paren === 0 && brace === 0) return false;
        bracket--;
      } else if (k === '{') brace++;
      else if (k === '}') brace--;
      else if (k === ',' && paren === 0 && bracket === 0 && brace === 0) return true;
    }
  }

  private parseList(): A.ListExpr {
    const open = this.advance() as Token;
    const hasComma = this.listHasTopLevelComma();
    const items: A.Expr[] = [];
    while (this.peekKind() !== ']') {
      if (this.peekKind() === ';') {
        throw this.err('ILO-P009', '`;` does not separate list items', 'separate items with spaces or commas: `[1 2 3]`');
      }
      const saved = this.ctx;
      this.ctx = { noWhitespaceCall: !hasComma };
      try {
        items.push(this.parseListElement());
      } finally {
        this.ctx = saved;
      }
      if (this.peekKind() === ',') this.pos++;
    }
    const close = this.expect(']');
    return { kind: 'List', items, start: open.start, end: close.end };
  }

  private parseListElement(): A.Expr {
    const t = this.peek();
    if (t?.kind === '~' || t?.kind === '^') {
      this.pos++;
      const inner = this.parseExprInner();
      return t.kind === '~'
        ? { kind: 'Ok', value: inner, start: t.start, end: inner.end }
        : { kind: 'Err', value: inner, start: t.start, end: inner.end };
    }
    return this.parseExprInner();
  }

  private looksLikeInlineLambda(): boolean {
    const k1 = this.kindAt(this.pos + 1);
    const k2 = this.kindAt(this.pos + 2);
    if (!((k1 === 'ident' && k2 === ':') || k1 === '>')) return false;
    let depth = 1;
    let sawGt = false;
    for (let i = this.pos + 1; ; i++) {
      const k = this.kindAt(i);
      if (k === undefined) return false;
      if (k === '(' || k === '[' || k === '{') depth++;
      else if (k === ')' || k === ']' || k === '}') {
        depth--;
        if (depth === 0) return false;
      } else if (k === '>' && depth === 1) sawGt = true;
      else if (k === ';' && depth === 1 && sawGt) return true;
    }
  }

  private parseLambda(): A.LambdaExpr {
    const open = this.expect('(');
    const saved = this.ctx;
    this.ctx = { noWhitespaceCall: false };
    try {
      const params = this.parseParams();
      this.expect('>');
      const returnType = this.parseType();
      if (this.peekKind() === ';') this.pos++;
      const body: A.Stmt[] = [];
      if (this.peekKind() !== ')') {
        body.push(this.parseStmt());
        while (this.peekKind() === ';') {
          this.pos++;
          if (this.peekKind() === ')') break;
          body.push(this.parseStmt());
        }
      }
      const after = this.peek();
      if (after !== undefined && after.kind === 'ident') {
        throw this.err(
          'ILO-P003',
          `expected \`)\` to close the inline function, found ${describeToken(after)}`,
          'a chained call inside an inline function needs parentheses: `(a:n x:t>n;+a (f (g x)))`',
        );
      }
      const close = this.expect(')');
      return { kind: 'Lambda', params, returnType, body, start: open.start, end: close.end };
    } finally {
      this.ctx = saved;
    }
  }
}

/**
 * Canonical builtin names are reserved (ILO-P011); their long-form aliases
 * (`length`, `contains`) are not: the reference accepts them as user names.
 */
export function isCanonicalBuiltin(name: string): boolean {
  return canonicalBuiltinName(name) === name;
}

function isInfixOrSuffix(k: TokenKind): boolean {
  return k === '??' || INFIX_BP[k] !== undefined;
}

function isGuardCondition(e: A.Expr): boolean {
  return e.kind === 'Binary' && GUARD_OPS.has(e.op);
}

function lastExpr(body: A.Stmt[], at: A.Span): A.Expr {
  const last = body[body.length - 1];
  if (last !== undefined && last.kind === 'ExprStmt') return last.expr;
  const end = last?.end ?? at.end;
  return { kind: 'Nil', start: end, end };
}

function bindLast(name: A.Name, body: A.Stmt[]): A.Stmt[] {
  const last = body[body.length - 1];
  if (last === undefined || last.kind !== 'ExprStmt') return body;
  const bind: A.BindStmt = { kind: 'Bind', name, value: last.expr, start: last.start, end: last.end };
  return [...body.slice(0, -1), bind];
}

export { MAX_ERRORS };
