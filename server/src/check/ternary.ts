// Ternaries at level 26: ILO-T038 (the condition must be a bool: anything
// else silently took the then-branch) and ILO-W003 (`?h ref a b`, the keyword
// form on a bare bool reference, is `?ref a b` written two characters longer).

import type { Diagnostic } from '../diagnostics';
import type { Expr, Span } from '../syntax/ast';
import { diag, replaceWith } from './report';
import { showTy, type Ty } from './types';

/** Types a condition certainly is not a bool of (unknowns and optionals are given the benefit of the doubt). */
const NOT_BOOL: ReadonlySet<Ty['kind']> = new Set(['n', 't', 'list', 'map', 'result', 'fn', 'sum', 'named']);

/** ILO-T038 for a ternary condition of type `cond`. */
export function ternaryCondition(condExpr: Expr, cond: Ty, out: Diagnostic[]): void {
  if (!NOT_BOOL.has(cond.kind)) return;
  const fix =
    cond.kind === 'result'
      ? 'unwrap it first (`c=f! x`) or match on it'
      : cond.kind === 'fn'
        ? 'call the function, or bind the comparison first: c=<expr>;?h c a b'
        : 'compare it (`?h =x 0 a b`) or bind a bool first: c=<expr>;?h c a b';
  out.push(diag('ILO-T038', condExpr, `a ternary's condition must be a bool (b), got ${showTy(cond)}`, { hint: fix }));
}

/**
 * ILO-W003: `?h cond a b` (the keyword form: something between `?` and the
 * condition) whose condition is a bare reference. `ternary` spans the whole
 * `?h …`, starting at `?`.
 */
export function keywordTernaryOnRef(ternary: Span, condExpr: Expr, cond: Ty, out: Diagnostic[]): void {
  if (condExpr.kind !== 'Ref' || condExpr.start <= ternary.start + 1 || NOT_BOOL.has(cond.kind)) return;
  const dropped: Span = { start: ternary.start + 1, end: condExpr.start };
  out.push(
    diag('ILO-W003', { start: ternary.start, end: condExpr.end }, `'?h ${condExpr.name} …' is the keyword form on a bare bool; '?${condExpr.name} …' says the same`, {
      hint: `drop the h: ?${condExpr.name} a b`,
      suggestions: [replaceWith(`Write '?${condExpr.name} …'`, dropped, '')],
    }),
  );
}
