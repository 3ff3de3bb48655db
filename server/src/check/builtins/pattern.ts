// The builtin table's types (ilo type syntax with type variables, e.g.
// `F a (R r e)`) as patterns: read once per builtin, then matched against
// argument types to find what the variables stand for, and filled in to give
// a call's result type.

import { BOOL, NUM, TEXT, UNKNOWN, compatible, fnOf, listOf, mapOf, optOf, resultOf, type Ty } from '../types';

export type Pattern =
  | { kind: 'var'; slot: number }
  | { kind: 'any' }
  | { kind: 'prim'; ty: Ty }
  | { kind: 'list'; elem: Pattern }
  | { kind: 'opt'; inner: Pattern }
  | { kind: 'map'; key: Pattern; value: Pattern }
  | { kind: 'result'; ok: Pattern; err: Pattern }
  | { kind: 'fn'; params: Pattern[]; ret: Pattern };

/** Type variables of one form, numbered in order of appearance: `slots[i]` is the letter of slot i. */
export class Variables {
  readonly slots: string[] = [];

  slot(letter: string): number {
    const i = this.slots.indexOf(letter);
    if (i >= 0) return i;
    this.slots.push(letter);
    return this.slots.length - 1;
  }
}

/**
 * Read a type written in the table. Throws on anything the table should not
 * hold (a bug in the table, found when its rules are first derived).
 */
export function readPattern(text: string, vars: Variables): Pattern {
  const toks = text.match(/[()]|[^\s()]+/g) ?? [];
  let i = 0;
  const one = (): Pattern => {
    const tok = toks[i++];
    switch (tok) {
      case '(': {
        const p = one();
        if (toks[i++] !== ')') throw new Error(`unbalanced type: ${text}`);
        return p;
      }
      case 'L':
        return { kind: 'list', elem: one() };
      case 'O':
        return { kind: 'opt', inner: one() };
      case 'M':
        return { kind: 'map', key: one(), value: one() };
      case 'R':
        return { kind: 'result', ok: one(), err: one() };
      case 'F': {
        const parts: Pattern[] = [];
        while (i < toks.length && toks[i] !== ')') parts.push(one());
        const ret = parts.pop();
        if (ret === undefined) throw new Error(`empty function type: ${text}`);
        return { kind: 'fn', params: parts, ret };
      }
      case 'n':
        return { kind: 'prim', ty: NUM };
      case 't':
        return { kind: 'prim', ty: TEXT };
      case 'b':
        return { kind: 'prim', ty: BOOL };
      case '_':
        return { kind: 'any' };
      default:
        if (tok !== undefined && /^[a-z]$/.test(tok)) return { kind: 'var', slot: vars.slot(tok) };
        // A type the language provides by name (level 26: the World token `W`,
        // `run2`'s `RunResult` record): not modelled here, so anything fits.
        if (tok !== undefined && /^[A-Z][A-Za-z0-9]*$/.test(tok)) return { kind: 'any' };
        throw new Error(`unexpected '${tok}' in type: ${text}`);
    }
  };
  const p = one();
  if (i !== toks.length) throw new Error(`trailing tokens in type: ${text}`);
  return p;
}

/** Whether a pattern mentions a type variable. */
export function hasVariables(p: Pattern): boolean {
  switch (p.kind) {
    case 'var':
      return true;
    case 'any':
    case 'prim':
      return false;
    case 'list':
      return hasVariables(p.elem);
    case 'opt':
      return hasVariables(p.inner);
    case 'map':
      return hasVariables(p.key) || hasVariables(p.value);
    case 'result':
      return hasVariables(p.ok) || hasVariables(p.err);
    case 'fn':
      return p.params.some(hasVariables) || hasVariables(p.ret);
  }
}

/**
 * Whether a type has the pattern's outer shape (a list for `L ...`, text for
 * `t`, ...); variables and `_` take anything, unknown fits no other shape.
 */
export function hasShape(p: Pattern, t: Ty): boolean {
  switch (p.kind) {
    case 'var':
    case 'any':
      return true;
    case 'prim':
      return t.kind === p.ty.kind;
    default:
      return t.kind === p.kind;
  }
}

/**
 * Record in `found` what the pattern's variables stand for in `t`, where the
 * type has the pattern's shape. A function type gives its result only (its
 * parameters are the function's business). The first type found for a
 * variable stays; with `agree`, a later one that does not fit it makes it
 * unknown.
 */
export function bind(p: Pattern, t: Ty, found: (Ty | undefined)[], agree: boolean): void {
  switch (p.kind) {
    case 'var': {
      const had = found[p.slot];
      if (had === undefined) found[p.slot] = t;
      else if (agree && !compatible(had, t)) found[p.slot] = UNKNOWN;
      return;
    }
    case 'list':
      if (t.kind === 'list') bind(p.elem, t.elem, found, agree);
      return;
    case 'opt':
      if (t.kind === 'opt') bind(p.inner, t.inner, found, agree);
      return;
    case 'map':
      if (t.kind === 'map') {
        bind(p.key, t.key, found, agree);
        bind(p.value, t.value, found, agree);
      }
      return;
    case 'result':
      if (t.kind === 'result') {
        bind(p.ok, t.ok, found, agree);
        bind(p.err, t.err, found, agree);
      }
      return;
    case 'fn':
      if (t.kind === 'fn') bind(p.ret, t.ret, found, agree);
      return;
    default:
      return;
  }
}

/** The type a pattern describes, its variables replaced by what was found (unknown where nothing was). */
export function fill(p: Pattern, found: readonly (Ty | undefined)[]): Ty {
  switch (p.kind) {
    case 'var':
      return found[p.slot] ?? UNKNOWN;
    case 'any':
      return UNKNOWN;
    case 'prim':
      return p.ty;
    case 'list':
      return listOf(fill(p.elem, found));
    case 'opt':
      return optOf(fill(p.inner, found));
    case 'map':
      return mapOf(fill(p.key, found), fill(p.value, found));
    case 'result':
      return resultOf(fill(p.ok, found), fill(p.err, found));
    case 'fn':
      return fnOf(
        p.params.map((x) => fill(x, found)),
        fill(p.ret, found),
      );
  }
}

const NOTHING: readonly (Ty | undefined)[] = [];

/** The type a pattern describes with every variable unknown. */
export function typeOf(p: Pattern): Ty {
  return fill(p, NOTHING);
}
