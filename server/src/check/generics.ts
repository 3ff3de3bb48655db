// Generic functions with explicit type parameters (level 26):
// `mn<a:comparable> x:a y:a>a`. At a call, every argument given for one type
// variable must have the same type, and that type must satisfy the
// variable's bounds (`any`; `comparable`: n, t, b; `numeric`: n; `text`: t;
// several bounds joined with `+` must all hold). ilo 26's registry calls a
// violation ILO-T045, its tests and spec ILO-T044: we report ILO-T044, the
// code the tests expect (see explain/level26.ts).

import type { Diagnostic } from '../diagnostics';
import type { Expr, FunctionDecl, TypeParam } from '../syntax/ast';
import { diag } from './report';
import { showTy, type Ty } from './types';

export const GENERIC_BOUND_CODE = 'ILO-T044';

/** The types each bound permits, by the kind of a verifier type. */
const PERMITS: Readonly<Record<string, ReadonlySet<Ty['kind']> | undefined>> = {
  any: undefined,
  comparable: new Set(['n', 't', 'b']),
  numeric: new Set(['n']),
  text: new Set(['t']),
};

/** A type parameter as the verifier keeps it: its name and bound names. */
export interface TypeParamSig {
  name: string;
  bounds: string[];
}

/** The type parameters a declaration writes (undefined: none). */
export function typeParamSigs(d: FunctionDecl): TypeParamSig[] | undefined {
  const tps = d.typeParams;
  if (tps === undefined || tps.length === 0) return undefined;
  return tps.map((tp: TypeParam) => ({ name: tp.name.text, bounds: (tp.bounds ?? []).map((b) => b.text) }));
}

/**
 * T044 for a call of a generic function: `vars[i]` is the type variable
 * parameter i is written as (undefined when its type is anything else).
 */
export function genericCallIssues(
  callee: string,
  typeParams: readonly TypeParamSig[],
  vars: readonly (string | undefined)[],
  args: readonly Ty[],
  argExprs: readonly Expr[],
  out: Diagnostic[],
): void {
  for (const tp of typeParams) {
    let first: { ty: Ty; at: number } | undefined;
    for (let i = 0; i < vars.length; i++) {
      if (vars[i] !== tp.name) continue;
      const t = args[i];
      if (t === undefined || !concrete(t)) continue;
      const unmet = tp.bounds.find((b) => PERMITS[b] !== undefined && !PERMITS[b]!.has(t.kind));
      if (unmet !== undefined) {
        out.push(
          diag(GENERIC_BOUND_CODE, argExprs[i], `'${callee}': ${showTy(t)} does not satisfy the bound ${unmet} of '${tp.name}'`, {
            hint: `${tp.name}:${tp.bounds.join('+')} permits ${permitted(tp.bounds)}`,
          }),
        );
        continue;
      }
      if (first === undefined) first = { ty: t, at: i };
      else if (first.ty.kind !== t.kind) {
        out.push(
          diag(GENERIC_BOUND_CODE, argExprs[i], `'${callee}': '${tp.name}' is ${showTy(first.ty)} (argument ${first.at + 1}) and then ${showTy(t)}`, {
            hint: `every argument typed ${tp.name} must have one type`,
          }),
        );
      }
    }
  }
}

/** Types a bound is judged on: the primitives and the containers (unknowns, nil and optionals are not judged). */
function concrete(t: Ty): boolean {
  return t.kind !== 'unknown' && t.kind !== 'nil' && t.kind !== 'opt';
}

function permitted(bounds: readonly string[]): string {
  let set: Set<string> | undefined;
  for (const b of bounds) {
    const p = PERMITS[b];
    if (p === undefined) continue;
    set = set === undefined ? new Set(p) : new Set([...set].filter((k) => p.has(k as Ty['kind'])));
  }
  if (set === undefined) return 'any type';
  return set.size === 0 ? 'no type at all' : [...set].join(', ');
}
