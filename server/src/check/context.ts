// What the expression helpers (calls, matches) need from the body checker.
// Kept as an interface so those helpers live in their own modules.

import type { Diagnostic } from '../diagnostics';
import type { Expr } from '../syntax/ast';
import type { CheckEnv, FnSig, RecordDef } from './env';
import type { VerifierLevel } from './level';
import type { Ty } from './types';

export interface BodyContext {
  readonly env: CheckEnv;
  readonly out: Diagnostic[];
  /** The language level: its builtins and which level-specific rules apply. */
  readonly level: VerifierLevel;
  /** Type of a local binding (params, lets, loop and pattern bindings), innermost first. */
  local(name: string): Ty | undefined;
  /** Every local name in scope (for "did you mean"). */
  localNames(): string[];
  /** Look a function/tool up in the environment (records the dependency). */
  fn(name: string): FnSig | undefined;
  /** Look a record type up in the environment (records the dependency). */
  record(name: string): RecordDef | undefined;
  /** "Did you mean" for an unknown callee: locals, then functions and tools, then builtins. */
  suggestCallee(name: string): string | undefined;
  /** Return type of the function or lambda whose body is being checked. */
  enclosingReturn(): Ty | undefined;
  infer(e: Expr): Ty;
  /** Level 26: the binding of a World without net in scope (ILO-T044), if any. */
  deniedWorld(): string | undefined;
  /** Level 26: the conditions of the braceless guards that ran before the current statement (ILO-W030). */
  guardsBefore(): readonly Expr[];
  /** Whether `e` is the subject of a match (its Result is handled there). */
  isMatchSubject(e: Expr): boolean;
}
