// The abstract values of the flow analysis: what a runtime value may be
// derived from, and how it got there.
//
// A value's taint says whether it may carry private data or untrusted
// content (each with one trace: the path from the source call to here), and,
// inside a function summary, which parameters it is derived from (each with
// the path from the parameter to here, and a mask of the source labels that
// survive the way: a sanitiser clears some). Records and maps built with
// known keys keep their fields apart (`r.name` is not `r.token`); lists
// do not keep elements apart. Function values (a function or tool passed by
// name, a lambda) ride along so that higher-order calls can be followed.
//
// Traces are persistent linked lists, newest step first, sharing their
// tails: extending one costs a node. Nothing here mutates a value that was
// handed out.

import type { FunctionDecl, LambdaExpr, Span } from '../../syntax/ast';
import type { SourceLabel } from '../../schema/flowWords';
import type { ContractTool } from '../behavior';

/** Source-label bits. */
export const PRIVATE = 1;
export const UNTRUSTED = 2;
export const BOTH = PRIVATE | UNTRUSTED;

export function bitOf(l: SourceLabel): number {
  return l === 'private' ? PRIVATE : UNTRUSTED;
}

export type StepKind =
  /** The call whose result is private or untrusted. */
  | 'source'
  /** `x=…`, `{a;b}=…` */
  | 'bind'
  /** An argument passed to a function, tool, builtin or lambda parameter. */
  | 'arg'
  /** A value leaving a function (its last statement, `ret`, an early return). */
  | 'return'
  /** A match arm's binding. */
  | 'match'
  /** A loop variable bound to the elements of a collection. */
  | 'loop'
  /** A record field or map entry set to the value. */
  | 'field';

export interface Step {
  kind: StepKind;
  /** A syntax node (its offsets move with it when text before it changes). */
  at: Span;
  /** The file of `at` (undefined: the file analysed). */
  file?: string;
  /** What the step is about: the bound name, the callee, the field. */
  name?: string;
  /** More words: the parameter an argument is passed as, what a source does. */
  detail?: string;
}

export interface Trace {
  readonly step: Step;
  readonly prev: Trace | undefined;
  readonly len: number;
}

/** Longest trace kept: further steps are not recorded (the message says the path was shortened). */
export const MAX_TRACE = 48;

export function extend(t: Trace | undefined, step: Step): Trace {
  if (t && t.len >= MAX_TRACE) return t;
  return { step, prev: t, len: (t?.len ?? 0) + 1 };
}

/** The steps of a trace, oldest first. */
export function stepsOf(t: Trace | undefined): Step[] {
  const out: Step[] = [];
  for (let c = t; c; c = c.prev) out.push(c.step);
  return out.reverse();
}

/** `rel`'s steps appended to `base`, in order. */
export function concat(base: Trace | undefined, rel: Trace | undefined): Trace | undefined {
  if (!rel) return base;
  if (!base) return rel;
  let out = base;
  for (const s of stepsOf(rel)) out = extend(out, s);
  return out;
}

export interface ParamDep {
  index: number;
  /** Fields taken from the parameter on the way (`p.user.name` → user, name); absent: the whole of it. */
  path?: readonly string[];
  /** The source labels of the argument that survive to here. */
  mask: number;
  /** From the parameter to here (undefined: nothing happened yet). */
  trace?: Trace;
}

export interface Taint {
  priv?: Trace;
  untr?: Trace;
  /** Sorted by index, one per parameter. */
  params?: readonly ParamDep[];
}

export type FnRef =
  | { kind: 'fn'; decl: FunctionDecl; file?: string }
  | { kind: 'tool'; tool: ContractTool }
  | { kind: 'builtin'; name: string }
  | { kind: 'lambda'; node: LambdaExpr; env: ReadonlyMap<string, Val>; file?: string }
  /** A function-valued parameter of the function being summarised. */
  | { kind: 'param'; index: number };

export interface Val {
  /** What the value may carry apart from its known fields. */
  taint: Taint;
  /** Fields of a record or entries of a map under known keys. */
  fields?: ReadonlyMap<string, Val>;
  fns?: readonly FnRef[];
}

export const CLEAN: Val = Object.freeze({ taint: Object.freeze({}) }) as Val;
const NO_TAINT: Taint = CLEAN.taint;

/** Records nest at most this deep and hold at most this many known fields; beyond, fields are merged. */
const MAX_DEPTH = 4;
const MAX_FIELDS = 64;
const MAX_PATH = 4;

export function isCleanTaint(t: Taint): boolean {
  return !t.priv && !t.untr && !(t.params && t.params.length > 0);
}

export function isClean(v: Val): boolean {
  if (!isCleanTaint(v.taint) || (v.fns && v.fns.length > 0)) return false;
  if (v.fields) for (const f of v.fields.values()) if (!isClean(f)) return false;
  return true;
}

function joinParams(a: readonly ParamDep[] | undefined, b: readonly ParamDep[] | undefined): readonly ParamDep[] | undefined {
  if (!b || b.length === 0) return a;
  if (!a || a.length === 0) return b;
  const out: ParamDep[] = [];
  let i = 0;
  let j = 0;
  let changed = false;
  while (i < a.length || j < b.length) {
    const x = a[i];
    const y = b[j];
    if (y === undefined || (x !== undefined && x.index < y.index)) {
      out.push(x);
      i++;
    } else if (x === undefined || y.index < x.index) {
      out.push(y);
      j++;
      changed = true;
    } else {
      const path = commonPath(x.path, y.path);
      if ((x.mask | y.mask) !== x.mask || path !== x.path) {
        const dep: ParamDep = { index: x.index, mask: x.mask | y.mask, trace: x.trace ?? y.trace };
        if (path) dep.path = path;
        out.push(dep);
        changed = true;
      } else out.push(x);
      i++;
      j++;
    }
  }
  return changed ? out : a;
}

/** The longest path both start with (undefined: the whole parameter). */
function commonPath(a: readonly string[] | undefined, b: readonly string[] | undefined): readonly string[] | undefined {
  if (!a || !b) return undefined;
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n === a.length ? a : n === 0 ? undefined : a.slice(0, n);
}

/** Everything either may carry (the first trace found is kept). */
export function joinTaint(a: Taint, b: Taint): Taint {
  if (a === b || isCleanTaint(b)) return a;
  if (isCleanTaint(a)) return b;
  const priv = a.priv ?? b.priv;
  const untr = a.untr ?? b.untr;
  const params = joinParams(a.params, b.params);
  if (priv === a.priv && untr === a.untr && params === a.params) return a;
  const out: Taint = {};
  if (priv) out.priv = priv;
  if (untr) out.untr = untr;
  if (params && params.length > 0) out.params = params;
  return out;
}

function fnKey(f: FnRef): unknown {
  switch (f.kind) {
    case 'fn':
      return f.decl;
    case 'tool':
      return f.tool.decl;
    case 'builtin':
      return `b:${f.name}`;
    case 'lambda':
      return f.node;
    case 'param':
      return `p:${f.index}`;
  }
}

function joinFns(a: readonly FnRef[] | undefined, b: readonly FnRef[] | undefined): readonly FnRef[] | undefined {
  if (!b || b.length === 0) return a;
  if (!a || a.length === 0) return b;
  const have = new Set(a.map(fnKey));
  const extra = b.filter((f) => !have.has(fnKey(f)));
  return extra.length === 0 ? a : [...a, ...extra].slice(0, 16);
}

/** A value that may be either. */
export function join(a: Val, b: Val): Val {
  if (a === b || b === CLEAN) return a;
  if (a === CLEAN) return b;
  const taint = joinTaint(a.taint, b.taint);
  const fns = joinFns(a.fns, b.fns);
  let fields = a.fields;
  if (a.fields || b.fields) {
    // Keys known on one side only may hold anything the other side holds as a whole.
    if (!a.fields || !b.fields) {
      const whole = a.fields ? b : a;
      const keyed = a.fields ? a : b;
      return collapse({ taint: joinTaint(keyed.taint, whole.taint), fields: keyed.fields, fns: joinFns(keyed.fns, whole.fns) }, whole);
    }
    let merged: Map<string, Val> | undefined;
    for (const [k, v] of b.fields) {
      const mine = a.fields.get(k);
      const next = mine ? join(mine, v) : v;
      if (next !== mine) {
        merged ??= new Map(a.fields);
        merged.set(k, next);
      }
    }
    if (merged) fields = merged.size > MAX_FIELDS ? undefined : merged;
    if (!fields) return { taint: joinTaint(taint, wholeTaint({ taint: NO_TAINT, fields: merged })), fns };
  }
  if (taint === a.taint && fns === a.fns && fields === a.fields) return a;
  const out: Val = { taint };
  if (fields) out.fields = fields;
  if (fns && fns.length > 0) out.fns = fns;
  return out;
}

/** `keyed`'s fields each joined with `whole` (a value of unknown shape may be any of them). */
function collapse(keyed: Val, whole: Val): Val {
  if (!keyed.fields || isClean(whole)) return keyed;
  const fields = new Map<string, Val>();
  for (const [k, v] of keyed.fields) fields.set(k, join(v, { taint: whole.taint, fns: whole.fns }));
  return { ...keyed, fields };
}

/** Everything the value carries, its fields included. */
export function wholeTaint(v: Val): Taint {
  if (!v.fields) return v.taint;
  let t = v.taint;
  for (const f of v.fields.values()) t = joinTaint(t, wholeTaint(f));
  return t;
}

/** The value as one lump: its fields' taint and function values merged in. */
export function whole(v: Val): Val {
  if (!v.fields) return v;
  let fns = v.fns;
  for (const f of v.fields.values()) fns = joinFns(fns, whole(f).fns);
  const out: Val = { taint: wholeTaint(v) };
  if (fns && fns.length > 0) out.fns = fns;
  return out;
}

/** Field `name` of a record or map value: the known field, else what any other field may hold. */
export function fieldOf(v: Val, name: string): Val {
  if (!v.fields) {
    // A parameter's field is followed as such: the caller may know the field is clean.
    const params = v.taint.params;
    if (!params || params.length === 0) return v;
    const taint: Taint = { ...v.taint, params: params.map((p) => ({ ...p, path: p.path && p.path.length >= MAX_PATH ? p.path : [...(p.path ?? []), name] })) };
    return v.fns ? { taint, fns: v.fns } : { taint };
  }
  const f = v.fields.get(name);
  if (f) return f;
  const rest: Val = { taint: v.taint };
  if (v.fns) rest.fns = v.fns;
  return isClean(rest) ? CLEAN : rest;
}

/** `base` with an entry under a key nobody knows set to `val`: any field may now be `val`. */
export function withAnyField(base: Val, val: Val): Val {
  const w = whole(val);
  if (!base.fields) return join(base, w);
  const fields = new Map<string, Val>();
  for (const [k, f] of base.fields) fields.set(k, join(f, w));
  const out: Val = { taint: joinTaint(base.taint, w.taint), fields };
  const fns = joinFns(base.fns, w.fns);
  if (fns && fns.length > 0) out.fns = fns;
  return out;
}

/** A record (or map) with these fields on top of `base` (a `with` update, `mset` with a known key). */
export function withFields(base: Val, updates: ReadonlyMap<string, Val>, depth = 0): Val {
  const fields = new Map(base.fields ?? []);
  for (const [k, v] of updates) fields.set(k, depth >= MAX_DEPTH ? whole(v) : v);
  if (fields.size > MAX_FIELDS) return join(whole(base), whole({ taint: NO_TAINT, fields }));
  const out: Val = { taint: base.taint, fields };
  if (base.fns) out.fns = base.fns;
  return out;
}

/** Taint of a value with its data carried one step further (every trace extended by `step`). */
export function stepTaint(t: Taint, step: Step): Taint {
  if (isCleanTaint(t)) return t;
  const out: Taint = {};
  if (t.priv) out.priv = extend(t.priv, step);
  if (t.untr) out.untr = extend(t.untr, step);
  if (t.params && t.params.length > 0) out.params = t.params.map((p) => ({ ...p, trace: extend(p.trace, step) }));
  return out;
}

/** The value with every trace in it extended by `step`. */
export function stepVal(v: Val, step: Step): Val {
  if (isClean(v) || (v.fns && isCleanTaint(wholeTaint(v)))) return v;
  const out: Val = { taint: stepTaint(v.taint, step) };
  if (v.fields) {
    const fields = new Map<string, Val>();
    for (const [k, f] of v.fields) fields.set(k, stepVal(f, step));
    out.fields = fields;
  }
  if (v.fns) out.fns = v.fns;
  return out;
}

/** The taint with the source labels in `mask` removed (a sanitiser's result). */
export function cleanse(t: Taint, mask: number): Taint {
  if (isCleanTaint(t)) return t;
  const out: Taint = {};
  if (t.priv && !(mask & PRIVATE)) out.priv = t.priv;
  if (t.untr && !(mask & UNTRUSTED)) out.untr = t.untr;
  const params = t.params?.map((p) => ({ ...p, mask: p.mask & ~mask })).filter((p) => p.mask !== 0);
  if (params && params.length > 0) out.params = params;
  return out;
}

export function cleanseVal(v: Val, mask: number): Val {
  const out: Val = { taint: cleanse(wholeTaint(v), mask) };
  if (v.fns) out.fns = v.fns;
  return out;
}

/** A value carrying only `t`. */
export function ofTaint(t: Taint): Val {
  return isCleanTaint(t) ? CLEAN : { taint: t };
}

/** A value that is function `f`. */
export function ofFn(f: FnRef): Val {
  return { taint: NO_TAINT, fns: [f] };
}

// ---------------------------------------------------------------- shapes, for fixpoints and reuse

const ids = new WeakMap<object, number>();
let nextId = 1;

/** A number for a syntax node or other object, stable while it lives. */
export function idOf(o: object): number {
  let id = ids.get(o);
  if (id === undefined) {
    id = nextId++;
    ids.set(o, id);
  }
  return id;
}

function traceKey(t: Trace | undefined, withSteps: boolean): string {
  if (!t) return '-';
  if (!withSteps) return '+';
  const parts: number[] = [];
  for (let c: Trace | undefined = t; c; c = c.prev) parts.push(idOf(c.step.at));
  return parts.join('.');
}

/**
 * A string that is equal for two values exactly when they carry the same
 * labels and parameters, the same fields and function values, and (with
 * `withSteps`) along traces through the same syntax nodes.
 */
export function valKey(v: Val, withSteps: boolean): string {
  const t = v.taint;
  let s = `${traceKey(t.priv, withSteps)}|${traceKey(t.untr, withSteps)}`;
  if (t.params) for (const p of t.params) s += `|p${p.index}${p.path ? `.${p.path.join('.')}` : ''}:${p.mask}:${traceKey(p.trace, withSteps)}`;
  if (v.fns) for (const f of v.fns) s += `|f${fnKeyText(f)}`;
  if (v.fields) {
    const keys = [...v.fields.keys()].sort();
    s += `{${keys.map((k) => `${k}=${valKey(v.fields!.get(k)!, withSteps)}`).join(',')}}`;
  }
  return s;
}

function fnKeyText(f: FnRef): string {
  const k = fnKey(f);
  if (typeof k === 'string') return k;
  if (f.kind !== 'lambda') return String(idOf(k as object));
  // A lambda is also what it captured.
  const env = [...f.env].map(([n, v]) => `${n}=${valKey(v, false)}`).join(',');
  return `${idOf(f.node)}(${env})`;
}
