// Values of the small evaluator that runs `test` block assertions at check
// time (ILO-T050): what ilo programs compute, as plain data.

import type { FunctionDecl, LambdaExpr, Stmt } from '../../syntax/ast';

export type Value =
  | { kind: 'num'; n: number }
  | { kind: 'text'; s: string }
  | { kind: 'bool'; b: boolean }
  | { kind: 'nil' }
  | { kind: 'list'; items: Value[] }
  | { kind: 'map'; entries: Map<string, { key: Value; value: Value }> }
  | { kind: 'record'; type: string; fields: Map<string, Value> }
  | { kind: 'ok'; value: Value }
  | { kind: 'err'; value: Value }
  | { kind: 'fn'; decl: FunctionDecl }
  | { kind: 'lambda'; lambda: LambdaExpr; scope: Map<string, Value> }
  | { kind: 'builtin'; name: string };

export const NIL_V: Value = Object.freeze({ kind: 'nil' });
export const TRUE_V: Value = Object.freeze({ kind: 'bool', b: true });
export const FALSE_V: Value = Object.freeze({ kind: 'bool', b: false });
export const num = (n: number): Value => ({ kind: 'num', n });
export const text = (s: string): Value => ({ kind: 'text', s });
export const bool = (b: boolean): Value => (b ? TRUE_V : FALSE_V);
export const list = (items: Value[]): Value => ({ kind: 'list', items });

/**
 * The evaluator met something it does not model (an effect, a builtin it
 * does not implement, a budget exceeded): the assertion is not judged.
 */
export class Unsupported extends Error {}

/** A run-time failure of the program itself (division by zero, index out of range, `!!` on an Err). */
export class RuntimeFailure extends Error {}

/** `ret` leaving a function, `brk`/`cnt` leaving a loop iteration. */
export class Jump {
  constructor(
    readonly kind: 'ret' | 'brk' | 'cnt',
    readonly value: Value,
  ) {}
}

/** How a value prints (`str`, `fmt "{}"`, messages): whole numbers without `.0`. */
export function show(v: Value): string {
  switch (v.kind) {
    case 'num':
      return showNum(v.n);
    case 'text':
      return v.s;
    case 'bool':
      return String(v.b);
    case 'nil':
      return 'nil';
    case 'list':
      return `[${v.items.map(showNested).join(', ')}]`;
    case 'map':
      return `{${[...v.entries.values()].map((e) => `${showNested(e.key)}: ${showNested(e.value)}`).join(', ')}}`;
    case 'record':
      return `${v.type}{${[...v.fields].map(([k, f]) => `${k}:${showNested(f)}`).join('; ')}}`;
    case 'ok':
      return `~${showNested(v.value)}`;
    case 'err':
      return `^${showNested(v.value)}`;
    default:
      return '<fn>';
  }
}

/** Inside a list or a record texts are quoted. */
function showNested(v: Value): string {
  return v.kind === 'text' ? JSON.stringify(v.s) : show(v);
}

export function showNum(n: number): string {
  if (Number.isInteger(n) && Math.abs(n) < 1e21) return String(n);
  if (!Number.isFinite(n)) return Number.isNaN(n) ? 'NaN' : n > 0 ? 'inf' : '-inf';
  const s = String(n);
  // JavaScript switches to exponent notation where ilo keeps writing digits: not modelled.
  if (s.includes('e')) throw new Unsupported('number text');
  return s;
}

/** Structural equality, as `=` compares (functions are never equal). */
export function equal(a: Value, b: Value): boolean {
  if (a.kind !== b.kind) return false;
  switch (a.kind) {
    case 'num':
      return a.n === (b as typeof a).n;
    case 'text':
      return a.s === (b as typeof a).s;
    case 'bool':
      return a.b === (b as typeof a).b;
    case 'nil':
      return true;
    case 'list': {
      const o = b as typeof a;
      return a.items.length === o.items.length && a.items.every((x, i) => equal(x, o.items[i]));
    }
    case 'map': {
      const o = b as typeof a;
      if (a.entries.size !== o.entries.size) return false;
      for (const [k, e] of a.entries) {
        const f = o.entries.get(k);
        if (f === undefined || !equal(e.value, f.value)) return false;
      }
      return true;
    }
    case 'record': {
      const o = b as typeof a;
      if (a.type !== o.type || a.fields.size !== o.fields.size) return false;
      for (const [k, v] of a.fields) {
        const w = o.fields.get(k);
        if (w === undefined || !equal(v, w)) return false;
      }
      return true;
    }
    case 'ok':
    case 'err':
      return equal(a.value, (b as typeof a).value);
    default:
      return false;
  }
}

/** The key a map stores a value under: numbers and texts are distinct keys. */
export function mapKey(k: Value): string {
  if (k.kind === 'num') return `n:${Math.floor(k.n)}`;
  if (k.kind === 'text') return `t:${k.s}`;
  throw new Unsupported('map key');
}

/** Statements of a body, for typing convenience. */
export type Body = readonly Stmt[];
