// A small, bounded evaluator of ilo function bodies, so `test` block
// assertions (`ok f 2 3 5`) can be judged when a file is checked, as ilo 26
// does (ILO-T050). It runs pure code only — numbers, text, lists, maps,
// records, Results, guards, matches, loops, lambdas and the pure builtins of
// ./builtins.ts — within a step and depth budget. Anything else (an effect, a
// tool, a construct it does not model, a budget run out) throws
// `Unsupported`, and the caller then judges nothing: an assertion we cannot
// run is never reported as failing.

import type { Expr, FunctionDecl, MatchArm, Pattern, Stmt } from '../../syntax/ast';
import type { BuiltinTable } from '../../syntax/builtinKit';
import { runBuiltin, runsBuiltin } from './builtins';
import {
  Jump,
  NIL_V,
  RuntimeFailure,
  Unsupported,
  bool,
  equal,
  list,
  num,
  text,
  type Value,
} from './values';

export interface EvalLimits {
  /** Expressions and statements evaluated, in all. */
  steps: number;
  /** Nested function calls. */
  depth: number;
}

export const DEFAULT_LIMITS: EvalLimits = { steps: 200_000, depth: 150 };

export class Interpreter {
  private steps = 0;
  private depth = 0;
  /** The functions a run reached (its result holds while they are the same declarations). */
  readonly reached = new Set<FunctionDecl>();

  constructor(
    private readonly functions: ReadonlyMap<string, FunctionDecl>,
    private readonly builtins: BuiltinTable,
    private readonly limits: EvalLimits = DEFAULT_LIMITS,
  ) {}

  /** Call function `name` with `args`: its value, or a thrown RuntimeFailure / Unsupported. */
  call(name: string, args: Value[]): Value {
    const d = this.functions.get(name);
    if (d === undefined) throw new Unsupported(`no function ${name}`);
    return this.invoke(d, args);
  }

  // ------------------------------------------------------------ functions

  private invoke(d: FunctionDecl, args: Value[]): Value {
    if (d.params.length !== args.length) throw new Unsupported('arity');
    if (++this.depth > this.limits.depth) throw new Unsupported('too deep');
    this.reached.add(d);
    try {
      const scope = new Map<string, Value>();
      d.params.forEach((p, i) => scope.set(p.name.text, args[i]));
      return this.runBody(d.body, [scope]);
    } finally {
      this.depth--;
    }
  }

  /** A function or lambda body: its last statement's value, or what `ret` returns. */
  private runBody(body: readonly Stmt[], scopes: Map<string, Value>[]): Value {
    try {
      return this.block(body, scopes);
    } catch (j) {
      if (j instanceof Jump) {
        if (j.kind === 'ret') return j.value;
        throw new Unsupported('brk outside a loop');
      }
      throw j;
    }
  }

  private apply = (fn: Value, args: Value[]): Value => {
    switch (fn.kind) {
      case 'fn':
        return this.invoke(fn.decl, args);
      case 'lambda': {
        if (fn.lambda.params.length !== args.length) throw new Unsupported('lambda arity');
        if (++this.depth > this.limits.depth) throw new Unsupported('too deep');
        try {
          const scope = new Map<string, Value>();
          fn.lambda.params.forEach((p, i) => scope.set(p.name.text, args[i]));
          return this.runBody(fn.lambda.body, [fn.scope, scope]);
        } finally {
          this.depth--;
        }
      }
      case 'builtin':
        return runBuiltin(fn.name, args, this.apply);
      default:
        throw new Unsupported('not a function');
    }
  };

  private tick(): void {
    if (++this.steps > this.limits.steps) throw new Unsupported('step budget');
  }

  // ------------------------------------------------------------ statements

  private block(stmts: readonly Stmt[], scopes: Map<string, Value>[]): Value {
    let last: Value = NIL_V;
    for (let i = 0; i < stmts.length; i++) {
      const s = stmts[i];
      const isLast = i === stmts.length - 1;
      last = this.stmt(s, scopes, isLast);
    }
    return last;
  }

  private stmt(s: Stmt, scopes: Map<string, Value>[], isLast: boolean): Value {
    this.tick();
    const top = scopes[scopes.length - 1];
    switch (s.kind) {
      case 'Bind':
        this.assign(s.name.text, this.expr(s.value, scopes), scopes);
        return NIL_V;
      case 'Destructure': {
        const v = this.expr(s.value, scopes);
        if (v.kind !== 'record') throw new Unsupported('destructure');
        for (const n of s.names) {
          const f = v.fields.get(n.text);
          if (f === undefined) throw new Unsupported('destructure field');
          top.set(n.text, f);
        }
        return NIL_V;
      }
      case 'Guard': {
        const c = this.truth(this.expr(s.cond, scopes));
        const taken = s.negated ? !c : c;
        if (s.elseBody !== undefined) return this.scopedBlock(taken ? s.body : s.elseBody, scopes);
        if (s.braceless) {
          if (taken) throw new Jump('ret', this.scopedBlock(s.body, scopes));
          return NIL_V;
        }
        if (taken) return this.scopedBlock(s.body, scopes);
        if (isLast) throw new Unsupported('value of a braced guard not taken');
        return NIL_V;
      }
      case 'Match':
        return this.match(s.subject, s.arms, scopes);
      case 'ForEach': {
        if (isLast) throw new Unsupported('loop as a value');
        const coll = this.expr(s.collection, scopes);
        const items = coll.kind === 'list' ? coll.items : coll.kind === 'text' ? [...coll.s].map(text) : undefined;
        if (items === undefined) throw new Unsupported('foreach over this');
        for (const item of items) {
          const scope = new Map<string, Value>([[s.binding.text, item]]);
          if (this.loopBody(s.body, [...scopes, scope])) break;
        }
        return NIL_V;
      }
      case 'ForRange': {
        if (isLast) throw new Unsupported('loop as a value');
        const from = this.number(this.expr(s.from, scopes));
        const to = this.number(this.expr(s.to, scopes));
        for (let i = from; i < to; i++) {
          const scope = new Map<string, Value>([[s.binding.text, num(i)]]);
          if (this.loopBody(s.body, [...scopes, scope])) break;
        }
        return NIL_V;
      }
      case 'While': {
        if (isLast) throw new Unsupported('loop as a value');
        // A while body shares the enclosing scope.
        while (this.truth(this.expr(s.cond, scopes))) {
          if (this.loopBody(s.body, scopes, false)) break;
        }
        return NIL_V;
      }
      case 'Return':
        throw new Jump('ret', this.expr(s.value, scopes));
      case 'Break':
        throw new Jump('brk', s.value !== undefined ? this.expr(s.value, scopes) : NIL_V);
      case 'Continue':
        throw new Jump('cnt', NIL_V);
      case 'ExprStmt':
        return this.expr(s.expr, scopes);
    }
  }

  /** `x=v` rebinds the nearest `x` in scope (a loop body updates the function's accumulator), else binds a new one. */
  private assign(name: string, v: Value, scopes: Map<string, Value>[]): void {
    for (let i = scopes.length - 1; i >= 0; i--) {
      if (scopes[i].has(name)) {
        scopes[i].set(name, v);
        return;
      }
    }
    scopes[scopes.length - 1].set(name, v);
  }

  private scopedBlock(body: readonly Stmt[], scopes: Map<string, Value>[]): Value {
    return this.block(body, [...scopes, new Map()]);
  }

  /** One iteration; true when the loop is to stop (`brk`). */
  private loopBody(body: readonly Stmt[], scopes: Map<string, Value>[], fresh = true): boolean {
    try {
      this.block(body, fresh ? scopes : scopes);
      return false;
    } catch (j) {
      if (j instanceof Jump && j.kind === 'brk') return true;
      if (j instanceof Jump && j.kind === 'cnt') return false;
      throw j;
    }
  }

  private match(subjectExpr: Expr | undefined, arms: readonly MatchArm[], scopes: Map<string, Value>[]): Value {
    if (subjectExpr === undefined) throw new Unsupported('match without subject');
    const subject = this.expr(subjectExpr, scopes);
    for (const arm of arms) {
      const scope = new Map<string, Value>();
      if (!this.matches(arm.pattern, subject, scope)) continue;
      return this.block(arm.body, [...scopes, scope]);
    }
    return NIL_V;
  }

  private matches(p: Pattern, v: Value, scope: Map<string, Value>): boolean {
    switch (p.kind) {
      case 'WildPat':
        return true;
      case 'OkPat':
        if (v.kind !== 'ok') return false;
        scope.set(p.binding.text, v.value);
        return true;
      case 'ErrPat':
        if (v.kind !== 'err') return false;
        scope.set(p.binding.text, v.value);
        return true;
      case 'LitPat': {
        const lit = p.value;
        const want: Value = lit.kind === 'Number' ? num(lit.value) : lit.kind === 'Text' ? text(lit.value) : lit.kind === 'Bool' ? bool(lit.value) : NIL_V;
        return equal(v, want);
      }
      case 'TypePat': {
        const ok = p.type === 'n' ? v.kind === 'num' : p.type === 't' ? v.kind === 'text' : p.type === 'b' ? v.kind === 'bool' : v.kind === 'list';
        if (ok) scope.set(p.binding.text, v);
        return ok;
      }
      default:
        throw new Unsupported('pattern');
    }
  }

  // ------------------------------------------------------------ expressions

  private lookup(name: string, scopes: Map<string, Value>[]): Value | undefined {
    for (let i = scopes.length - 1; i >= 0; i--) {
      const v = scopes[i].get(name);
      if (v !== undefined) return v;
    }
    return undefined;
  }

  expr(e: Expr, scopes: Map<string, Value>[]): Value {
    this.tick();
    switch (e.kind) {
      case 'Number':
        return num(e.value);
      case 'Text':
        return text(e.value);
      case 'Bool':
        return bool(e.value);
      case 'Nil':
        return NIL_V;
      case 'Ref':
        return this.ref(e.name, scopes);
      case 'Call':
        return this.callExpr(e, scopes);
      case 'Binary':
        return this.binary(e.op, this.expr(e.left, scopes), this.expr(e.right, scopes));
      case 'Unary': {
        const v = this.expr(e.operand, scopes);
        return e.op === '!' ? bool(!this.truth(v)) : num(-this.number(v));
      }
      case 'Ok':
        return { kind: 'ok', value: this.expr(e.value, scopes) };
      case 'Err':
        return { kind: 'err', value: this.expr(e.value, scopes) };
      case 'List':
        return list(e.items.map((x) => this.expr(x, scopes)));
      case 'Record': {
        const fields = new Map<string, Value>();
        for (const f of e.fields) fields.set(f.name.text, this.expr(f.value, scopes));
        return { kind: 'record', type: e.typeName.text, fields };
      }
      case 'Field': {
        const obj = this.expr(e.object, scopes);
        if (e.safe && obj.kind === 'nil') return NIL_V;
        if (obj.kind === 'record') {
          const f = obj.fields.get(e.field.text);
          if (f === undefined) throw new Unsupported('field');
          return f;
        }
        throw new Unsupported('field of this');
      }
      case 'Index': {
        const obj = this.expr(e.object, scopes);
        if (e.safe && obj.kind === 'nil') return NIL_V;
        if (obj.kind !== 'list') throw new Unsupported('index of this');
        const v = obj.items[e.index];
        if (v === undefined) throw new RuntimeFailure('index out of range');
        return v;
      }
      case 'Match':
        return this.match(e.subject, e.arms, scopes);
      case 'Coalesce': {
        const v = this.expr(e.value, scopes);
        return v.kind === 'nil' ? this.expr(e.fallback, scopes) : v;
      }
      case 'With': {
        const obj = this.expr(e.object, scopes);
        if (obj.kind !== 'record') throw new Unsupported('with');
        const fields = new Map(obj.fields);
        for (const u of e.updates) fields.set(u.name.text, this.expr(u.value, scopes));
        return { kind: 'record', type: obj.type, fields };
      }
      case 'Ternary':
        return this.truth(this.expr(e.cond, scopes)) ? this.expr(e.then, scopes) : this.expr(e.else, scopes);
      case 'Lambda': {
        // Closures capture by value at creation.
        const scope = new Map<string, Value>();
        for (const s of scopes) for (const [k, v] of s) scope.set(k, v);
        return { kind: 'lambda', lambda: e, scope };
      }
      default:
        throw new Unsupported('expression');
    }
  }

  private ref(name: string, scopes: Map<string, Value>[]): Value {
    const local = this.lookup(name, scopes);
    if (local !== undefined) return local;
    const d = this.functions.get(name);
    if (d !== undefined) return { kind: 'fn', decl: d };
    const canonical = this.builtins.canonical(name);
    if (canonical !== undefined) {
      const b = this.builtins.lookup(canonical);
      if (b?.arities.includes(0)) return runBuiltin(canonical, [], this.apply);
      if (runsBuiltin(canonical)) return { kind: 'builtin', name: canonical };
    }
    throw new Unsupported(`name ${name}`);
  }

  private callExpr(e: Extract<Expr, { kind: 'Call' }>, scopes: Map<string, Value>[]): Value {
    const args = e.args.map((a) => this.expr(a, scopes));
    const name = e.callee.text;
    const local = this.lookup(name, scopes);
    let v: Value;
    if (local !== undefined) v = this.apply(local, args);
    else if (this.functions.has(name)) v = this.invoke(this.functions.get(name)!, args);
    else {
      const canonical = this.builtins.canonical(name);
      if (canonical === undefined) throw new Unsupported(`call ${name}`);
      v = runBuiltin(canonical, args, this.apply);
    }
    if (e.unwrap === 'none') return v;
    if (v.kind === 'ok') return v.value;
    if (v.kind === 'err' || v.kind === 'nil') {
      if (e.unwrap === 'panic') throw new RuntimeFailure(`'!!' met ${v.kind === 'nil' ? 'nil' : 'an Err'}`);
      throw new Jump('ret', v);
    }
    return v;
  }

  private binary(op: string, l: Value, r: Value): Value {
    switch (op) {
      case '+':
        if (l.kind === 'num' && r.kind === 'num') return num(l.n + r.n);
        if (l.kind === 'text' && r.kind === 'text') return text(l.s + r.s);
        if (l.kind === 'list' && r.kind === 'list') return list([...l.items, ...r.items]);
        throw new Unsupported('+');
      case '-':
        return num(this.number(l) - this.number(r));
      case '*':
        return num(this.number(l) * this.number(r));
      case '/': {
        const d = this.number(r);
        if (d === 0) throw new RuntimeFailure('division by zero');
        return num(this.number(l) / d);
      }
      case '=':
        return bool(equal(l, r));
      case '!=':
        return bool(!equal(l, r));
      case '>':
      case '<':
      case '>=':
      case '<=': {
        let c: number;
        if (l.kind === 'num' && r.kind === 'num') c = l.n - r.n;
        else if (l.kind === 'text' && r.kind === 'text') c = l.s < r.s ? -1 : l.s > r.s ? 1 : 0;
        else throw new Unsupported('compare');
        return bool(op === '>' ? c > 0 : op === '<' ? c < 0 : op === '>=' ? c >= 0 : c <= 0);
      }
      case '&':
        return bool(this.truth(l) && this.truth(r));
      case '|':
        return bool(this.truth(l) || this.truth(r));
      case '+=':
        if (l.kind === 'list') return list([...l.items, r]);
        throw new Unsupported('+=');
      default:
        throw new Unsupported(op);
    }
  }

  private truth(v: Value): boolean {
    if (v.kind !== 'bool') throw new Unsupported('condition not a bool');
    return v.b;
  }

  private number(v: Value): number {
    if (v.kind !== 'num') throw new Unsupported('not a number');
    return v.n;
  }
}
