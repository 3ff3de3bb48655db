// What the verifier knows about each builtin call: which argument counts are
// accepted, which argument types are rejected (ILO-T013) and what the call
// produces, all derived from a level's builtin table (syntax/builtins.ts for
// 0.11, syntax/builtins26.ts for 26), whose forms record where the reference
// verifier checks otherwise. A builtin the reference does not type-check
// produces `unknown` and accepts anything, so we never report what `ilo`
// would not.

import { BUILTIN_TABLE_011, type BuiltinTable } from '../../syntax/builtins';
import { acceptsArity, formatSignature, signaturesForArity } from '../../syntax/builtinKit';
import type { Ty } from '../types';
import { Variables, readPattern, typeOf } from './pattern';
import { UNCHECKED_RULE, deriveRule, type ArgIssue, type CallRule } from './rules';

export type { ArgIssue } from './rules';

export interface BuiltinResult {
  ret: Ty;
  issues: ArgIssue[];
}

/** The verifier's rules for the builtins of one table, derived on first use and kept. */
export class BuiltinChecks {
  /** By name; null: the name has no value type. */
  private readonly valueTypes = new Map<string, Ty | null>();
  /** Derived rules by canonical name, then by argument count. */
  private readonly rules = new Map<string, CallRule[]>();

  constructor(readonly table: BuiltinTable) {}

  /** Canonical name of a builtin (aliases and sigils resolve), or undefined for non-builtins. */
  name(name: string): string | undefined {
    return this.table.canonical(name);
  }

  acceptsArity(name: string, argc: number): boolean {
    const b = this.table.lookup(name);
    return b !== undefined && acceptsArity(b, argc);
  }

  /** "1 or 2", "1, 2, or 3", "at least 1" — the accepted counts in words. */
  arityWords(name: string): string {
    const b = this.table.lookup(name);
    if (b === undefined) return '?';
    const counts = b.arities;
    if (b.variadic) return `at least ${counts[0] ?? 0}`;
    if (counts.length === 1) return String(counts[0]);
    if (counts.length === 2) return `${counts[0]} or ${counts[1]}`;
    return `${counts.slice(0, -1).join(', ')}, or ${counts[counts.length - 1]}`;
  }

  /** The builtin's forms, for the "expects" hint of an arity error. */
  signatureHint(name: string): string | undefined {
    const b = this.table.lookup(name);
    if (b === undefined) return undefined;
    return b.signatures.map((s) => formatSignature(b.name, s)).join('  |  ');
  }

  /**
   * The function type of a builtin passed by name as a value (`fld max xs 0`),
   * for the pure builtins that have one (the table's `valueType`); undefined
   * means the name cannot be used as a value.
   */
  asValue(name: string): Ty | undefined {
    let ty = this.valueTypes.get(name);
    if (ty === undefined) {
      const b = this.table.lookup(name);
      const written = b?.name === name ? b.valueType : undefined;
      ty = written === undefined ? null : typeOf(readPattern(written, new Variables()));
      this.valueTypes.set(name, ty);
    }
    return ty ?? undefined;
  }

  /**
   * Check the argument types of a call to builtin `name` (canonical) whose
   * argument count is already known to be accepted.
   */
  checkArgs(name: string, args: readonly Ty[]): BuiltinResult {
    const rule = this.ruleFor(name, args.length);
    const issues: ArgIssue[] = [];
    for (const check of rule.checks) check(args, issues);
    return { ret: rule.result(args), issues };
  }

  private ruleFor(name: string, argc: number): CallRule {
    let byCount = this.rules.get(name);
    if (byCount === undefined) {
      byCount = [];
      this.rules.set(name, byCount);
    }
    let rule = byCount[argc];
    if (rule === undefined) {
      const b = this.table.lookup(name);
      rule = b === undefined || b.name !== name || !acceptsArity(b, argc) ? UNCHECKED_RULE : deriveRule(b, signaturesForArity(b, argc));
      byCount[argc] = rule;
    }
    return rule;
  }
}

const byTable = new WeakMap<BuiltinTable, BuiltinChecks>();

/** The (shared, lazily derived) checks of a table. */
export function builtinChecks(table: BuiltinTable): BuiltinChecks {
  let c = byTable.get(table);
  if (c === undefined) byTable.set(table, (c = new BuiltinChecks(table)));
  return c;
}

/** The checks of the 0.11 table. */
export const CHECKS_011: BuiltinChecks = builtinChecks(BUILTIN_TABLE_011);

/** Canonical name of a 0.11 builtin (long forms and `$` resolve), or undefined for non-builtins. */
export function builtinName(name: string): string | undefined {
  return CHECKS_011.name(name);
}

/** Argument types of a call to a 0.11 builtin (see `BuiltinChecks.checkArgs`). */
export function checkBuiltinArgs(name: string, args: readonly Ty[]): BuiltinResult {
  return CHECKS_011.checkArgs(name, args);
}
