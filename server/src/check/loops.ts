// Loops at level 26: ILO-T048 (the loop's own variable rebound in its body:
// the engine resets it every iteration, so the new value is lost) and
// ILO-W002 (iterating `jpar!`: the JSON may not be an array; `jpar-list!`
// says it must be).

import type { Diagnostic } from '../diagnostics';
import type { Expr, Name } from '../syntax/ast';
import type { BuiltinChecks } from './builtins';
import { diag, replaceWith } from './report';

/** T048 for a binding of `name` when it is the innermost loop's variable. */
export function reboundLoopVariable(name: Name, loopVars: readonly string[], out: Diagnostic[]): void {
  if (loopVars.length === 0 || loopVars[loopVars.length - 1] !== name.text) return;
  out.push(
    diag('ILO-T048', name, `'${name.text}' is this loop's variable: rebinding it is lost when the next iteration starts`, {
      hint: `keep the running value in another name (acc=0 before the loop, acc=+acc ${name.text} inside), or use fld`,
    }),
  );
}

/** W002 for `@x (jpar! …){…}`. */
export function iteratedJpar(collection: Expr, builtins: BuiltinChecks, out: Diagnostic[]): void {
  if (collection.kind !== 'Call' || collection.unwrap === 'none' || builtins.name(collection.callee.text) !== 'jpar') return;
  const bang = collection.unwrap === 'panic' ? '!!' : '!';
  out.push(
    diag('ILO-W002', collection, `iterating 'jpar${bang}': the JSON is only a list when it happens to be an array`, {
      hint: `use jpar-list${bang}, which requires an array and gives a list`,
      suggestions: [replaceWith(`Use 'jpar-list${bang}'`, collection.callee, 'jpar-list')],
    }),
  );
}
