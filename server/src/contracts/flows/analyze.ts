// The flow analysis of one function body: an abstract interpreter over the
// syntax tree that follows what each value may be derived from (values.ts)
// and produces the function's summary:
//
//   ret      what the function returns, in terms of its parameters and of the
//            private / untrusted results it gets itself;
//   sinks    which parameters (or fields of them) reach which sink argument;
//   fnCalls  calls of function-valued parameters, with their arguments, to be
//            followed where the caller knows the function;
//   findings private or untrusted data that reaches a sink inside it.
//
// Calls to other functions use their summaries (the caller's arguments put in
// for the parameters), so data is followed through calls and returns; the
// summaries come from the FlowContext (summaries.ts), which also finds what a
// name refers to. Lambdas are followed where they are called (by a builtin
// such as `map`, a function that calls its parameter, or directly), with the
// values they captured.
//
// Statements and expressions are handled per kind; a kind the analysis does
// not know (a newer language level) is handled by default: its operands are
// evaluated, statements below it run in a branch, and its value is what its
// operands carry. New node kinds need a case only to be more precise.

import type { CallExpr, Expr, FieldInit, FunctionDecl, LambdaExpr, MatchArm, Pattern, Span, Stmt, TypeExpr } from '../../syntax/ast';
import { childrenOf, exprOperands, isStmtKind, stmtOperands, type Node } from '../../syntax/walk';
import type { ContractTool } from '../behavior';
import { BUILTINS_011, builtinFlow, callsFirstArgument, type FlowBuiltins } from './builtinFlows';
import type { ArgRole, ToolFlow } from './toolFlow';
import {
  BOTH,
  CLEAN,
  PRIVATE,
  UNTRUSTED,
  cleanseVal,
  concat,
  extend,
  fieldOf,
  isClean,
  join,
  ofFn,
  valKey,
  whole,
  wholeTaint,
  withAnyField,
  withFields,
  stepVal,
  type FnRef,
  type ParamDep,
  type Step,
  type Taint,
  type Trace,
  type Val,
} from './values';

/** A call argument that matters for flows: where data lands at a sink. */
export interface SinkSite {
  /** The call's callee name. */
  call: Span;
  /** The argument expression (the callee name when the argument is missing). */
  arg: Span;
  /** File of the call (absolute path). */
  file?: string;
  /** The tool, builtin or function called. */
  target: string;
  /** The parameter the argument is for, when known. */
  param?: string;
  role: ArgRole;
  /** What the target does with it, in a few words (`sends messages`). */
  what: string;
}

export interface SinkDep {
  index: number;
  path?: readonly string[];
  /** The source labels that matter on the way (PRIVATE for a leak, UNTRUSTED for tampering). */
  mask: number;
  /** From the parameter to the argument. */
  trace?: Trace;
  site: SinkSite;
}

export interface FnParamCall {
  index: number;
  args: readonly Val[];
  /** The call that calls the parameter. */
  at: Span;
  file?: string;
}

export type FlowKind = 'leak' | 'tamper';

export interface Finding {
  kind: FlowKind;
  /** From the source call to the sink's argument. */
  trace: Trace;
  site: SinkSite;
  /** The call in the analysed function through which the data reaches the sink. */
  meeting: Span;
}

export interface Summary {
  ret: Val;
  sinks: readonly SinkDep[];
  fnCalls: readonly FnParamCall[];
  findings: readonly Finding[];
}

export const EMPTY_SUMMARY: Summary = Object.freeze({ ret: CLEAN, sinks: [], fnCalls: [], findings: [] }) as Summary;

/** What a function's `@flow` says (labels of its own, a sanitiser). */
export interface FnFlow {
  /** Declared labels: a source adds to the result, a sink makes arguments sinks. */
  flow?: ToolFlow;
  roles?: ReadonlyArray<ArgRole | undefined>;
  /** Source-label bits its result is cleaned of. */
  sanitizes: number;
}

export type Target =
  | { kind: 'fn'; decl: FunctionDecl; file?: string; flow: FnFlow }
  | { kind: 'tool'; tool: ContractTool; flow: ToolFlow; roles: ReadonlyArray<ArgRole | undefined>; what: string };

export interface FlowContext {
  /** The builtins of the file's language level (0.11's when not given). */
  readonly builtins?: FlowBuiltins;
  /** What a name that is not a local refers to (a declaration visible in the file), recorded for reuse. */
  lookup(name: string): Target | undefined;
  /** The summary of a function (computed, reused, or the current guess inside a recursion). */
  summary(decl: FunctionDecl, file: string | undefined): Summary;
}

type Env = Map<string, Val>;

/** How deep lambdas may call lambdas before the analysis stops following (hostile input). */
const MAX_INVOKE_DEPTH = 12;
/** Loops are followed until nothing changes, at most this many times. */
const MAX_LOOP_ROUNDS = 6;
/** At most this many sink entries per summary (the first ones found are kept). */
const MAX_SINKS = 256;
/**
 * At most this many statements and expressions are evaluated for one
 * function (loops and lambdas evaluate theirs again): beyond, the function is
 * given up (FlowBudgetExceeded) so that hostile input cannot make an edit slow.
 * The largest function of the corpus takes 338.
 */
export const MAX_STEPS = 50_000;

export class FlowBudgetExceeded extends Error {}

const COMPARISONS = new Set(['=', '!=', '>', '<', '>=', '<=']);

/** The free names a lambda body refers to, by lambda (they are what it captures). */
const refsOfLambda = new WeakMap<LambdaExpr, Set<string>>();

function lambdaRefs(node: LambdaExpr): Set<string> {
  let refs = refsOfLambda.get(node);
  if (!refs) {
    refs = new Set();
    const stack: Node[] = [...node.body];
    while (stack.length > 0) {
      const n = stack.pop()!;
      if ('kind' in n && n.kind === 'Ref') refs.add(n.name);
      else if ('kind' in n && n.kind === 'Call') refs.add(n.callee.text);
      stack.push(...childrenOf(n));
    }
    refsOfLambda.set(node, refs);
  }
  return refs;
}

/** A parameter of this type may hold a function. */
function mayBeFunction(t: TypeExpr): boolean {
  return t.kind === 'FnType' || (t.kind === 'PrimType' && t.name === '_') || (t.kind === 'NamedType' && t.name.length === 1);
}

interface Frame {
  file?: string;
  /** Where `ret` (and the last statement) of the function or lambda being run goes. */
  ret: Val;
  name: string;
}

export class FunctionFlow {
  private readonly sinks = new Map<string, SinkDep>();
  private readonly fnCalls = new Map<string, FnParamCall>();
  private readonly findings = new Map<string, Finding>();
  private readonly frames: Frame[] = [];
  private readonly breaks: Val[][] = [];
  private meeting: Span;
  private readonly builtins: FlowBuiltins;
  private invokeDepth = 0;
  private steps = 0;

  private tick(): void {
    if (++this.steps > MAX_STEPS) throw new FlowBudgetExceeded(`flow analysis of \`${this.decl.name.text}\` gave up after ${MAX_STEPS} steps`);
  }

  constructor(
    private readonly ctx: FlowContext,
    private readonly decl: FunctionDecl,
    /** The declaring file (absolute). */
    private readonly file: string | undefined,
  ) {
    this.meeting = decl.name;
    this.builtins = ctx.builtins ?? BUILTINS_011;
  }

  run(): Summary {
    const env: Env = new Map();
    this.decl.params.forEach((p, index) => {
      const v: Val = { taint: { params: [{ index, mask: BOTH }] } };
      if (mayBeFunction(p.type)) v.fns = [{ kind: 'param', index }];
      env.set(p.name.text, v);
    });
    const frame: Frame = { file: this.file, ret: CLEAN, name: this.decl.name.text };
    this.frames.push(frame);
    const last = this.block(this.decl.body, env);
    if (last) this.returns(last.value, last.at);
    this.frames.pop();
    return {
      ret: frame.ret,
      sinks: [...this.sinks.values()],
      fnCalls: [...this.fnCalls.values()],
      findings: [...this.findings.values()],
    };
  }

  private get frame(): Frame {
    return this.frames[this.frames.length - 1];
  }

  private step(kind: Step['kind'], at: Span, name?: string, detail?: string): Step {
    const s: Step = { kind, at, file: this.frame.file };
    if (name !== undefined) s.name = name;
    if (detail !== undefined) s.detail = detail;
    return s;
  }

  private returns(v: Val, at: Span): void {
    if (isClean(v)) return;
    this.frame.ret = join(this.frame.ret, stepVal(v, this.step('return', at, this.frame.name)));
  }

  // ------------------------------------------------------------ statements

  /** Runs statements in `env` (changed in place); the last statement's value, if it has one. */
  private block(stmts: readonly Stmt[], env: Env): { value: Val; at: Span } | undefined {
    let prev: Val = CLEAN;
    let last: { value: Val; at: Span } | undefined;
    for (const s of stmts) {
      const v = this.stmt(s, env, prev);
      prev = v ?? CLEAN;
      last = v === undefined ? undefined : { value: v, at: s };
    }
    return last;
  }

  /** A branch: `run` in a copy of `env`, whose bindings then join the originals. */
  private branch<T>(env: Env, run: (e: Env) => T, joinInto: Env[]): T {
    const copy = new Map(env);
    const out = run(copy);
    joinInto.push(copy);
    return out;
  }

  /** Joins the branches' bindings into `env`; whether anything in `env` changed. */
  private joinEnvs(env: Env, branches: readonly Env[]): boolean {
    let changed = false;
    for (const b of branches) {
      for (const [k, v] of b) {
        const mine = env.get(k);
        if (mine === v) continue;
        const next = mine ? join(mine, v) : v;
        if (next !== mine) {
          env.set(k, next);
          // A binding that carries nothing does not need another round to be seen.
          if (mine !== undefined || !isClean(next)) changed = true;
        }
      }
    }
    return changed;
  }

  private stmt(s: Stmt, env: Env, prev: Val): Val | undefined {
    this.tick();
    switch (s.kind) {
      case 'Bind': {
        const v = this.expr(s.value, env);
        env.set(s.name.text, stepVal(v, this.step('bind', s.name, s.name.text)));
        return v;
      }
      case 'Destructure': {
        const v = this.expr(s.value, env);
        for (const n of s.names) env.set(n.text, stepVal(fieldOf(v, n.text), this.step('bind', n, n.text)));
        return v;
      }
      case 'Guard': {
        this.expr(s.cond, env);
        const branches: Env[] = [];
        const then = this.branch(env, (e) => this.block(s.body, e), branches);
        const other = s.elseBody ? this.branch(env, (e) => this.block(s.elseBody!, e), branches) : undefined;
        this.joinEnvs(env, branches);
        // A braceless guard returns its value from the function.
        if (s.braceless && !s.elseBody) {
          if (then) this.returns(then.value, then.at);
          return undefined;
        }
        return join(then?.value ?? CLEAN, other?.value ?? CLEAN);
      }
      case 'Match':
        return this.match(s.subject, s.arms, env, prev);
      case 'ForEach': {
        const items = this.expr(s.collection, env);
        const elem = stepVal(whole(items), this.step('loop', s.binding, s.binding.text));
        return this.loop(env, (e) => e.set(s.binding.text, elem), s.body);
      }
      case 'ForRange': {
        const bound = join(whole(this.expr(s.from, env)), whole(this.expr(s.to, env)));
        const v = stepVal(bound, this.step('loop', s.binding, s.binding.text));
        return this.loop(env, (e) => e.set(s.binding.text, v), s.body);
      }
      case 'While':
        return this.loop(env, (e) => void this.expr(s.cond, e), s.body);
      case 'Return': {
        this.returns(this.expr(s.value, env), s.value);
        return undefined;
      }
      case 'Break': {
        const v = s.value ? this.expr(s.value, env) : CLEAN;
        this.breaks.at(-1)?.push(v);
        return undefined;
      }
      case 'Continue':
        return undefined;
      case 'ExprStmt':
        return this.expr(s.expr, env);
      default:
        return this.unknownNode(s as unknown as Node, env);
    }
  }

  /** A loop: its body runs until the bindings stop changing; its value is what the body's last statement and `brk` give. */
  private loop(env: Env, enter: (e: Env) => void, body: readonly Stmt[]): Val {
    let value: Val = CLEAN;
    this.breaks.push([]);
    for (let round = 0; round < MAX_LOOP_ROUNDS; round++) {
      const e = new Map(env);
      enter(e);
      const last = this.block(body, e);
      if (last) value = join(value, last.value);
      // Another round only when the body brought something new.
      if (!this.joinEnvs(env, [e])) break;
    }
    for (const b of this.breaks.pop()!) value = join(value, b);
    return value;
  }

  private match(subject: Expr | undefined, arms: readonly MatchArm[], env: Env, prev: Val): Val {
    // `?{…}` matches the value of the statement before it.
    const subj = subject ? this.expr(subject, env) : prev;
    const branches: Env[] = [];
    let value: Val = CLEAN;
    for (const arm of arms) {
      const last = this.branch(
        env,
        (e) => {
          this.bindPattern(arm.pattern, subj, e);
          return this.block(arm.body, e);
        },
        branches,
      );
      if (last) value = join(value, last.value);
    }
    this.joinEnvs(env, branches);
    return value;
  }

  /**
   * Every name a pattern binds gets the subject (`~v`, `^e`, `t v`, a
   * variant's payload); alternatives bind theirs; `_` is the subject.
   * Written over the pattern's shape, so that pattern kinds of later levels
   * bind without a case of their own.
   */
  private bindPattern(p: Pattern, subject: Val, env: Env): void {
    if (p.kind === 'WildPat') {
      env.set('_', subject);
      return;
    }
    const shape = p as { binding?: { text: string; start: number; end: number }; alternatives?: Pattern[] };
    if (shape.binding && typeof shape.binding.text === 'string') {
      env.set(shape.binding.text, stepVal(subject, this.step('match', shape.binding, shape.binding.text)));
    }
    for (const alt of shape.alternatives ?? []) this.bindPattern(alt, subject, env);
  }

  /** A node the analysis has no case for: operands evaluated, statements below run in branches, the operands' union as value. */
  private unknownNode(n: Node, env: Env): Val {
    let value: Val = CLEAN;
    const branches: Env[] = [];
    for (const c of childrenOf(n)) {
      if (!('kind' in c)) {
        // A match arm, parameter or the like: statements below it run in a branch.
        const stmts = childrenOf(c).filter((x): x is Stmt => 'kind' in x && isStmtKind(x.kind));
        if (stmts.length > 0) this.branch(env, (e) => this.block(stmts, e), branches);
        continue;
      }
      if (isStmtKind(c.kind)) {
        const v = this.branch(env, (e) => this.stmt(c as Stmt, e, CLEAN), branches);
        if (v) value = join(value, v);
      } else if (!isTypeKind(c.kind)) {
        value = join(value, whole(this.expr(c as Expr, env)));
      }
    }
    this.joinEnvs(env, branches);
    return value;
  }

  // ------------------------------------------------------------ expressions

  expr(e: Expr, env: Env): Val {
    this.tick();
    switch (e.kind) {
      case 'Number':
      case 'Text':
      case 'Bool':
      case 'Nil':
        return CLEAN;
      case 'Ref':
        return env.get(e.name) ?? this.nameAsValue(e.name);
      case 'Field': {
        const obj = this.expr(e.object, env);
        // `xs.i` with a bound `i` is an index, not a field.
        return env.has(e.field.text) && !obj.fields?.has(e.field.text) ? whole(obj) : fieldOf(obj, e.field.text);
      }
      case 'Index':
        return whole(this.expr(e.object, env));
      case 'Call':
        return this.call(e, env);
      case 'Binary': {
        const l = this.expr(e.left, env);
        const r = this.expr(e.right, env);
        // A comparison is a truth value: nothing of the operands can be read back from it.
        return COMPARISONS.has(e.op) ? CLEAN : join(whole(l), whole(r));
      }
      case 'Unary': {
        const v = this.expr(e.operand, env);
        return e.op === '!' ? CLEAN : v;
      }
      case 'Ok':
      case 'Err':
        return this.expr(e.value, env);
      case 'List': {
        let v: Val = CLEAN;
        for (const item of e.items) v = join(v, whole(this.expr(item, env)));
        return v;
      }
      case 'Record':
        return this.record(e.fields, env);
      case 'Match':
        return this.match(e.subject, e.arms, env, CLEAN);
      case 'Coalesce':
        return join(this.expr(e.value, env), this.expr(e.fallback, env));
      case 'With': {
        const base = this.expr(e.object, env);
        const updates = new Map<string, Val>();
        for (const u of e.updates) updates.set(u.name.text, stepVal(this.expr(u.value, env), this.step('field', u.name, u.name.text)));
        return withFields(base, updates);
      }
      case 'Ternary': {
        this.expr(e.cond, env);
        return join(this.expr(e.then, env), this.expr(e.else, env));
      }
      case 'Lambda': {
        const captured = new Map<string, Val>();
        for (const name of lambdaRefs(e)) {
          const v = env.get(name);
          if (v) captured.set(name, v);
        }
        return ofFn({ kind: 'lambda', node: e, env: captured, file: this.frame.file });
      }
      default:
        return this.unknownExpr(e as Expr, env);
    }
  }

  /** A record built from field initialisers: its fields kept apart. */
  private record(inits: readonly FieldInit[], env: Env): Val {
    const fields = new Map<string, Val>();
    for (const f of inits) fields.set(f.name.text, stepVal(this.expr(f.value, env), this.step('field', f.name, f.name.text)));
    return withFields(CLEAN, fields);
  }

  private unknownExpr(e: Expr, env: Env): Val {
    // A record of a later level (an anonymous `{name:"a" age:3}`): any node with field initialisers.
    const inits = (e as { fields?: unknown }).fields;
    if (Array.isArray(inits) && inits.every((f) => f && typeof f === 'object' && 'name' in f && 'value' in f)) return this.record(inits as FieldInit[], env);
    const ops = exprOperands(e);
    if (ops.length === 0) return this.unknownNode(e as unknown as Node, env);
    let v: Val = CLEAN;
    for (const o of ops) v = join(v, whole(this.expr(o, env)));
    return v;
  }

  /** A name used as a value that is not a local: a function, tool or builtin passed by name. */
  private nameAsValue(name: string): Val {
    const builtin = this.builtins.canonical(name);
    if (builtin) return ofFn({ kind: 'builtin', name: builtin });
    const t = this.ctx.lookup(name);
    if (!t) return CLEAN;
    return ofFn(t.kind === 'fn' ? { kind: 'fn', decl: t.decl, file: t.file } : { kind: 'tool', tool: t.tool });
  }

  // ------------------------------------------------------------ calls

  private call(e: CallExpr, env: Env): Val {
    const args = e.args.map((a) => this.expr(a, env));
    const name = e.callee.text;
    const outer = this.meeting;
    // Findings made by this call are placed here when their sink is in another file.
    if (this.frame.file === this.file) this.meeting = e.callee;
    try {
      const local = env.get(name);
      if (local !== undefined) return this.callValue(local, args, e);
      const builtin = this.builtins.canonical(name);
      if (builtin) return this.callBuiltin(builtin, args, e);
      const t = this.ctx.lookup(name);
      if (t?.kind === 'fn') return this.callFn(t.decl, t.file, t.flow, args, e);
      if (t?.kind === 'tool') return this.callTool(t.tool, t.flow, t.roles, t.what, args, e);
      return unknownResult(args);
    } finally {
      this.meeting = outer;
    }
  }

  /** Calling a value: each function it may be; a parameter's function is noted for the caller. */
  private callValue(v: Val, args: readonly Val[], e: CallExpr): Val {
    if (!v.fns || v.fns.length === 0) return unknownResult(args);
    let out: Val = CLEAN;
    for (const f of v.fns) out = join(out, this.invoke(f, args, e));
    return out;
  }

  private invoke(f: FnRef, args: readonly Val[], e: CallExpr): Val {
    switch (f.kind) {
      case 'fn': {
        const t = this.ctx.lookup(f.decl.name.text);
        const flow = t?.kind === 'fn' && t.decl === f.decl ? t.flow : { sanitizes: 0 };
        return this.callFn(f.decl, f.file, flow, args, e);
      }
      case 'tool': {
        const t = this.ctx.lookup(f.tool.name);
        if (t?.kind === 'tool' && t.tool.decl === f.tool.decl) return this.callTool(t.tool, t.flow, t.roles, t.what, args, e);
        return unknownResult(args);
      }
      case 'builtin':
        return this.callBuiltin(f.name, args, e);
      case 'lambda':
        return this.callLambda(f, args);
      case 'param': {
        this.noteFnCall(f.index, args, e);
        return unknownResult(args);
      }
    }
  }

  private noteFnCall(index: number, args: readonly Val[], e: CallExpr): void {
    const key = `${index}:${args.map((a) => valKey(a, false)).join(';')}`;
    if (!this.fnCalls.has(key) && this.fnCalls.size < MAX_SINKS) this.fnCalls.set(key, { index, args, at: e.callee, file: this.frame.file });
  }

  private callLambda(f: Extract<FnRef, { kind: 'lambda' }>, args: readonly Val[]): Val {
    if (this.invokeDepth >= MAX_INVOKE_DEPTH) return unknownResult(args);
    this.invokeDepth++;
    const frame: Frame = { file: f.file, ret: CLEAN, name: 'the lambda' };
    this.frames.push(frame);
    try {
      const env: Env = new Map(f.env);
      f.node.params.forEach((p, i) => {
        const a = args[i] ?? CLEAN;
        env.set(p.name.text, stepVal(a, this.step('arg', p.name, 'the lambda', p.name.text)));
      });
      const last = this.block(f.node.body, env);
      if (last) this.returns(last.value, last.at);
      return frame.ret;
    } finally {
      this.frames.pop();
      this.invokeDepth--;
    }
  }

  private sourceVal(label: 'private' | 'untrusted', at: Span, name: string, what: string): Val {
    const trace = extend(undefined, this.step('source', at, name, what));
    return { taint: label === 'private' ? { priv: trace } : { untr: trace } };
  }

  private callTool(tool: ContractTool, flow: ToolFlow, roles: ReadonlyArray<ArgRole | undefined>, what: string, args: readonly Val[], e: CallExpr): Val {
    args.forEach((a, i) => {
      const role = roles[i];
      if (role) this.reach(a, this.site(e, i, tool.name, tool.decl.params[i]?.name.text, role, what));
    });
    // A tool's result may be computed from its arguments.
    let out = unknownResult(args);
    for (const label of flow.labels) {
      if (label === 'private' || label === 'untrusted') out = join(out, this.sourceVal(label, e.callee, tool.name, flow.reasons[label] ?? label));
    }
    return out;
  }

  private callBuiltin(name: string, args: readonly Val[], e: CallExpr): Val {
    const bf = builtinFlow(name, this.builtins);
    if (bf.arg) {
      args.forEach((a, i) => {
        const role = bf.arg!(i);
        if (role) this.reach(a, this.site(e, i, name, undefined, role, bf.sinkWhat ?? name));
      });
    }
    // Maps under keys written as literals keep their entries apart.
    const key = literalKey(e.args[1]);
    if (key !== undefined && args.length >= 2) {
      if (name === 'mget') return fieldOf(args[0], key);
      if (name === 'mset' && args.length >= 3) return withFields(args[0], new Map([[key, stepVal(args[2], this.step('field', e.args[1], key.slice(2)))]]));
      if (name === 'mdel') return args[0];
    }
    if (name === 'mset' && args.length >= 3) return withAnyField(args[0], join(whole(args[1]), args[2]));
    if (name === 'mkeys' && args.length >= 1) return { taint: args[0].taint };

    // A function first argument is called with the data arguments (`map f xs`, `fld f xs init`).
    const fn = args.length >= 2 && args[0].fns && args[0].fns.length > 0 && callsFirstArgument(name, args.length, this.builtins) ? args[0].fns : undefined;
    let input: Val = CLEAN;
    for (let i = fn ? 1 : 0; i < args.length; i++) input = join(input, whole(args[i]));
    let called: Val = CLEAN;
    if (fn) {
      const rounds = name === 'fld' ? 2 : 1;
      for (let r = 0; r < rounds; r++) {
        for (const f of fn) called = join(called, this.invoke(f, replicate(input, arity(f)), e));
        if (name === 'fld') input = join(input, called);
      }
    }
    let out: Val = CLEAN;
    if (bf.result === 'propagate') {
      out = input;
      if (bf.calls === 'result' || (bf.calls === undefined && fn)) out = join(out, called);
    }
    if (bf.source) out = join(out, this.sourceVal(bf.source.label, e.callee, name, bf.source.what));
    return out;
  }

  private callFn(decl: FunctionDecl, file: string | undefined, flow: FnFlow, args: readonly Val[], e: CallExpr): Val {
    const s = this.ctx.summary(decl, file);
    const name = decl.name.text;
    const argStep = (i: number): Step => this.step('arg', e.args[i] ?? e.callee, name, decl.params[i]?.name.text);
    // Parameters that reach sinks inside: the arguments given here.
    for (const dep of s.sinks) {
      const a = args[dep.index];
      if (!a) continue;
      const t = wholeTaint(pathOf(a, dep.path));
      const st = argStep(dep.index);
      if (dep.mask & PRIVATE && t.priv) this.found('leak', concat(extend(t.priv, st), dep.trace)!, dep.site);
      if (dep.mask & UNTRUSTED && t.untr) this.found('tamper', concat(extend(t.untr, st), dep.trace)!, dep.site);
      for (const p of t.params ?? []) {
        const mask = p.mask & dep.mask;
        if (mask) this.addSink({ index: p.index, path: p.path, mask, trace: concat(extend(p.trace, st), dep.trace), site: dep.site });
      }
    }
    // Declared labels of the function itself.
    if (flow.roles) {
      args.forEach((a, i) => {
        const role = flow.roles![i];
        if (role) this.reach(a, this.site(e, i, name, decl.params[i]?.name.text, role, 'is declared a sink'));
      });
    }
    let out = this.subst(s.ret, args, argStep);
    // Function parameters it calls: the functions given here.
    for (const fc of s.fnCalls) {
      const given = args[fc.index];
      if (!given?.fns) continue;
      const fcArgs = fc.args.map((a) => this.subst(a, args, argStep));
      for (const f of given.fns) out = join(out, this.invoke(f, fcArgs, e));
    }
    if (flow.sanitizes) out = cleanseVal(out, flow.sanitizes);
    for (const label of flow.flow?.labels ?? []) {
      if (label === 'private' || label === 'untrusted') out = join(out, this.sourceVal(label, e.callee, name, 'declared with @flow'));
    }
    return out;
  }

  /** A summary's value with the call's arguments put in for the parameters. */
  private subst(v: Val, args: readonly Val[], argStep: (i: number) => Step): Val {
    if (isClean(v)) return v;
    const taint: Taint = {};
    if (v.taint.priv) taint.priv = v.taint.priv;
    if (v.taint.untr) taint.untr = v.taint.untr;
    let out: Val = { taint };
    for (const dep of v.taint.params ?? []) {
      const a = args[dep.index];
      if (!a) continue;
      out = join(out, ofArg(pathOf(a, dep.path), dep, argStep(dep.index)));
    }
    if (v.fields) {
      const fields = new Map<string, Val>();
      for (const [k, f] of v.fields) fields.set(k, this.subst(f, args, argStep));
      out = withFields(out, fields);
    }
    if (v.fns) {
      let fns: Val = CLEAN;
      for (const f of v.fns) {
        if (f.kind === 'param') {
          const given = args[f.index];
          if (given?.fns) fns = join(fns, { taint: {}, fns: given.fns });
        } else if (f.kind === 'lambda') {
          const env = new Map<string, Val>();
          for (const [k, x] of f.env) env.set(k, this.subst(x, args, argStep));
          fns = join(fns, ofFn({ ...f, env }));
        } else fns = join(fns, ofFn(f));
      }
      out = join(out, fns);
    }
    return out;
  }

  // ------------------------------------------------------------ sinks

  private site(e: CallExpr, index: number, target: string, param: string | undefined, role: ArgRole, what: string): SinkSite {
    const s: SinkSite = { call: e.callee, arg: e.args[index] ?? e.callee, file: this.frame.file, target, role, what };
    if (param !== undefined) s.param = param;
    return s;
  }

  /** A value arriving at a sink argument: findings for what it carries, sink entries for the parameters it comes from. */
  private reach(v: Val, site: SinkSite): void {
    const t = wholeTaint(v);
    if (site.role.leak && t.priv) this.found('leak', t.priv, site);
    if (site.role.tamper && t.untr) this.found('tamper', t.untr, site);
    const mask = (site.role.leak ? PRIVATE : 0) | (site.role.tamper ? UNTRUSTED : 0);
    for (const p of t.params ?? []) {
      const m = p.mask & mask;
      if (m) this.addSink({ index: p.index, path: p.path, mask: m, trace: p.trace, site });
    }
  }

  private addSink(dep: SinkDep): void {
    const key = `${dep.index}:${dep.path?.join('.') ?? ''}:${dep.mask}:${siteKey(dep.site)}`;
    if (this.sinks.has(key) || this.sinks.size >= MAX_SINKS) return;
    const clean: SinkDep = { index: dep.index, mask: dep.mask, site: dep.site };
    if (dep.path) clean.path = dep.path;
    if (dep.trace) clean.trace = dep.trace;
    this.sinks.set(key, clean);
  }

  private found(kind: 'leak' | 'tamper', trace: Trace, site: SinkSite): void {
    const key = `${kind}:${siteKey(site)}`;
    if (!this.findings.has(key)) this.findings.set(key, { kind, trace, site, meeting: this.meeting });
  }
}

// ---------------------------------------------------------------- helpers

function siteKey(s: SinkSite): string {
  return `${s.file ?? ''}:${idOfSpan(s.arg)}:${idOfSpan(s.call)}`;
}

const spanIds = new WeakMap<Span, number>();
let nextSpanId = 1;
function idOfSpan(s: Span): number {
  let id = spanIds.get(s);
  if (id === undefined) {
    id = nextSpanId++;
    spanIds.set(s, id);
  }
  return id;
}

/** What an unknown function (or a tool, or a parameter's function) returns: anything its arguments carry. */
function unknownResult(args: readonly Val[]): Val {
  let v: Val = CLEAN;
  for (const a of args) v = join(v, { taint: wholeTaint(a) });
  return v;
}

function replicate(v: Val, n: number): Val[] {
  return Array.from({ length: Math.max(1, n) }, () => v);
}

function arity(f: FnRef): number {
  switch (f.kind) {
    case 'fn':
      return f.decl.params.length;
    case 'tool':
      return f.tool.decl.params.length;
    case 'lambda':
      return f.node.params.length;
    default:
      return 3;
  }
}

/** `m`'s key when it is written as a literal (`mget m "name"`). */
function literalKey(e: Expr | undefined): string | undefined {
  if (!e) return undefined;
  if (e.kind === 'Text') return `t:${e.value}`;
  if (e.kind === 'Number') return `n:${e.value}`;
  return undefined;
}

/** The value at `path` (fields) of `v`. */
function pathOf(v: Val, path: readonly string[] | undefined): Val {
  let out = v;
  for (const p of path ?? []) out = fieldOf(out, p);
  return out;
}

/** What an argument contributes where a summary says "derived from this parameter". */
function ofArg(a: Val, dep: ParamDep, argStep: Step): Val {
  const t = wholeTaint(a);
  const taint: Taint = {};
  if (dep.mask & PRIVATE && t.priv) taint.priv = concat(extend(t.priv, argStep), dep.trace);
  if (dep.mask & UNTRUSTED && t.untr) taint.untr = concat(extend(t.untr, argStep), dep.trace);
  const params = (t.params ?? [])
    .map((p): ParamDep => {
      const out: ParamDep = { index: p.index, mask: p.mask & dep.mask, trace: concat(extend(p.trace, argStep), dep.trace) };
      if (p.path) out.path = p.path;
      return out;
    })
    .filter((p) => p.mask !== 0);
  if (params.length > 0) taint.params = params;
  const out: Val = { taint };
  const w = whole(a);
  if (w.fns) out.fns = w.fns;
  return out;
}

function isTypeKind(kind: string): boolean {
  return kind.endsWith('Type');
}

