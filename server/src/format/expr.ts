// Expressions on one line, in either style, grouped the way the parser will
// read them back.
//
// ilo has no precedence to lean on: how operands group depends on where an
// expression stands (head of a statement, argument of a call, operand of a
// prefix operator, ...) and on call arities (parser.ts, "rules that a grammar
// cannot express"). Each expression is printed for a context that says which
// parser routine will read it; `bareOk` says whether it can stand there
// without parentheses. The tree has no record of the parentheses the source
// had: we add them only where the parser needs them, which is also what the
// reference formatter prints when it gets the grouping right. What these
// rules miss, the verifier (verify.ts) catches and repairs by forcing
// parentheses on the nodes it names (`forced`).

import type { SyntaxFeatures } from '../level';
import type * as A from '../syntax/ast';
import type { AritySource } from './arity';
import { comparedCallee } from './meaning';
import { chainMiscounts, continuesCall, glue, isBareIdent, isSingleUnit, numberText, startsWithGreater, textLiteral, typeText } from './spelling';

export type Style = 'expanded' | 'dense';

/** The parser routine that reads the expression. */
export type CtxKind =
  | 'expr' // parseExpr: a full expression (after `=`, `ret`, inside parentheses, ...)
  | 'stmt' // an expression statement at the start of a statement
  | 'guard' // the condition of a guard at the start of a statement
  | 'bang' // the operand of a statement-level `!` (parseExprInner)
  | 'inner' // parseExprInner: no `~`/`^` in front, no `with`/`??` after
  | 'item' // an element of a list with commas
  | 'item1' // the only element of a list (read without whitespace calls)
  | 'operand' // parseOperand
  | 'pbo' // operand of a prefix operator: a known-arity name takes its arguments
  | 'arg' // argument of a call
  | 'atom'; // parseAtom: literals, names, groups

export interface Ctx {
  kind: CtxKind;
  /** Another operand follows in the printed text (a greedy reader would take it). */
  followed: boolean;
  /** The previous token is one after which a glued `-1` reads as minus and 1 (`;` `=` `{` `(` `-`). */
  atStart?: boolean;
  /** Argument slot that takes a function: a name there is never expanded into a call. */
  fnSlot?: boolean;
  /** The call this argument belongs to when that call has a known arity (Parser.parseCallArg's `outer`). */
  outer?: { arity: number; idx: number };
  /** Argument of a greedy head call: the call stops at an infix-looking operator. */
  headArg?: boolean;
}

export interface ExprOptions {
  style: Style;
  /** The document text (where `$url` was written for `get url`, and sum variants in patterns). */
  source: string;
  arities: AritySource;
  userNames: ReadonlySet<string>;
  /** The language level's syntax switches (how a ternary branch and the operands of `-` are read). */
  syntax: SyntaxFeatures;
  /** 0: parentheses only where needed; 1: around every compound operand as well. */
  level: 0 | 1;
  /** Nodes that must be parenthesised (repairs found by the verifier). */
  forced: ReadonlySet<object>;
  /** Statement lists and match arms inside expressions (lambdas, inline matches), on one line. */
  stmtsInline: (stmts: readonly A.Stmt[]) => string;
  /** Level 26: text literals (and `"{name}"` interpolations) are printed as written. */
  textAsWritten?: boolean;
  armsInline: (arms: readonly A.MatchArm[]) => string;
}

const HEAD_KINDS: ReadonlySet<CtxKind> = new Set(['expr', 'stmt', 'guard', 'bang', 'inner', 'item', 'item1']);
/** Statement starts: a leading `ret`/`wh`/... word or `name=` would start another statement form. */
const STMT_START: ReadonlySet<CtxKind> = new Set(['stmt', 'guard']);
const COMPARISONS = new Set(['=', '>', '<', '>=', '<=', '!=']);
const STMT_WORDS = new Set(['ret', 'brk', 'cnt', 'wh']);

const EXPR: Ctx = { kind: 'expr', followed: false, atStart: true };

/**
 * Expressions that read back as themselves anywhere and never take
 * parentheses of ours (a literal, a list, a lambda, a field or index chain).
 */
const SELF_CONTAINED: ReadonlySet<string> = new Set(['Number', 'Text', 'Bool', 'Nil', 'List', 'Lambda', 'Field', 'Index', 'AnonRecord']);

/** A call that is one unit wherever it stands: `f(a, b)`, or an interpolated text (both level 26). */
function closedCall(e: A.Expr): boolean {
  return e.kind === 'Call' && (e.parens === true || e.interpolated === true);
}

export class ExprPrinter {
  readonly dense: boolean;

  constructor(readonly o: ExprOptions) {
    this.dense = o.style === 'dense';
  }

  /** The expression for `ctx`, in parentheses when it cannot stand there bare. */
  print(e: A.Expr, ctx: Ctx): string {
    const paren = (): string => this.parened(e);
    if (this.canParen(e) && (this.o.forced.has(e) || this.levelParen(e, ctx) || !this.bareOk(e, ctx))) return paren();
    const text = this.bare(e, ctx);
    if (STMT_START.has(ctx.kind) && this.canParen(e) && startsOtherStatement(text, e, ctx.kind)) return paren();
    return text;
  }

  /**
   * `e` in parentheses. `(>` opens an inline function at level 0.11 (the
   * reference reads `(>x 1)` as one returning type `x`), so a `>` comparison
   * is written infix inside them: `(x > 1)`, its operands bare when they are
   * single units, else in parentheses of their own.
   */
  parened(e: A.Expr): string {
    const inner = this.bare(e, EXPR);
    if (e.kind !== 'Binary' || e.op !== '>' || !/^>(?![=>])/.test(inner)) return `(${inner})`;
    const side = (x: A.Expr): string =>
      SELF_CONTAINED.has(x.kind) || x.kind === 'Ref' || !this.canParen(x) ? this.bare(x, { kind: 'atom', followed: true }) : this.parened(x);
    return `(${side(e.left)} > ${side(e.right)})`;
  }

  /** Whether parentheses keep the node what it is (`(-1)` is minus one, `(now)` a call). */
  canParen(e: A.Expr): boolean {
    if (SELF_CONTAINED.has(e.kind) || closedCall(e)) return false;
    switch (e.kind) {
      case 'Ref':
        return e.name !== '_' && !this.o.arities.callsWhenBare(e.name);
      default:
        return true;
    }
  }

  private levelParen(e: A.Expr, ctx: Ctx): boolean {
    if (this.o.level === 0 || HEAD_KINDS.has(ctx.kind)) return false;
    return !(e.kind === 'Ref' || (e.kind === 'Call' && e.args.length === 0 && !this.isDollar(e)));
  }

  private isDollar(e: A.CallExpr): boolean {
    return this.o.source[e.callee.start] === '$';
  }

  private calleeName(e: A.CallExpr): string {
    return comparedCallee(e.callee.text, this.o.userNames);
  }

  /** Whether `e` reads back as itself without parentheses in `ctx`. */
  bareOk(e: A.Expr, ctx: Ctx): boolean {
    const k = ctx.kind;
    if (SELF_CONTAINED.has(e.kind) || closedCall(e)) return true;
    switch (e.kind) {
      case 'Ref': {
        if (STMT_START.has(k) && STMT_WORDS.has(e.name)) return false;
        if ((k === 'arg' && !ctx.fnSlot) || k === 'pbo') {
          if (k === 'arg' && ctx.outer !== undefined && this.o.arities.isVariadicTrailing(e.name)) return false;
          // A known-arity name there is a call: on what follows (operand), or on nothing at all (argument).
          const arity = this.o.arities.shape(e.name)?.arity ?? 0;
          if (arity > 0 && (k === 'arg' || ctx.followed)) return false;
        }
        return true;
      }
      case 'Call':
        return this.callBareOk(e, ctx);
      case 'Binary':
      case 'Unary':
        if (k === 'atom') return false;
        if (e.kind === 'Unary' && e.op === '-' && (ctx.followed || ctx.headArg)) return false;
        if (e.kind === 'Unary' && e.op === '!') {
          // A statement starting with `!` is a negated guard, whose condition is read like a head:
          // a bare `now` there is a call.
          if (k === 'guard') return false;
          if (k === 'stmt' && e.operand.kind === 'Ref' && this.o.arities.callsWhenBare(e.operand.name)) return false;
        }
        if (k === 'item1') return this.singleItemOk(e);
        return true;
      case 'Ok':
      case 'Err':
        if (k === 'item1') return this.singleItemOk(e);
        // A statement starting with `^` is an error return on its own.
        return !(k === 'inner' || k === 'bang' || k === 'atom' || (k === 'guard' && e.kind === 'Err'));
      case 'Record':
        return HEAD_KINDS.has(k);
      case 'With':
      case 'Coalesce':
        return k === 'expr' || STMT_START.has(k);
      case 'Ternary':
        return HEAD_KINDS.has(k) && k !== 'guard' && k !== 'item1';
      case 'Match':
        // At a statement start `?x{...}` is a match statement, not an expression.
        return HEAD_KINDS.has(k) && !STMT_START.has(k) && k !== 'item1';
      default:
        // SELF_CONTAINED kinds, answered above.
        return true;
    }
  }

  /**
   * The only element of a list is read with "no whitespace calls" (a name
   * takes only as many arguments as its known arity) all the way down to the
   * next parenthesis: allow only shapes that this cannot regroup.
   */
  private singleItemOk(e: A.Expr): boolean {
    switch (e.kind) {
      case 'Binary':
        return true;
      case 'Unary':
      case 'Ok':
      case 'Err': {
        const inner = e.kind === 'Unary' ? e.operand : e.value;
        return inner.kind !== 'Call' && inner.kind !== 'Coalesce' && inner.kind !== 'With' && inner.kind !== 'Match' && inner.kind !== 'Ternary';
      }
      default:
        return true;
    }
  }

  private callBareOk(e: A.CallExpr, ctx: Ctx): boolean {
    const k = ctx.kind;
    if (e.args.length === 0 && !this.isDollar(e)) return true;
    if (this.isDollar(e)) return k !== 'atom';
    const name = this.calleeName(e);
    if (STMT_START.has(k) && STMT_WORDS.has(name)) return false;
    // `f! a b` takes every operand that follows, `??` included.
    if (e.unwrap !== 'none') return HEAD_KINDS.has(k) && !ctx.followed;
    if (k === 'item1') {
      const arity = this.o.arities.shape(name)?.arity ?? 0;
      return arity > 0 && e.args.length <= arity;
    }
    if (HEAD_KINDS.has(k)) return true;
    if (k !== 'arg' && k !== 'pbo') return false;
    if (k === 'arg' && ctx.fnSlot) return false;
    if (k === 'arg' && ctx.outer !== undefined && this.o.arities.isVariadicTrailing(name)) {
      return ctx.outer.idx + 1 === ctx.outer.arity && !ctx.followed;
    }
    const arity = this.o.arities.shape(name)?.arity ?? 0;
    if (arity <= 0) return false;
    return e.args.length === arity || (e.args.length < arity && !ctx.followed);
  }

  // ------------------------------------------------------------ printing

  /** Operator or sigil followed by an operand: glued in dense style, spaced in expanded. */
  private prefix(op: string, operand: string): string {
    return this.dense ? glue(op, operand) : `${op} ${operand}`;
  }

  bare(e: A.Expr, ctx: Ctx): string {
    switch (e.kind) {
      case 'Number':
        return numberText(e);
      case 'Text':
        return this.o.textAsWritten === true ? this.o.source.slice(e.start, e.end) : textLiteral(e.value);
      case 'Bool':
        return e.value ? 'true' : 'false';
      case 'Nil':
        return 'nil';
      case 'Ref':
        return e.name;
      case 'Field':
      case 'Index': {
        const obj = this.objectText(e.object, ctx);
        const tail = e.kind === 'Field' ? e.field.text : String(e.index);
        return `${obj}${e.safe ? '.?' : '.'}${tail}`;
      }
      case 'Call':
        return this.call(e, ctx);
      case 'Binary':
        return this.binary(e, ctx);
      case 'Unary':
        return this.unary(e, ctx);
      case 'Ok':
      case 'Err': {
        const inner: Ctx =
          ctx.kind === 'operand' || ctx.kind === 'pbo' || ctx.kind === 'arg'
            ? { kind: 'operand', followed: ctx.followed }
            : { kind: 'inner', followed: ctx.followed };
        return this.prefix(e.kind === 'Ok' ? '~' : '^', this.print(e.value, inner));
      }
      case 'List':
        return this.list(e);
      case 'Record':
        return [e.typeName.text, ...e.fields.map((f) => this.fieldInit(f))].join(' ');
      case 'AnonRecord':
        return `{${e.fields.map((f) => this.fieldInit(f)).join(' ')}}`;
      case 'With': {
        const obj = this.print(e.object, { kind: 'inner', followed: false, atStart: ctx.atStart });
        return [obj, 'with', ...e.updates.map((f) => this.fieldInit(f))].join(' ');
      }
      case 'Coalesce':
        return this.coalesce(e, ctx);
      case 'Ternary':
        return this.ternary(e, ctx);
      case 'Match':
        return this.matchInline(e);
      case 'Lambda':
        return this.lambda(e);
    }
  }

  private objectText(obj: A.Expr, ctx: Ctx): string {
    if ((obj.kind === 'Ref' && obj.name !== '_') || obj.kind === 'Field' || obj.kind === 'Index') {
      return this.bare(obj, { kind: 'atom', followed: false, atStart: ctx.atStart });
    }
    return this.parened(obj);
  }

  private fieldInit(f: A.FieldInit): string {
    return `${f.name.text}:${this.print(f.value, { kind: 'atom', followed: false })}`;
  }

  private call(e: A.CallExpr, ctx: Ctx): string {
    const unwrap = e.unwrap === 'propagate' ? '!' : e.unwrap === 'panic' ? '!!' : '';
    if (e.interpolated === true) return this.o.source.slice(e.start, e.end);
    if (this.isDollar(e)) {
      // `$url` (0.11) or `$cmd argv` (26): each operand read by parseOperand.
      const n = e.args.length;
      const ops = e.args.map((a, i) => this.print(a, { kind: 'operand', followed: i < n - 1 || ctx.followed }));
      return [glue(`$${unwrap}`, ops[0]), ...ops.slice(1)].join(' ');
    }
    const name = this.calleeName(e);
    if (e.parens === true) return this.parenCall(e, `${name}${unwrap}`);
    // `mmap` is the empty-map literal: the reference (0.11) rejects `mmap()`, and the bare name is valid at every level.
    if (e.args.length === 0) return name === 'mmap' && unwrap === '' ? name : `${name}${unwrap}()`;
    if (e.labels !== undefined && e.labels.some((l) => l !== undefined)) return this.labelledCall(e, `${name}${unwrap}`, ctx);
    const head = e.unwrap !== 'none' || HEAD_KINDS.has(ctx.kind);
    const shape = this.o.arities.shape(name);
    const arity = shape?.arity ?? 0;
    const n = e.args.length;
    const argCtx = (i: number): Ctx => ({
      kind: 'arg',
      followed: i < n - 1 || (!head && ctx.followed),
      fnSlot: shape?.fnSlots.includes(i) ?? false,
      outer: head ? (arity > 0 ? { arity, idx: i } : undefined) : { arity, idx: i },
      headArg: head,
    });
    const texts = e.args.map((a, i) => this.print(a, argCtx(i)));
    const paren = (i: number): void => {
      if (this.canParen(e.args[i])) texts[i] = this.parened(e.args[i]);
    };
    for (let i = 0; i < n; i++) {
      // `f x >a b` reads `x>` as the start of a function header; so does `f >a b` at a statement start.
      if (startsWithGreater(texts[i]) && (i === 0 || isBareIdent(texts[i - 1]))) paren(i);
      // A head call stops before an argument that starts with an operator unless it reads as prefix.
      if (head && !continuesCall(texts.slice(i).join(' '))) paren(i);
      // At a statement start `f =a b` reads as the binding `f=`.
      if (i === 0 && STMT_START.has(ctx.kind) && texts[0].startsWith('=')) paren(0);
    }
    return [`${name}${unwrap}`, ...texts].join(' ');
  }

  /** Level 26: `f(a, b)` / `f(b:2, a:1)`, arguments in the order written, each a full expression. */
  private parenCall(e: A.CallExpr, head: string): string {
    const order = e.order ?? e.args.map((_, i) => i);
    const parts = order.map((i) => {
      const label = e.labels?.[i];
      const text = this.print(e.args[i], { kind: 'inner', followed: false, atStart: true });
      return label !== undefined ? `${label.text}:${text}` : text;
    });
    return `${head}(${parts.join(this.dense ? ',' : ', ')})`;
  }

  /** Level 26: `f a b:2 c:3` — positional arguments, then the labelled ones as written (each an operand). */
  private labelledCall(e: A.CallExpr, head: string, ctx: Ctx): string {
    const order = e.order ?? e.args.map((_, i) => i);
    const n = order.length;
    const parts = order.map((i, k) => {
      const label = e.labels?.[i];
      const followed = k < n - 1 || ctx.followed;
      if (label === undefined) return this.print(e.args[i], { kind: 'arg', followed: true, headArg: true });
      return `${label.text}:${this.print(e.args[i], { kind: 'operand', followed })}`;
    });
    return [head, ...parts].join(' ');
  }

  private binary(e: A.BinaryExpr, ctx: Ctx): string {
    const leftAtStart = e.op === '-' || e.op === '=';
    // The operands of `-` take no known-arity calls at level 0.11 (the level's minusOperandCalls).
    const kind: CtxKind = e.op === '-' && !this.o.syntax.minusOperandCalls ? 'operand' : 'pbo';
    let left = this.print(e.left, { kind, followed: true, atStart: leftAtStart });
    // `&&`/`||` are rejected as C-style operators, `=<`/`=>` as misspelled comparisons.
    const clash = (e.op === '&' || e.op === '|') ? left.startsWith(e.op) : e.op === '=' && /^[<>]/.test(left);
    if (clash && this.canParen(e.left)) left = this.parened(e.left);
    const right = this.print(e.right, { kind, followed: ctx.followed });
    // A run of prefix operators (`<<=a b c`) whose operands the parser's lookahead cannot count
    // is checked by operand count, which miscounts groups: give the inner operation its own group.
    if (chainMiscounts(`${e.op} ${left} ${right}`) && this.canParen(e.left)) {
      left = this.parened(e.left);
    }
    if (!this.dense) return `${e.op} ${left} ${right}`;
    const head = e.op === '-' ? minus(left, ctx.atStart === true) : glue(e.op, left);
    return `${head} ${right}`;
  }

  private unary(e: A.UnaryExpr, ctx: Ctx): string {
    if (e.op === '!') {
      const inner: Ctx = ctx.kind === 'stmt' ? { kind: 'bang', followed: false } : { kind: 'operand', followed: ctx.followed };
      return this.prefix('!', this.print(e.operand, inner));
    }
    const operand = this.print(e.operand, { kind: this.o.syntax.minusOperandCalls ? 'pbo' : 'operand', followed: false, atStart: true });
    // Expanded spaces the minus (`- x`) but keeps `-3` where it reads as minus three anyway.
    if (!this.dense && !(e.operand.kind === 'Number' && ctx.atStart)) return `- ${operand}`;
    return minus(operand, ctx.atStart === true);
  }

  private list(e: A.ListExpr): string {
    if (e.items.length === 1) return `[${this.print(e.items[0], { kind: 'item1', followed: false })}]`;
    return `[${e.items.map((it) => this.print(it, { kind: 'item', followed: false })).join(', ')}]`;
  }

  private coalesce(e: A.CoalesceExpr, ctx: Ctx): string {
    // `a??b??c` is `(a??b)??c`: the left side may be a coalesce (or `with`) itself.
    // `??` can start an operand: a greedy reader at the end of the value would take it.
    const value =
      e.value.kind === 'Coalesce' || e.value.kind === 'With'
        ? this.print(e.value, { kind: 'expr', followed: true, atStart: ctx.atStart })
        : this.print(e.value, { kind: 'inner', followed: true, atStart: ctx.atStart });
    let fallback = this.print(e.fallback, { kind: 'inner', followed: false });
    // After a bare name, `??` followed by what looks like two operands (counting on into the rest
    // of a `??` chain) reads as a call `x (??a b)`: each fallback of such a chain is one unit.
    let leftmost: A.Expr = e.value;
    while (leftmost.kind === 'Coalesce') leftmost = leftmost.value;
    if (leftmost.kind === 'Ref' && !isSingleUnit(fallback) && this.canParen(e.fallback)) {
      fallback = this.parened(e.fallback);
    }
    return glue(glue(value, '??'), fallback);
  }

  private ternary(e: A.TernaryExpr, ctx: Ctx): string {
    // A branch is one operand; a known-arity name takes its arguments there only with the ternaryBranchCalls rule.
    const branch = this.o.syntax.ternaryBranchCalls ? 'pbo' : 'operand';
    const branches = (): string =>
      `${this.print(e.then, { kind: branch, followed: true })} ${this.print(e.else, { kind: branch, followed: ctx.followed })}`;
    const c = e.cond;
    if (c.kind === 'Binary' && COMPARISONS.has(c.op) && !this.o.forced.has(c)) {
      // `?=x 0 a b`: the condition is read as one prefix comparison.
      return `?${this.binary(c, { kind: 'pbo', followed: true })} ${branches()}`;
    }
    // `?c a b`: the subject is an atom. (Where the level's keywordTernary is on, `?h a b c` reads `h` specially when a third operand follows.)
    const subject = this.print(c, { kind: 'atom', followed: true });
    return `${this.dense ? '?' : '? '}${subject} ${branches()}`;
  }

  /** `?subj{arms}` on one line (a match inside an expression). */
  matchInline(e: A.MatchExpr | A.MatchStmt): string {
    const head = this.matchHead(e);
    return `${head}${this.dense ? '{' : ' {'}${this.o.armsInline(e.arms)}}`;
  }

  /** `?subj` (no brace): the subject is an atom, or a call on simple atoms when its arity is known. */
  matchHead(e: A.MatchExpr | A.MatchStmt): string {
    const q = this.dense ? '?' : '? ';
    if (e.subject === undefined) return '?';
    const s = e.subject;
    if (s.kind === 'Call' && this.callSubjectOk(s)) {
      return `${q}${[this.calleeName(s), ...s.args.map((a) => this.bare(a, { kind: 'atom', followed: true }))].join(' ')}`;
    }
    return `${q}${this.print(s, { kind: 'atom', followed: false })}`;
  }

  /** `?f a b{...}`: a known-arity call whose arguments are single atoms or groups (Parser.looksLikeCallMatchSubject). */
  private callSubjectOk(s: A.CallExpr): boolean {
    if (s.unwrap !== 'none' || s.args.length === 0 || this.isDollar(s) || this.o.forced.has(s)) return false;
    const name = this.calleeName(s);
    if (this.o.arities.shape(name)?.arity !== s.args.length) return false;
    return s.args.every((a, i) => {
      if (a.kind === 'Ref') return i === s.args.length - 1 || (this.o.arities.shape(a.name)?.arity ?? 0) === 0;
      return a.kind === 'Number' || a.kind === 'Text' || a.kind === 'Bool' || a.kind === 'Nil' || a.kind === 'List';
    });
  }

  private lambda(e: A.LambdaExpr): string {
    if (e.brace === true) {
      // Level 26: `{a b> body}`.
      const ps = e.params.map((p) => p.name.text).join(' ');
      return `{${ps}>${e.body.length === 0 ? '' : ' '}${this.o.stmtsInline(e.body)}}`;
    }
    return `(${this.header(e.params, e.returnType)};${this.dense || e.body.length === 0 ? '' : ' '}${this.o.stmtsInline(e.body)})`;
  }

  /** `p:T q:T>R` (dense) or `p:T q:T > R` (expanded); `>R` / `> R` without parameters. */
  header(params: readonly A.Param[], ret: A.TypeExpr): string {
    const r = typeText(ret);
    if (params.length === 0) return this.dense ? `>${r}` : `> ${r}`;
    const ps = params.map((p) => `${p.name.text}:${typeText(p.type)}`).join(' ');
    return this.dense ? `${ps}>${r}` : `${ps} > ${r}`;
  }
}

/**
 * Whether an expression statement (or guard condition) printed as `text`
 * would read as another kind of statement: `!…` a negated guard, `^…` an
 * error return, `?…` a match or ternary, `ret …`/`wh …` those statements.
 */
function startsOtherStatement(text: string, e: A.Expr, kind: CtxKind): boolean {
  const c = text[0];
  const stmt = kind === 'stmt';
  if (c === '!' && text[1] !== '=') return !(stmt && e.kind === 'Unary' && e.op === '!');
  if (c === '^') return !(stmt && e.kind === 'Err');
  if (c === '?' && text[1] !== '?') return !(stmt && e.kind === 'Ternary');
  const word = /^[a-z][a-z0-9]*(-[a-z0-9]+)*/.exec(text)?.[0];
  return word !== undefined && STMT_WORDS.has(word) && !(e.kind === 'Ref' || e.kind === 'Call');
}

/**
 * Dense minus glued to its first operand. A glued `-0` is the literal minus
 * zero except right after `;` `=` `{` `(` `-`, where the lexer splits it
 * again (so `;-0 n` is `0 - n`, as the reference prints it); elsewhere the
 * minus keeps a space: `- 0 n`. `--` would start a comment.
 */
function minus(operand: string, atStart: boolean): string {
  if (operand.startsWith('-')) return `- ${operand}`;
  if (/^[0-9]/.test(operand) && !atStart) return `- ${operand}`;
  return `-${operand}`;
}
