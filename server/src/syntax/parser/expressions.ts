// Expressions: the head (`~e`, `^e`, a prefix or infix operator form, a call
// or an atom), the `with`, `??` and `>>` tails, prefix and infix operators
// (rules 2 and 5 of index.ts: `-` takes one or two operands), `$url`, and the
// operand rule. How names group their operands is in calls.ts.

import type * as A from '../ast';
import type { ParseError } from '../parseError';
import type { Token } from '../tokens';
import { CallParser } from './calls';
import { ATOM_STARTS, INFIX_BP, PREFIX_BINOPS } from './cursor';

export abstract class ExpressionParser extends CallParser {
  // Forward declarations: defined by match.ts.
  protected abstract isPrefixTernary(): boolean;
  protected abstract parsePrefixTernary(): A.TernaryExpr;
  protected abstract parseMatch(isStmt: boolean): A.MatchStmt | A.MatchExpr | A.ExprStmt | A.Expr;

  /** A full expression: a head, then any `with`, `??` and `>>` tails. */
  protected override parseExpr(): A.Expr {
    this.enter();
    try {
      let expr = this.parseExprHead();
      expr = this.maybeWith(expr);
      expr = this.maybeCoalesce(expr);
      return this.maybePipe(expr);
    } finally {
      this.leave();
    }
  }

  protected override parseExprHead(): A.Expr {
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

  /** An expression without `with`/`??`/`>>` tails. */
  protected parseExprInner(): A.Expr {
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

  // ------------------------------------------------------------ tails: `with`, `??`, `>>`

  private maybeWith(expr: A.Expr): A.Expr {
    if (this.peekKind() !== 'with') return expr;
    const w = this.advance() as Token;
    const updates = this.parseFieldInits();
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
      // The piped value fills the last slot.
      const args = this.parseGreedyArgs(callee.text, arity !== undefined && arity > 0 ? arity - 1 : undefined, false);
      args.push(expr);
      expr = { kind: 'Call', callee, args, unwrap, piped: true, start: expr.start, end: this.prevEnd() };
    }
    return expr;
  }

  // ------------------------------------------------------------ operators

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

  private parsePrefixCoalesce(): A.Expr {
    const t = this.advance() as Token;
    const value = this.parseCallArg(false, undefined);
    const fallback = this.parseExprInner();
    return { kind: 'Coalesce', value, fallback, start: t.start, end: fallback.end };
  }

  /** `$url` is `get url` (0.11); `$cmd argv` is `run cmd argv` (26); `$!…` unwraps. */
  private parseDollar(): A.Expr {
    const t = this.advance() as Token;
    const unwrap = this.maybePostfixUnwrap();
    const args = [this.parseOperand()];
    if (this.syn.dollarOperands === 2) args.push(this.parseOperand());
    return {
      kind: 'Call',
      callee: { text: this.level.builtins.sigils['$'] ?? 'get', start: t.start, end: t.end },
      args,
      unwrap,
      start: t.start,
      end: args[args.length - 1].end,
    };
  }

  private parseMinus(): A.Expr {
    this.checkDoubleMinus();
    const t = this.advance() as Token;
    // At level 0.11 `-` reads plain operands (no known-arity calls): `- len xs` is `len` minus `xs`.
    const operand = (): A.Expr => (this.syn.minusOperandCalls ? this.parsePrefixBinopOperand() : this.parseOperand());
    const first = operand();
    if (this.canStartOperand()) {
      const second = operand();
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

  protected parsePrefixBinop(): A.Expr {
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
    if (t.kind === '+' && this.syn.infixChainError) this.checkInfixPlusChain();
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

  /**
   * Level 26, ILO-P010: `+a+b+c` — a leading prefix `+` then `+` glued
   * between atoms: the second `+` has nothing to its left.
   */
  private checkInfixPlusChain(): void {
    const atom = (i: number): boolean => {
      const k = this.kindAt(i);
      return k === 'ident' || k === 'number' || k === 'text' || k === 'true' || k === 'false' || k === 'nil';
    };
    const gluedPlus = (i: number): boolean => this.kindAt(i) === '+' && this.at(i - 1)!.end === this.at(i)!.start;
    const p = this.pos;
    if (!(atom(p + 1) && gluedPlus(p + 2) && atom(p + 3) && gluedPlus(p + 4) && atom(p + 5))) return;
    throw this.err(
      'ILO-P010',
      'an infix `+` chain after a prefix `+`: `+a+b+c` reads as prefix `+a` and a stray `+b+c`',
      'drop the leading `+` (`a+b+c`), nest prefix forms (`+a +b c`), use `fmt "{}{}{}" a b c`, or bind the steps',
    );
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
            q = this.groupEnd(q, nk);
          } else if (nk === 'with') {
            return undefined;
          } else break;
        }
        continue;
      }
      if (kind === '(' || kind === '[') {
        atoms++;
        q = this.groupEnd(q, kind);
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

  // ------------------------------------------------------------ operands

  /** One operand: a prefix form or an atom (never a greedy call). */
  protected override parseOperand(): A.Expr {
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
}
