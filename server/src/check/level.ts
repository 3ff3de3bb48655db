// The language level as the verifier sees it: the builtin checks of the
// level's table and which of the level's verifier rules apply. The level
// itself (where a file's level comes from, the object the lexer and parser
// consult) is not the verifier's business: it hands us something with an `id`
// ('0.11' or '26') and, optionally, the level's builtin table, and everything
// level-specific in check/ reads the `VerifierLevel` made from it here — one
// table of rule switches, no level tests scattered through the checker.

import { BUILTIN_TABLE_011, type BuiltinTable } from '../syntax/builtins';
import { builtinTable26 } from '../syntax/builtins26';
import { builtinChecks, type BuiltinChecks } from './builtins';

/** What the verifier needs of a language level (the level object of the parser has it). */
export interface LanguageLevelLike {
  /** '0.11' or '26' (a 26.x version such as '26.8' counts as 26). */
  readonly id: string;
  /** The level's builtin table; by default the one of `id`. */
  readonly builtins?: BuiltinTable;
}

/** The verifier rules that only some levels have (every other rule holds at every level). */
export interface VerifierRules {
  /** ILO-T038: the condition of a ternary must be a bool. */
  readonly ternaryConditionBool: boolean;
  /** ILO-T043: a self-call whose result a later statement throws away. */
  readonly selfCallDiscarded: boolean;
  /** ILO-T048: rebinding a loop's variable inside its own body. */
  readonly loopVariableRebind: boolean;
  /** ILO-T035: a Result arm (`~v:` / `^e:`) in a match on an optional. */
  readonly resultArmOnOption: boolean;
  /** ILO-T044: a net builtin where a World built by `world-no-net` is in scope. */
  readonly worldCapabilities: boolean;
  /** ILO-W051: effect sigils that do not cover what a function calls. */
  readonly effects: boolean;
  /**
   * A lambda that captures is a function like any other (ilo 26 runs
   * closures everywhere), and a value of unknown type may be called; 0.11
   * typed a capturing lambda as unknown and refused to call it.
   */
  readonly closuresTyped: boolean;
  /** Sum types with payloads (`type shape = circle(n) | point`): constructors, variant patterns, ILO-T047. */
  readonly sumTypes: boolean;
  /** ILO-W030: calls that may break a `req` precondition. */
  readonly preconditions: boolean;
  /** `test` blocks run when the file is checked (ILO-T050). */
  readonly testBlocks: boolean;
  /** `f x>>g` passes the Ok value of a Result (or an optional's value) on to `g`. */
  readonly resultAwarePipes: boolean;
  /** ILO-E802: a lambda may capture at most 255 names (the VM's limit). */
  readonly captureLimit: boolean;
  /** ILO-T041: `??` on a Result (steer to `default-on-err`). */
  readonly coalesceOnResult: boolean;
  /** ILO-W002: iterating `jpar!` (steer to `jpar-list!`). */
  readonly jparIteration: boolean;
  /**
   * A bare reference to a zero-parameter function is a call of it (ilo 26
   * calls `helper` in `main>n;helper`); at 0.11 it is the function value.
   */
  readonly bareZeroParamCalls: boolean;
  /**
   * Calls to a function whose declaration failed to parse are collapsed into
   * one ILO-T005 for the whole file, as ilo 26 reports them (0.11 keeps the
   * broken function's header, see CheckOptions.brokenDeclsAreUndefined).
   */
  readonly collapseBrokenCalls: boolean;
}

export type LevelId = '0.11' | '26';

export interface VerifierLevel {
  readonly id: LevelId;
  readonly builtins: BuiltinChecks;
  readonly rules: VerifierRules;
}

const RULES: Readonly<Record<LevelId, VerifierRules>> = {
  '0.11': {
    ternaryConditionBool: false,
    selfCallDiscarded: false,
    loopVariableRebind: false,
    resultArmOnOption: false,
    worldCapabilities: false,
    effects: false,
    coalesceOnResult: false,
    captureLimit: false,
    closuresTyped: false,
    resultAwarePipes: false,
    sumTypes: false,
    preconditions: false,
    testBlocks: false,
    jparIteration: false,
    bareZeroParamCalls: false,
    collapseBrokenCalls: false,
  },
  '26': {
    ternaryConditionBool: true,
    selfCallDiscarded: true,
    loopVariableRebind: true,
    resultArmOnOption: true,
    worldCapabilities: true,
    effects: true,
    coalesceOnResult: true,
    captureLimit: true,
    closuresTyped: true,
    resultAwarePipes: true,
    sumTypes: true,
    preconditions: true,
    testBlocks: true,
    jparIteration: true,
    bareZeroParamCalls: true,
    collapseBrokenCalls: true,
  },
};

/** The builtin table a level has when none other is given (level 26's is built on first use). */
function tableOf(id: LevelId): BuiltinTable {
  return id === '26' ? builtinTable26() : BUILTIN_TABLE_011;
}

function levelId(id: string): LevelId {
  return id === '26' || id.startsWith('26.') ? '26' : '0.11';
}

function make(id: LevelId, table: BuiltinTable): VerifierLevel {
  return Object.freeze({ id, builtins: builtinChecks(table), rules: RULES[id] });
}

/** Level 0.11: exactly the ilo 0.11.6 verifier. */
export const LEVEL_011: VerifierLevel = make('0.11', BUILTIN_TABLE_011);
let level26: VerifierLevel | undefined;

/** Level 26: the ilo 26.x verifier (made on first use). */
export function verifierLevel26(): VerifierLevel {
  level26 ??= make('26', builtinTable26());
  return level26;
}

const made = new WeakMap<LanguageLevelLike, VerifierLevel>();

/** The verifier's view of a level (0.11 when none is given). */
export function verifierLevel(level?: LanguageLevelLike): VerifierLevel {
  if (level === undefined) return LEVEL_011;
  let v = made.get(level);
  if (v === undefined) {
    const id = levelId(level.id);
    const table = level.builtins ?? tableOf(id);
    v = table === tableOf(id) ? (id === '26' ? verifierLevel26() : LEVEL_011) : make(id, table);
    made.set(level, v);
  }
  return v;
}
