// Result types the builtin table's signatures cannot express, by the name a
// form gives in its `check.result` (see syntax/builtins.ts, ResultRule).

import type { ResultRule } from '../../syntax/builtins';
import { NIL, TEXT, UNKNOWN, listOf, mapOf, type Ty } from '../types';

/** A call's result type from its argument types. */
export type ResultOf = (args: readonly Ty[]) => Ty;

/** What a named rule may use of the form it serves. */
export interface ResultContext {
  /** Position of the form's parameter with this name. */
  param(name: string): number;
  /** The form's result with its type variables taken from the arguments (`agree`: see `bind`). */
  matched(agree: boolean): ResultOf;
  /** The form's result with its type variables unknown. */
  declared: Ty;
}

export const RESULT_RULES: Readonly<Record<ResultRule, (cx: ResultContext) => ResultOf>> = {
  nil: () => () => NIL,
  fold: (cx) => {
    const init = cx.param('init');
    const fn = cx.param('fn');
    return (args) => {
      const given = args[init];
      if (given !== undefined && given.kind !== 'unknown') return given;
      const f = args[fn];
      return f?.kind === 'fn' ? f.ret : UNKNOWN;
    };
  },
  agree: (cx) => cx.matched(true),
  counts: (cx) => {
    const matched = cx.matched(false);
    return (args) => {
      const r = matched(args);
      return r.kind === 'map' && r.key.kind === 'b' ? mapOf(TEXT, r.value) : r;
    };
  },
  update: (cx) => {
    const m = cx.param('m');
    const val = cx.param('val');
    const declared = cx.declared;
    return (args) => {
      const map = args[m];
      return map?.kind === 'map' ? mapOf(map.key, args[val] ?? UNKNOWN) : declared;
    };
  },
  matrix: (cx) => {
    const m = cx.param('m');
    const declared = cx.declared;
    return (args) => {
      const a = args[m];
      return a?.kind === 'list' && a.elem.kind === 'list' ? a : declared;
    };
  },
  flatten: (cx) => {
    const xs = cx.param('xs');
    return (args) => {
      const a = args[xs];
      return listOf(a?.kind === 'list' && a.elem.kind === 'list' ? a.elem.elem : UNKNOWN);
    };
  },
};
