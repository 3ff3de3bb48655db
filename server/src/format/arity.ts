// What the parser knows about call arities at each declaration, so the
// printer can tell where a nested call may go without parentheses: a name
// groups its operands when it has a known arity (a builtin from the parser's
// table, a function of a `use`d file, a function declared earlier in the file
// or the one being declared).

import type { Decl } from '../syntax/ast';
import type { CallShape, CallTable } from '../syntax/callArity';

export interface AritySource {
  /** The call shape the parser uses for `name` here, if any. */
  shape(name: string): CallShape | undefined;
  /** A bare `name` in head position is a zero-argument call (`now`, `mmap`, a function without parameters). */
  callsWhenBare(name: string): boolean;
  /** `fmt`: as a nested argument it takes every remaining operand. */
  isVariadicTrailing(name: string): boolean;
}

/** The arity source at declaration `i` of a program (functions declared up to and including it). */
export function arityTable(
  decls: readonly Decl[],
  external: ReadonlyMap<string, number> | undefined,
  calls: CallTable,
): (i: number) => AritySource {
  // name → its registrations in declaration order: [declaration index, shape]
  const regs = new Map<string, Array<[number, CallShape]>>();
  const add = (name: string, at: number, shape: CallShape): void => {
    const list = regs.get(name);
    if (list) list.push([at, shape]);
    else regs.set(name, [[at, shape]]);
  };
  if (external) for (const [name, arity] of external) add(name, -1, { arity, fnSlots: [] });
  decls.forEach((d, i) => {
    if (d.kind !== 'FunctionDecl') return;
    add(d.name.text, i, { arity: d.params.length, fnSlots: d.params.flatMap((p, k) => (p.type.kind === 'FnType' ? [k] : [])) });
  });
  return (i) => {
    const shape = (name: string): CallShape | undefined => {
      const list = regs.get(name);
      if (list) {
        for (let k = list.length - 1; k >= 0; k--) if (list[k][0] <= i) return list[k][1];
      }
      return calls.shape(name);
    };
    return {
      shape,
      callsWhenBare: (name) => calls.isZeroArg(name) || shape(name)?.arity === 0,
      isVariadicTrailing: (name) => calls.isVariadicTrailing(name),
    };
  };
}

/** Names of the functions and tools a program declares or sees through `use`. */
export function userNames(decls: readonly Decl[], external: ReadonlyMap<string, number> | undefined): Set<string> {
  const names = new Set<string>(external ? external.keys() : []);
  for (const d of decls) if (d.kind === 'FunctionDecl' || d.kind === 'ToolDecl') names.add(d.name.text);
  return names;
}
