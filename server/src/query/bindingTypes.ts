// The types the verifier infers for local bindings (`x=…`, destructured
// fields, `@x xs` loop variables), for editor type hints. The function bodies
// asked for are checked again with a listener on each binding; what the
// checker reports is thrown away, only the types are kept.

import type { Decl, FunctionDecl, Program } from '../syntax/ast';
import { BodyChecker } from '../check/body';
import { collectEnv } from '../check/env';
import { GlobalNames } from '../check/suggest';
import { showTy, type Ty } from '../check/types';

/** A binding's type as ilo writes it, by the start offset of the bound name; only known types. */
export type BindingTypes = Map<number, { end: number; type: string }>;

/** Whether a type says something: some part of it is known (`L _` or `_` say nothing; `R _ t` does). */
function known(t: Ty): boolean {
  switch (t.kind) {
    case 'unknown':
    case 'nil':
      return false;
    case 'list':
      return known(t.elem);
    case 'opt':
      return known(t.inner);
    case 'map':
      return known(t.key) || known(t.value);
    case 'result':
      return known(t.ok) || known(t.err);
    default:
      return true;
  }
}

/**
 * Types of the bindings in `functions` (declarations of `program`), checked
 * against the file's environment (its declarations and `imported`).
 */
export function bindingTypes(program: Program, imported: readonly Decl[], functions: readonly FunctionDecl[]): BindingTypes {
  const out: BindingTypes = new Map();
  if (functions.length === 0) return out;
  const { env } = collectEnv(program.decls, { imported });
  const globals = new GlobalNames(env);
  for (const fn of functions) {
    const checker = new BodyChecker(env, [], globals);
    checker.onBind = (name, t) => {
      if (known(t)) out.set(name.start, { end: name.end, type: showTy(t) });
    };
    try {
      checker.checkFunction(fn);
    } catch {
      // absurd nesting: keep the types found so far
    }
  }
  return out;
}
