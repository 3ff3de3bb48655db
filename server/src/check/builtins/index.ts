// What the verifier knows about each builtin call: which argument counts are
// accepted, which argument types are rejected (ILO-T013) and what the call
// produces, all derived from the builtin table (syntax/builtins.ts), whose
// forms record where the reference verifier checks otherwise. A builtin the
// reference does not type-check produces `unknown` and accepts anything, so
// we never report what `ilo` would not.

import { acceptsArity, canonicalBuiltinName, formatSignature, lookupBuiltin, signaturesForArity } from '../../syntax/builtins';
import type { Ty } from '../types';
import { Variables, readPattern, typeOf } from './pattern';
import { UNCHECKED_RULE, deriveRule, type ArgIssue, type CallRule } from './rules';

export type { ArgIssue } from './rules';

export interface BuiltinResult {
  ret: Ty;
  issues: ArgIssue[];
}

/** Canonical name of a builtin (long forms and `$` resolve), or undefined for non-builtins. */
export function builtinName(name: string): string | undefined {
  return canonicalBuiltinName(name);
}

export function builtinAcceptsArity(name: string, argc: number): boolean {
  const b = lookupBuiltin(name);
  if (b === undefined) return false;
  return acceptsArity(b, argc);
}

/** "1 or 2", "1, 2, or 3", "at least 1" — the accepted counts in words. */
export function builtinArityWords(name: string): string {
  const b = lookupBuiltin(name);
  if (b === undefined) return '?';
  const counts = b.arities;
  if (b.variadic) return `at least ${counts[0] ?? 0}`;
  if (counts.length === 1) return String(counts[0]);
  if (counts.length === 2) return `${counts[0]} or ${counts[1]}`;
  return `${counts.slice(0, -1).join(', ')}, or ${counts[counts.length - 1]}`;
}

/** The builtin's forms, for the "expects" hint of an arity error. */
export function builtinSignatureHint(name: string): string | undefined {
  const b = lookupBuiltin(name);
  if (b === undefined) return undefined;
  return b.signatures.map((s) => formatSignature(b.name, s)).join('  |  ');
}

/** By name; null: the name has no value type. */
const valueTypes = new Map<string, Ty | null>();

/**
 * The function type of a builtin passed by name as a value (`fld max xs 0`),
 * for the pure builtins that have one (the table's `valueType`); undefined
 * means the name cannot be used as a value.
 */
export function builtinAsValue(name: string): Ty | undefined {
  let ty = valueTypes.get(name);
  if (ty === undefined) {
    const b = lookupBuiltin(name);
    const written = b?.name === name ? b.valueType : undefined;
    ty = written === undefined ? null : typeOf(readPattern(written, new Variables()));
    valueTypes.set(name, ty);
  }
  return ty ?? undefined;
}

/** Derived rules by canonical name, then by argument count. */
const rules = new Map<string, CallRule[]>();

function ruleFor(name: string, argc: number): CallRule {
  let byCount = rules.get(name);
  if (byCount === undefined) {
    byCount = [];
    rules.set(name, byCount);
  }
  let rule = byCount[argc];
  if (rule === undefined) {
    const b = lookupBuiltin(name);
    rule = b === undefined || b.name !== name || !acceptsArity(b, argc) ? UNCHECKED_RULE : deriveRule(b, signaturesForArity(b, argc));
    byCount[argc] = rule;
  }
  return rule;
}

/**
 * Check the argument types of a call to builtin `name` (canonical) whose
 * argument count is already known to be accepted.
 */
export function checkBuiltinArgs(name: string, args: readonly Ty[]): BuiltinResult {
  const rule = ruleFor(name, args.length);
  const issues: ArgIssue[] = [];
  for (const check of rule.checks) check(args, issues);
  return { ret: rule.result(args), issues };
}
