// ILO-T043 (level 26): a function calls itself as a statement that another
// statement follows, so the recursion's result is thrown away — the classic
// recursive search whose found value never reaches the caller.

import type { Diagnostic } from '../diagnostics';
import type { Stmt } from '../syntax/ast';
import { diag, insertAt } from './report';

/** T043 for statement `s` of a block when it is a bare self-call of `self` and not the block's last statement. */
export function discardedSelfCall(s: Stmt, last: boolean, self: string | undefined, out: Diagnostic[]): void {
  if (last || self === undefined || s.kind !== 'ExprStmt') return;
  const e = s.expr;
  if (e.kind !== 'Call' || e.callee.text !== self) return;
  out.push(
    diag('ILO-T043', s, `the result of this recursive call to '${self}' is thrown away: a later statement gives the function's value`, {
      hint: `make the call the last statement, return it with 'ret ${self} …', or choose with '?h cond a b'`,
      suggestions: [insertAt("Return it with 'ret'", e.start, 'ret ')],
    }),
  );
}
