// ILO-W030 (level 26): a call of a function with a `req` precondition that
// no earlier guard makes sure of. As in ilo 26 the check is structural: a
// precondition `p OP k` on parameter `p` holds when the argument is a literal
// that satisfies it, when the call is the subject of a match (its Err is
// handled there), or when a braceless guard earlier in the body returns early
// on the argument's bad values:
//
//   req b!=0   satisfied by  =b 0 …
//   req x>=0   satisfied by  >=x 0 …  or  >x 0 …   (as ilo 26 matches them)
//   req x>0    satisfied by  >x 0 …
//   req x<=0   satisfied by  <=x 0 …  or  <x 0 …
//   req x<0    satisfied by  <x 0 …
//
// Anything it cannot read (another shape of precondition, an argument that
// is neither a literal nor a name) is not reported: a warning we cannot
// justify is worse than none.

import type { Diagnostic } from '../diagnostics';
import type { CallExpr, Expr } from '../syntax/ast';
import { diag } from './report';

/** A precondition the check understands: parameter `param` compared with a number. */
export interface Requirement {
  param: string;
  op: '!=' | '>=' | '>' | '<=' | '<';
  value: number;
  /** As written, for messages. */
  text: string;
}

const OPS = new Set(['!=', '>=', '>', '<=', '<']);

/** The requirements of a function's `req` clauses that the check can read. */
export function readRequirements(requires: readonly Expr[] | undefined, params: readonly string[]): Requirement[] {
  const out: Requirement[] = [];
  for (const r of requires ?? []) {
    if (r.kind !== 'Binary' || !OPS.has(r.op)) continue;
    const value = numberOf(r.right);
    if (r.left.kind !== 'Ref' || value === undefined || !params.includes(r.left.name)) continue;
    out.push({ param: r.left.name, op: r.op as Requirement['op'], value, text: `${r.left.name}${r.op}${value}` });
  }
  return out;
}

function numberOf(e: Expr): number | undefined {
  if (e.kind === 'Number') return e.value;
  if (e.kind === 'Unary' && e.op === '-' && e.operand.kind === 'Number') return -e.operand.value;
  return undefined;
}

/** The guard comparisons that discharge a requirement (see the table above). */
const DISCHARGED_BY: Readonly<Record<Requirement['op'], readonly string[]>> = {
  '!=': ['='],
  '>=': ['>=', '>'],
  '>': ['>'],
  '<=': ['<=', '<'],
  '<': ['<'],
};

function holds(op: Requirement['op'], x: number, k: number): boolean {
  switch (op) {
    case '!=':
      return x !== k;
    case '>=':
      return x >= k;
    case '>':
      return x > k;
    case '<=':
      return x <= k;
    case '<':
      return x < k;
  }
}

/**
 * W030 for a call of `callee` whose requirements are `reqs` (parameter i
 * named `params[i]`). `guards` are the conditions of the braceless guards
 * that ran before the call; `matched`: the call is a match's subject.
 */
export function unguardedCall(
  e: CallExpr,
  params: readonly string[],
  reqs: readonly Requirement[],
  guards: readonly Expr[],
  matched: boolean,
  out: Diagnostic[],
): void {
  if (matched) return;
  for (const r of reqs) {
    const arg = e.args[params.indexOf(r.param)];
    if (arg === undefined) continue;
    const literal = numberOf(arg);
    if (literal !== undefined) {
      if (!holds(r.op, literal, r.value)) {
        out.push(diag('ILO-W030', arg, `'${e.callee.text}' requires ${r.text}, and this argument is ${literal}`, { hint: `pass a value with ${r.text}` }));
      }
      continue;
    }
    if (arg.kind !== 'Ref') continue;
    const ok = guards.some((g) => g.kind === 'Binary' && DISCHARGED_BY[r.op].includes(g.op) && g.left.kind === 'Ref' && g.left.name === arg.name && numberOf(g.right) === r.value);
    if (ok) continue;
    const guardOp = DISCHARGED_BY[r.op][0];
    out.push(
      diag('ILO-W030', e, `'${e.callee.text}' requires ${r.text}, and no guard before this call makes sure of it for '${arg.name}'`, {
        hint: `guard first: ${guardOp}${arg.name} ${r.value} ^"…"`,
      }),
    );
  }
}
