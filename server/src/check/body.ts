// Checking one function body: statement by statement, inferring the type of
// every expression the way the reference verifier does (locals get the type
// of what they are bound to; unknowns are forgiven) and reporting what does
// not fit.

import type { Diagnostic } from '../diagnostics';
import type {
  Expr,
  FieldExpr,
  FunctionDecl,
  LambdaExpr,
  MatchExpr,
  MatchStmt,
  Pattern,
  RecordExpr,
  Span,
  Stmt,
  TypeExpr,
  WithExpr,
} from '../syntax/ast';
import { conversionHelp, inferCall } from './calls';
import type { BodyContext } from './context';
import { discardedResult } from './discarded';
import { closer, nearestName, nearestWithDistance } from './nearest';
import { GlobalNames } from './suggest';
import { checkTypeNames, type CheckEnv, type FnSig, type RecordDef } from './env';
import { buildsNoNetWorld } from './capabilities';
import { checkExhaustive, resultArmsOnOption } from './exhaustive';
import { discardedSelfCall } from './selfCall';
import { keywordTernaryOnRef, ternaryCondition } from './ternary';
import { iteratedJpar, reboundLoopVariable } from './loops';
import { LEVEL_011, type VerifierLevel } from './level';
import { diag, didYouMean, insertAt, replaceWith } from './report';
import { namedRefs, toTy } from './typeExprs';
import {
  anonOf,
  literalType,
  BOOL,
  NIL,
  NUM,
  TEXT,
  UNKNOWN,
  compatible,
  fnOf,
  listOf,
  named,
  resultOf,
  showTy,
  type Ty,
} from './types';

/** Expressions nested deeper than this are not followed (pathological input); they count as unknown. */
const MAX_EXPR_DEPTH = 400;

/** What a body's result depended on, so an incremental run knows when to redo it. */
export interface Dependencies {
  /** Global names looked up (functions, tools, record types), hit or miss. */
  names: Set<string>;
  /** Unknown names a "did you mean" searched the function names for. */
  queries: Set<string>;
  /** Something looked at every record type (type "did you mean", `xs.i` field test). */
  allTypes: boolean;
}

interface LambdaFrame {
  base: number;
  captured: boolean;
  /** The enclosing locals the lambda reads (ILO-E802 counts them). */
  captures: Set<string>;
}

/** The most names a lambda may capture for ilo 26's bytecode VM (ILO-E802). */
const MAX_CAPTURES = 255;

export class BodyChecker implements BodyContext {
  readonly deps: Dependencies = { names: new Set(), queries: new Set(), allTypes: false };
  private scopes: Map<string, Ty>[] = [];
  private inLoop = false;
  private returns: Ty | undefined;
  private lambdas: LambdaFrame[] = [];
  private depth = 0;
  /** The function whose body is checked (undefined inside a lambda): ILO-T043 looks for calls of it. */
  private self: string | undefined;
  /** Variables of the loops around the current statement, innermost last (ILO-T048). */
  private loopVars: string[] = [];
  /** Conditions of the braceless guards passed so far in the enclosing blocks (ILO-W030). */
  private guards: Expr[] = [];
  /** Subjects of the matches being checked (ILO-W030 spares a call whose Result is matched). */
  private subjects: Set<Expr> | undefined;
  /** Bindings of Worlds without net, with the scope depth they were bound at (ILO-T044). */
  private noNetWorlds: { name: string; depth: number }[] = [];
  /** Told the type of each `x=…` binding, destructured field and loop variable as it is bound (editor type hints). */
  onBind?: (name: Span & { text: string }, t: Ty) => void;

  constructor(
    readonly env: CheckEnv,
    readonly out: Diagnostic[],
    private readonly globals: GlobalNames = new GlobalNames(env),
    readonly level: VerifierLevel = LEVEL_011,
  ) {}

  /** Canonical name of a builtin of this level (aliases and sigils resolve). */
  builtinName(name: string): string | undefined {
    return this.level.builtins.name(name);
  }

  // ------------------------------------------------------------ context API

  local(name: string): Ty | undefined {
    for (let i = this.scopes.length - 1; i >= 0; i--) {
      const t = this.scopes[i].get(name);
      if (t !== undefined) {
        for (let k = 0; k < this.lambdas.length; k++) {
          const l = this.lambdas[k];
          if (l.base <= i) continue;
          l.captured = true;
          l.captures.add(name);
        }
        return t;
      }
    }
    return undefined;
  }

  localNames(): string[] {
    const names = new Set<string>();
    for (const s of this.scopes) for (const k of s.keys()) names.add(k);
    return [...names];
  }

  fn(name: string): FnSig | undefined {
    this.deps.names.add(name);
    return this.env.functions.get(name);
  }

  record(name: string): RecordDef | undefined {
    this.deps.names.add(name);
    return this.env.types.get(name);
  }

  suggestCallee(name: string): string | undefined {
    this.deps.queries.add(name);
    return closer(nearestWithDistance(name, [this.localNames()]), this.globals.nearestCallee(name))?.name;
  }

  private suggestVariable(name: string): string | undefined {
    this.deps.queries.add(name);
    return closer(nearestWithDistance(name, [this.localNames()]), this.globals.nearestFunction(name))?.name;
  }

  private suggestType(name: string): string | undefined {
    this.deps.allTypes = true;
    return this.globals.nearestType(name)?.name;
  }

  enclosingReturn(): Ty | undefined {
    return this.returns;
  }

  guardsBefore(): readonly Expr[] {
    return this.guards;
  }

  isMatchSubject(e: Expr): boolean {
    return this.subjects?.has(e) === true;
  }

  deniedWorld(): string | undefined {
    return this.noNetWorlds.length > 0 ? this.noNetWorlds[this.noNetWorlds.length - 1].name : undefined;
  }

  /** A written type, recording the aliases/records it names as dependencies. */
  private ty(te: TypeExpr): Ty {
    for (const n of namedRefs(te)) this.deps.names.add(n);
    return toTy(te, this.env.aliases);
  }

  // ------------------------------------------------------------ functions

  checkFunction(d: FunctionDecl): void {
    this.scopes = [new Map()];
    this.self = d.name.text;
    // Fresh lists for this function (the ones the fields start with, while still empty).
    if (this.loopVars.length > 0) this.loopVars = [];
    if (this.noNetWorlds.length > 0) this.noNetWorlds = [];
    if (this.guards.length > 0) this.guards = [];
    this.subjects = undefined;
    for (const p of d.params) this.bind(p.name.text, this.ty(p.type));
    this.returns = this.ty(d.returnType);
    this.inLoop = false;
    const got = this.body(d.body);
    this.checkReturn(d.name.text, this.returns, got, d.body, d.returnType);
  }

  /** ILO-T008: the last statement's type against the declared return type. */
  private checkReturn(what: string, want: Ty, got: Ty, body: readonly Stmt[], fallback: Span): void {
    if (compatible(got, want)) return;
    const last = body[body.length - 1];
    const at: Span = last ?? fallback;
    const help = last?.kind === 'ExprStmt' ? returnHelp(want, got, last.expr) : {};
    this.out.push(
      diag('ILO-T008', at, `${what} should return ${showTy(want)}, but ${last === undefined ? 'its body is empty' : `its last statement gives ${showTy(got)}`}`, help),
    );
  }

  // ------------------------------------------------------------ scopes

  private bind(name: string, t: Ty): void {
    this.scopes[this.scopes.length - 1].set(name, t);
  }

  private scoped<T>(run: () => T): T {
    this.scopes.push(new Map());
    try {
      return run();
    } finally {
      this.scopes.pop();
      this.dropWorldsBelow(this.scopes.length);
    }
  }

  /** Forget the net-less World bindings of scopes deeper than `depth`. */
  private dropWorldsBelow(depth: number): void {
    while (this.noNetWorlds.length > 0 && this.noNetWorlds[this.noNetWorlds.length - 1].depth > depth) this.noNetWorlds.pop();
  }

  /** Run the body of a loop whose variable is `binding` (ILO-T048 watches it). */
  private loopBody<T>(binding: string, run: () => T): T {
    this.loopVars.push(binding);
    try {
      return this.looped(run);
    } finally {
      this.loopVars.pop();
    }
  }

  private looped<T>(run: () => T): T {
    const prev = this.inLoop;
    this.inLoop = true;
    try {
      return run();
    } finally {
      this.inLoop = prev;
    }
  }

  // ------------------------------------------------------------ statements

  /** A block: its type is the type of its last statement. */
  private body(stmts: readonly Stmt[]): Ty {
    const guardsAtStart = this.guards.length;
    try {
      return this.bodyInner(stmts);
    } finally {
      this.guards.length = guardsAtStart;
    }
  }

  private bodyInner(stmts: readonly Stmt[]): Ty {
    let last: Ty = NIL;
    for (let i = 0; i < stmts.length; i++) {
      const s = stmts[i];
      discardedResult(s, i === stmts.length - 1, this.inLoop, this.out, this.level.builtins);
      if (this.level.rules.selfCallDiscarded) discardedSelfCall(s, i === stmts.length - 1, this.self, this.out);
      last = this.stmt(s);
      if (s.kind === 'Guard' && s.braceless && !s.negated && this.level.rules.preconditions) this.guards.push(s.cond);
      if ((s.kind === 'Return' || s.kind === 'Break') && i + 1 < stmts.length) {
        const first = stmts[i + 1];
        const lastStmt = stmts[stmts.length - 1];
        const word = s.kind === 'Return' ? 'ret' : 'brk';
        this.out.push(
          diag('ILO-T029', { start: first.start, end: lastStmt.end }, `this code never runs: it follows '${word}'`, {
            suggestions: [replaceWith('Remove the unreachable code', { start: s.end, end: lastStmt.end }, '')],
          }),
        );
        break;
      }
    }
    return last;
  }

  private stmt(s: Stmt): Ty {
    switch (s.kind) {
      case 'Bind': {
        const t = this.infer(s.value);
        const rules = this.level.rules;
        if (rules.loopVariableRebind) reboundLoopVariable(s.name, this.loopVars, this.out);
        if (rules.worldCapabilities && buildsNoNetWorld(s.value, this.level.builtins)) {
          this.noNetWorlds.push({ name: s.name.text, depth: this.scopes.length });
        }
        this.bind(s.name.text, t);
        this.onBind?.(s.name, t);
        return NIL;
      }
      case 'Destructure':
        this.destructure(s.names, this.infer(s.value), s);
        return NIL;
      case 'Guard': {
        const cond = this.infer(s.cond);
        if (s.elseBody !== undefined && this.level.rules.ternaryConditionBool) ternaryCondition(s.cond, cond, this.out);
        this.guardLookalike(s.body);
        const t = this.scoped(() => this.body(s.body));
        if (s.elseBody !== undefined) {
          const eb = s.elseBody;
          this.scoped(() => this.body(eb));
        }
        return t;
      }
      case 'Match':
        return this.match(s);
      case 'ForEach': {
        const coll = this.infer(s.collection);
        if (this.level.rules.jparIteration) iteratedJpar(s.collection, this.level.builtins, this.out);
        let elem: Ty = UNKNOWN;
        if (coll.kind === 'list') elem = coll.elem;
        else if (coll.kind !== 'unknown') {
          this.out.push(diag('ILO-T014', s.collection, `'@' loops over a list, but this is ${showTy(coll)}`));
        }
        return this.scoped(() => {
          this.bind(s.binding.text, elem);
          this.onBind?.(s.binding, elem);
          return this.loopBody(s.binding.text, () => this.body(s.body));
        });
      }
      case 'ForRange': {
        for (const [bound, which] of [
          [s.from, 'start'],
          [s.to, 'end'],
        ] as const) {
          const t = this.infer(bound);
          if (!compatible(t, NUM)) this.out.push(diag('ILO-T014', bound, `the range ${which} must be a number (n), got ${showTy(t)}`));
        }
        return this.scoped(() => {
          this.bind(s.binding.text, NUM);
          return this.loopBody(s.binding.text, () => this.body(s.body));
        });
      }
      case 'While':
        this.infer(s.cond);
        // A while body shares the enclosing scope (as in the reference).
        return this.looped(() => this.body(s.body));
      case 'Return':
        return this.infer(s.value);
      case 'Break': {
        if (!this.inLoop) this.out.push(diag('ILO-T028', s, `'brk' only works inside a loop (@ or wh)`));
        return s.value !== undefined ? this.infer(s.value) : NIL;
      }
      case 'Continue':
        if (!this.inLoop) this.out.push(diag('ILO-T028', s, `'cnt' only works inside a loop (@ or wh)`));
        return NIL;
      case 'ExprStmt':
        return this.infer(s.expr);
    }
  }

  /** ILO-T027: `cond fname` reads as "return fname", but a function name alone is not a call. */
  private guardLookalike(body: readonly Stmt[]): void {
    const only = body.length === 1 ? body[0] : undefined;
    if (only?.kind !== 'ExprStmt' || only.expr.kind !== 'Ref') return;
    const name = only.expr.name;
    if (this.fn(name) === undefined && this.builtinName(name) === undefined) return;
    this.out.push(
      diag('ILO-T027', only, `the guard body '${name}' is a function name, not a call`, {
        hint: `to call it, use braces: cond{${name} args}`,
      }),
    );
  }

  private destructure(names: readonly { text: string; start: number; end: number }[], t: Ty, s: Span): void {
    if (t.kind === 'named') {
      const def = this.record(t.name);
      for (const n of names) {
        if (def?.fields === undefined) {
          this.bind(n.text, UNKNOWN);
          continue;
        }
        const f = def.fields.find((x) => x.name === n.text);
        if (f !== undefined) {
          this.bind(n.text, f.ty);
          this.onBind?.(n, f.ty);
        }
        else {
          this.fieldNotFound(n, t.name, def.fields.map((x) => x.name));
          this.bind(n.text, UNKNOWN);
        }
      }
      return;
    }
    if (t.kind === 'anon') {
      for (const n of names) this.bind(n.text, t.fields.find((f) => f.name === n.text)?.ty ?? UNKNOWN);
      return;
    }
    if (t.kind !== 'unknown') {
      this.out.push(diag('ILO-T009', s, `only records can be destructured, but this is ${showTy(t)}`));
    }
    for (const n of names) this.bind(n.text, UNKNOWN);
  }

  private fieldNotFound(field: Span & { text: string }, typeName: string, fields: string[]): void {
    const near = nearestName(field.text, fields);
    this.out.push(
      diag('ILO-T019', field, `type '${typeName}' has no field '${field.text}'`, {
        hint: near !== undefined ? `did you mean '${near}'?` : `its fields: ${fields.join(', ')}`,
        suggestions: near !== undefined ? [didYouMean(field, near)] : undefined,
      }),
    );
  }

  // ------------------------------------------------------------ matches

  private match(m: MatchStmt | MatchExpr): Ty {
    if (m.subject !== undefined) (this.subjects ??= new Set()).add(m.subject);
    const subject = m.subject !== undefined ? this.infer(m.subject) : NIL;
    let result: Ty = UNKNOWN;
    for (const arm of m.arms) {
      const t = this.scoped(() => {
        this.bindPattern(arm.pattern, subject);
        return this.body(arm.body);
      });
      if (result.kind === 'unknown') result = t;
    }
    const head: Span = { start: m.start, end: m.subject !== undefined ? m.subject.end : Math.min(m.end, m.start + 1) };
    if (this.level.rules.resultArmOnOption && resultArmsOnOption(subject, m.arms, this.out, m)) return result;
    const variants = subject.kind === 'named' ? this.record(subject.name)?.variants : undefined;
    checkExhaustive(subject, m.arms, head, Math.max(m.start, m.end - 1), this.out, variants);
    return result;
  }

  private bindPattern(p: Pattern, subject: Ty): void {
    switch (p.kind) {
      case 'OkPat':
        this.bind(p.binding.text, subject.kind === 'result' ? subject.ok : UNKNOWN);
        break;
      case 'ErrPat':
        this.bind(p.binding.text, subject.kind === 'result' ? subject.err : UNKNOWN);
        break;
      case 'WildPat':
        this.bind('_', subject);
        break;
      case 'TypePat':
        this.bind(p.binding.text, p.type === 'n' ? NUM : p.type === 't' ? TEXT : p.type === 'b' ? BOOL : listOf(UNKNOWN));
        break;
      case 'LitPat':
        break;
      case 'VariantPat': {
        const def = subject.kind === 'named' ? this.record(subject.name) : undefined;
        const v = def?.variants?.find((x) => x.name === p.tag.text);
        this.bind(p.binding.text, v?.payload ?? UNKNOWN);
        break;
      }
      default:
        break;
    }
  }

  // ------------------------------------------------------------ expressions

  infer(e: Expr): Ty {
    if (this.depth >= MAX_EXPR_DEPTH) return UNKNOWN;
    this.depth++;
    try {
      return this.inferInner(e);
    } finally {
      this.depth--;
    }
  }

  private inferInner(e: Expr): Ty {
    switch (e.kind) {
      case 'Number':
      case 'Text':
      case 'Bool':
      case 'Nil':
        return literalType(e.kind) ?? UNKNOWN;
      case 'Ref':
        return this.ref(e.name, e);
      case 'Call':
        // A bare zero-parameter function name written without `()` is a
        // function value, not a call (only `name()` calls it), as in ilo.
        if (e.args.length === 0 && e.unwrap === 'none' && e.callee.end === e.end && this.builtinName(e.callee.text) === undefined) {
          if (this.local(e.callee.text) === undefined && this.fn(e.callee.text)?.params?.length === 0) {
            // ilo 26 calls it (`f=mksq` binds what mksq returns); 0.11 takes the function value.
            if (!this.level.rules.bareZeroParamCalls) return this.ref(e.callee.text, e);
          }
        }
        return inferCall(this, e);
      case 'Binary':
        return this.binary(e.op, this.infer(e.left), this.infer(e.right), e);
      case 'Unary': {
        const t = this.infer(e.operand);
        if (e.op === '!') return BOOL;
        if (!compatible(t, NUM)) this.out.push(diag('ILO-T012', e, `'-' negates numbers, but this is ${showTy(t)}`));
        return NUM;
      }
      case 'Ok':
        return resultOf(this.infer(e.value), UNKNOWN);
      case 'Err':
        return resultOf(UNKNOWN, this.infer(e.value));
      case 'List': {
        if (e.items.length === 0) return listOf(UNKNOWN);
        if (this.level.rules.sumTypes) this.bareConstructorsInList(e.items);
        let elem = this.infer(e.items[0]);
        for (const item of e.items.slice(1)) {
          const t = this.infer(item);
          if (!compatible(elem, t)) elem = UNKNOWN; // mixed list: L _
        }
        return listOf(elem);
      }
      case 'Record':
        return this.recordLiteral(e);
      case 'AnonRecord':
        return anonOf(e.fields.map((f) => ({ name: f.name.text, ty: this.infer(f.value) })));
      case 'Field':
        return this.field(e);
      case 'Index': {
        const obj = this.infer(e.object);
        if (e.safe && obj.kind === 'nil') return NIL;
        if (obj.kind === 'list') return obj.elem;
        if (obj.kind !== 'unknown') this.out.push(diag('ILO-T023', e, `'.${e.index}' indexes lists, but this is ${showTy(obj)}`));
        return UNKNOWN;
      }
      case 'Match':
        return this.match(e);
      case 'Coalesce': {
        const v = this.infer(e.value);
        const d = this.infer(e.fallback);
        if (v.kind === 'result' && this.level.rules.coalesceOnResult) {
          this.out.push(
            diag('ILO-T041', e, `'??' replaces nil, but this is a Result (${showTy(v)}): its Err would pass through`, {
              hint: 'use default-on-err r d, or match: ?r{~v:v;^_:d}',
              // Prefix form only (`??r d`); the infix `r??d` would need the operands moved.
              suggestions: e.value.start >= e.start + 2 ? [replaceWith('Use default-on-err', { start: e.start, end: e.value.start }, 'default-on-err ')] : undefined,
            }),
          );
          return v.ok;
        }
        if (v.kind === 'nil') return d;
        if (v.kind === 'opt') return v.inner;
        return v;
      }
      case 'With':
        return this.withExpr(e);
      case 'Ternary': {
        const cond = this.infer(e.cond);
        if (this.level.rules.ternaryConditionBool) {
          ternaryCondition(e.cond, cond, this.out);
          keywordTernaryOnRef(e, e.cond, cond, this.out);
        }
        const a = this.infer(e.then);
        const b = this.infer(e.else);
        if (compatible(a, b)) return a;
        this.out.push(diag('ILO-T003', e, `the two branches give different types: ${showTy(a)} and ${showTy(b)}`));
        return a;
      }
      case 'Lambda':
        return this.lambda(e);
    }
  }

  private ref(name: string, at: Span): Ty {
    const local = this.local(name);
    // A zero-parameter function value is called where ilo 26 needs a value (`f=(>n;42);f`): either fits.
    if (local !== undefined) return local.kind === 'fn' && local.params.length === 0 && this.level.rules.bareZeroParamCalls ? UNKNOWN : local;
    const fn = this.fn(name);
    // A variant without a payload is a value of its sum type (`[ready done]`, `s=point`).
    if (fn?.kind === 'variant' && fn.params?.length === 0) return fn.ret;
    if (fn !== undefined) return fn.params === undefined ? UNKNOWN : fnOf(fn.params.map((p) => p.ty), fn.ret);
    const canonical = this.builtinName(name);
    const asValue = canonical !== undefined ? this.level.builtins.asValue(canonical) : undefined;
    if (asValue !== undefined) return asValue;
    // ilo 26 calls a zero-argument builtin named alone anywhere (`- now start`, `w=world`).
    if (canonical !== undefined && this.level.rules.bareZeroParamCalls && this.level.builtins.acceptsArity(canonical, 0)) {
      return this.level.builtins.checkArgs(canonical, []).ret;
    }

    const kebab = kebabParts(name, (p) => this.scopes.some((s) => s.has(p)) || this.fn(p) !== undefined || this.builtinName(p) !== undefined);
    if (kebab !== undefined) {
      this.out.push(
        diag('ILO-T004', at, `'${name}' is not defined (it is one name: '-' inside a name is not subtraction)`, {
          hint: kebab.length === 2 ? `to subtract write: - ${kebab[0]} ${kebab[1]}` : `'-' joins the parts of a single name`,
          suggestions: kebab.length === 2 ? [replaceWith(`Change to '- ${kebab[0]} ${kebab[1]}'`, at, `- ${kebab[0]} ${kebab[1]}`)] : undefined,
        }),
      );
      return UNKNOWN;
    }
    const near = this.suggestVariable(name);
    this.out.push(
      diag('ILO-T004', at, `'${name}' is not defined`, {
        hint: near !== undefined ? `did you mean '${near}'?` : canonical !== undefined ? `the builtin '${canonical}' cannot be used as a value here` : undefined,
        suggestions: near !== undefined ? [didYouMean(at, near)] : undefined,
      }),
    );
    return UNKNOWN;
  }

  private binary(op: string, l: Ty, r: Ty, e: Expr & { left: Expr; right: Expr }): Ty {
    switch (op) {
      case '+': {
        if (l.kind === 'n' && r.kind === 'n') return NUM;
        if (l.kind === 't' && r.kind === 't') return TEXT;
        if (l.kind === 'list' && r.kind === 'list') return listOf(l.elem);
        if (l.kind === 'unknown' || r.kind === 'unknown') return UNKNOWN;
        const numSide = l.kind === 'n' && r.kind === 't' ? e.left : l.kind === 't' && r.kind === 'n' ? e.right : undefined;
        this.out.push(
          diag('ILO-T009', e, `'+' adds two numbers, joins two texts or two lists; got ${showTy(l)} and ${showTy(r)}`, {
            hint: numSide !== undefined ? "turn the number into text with 'str' first" : undefined,
            suggestions: numSide !== undefined ? conversionHelp(TEXT, NUM, numSide).suggestions : undefined,
          }),
        );
        return UNKNOWN;
      }
      case '-':
      case '*':
      case '/':
        if (!compatible(l, NUM) || !compatible(r, NUM)) {
          this.out.push(
            diag('ILO-T009', e, `'${op}' works on numbers, got ${showTy(l)} and ${showTy(r)}`, {
              hint: l.kind === 't' || r.kind === 't' ? "parse text into a number with 'num' first" : undefined,
            }),
          );
        }
        return NUM;
      case '>':
      case '<':
      case '>=':
      case '<=':
        if (!((l.kind === 'n' && r.kind === 'n') || (l.kind === 't' && r.kind === 't') || l.kind === 'unknown' || r.kind === 'unknown')) {
          this.out.push(diag('ILO-T010', e, `'${op}' compares two numbers or two texts, got ${showTy(l)} and ${showTy(r)}`));
        }
        return BOOL;
      case '+=':
        if (l.kind === 'list') {
          if (!compatible(l.elem, r)) this.out.push(diag('ILO-T011', e, `'+=' appends to a list of ${showTy(l.elem)}, but the value is ${showTy(r)}`));
          return l;
        }
        if (l.kind !== 'unknown') this.out.push(diag('ILO-T011', e, `'+=' appends to a list, but the left side is ${showTy(l)}`));
        return UNKNOWN;
      default:
        return BOOL; // = != & |
    }
  }

  private recordLiteral(e: RecordExpr): Ty {
    const name = e.typeName.text;
    const def = this.record(name);
    if (def === undefined) {
      const near = this.suggestType(name);
      this.out.push(
        diag('ILO-T003', e.typeName, `type '${name}' is not defined`, {
          hint: near !== undefined ? `did you mean '${near}'?` : undefined,
          suggestions: near !== undefined ? [didYouMean(e.typeName, near)] : undefined,
        }),
      );
      return UNKNOWN;
    }
    if (def.fields === undefined) {
      for (const f of e.fields) this.infer(f.value);
      return named(name);
    }
    const given = new Map(e.fields.map((f) => [f.name.text, f]));
    const missing = def.fields.filter((f) => !given.has(f.name));
    if (missing.length > 0) {
      this.out.push(
        diag('ILO-T015', e.typeName, `'${name}' needs ${missing.map((f) => `'${f.name}'`).join(', ')} (missing field${missing.length > 1 ? 's' : ''})`, {
          hint: `add ${missing.map((f) => `${f.name}:<${showTy(f.ty)}>`).join(' ')}`,
          suggestions: [insertAt(`Add the missing field${missing.length > 1 ? 's' : ''}`, e.end, missing.map((f) => ` ${f.name}:${placeholder(f.ty)}`).join(''))],
        }),
      );
    }
    const known = def.fields.map((f) => f.name);
    for (const f of e.fields) {
      if (known.includes(f.name.text)) continue;
      const near = nearestName(f.name.text, known.filter((k) => !given.has(k)), known);
      this.out.push(
        diag('ILO-T016', f.name, `'${name}' has no field '${f.name.text}'`, {
          hint: near !== undefined ? `did you mean '${near}'?` : `its fields: ${known.join(', ')}`,
          suggestions: near !== undefined ? [didYouMean(f.name, near)] : undefined,
        }),
      );
    }
    for (const fd of def.fields) {
      const init = given.get(fd.name);
      if (init === undefined) continue;
      const t = this.infer(init.value);
      if (!compatible(fd.ty, t)) {
        this.out.push(diag('ILO-T017', init.value, `field '${fd.name}' of '${name}' is ${showTy(fd.ty)}, got ${showTy(t)}`, conversionHelp(fd.ty, t, init.value)));
      }
    }
    return named(name);
  }

  private field(e: FieldExpr): Ty {
    // `xs.i` with `i` a local (and not a field of any record) means `at xs i`.
    const asIndex = this.local(e.field.text);
    if (asIndex !== undefined && !this.isAnyRecordField(e.field.text)) {
      const obj = this.infer(e.object);
      if (e.safe && obj.kind === 'nil') return NIL;
      const { ret, issues } = this.level.builtins.checkArgs('at', [obj, asIndex]);
      for (const issue of issues) this.out.push(diag('ILO-T013', issue.arg === 1 ? e.field : e.object, issue.message, { hint: issue.hint }));
      return ret;
    }
    const obj = this.infer(e.object);
    if (e.safe && obj.kind === 'nil') return NIL;
    if (obj.kind === 'named') {
      const def = this.record(obj.name);
      if (def?.fields === undefined) return UNKNOWN;
      const f = def.fields.find((x) => x.name === e.field.text);
      if (f !== undefined) return f.ty;
      this.fieldNotFound(e.field, obj.name, def.fields.map((x) => x.name));
      return UNKNOWN;
    }
    if (obj.kind === 'unknown') return UNKNOWN;
    // An anonymous record's field, or (not judged: ilo 26's rule is not documented) one it lacks.
    if (obj.kind === 'anon') return obj.fields.find((f) => f.name === e.field.text)?.ty ?? UNKNOWN;
    this.out.push(diag('ILO-T018', e, `'.${e.field.text}' reads a record field, but this is ${showTy(obj)}`));
    return UNKNOWN;
  }

  private isAnyRecordField(name: string): boolean {
    this.deps.allTypes = true;
    for (const r of this.env.types.values()) if (r.fields?.some((f) => f.name === name)) return true;
    return false;
  }

  private withExpr(e: WithExpr): Ty {
    const obj = this.infer(e.object);
    if (obj.kind === 'named') {
      const def = this.record(obj.name);
      if (def?.fields === undefined) return obj;
      const known = def.fields.map((f) => f.name);
      for (const u of e.updates) {
        const fd = def.fields.find((f) => f.name === u.name.text);
        if (fd === undefined) {
          const near = nearestName(u.name.text, known);
          this.out.push(
            diag('ILO-T021', u.name, `'${obj.name}' has no field '${u.name.text}' to update`, {
              hint: near !== undefined ? `did you mean '${near}'?` : `its fields: ${known.join(', ')}`,
              suggestions: near !== undefined ? [didYouMean(u.name, near)] : undefined,
            }),
          );
          continue;
        }
        const t = this.infer(u.value);
        if (!compatible(fd.ty, t)) {
          this.out.push(diag('ILO-T022', u.value, `field '${fd.name}' of '${obj.name}' is ${showTy(fd.ty)}, got ${showTy(t)}`, conversionHelp(fd.ty, t, u.value)));
        }
      }
      return obj;
    }
    if (obj.kind === 'unknown') return UNKNOWN;
    if (obj.kind === 'anon') return this.withAnon(obj, e);
    this.out.push(diag('ILO-T020', e, `'with' updates a record, but this is ${showTy(obj)}`));
    return UNKNOWN;
  }

  /** ILO-T046 (level 26): `with` on an anonymous record may only update the fields it has. */
  private withAnon(obj: Extract<Ty, { kind: 'anon' }>, e: WithExpr): Ty {
    const known = obj.fields.map((f) => f.name);
    for (const u of e.updates) {
      this.infer(u.value);
      if (known.includes(u.name.text)) continue;
      const near = nearestName(u.name.text, known);
      this.out.push(
        diag('ILO-T046', u.name, `'${u.name.text}' is not a field of this record ({${known.join(' ')}}): 'with' cannot add one`, {
          hint: near !== undefined ? `did you mean '${near}'? To add a field, write it in the record literal` : 'add the field to the record literal, or build a new literal with every field',
          suggestions: near !== undefined ? [didYouMean(u.name, near)] : undefined,
        }),
      );
    }
    return obj;
  }

  /**
   * ILO-T047 (level 26): in `[login "a" logout "b"]` each operand is an
   * element, so a payload variant's constructor followed by its would-be
   * payload builds nothing.
   */
  private bareConstructorsInList(items: readonly Expr[]): void {
    for (let i = 0; i + 1 < items.length; i++) {
      const item = items[i];
      if (item.kind !== 'Ref' || this.local(item.name) !== undefined) continue;
      const fn = this.fn(item.name);
      if (fn?.kind !== 'variant' || fn.params?.length !== 1) continue;
      const next = items[i + 1];
      this.out.push(
        diag('ILO-T047', { start: item.start, end: next.end }, `'${item.name}' builds a variant from a payload, but in a list it is an element of its own: the variant is never built`, {
          hint: `put the construction in parentheses: (${item.name} …)`,
          suggestions: [{ message: `Write (${item.name} …)`, edits: [{ start: item.start, end: item.start, newText: '(' }, { start: next.end, end: next.end, newText: ')' }] }],
        }),
      );
    }
  }

  /**
   * An inline lambda is checked like a small function of its own; it may read
   * the enclosing locals (a capture). Its value is a function type, or
   * unknown when it captures (as the reference types closures).
   */
  private lambda(e: LambdaExpr): Ty {
    // A lambda's signature is checked here (the reference lifts it to a top-level function).
    this.deps.allTypes = true;
    for (const p of e.params) checkTypeNames(p.type, this.env, this.out);
    checkTypeNames(e.returnType, this.env, this.out);
    const params = e.params.map((p) => this.ty(p.type));
    const ret = this.ty(e.returnType);
    const savedReturns = this.returns;
    const savedLoop = this.inLoop;
    const savedSelf = this.self;
    const savedLoopVars = this.loopVars;
    this.self = undefined;
    this.loopVars = [];
    const frame: LambdaFrame = { base: this.scopes.length, captured: false, captures: new Set() };
    this.scopes.push(new Map());
    this.lambdas.push(frame);
    this.returns = ret;
    this.inLoop = false;
    try {
      e.params.forEach((p, i) => this.bind(p.name.text, params[i]));
      const got = this.body(e.body);
      this.checkReturn('the lambda', ret, got, e.body, e.returnType);
      if (this.level.rules.captureLimit && frame.captures.size > MAX_CAPTURES) {
        this.out.push(
          diag('ILO-E802', { start: e.start, end: Math.min(e.end, e.start + 1) }, `this lambda captures ${frame.captures.size} names of the enclosing function; the VM allows ${MAX_CAPTURES}`, {
            hint: 'gather the captured values into a record or list and capture that one value',
          }),
        );
      }
    } finally {
      this.lambdas.pop();
      this.scopes.pop();
      this.returns = savedReturns;
      this.inLoop = savedLoop;
      this.self = savedSelf;
      this.loopVars = savedLoopVars;
    }
    // ilo 26 calls closures like any function; 0.11 typed a capturing lambda as unknown.
    return frame.captured && !this.level.rules.closuresTyped ? UNKNOWN : fnOf(params, ret);
  }
}

/**
 * For `best-d`: the dash-separated parts when every part is itself a known
 * name (so the user probably meant subtraction), else undefined.
 */
function kebabParts(name: string, known: (part: string) => boolean): string[] | undefined {
  if (!name.includes('-')) return undefined;
  const parts = name.split('-');
  if (parts.length < 2 || parts.some((p) => p === '' || !known(p))) return undefined;
  return parts;
}

/** Advice for a wrong last statement: `str` wrapping when a number should be text. */
function returnHelp(want: Ty, got: Ty, last: Expr): { hint?: string; suggestions?: import('../diagnostics').Suggestion[] } {
  if (want.kind === 't' && got.kind === 'n') return conversionHelp(want, got, last);
  if (want.kind === 'n' && got.kind === 't') return { hint: "parse text with 'num' (it returns R n t)" };
  return {};
}

/** A literal of the given type to stand in a quick fix. */
function placeholder(t: Ty): string {
  switch (t.kind) {
    case 'n':
      return '0';
    case 't':
    case 'sum':
      return '""';
    case 'b':
      return 'false';
    case 'list':
      return '[]';
    default:
      return 'nil';
  }
}
