// The ilo parser: tokens → typed AST (../ast.ts), raising the reference's parse
// error codes (ILO-P001..P021) at the reference's positions.
//
// RULES THAT A GRAMMAR CANNOT EXPRESS (the lead copies a summary to README):
//
// 1. Arity decides grouping. A call at the head of an expression takes every
//    following operand greedily (`f a b c`). In *operand* position (argument of
//    another call, operand of a prefix operator, ternary branch) a name with a
//    known arity N > 0 (a builtin from ../callArity.ts, a function declared
//    *earlier in the file* or the function being declared; a name from a
//    `use`d file only with the usedFileArities rule, off at level 0.11)
//    becomes a nested call that takes exactly N operands, so
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
// 4. Column-0 newlines (kept by ../normalize.ts) are invisible to expressions but
//    bound headers: a header that reaches one is "incomplete" (ILO-P020), and
//    a type that would be read across one is missing (ILO-P007).
// 5. `-` is negation with one operand and subtraction with two; a glued `-3`
//    is a negative literal except where an expression starts (../lexer.ts).
// 6. At statement start, a comparison/logical prefix expression followed by
//    another operand is a braceless guard (`>=x 10 "big"`), followed by `{` a
//    braced guard, by `{a}{b}` a ternary.
//
// The first error of a declaration is reported (thrown, then caught by the
// top-level loop, which skips to the next declaration start and carries on;
// see recovery.ts).
//
// LAYOUT. One class per grammar area, stacked in one chain (as Babel's parser
// is) so every rule stays a plain method call on one object: monomorphic, no
// per-token allocation; the chain costs only a few tens of nanoseconds per
// `new Parser` (one per parse of a document).
//
//   cursor.ts        Cursor             tokens, position, errors, nesting guard,
//                                       arity table, where a header starts
//   types.ts         TypeParser         types and parameter lists
//   atoms.ts         AtomParser         literals, names, groups, lists, records,
//                                       field chains, inline functions
//   calls.ts         CallParser         call-arity resolution (rules 1, 2)
//   expressions.ts   ExpressionParser   operators, tails (`with`, `??`, `>>`)
//   patterns.ts      PatternParser      match patterns
//   match.ts         MatchParser        match and ternary forms, arms
//   statements.ts    StatementParser    statements, bodies, guards (rules 3, 6)
//   declarations.ts  DeclarationParser  functions, `type`, `tool`, `alias`, `use`
//   recovery.ts      RecoveringParser   skipping a broken declaration
//   index.ts         Parser             the entry points used by ../parse.ts
//                                       and the strict path
//
// A rule that a lower area needs from a higher one (a list element is an
// expression, a match arm holds statements) is declared there as an abstract
// method and defined in the higher file (marked `override`).
//
// resolve.ts, beside it, is the strict path: it builds declarations from the
// ohm grammar's outline and asks this parser (readPieceAt) to group each
// operand sequence.

import type * as A from '../ast';
import type { Token } from '../tokens';
import { RecoveringParser, type TopLevelItem } from './recovery';

export type { ArityEnv } from './cursor';
export { MAX_NESTING } from './cursor';
export type { TopLevelItem } from './recovery';
export { isCanonicalBuiltin } from './statements';

/** Parse errors reported per document at most. */
export const MAX_ERRORS = 20;

/**
 * Parses a token stream (newline tokens removed; `boundary[i]` says a column-0
 * line break sat before token `i`). The driver (../parse.ts) runs the top-level
 * loop through `parseTopLevel` so it can cache declaration chunks.
 */
export class Parser extends RecoveringParser {
  /**
   * Parse one top-level declaration (or fail on it and skip to the next
   * declaration start). Always makes progress.
   */
  parseTopLevel(): TopLevelItem {
    const before = this.pos;
    const startTok = this.peek();
    this.header = {};
    this.depth = 1; // inside a declaration
    this.ctx = { noWhitespaceCall: false };
    try {
      const decl = this.parseDecl();
      return { decl };
    } catch (caught) {
      return this.recover(caught, before, startTok);
    }
  }

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
    this.depth = 1; // inside a declaration, as in parseTopLevel
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
}
