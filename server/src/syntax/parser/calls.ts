// Call-arity resolution (rules 1 and 2 of index.ts): how a name groups the
// operands after it. At the head of an expression a call takes every operand
// that follows (greedy); in operand position a name with a known arity N > 0
// takes exactly N (a nested call), a variadic trailing builtin (`fmt`) takes
// the rest; slots that take a function never expand. Also the operand
// lookahead these decisions rest on: what can start an operand, and whether
// a prefix operator has its two operands.

import type * as A from '../ast';
import { ParseError } from '../parseError';
import type { Token, TokenKind } from '../tokens';
import { AtomParser } from './atoms';
import { ATOM_STARTS, INFIX_BP, MAX_NESTING, OPERAND_OPS, PREFIX_BINOPS } from './cursor';

/** The call an argument belongs to: its name, how many slots it has, which slot this is. */
interface OuterCall {
  name: string;
  arity: number;
  idx: number;
}

export abstract class CallParser extends AtomParser {

  /** A name at the head of an expression: a call taking every operand that follows, or a plain atom. */
  protected parseCallOrAtom(): A.Expr {
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
    if (this.syn.parenCalls && this.peekKind() === '(' && this.peek()!.start === this.prevEnd() && !this.looksLikeInlineLambda(this.pos)) {
      return this.parseFieldChain(this.parenCall(callee, unwrap));
    }
    const arity = this.arityOf(name);
    const slots = arity !== undefined && arity > 0 ? arity : undefined;
    if (unwrap !== 'none') {
      // `rdin!`: a builtin that takes nothing never takes the next statement's words.
      if (this.syn.parenCalls && this.takesNoArguments(name)) return call([], unwrap);
      return this.parseFieldChain(this.greedyCall(callee, slots, false, unwrap));
    }
    if (this.peekKind() === 'ident' && this.kindAt(this.pos + 1) === ':') {
      // Level 26: a function's parameter names make `f a:1 b:2` a labelled call, not a record.
      if (this.syn.labelledArgs && this.labelNames(name) !== undefined && this.labelAtCursor() !== undefined) return this.parseFieldChain(this.labelledCall(callee, []));
      return this.parseRecord(callee);
    }
    if ((this.calls.isZeroArg(name) || arity === 0) && !this.canStartOperand()) return call([], 'none');
    if (this.ctx.noWhitespaceCall) {
      const n = arity ?? 0;
      if (n === 0 || !this.canStartOperand()) {
        if (n === 0 && this.syn.listCallError && this.canStartOperand() && this.level.builtins.isName(name)) {
          throw new ParseError(
            'ILO-P101',
            atom.start,
            atom.end,
            `a list element starts with the builtin \`${name}\` and the operands after it`,
            `inside \`[...]\` each word is an element: write \`(${name} ...)\` or \`${name}(...)\` for the call, or bind it first`,
          );
        }
        return atom;
      }
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
      return this.parseFieldChain(this.greedyCall(callee, slots, true, 'none'));
    }
    return atom;
  }

  /**
   * A call at the head of an expression taking every operand that follows
   * (parseGreedyArgs); at level 26 a `label:value` among them makes the rest
   * labelled arguments, where the callee's parameter names are known.
   */
  private greedyCall(callee: A.Name, slots: number | undefined, stopAtInfix: boolean, unwrap: A.UnwrapMode): A.CallExpr {
    const name = callee.text;
    const labels = this.syn.labelledArgs && this.labelNames(name) !== undefined;
    const args: A.Expr[] = [];
    while (this.canStartOperand()) {
      if (labels && this.labelAtCursor() !== undefined) {
        const call = this.labelledCall(callee, args);
        call.unwrap = unwrap;
        return call;
      }
      const idx = args.length;
      const outer = slots !== undefined ? { name, arity: slots, idx } : undefined;
      args.push(this.parseCallArg(this.isFnSlot(name, idx), outer));
      if (stopAtInfix && this.infixEndsArgs()) break;
    }
    return { kind: 'Call', callee, args, unwrap, start: callee.start, end: Math.max(this.prevEnd(), callee.end) };
  }

  /** Level 26: a builtin whose only form takes no arguments (`rdin`, `world`). */
  private takesNoArguments(name: string): boolean {
    const b = this.level.builtins.lookup(name);
    return b !== undefined && b.arities.length === 1 && b.arities[0] === 0;
  }

  /**
   * Level 26: the labelled arguments (`b:2 a:1`) after a call's positional
   * ones (`positional`), values read as operands, put in parameter order.
   */
  private labelledCall(callee: A.Name, positional: A.Expr[]): A.CallExpr {
    const labelled: Array<{ label: A.Name; value: A.Expr }> = [];
    for (let label = this.labelAtCursor(); label !== undefined; label = this.labelAtCursor()) {
      this.pos += 2;
      labelled.push({ label, value: this.parseOperand() });
    }
    const call: A.CallExpr = { kind: 'Call', callee, args: positional, unwrap: 'none', start: callee.start, end: this.prevEnd() };
    this.resolveLabels(call, labelled);
    return call;
  }

  /** An argument of a call (`outer`, when its arity is known): a name with a known arity becomes a nested call. */
  protected parseCallArg(inFnSlot: boolean, outer: OuterCall | undefined): A.Expr {
    const t = this.peek();
    if (!inFnSlot && t !== undefined && t.kind === 'ident' && this.calls.isVariadicTrailing(t.text) && outer !== undefined) {
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
          if (this.infixEndsArgs()) break;
        }
        return this.finishNestedCall(t, args);
      }
    }
    if (!inFnSlot && t !== undefined && t.kind === 'ident') {
      const arity = this.arityOf(t.text);
      if (arity !== undefined && arity > 0 && !this.blocksExpansion()) {
        this.pos++;
        // Kept inline (not shared with the list-literal loop in parseCallOrAtom): this is the recursion
        // of `f g h x`, and a helper would add a stack frame per level.
        const args: A.Expr[] = [];
        for (let i = 0; i < arity; i++) {
          if (!this.canStartOperand()) break;
          args.push(this.parseCallArg(this.isFnSlot(t.text, i), { name: t.text, arity, idx: i }));
        }
        return this.finishNestedCall(t, args);
      }
    }
    return this.parseOperand();
  }

  /** The call `t args` read in operand position, and the field chain after it. */
  private finishNestedCall(t: Token, args: A.Expr[]): A.Expr {
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

  /** One operand of a prefix operator: a known-arity name followed by operands becomes a nested call. */
  protected parsePrefixBinopOperand(): A.Expr {
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

  // ------------------------------------------------------------ argument lists

  /**
   * Every operand that follows, as arguments of `name`; `slots` is the arity
   * its arguments see (undefined when unknown or 0). With `stopAtInfix`, an
   * infix operator after an argument ends the list.
   */
  protected parseGreedyArgs(name: string, slots: number | undefined, stopAtInfix: boolean): A.Expr[] {
    const args: A.Expr[] = [];
    while (this.canStartOperand()) {
      const idx = args.length;
      const outer = slots !== undefined ? { name, arity: slots, idx } : undefined;
      args.push(this.parseCallArg(this.isFnSlot(name, idx), outer));
      if (stopAtInfix && this.infixEndsArgs()) break;
    }
    return args;
  }

  /** After an argument: an infix operator (or `??`) that does not start a prefix form ends the arguments. */
  private infixEndsArgs(): boolean {
    const k = this.peekKind();
    return k !== undefined && isInfixOrSuffix(k) && (k === '??' || !this.looksLikePrefixBinary(this.pos));
  }

  /** A `!` (propagate) or `!!` (panic) glued to the token before the cursor. */
  protected maybePostfixUnwrap(): A.UnwrapMode {
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

  // ------------------------------------------------------------ operand lookahead

  protected canStartOperand(): boolean {
    if (this.isFnDeclStart(this.pos) || this.isTestBlockStart(this.pos) || this.pos === this.clauseStop) return false;
    const k = this.peekKind();
    if (k === undefined) return false;
    if (ATOM_STARTS.has(k) || OPERAND_OPS.has(k)) {
      // Level 26: at a column-0 line break, `name=` is a stray top-level binding (ILO-P102), not an operand.
      if (k === 'ident' && this.boundary[this.pos] === true && this.syn.topLevelBindError && this.kindAt(this.pos + 1) === '=') return false;
      return true;
    }
    if (k === '{' && this.syn.braceLambdas) {
      if (this.kindAt(this.pos + 1) === 'ident' && this.kindAt(this.pos + 2) === ':') return true;
      return this.ctx.noBraceLambda !== true && this.looksLikeBraceLambda();
    }
    return false;
  }

  private canStartOperandAt(i: number): boolean {
    const saved = this.pos;
    this.pos = i;
    const r = this.canStartOperand();
    this.pos = saved;
    return r;
  }

  private looksLikePrefixBinary(i: number): boolean {
    return this.scanPrefixBinaryEnd(i) !== undefined;
  }

  /** If the operator at `i` has two operands available (atoms or nested prefix forms), where they end. */
  protected scanPrefixBinaryEnd(i: number, nest = 0): number | undefined {
    if (this.at(i) === undefined || nest > MAX_NESTING) return undefined;
    let count = 0;
    let look = i + 1;
    while (count < 2) {
      const k = this.kindAt(look);
      if (k === undefined) break;
      if (this.isFnDeclStart(look) || this.isTestBlockStart(look) || look === this.clauseStop) break;
      if (k === 'ident' || k === 'number' || k === 'text' || k === 'true' || k === 'false' || k === 'nil' || k === '_') {
        count++;
        look++;
      } else if (k === '(' || k === '[') {
        count++;
        look = this.groupEnd(look, k);
      } else if (PREFIX_BINOPS.has(k) || k === '-' || k === '??') {
        const end = this.scanPrefixBinaryEnd(look, nest + 1);
        if (end === undefined) break;
        count++;
        look = end;
      } else break;
    }
    return count >= 2 ? look : undefined;
  }
}

export function isInfixOrSuffix(k: TokenKind): boolean {
  return k === '??' || INFIX_BP[k] !== undefined;
}
