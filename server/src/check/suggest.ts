// "Did you mean" over the global names of a file (functions, builtins,
// record types), remembered while those names stay the same: a file with many
// misspelt calls asks the same questions again and again. Ties among the
// file's names go to the alphabetically least, so an answer depends only on
// which names exist, never on their order: that is what lets an edit keep the
// answers of the bodies it did not touch (see IncrementalChecker).

import { BUILTIN_TABLE_011, type BuiltinTable } from '../syntax/builtins';
import type { CheckEnv } from './env';
import { closer, nearestWithDistance, withinSuggestionDistance, type Near } from './nearest';

const namesOf = new WeakMap<BuiltinTable, readonly string[]>();

/** The canonical builtin names of a table (what a "did you mean" may offer). */
function builtinNames(table: BuiltinTable): readonly string[] {
  let names = namesOf.get(table);
  if (names === undefined) namesOf.set(table, (names = table.builtins.map((b) => b.name)));
  return names;
}

export class GlobalNames {
  private readonly fnMemo = new Map<string, Near | undefined>();
  private readonly calleeMemo = new Map<string, Near | undefined>();
  private readonly typeMemo = new Map<string, Near | undefined>();
  private fnVersion = -1;
  private typeVersion = -1;

  private readonly builtinNames: readonly string[];

  constructor(
    private env: CheckEnv,
    table: BuiltinTable = BUILTIN_TABLE_011,
  ) {
    this.builtinNames = builtinNames(table);
  }

  /**
   * Point at this run's environment. `fnDelta`: the function names added or
   * removed since the previous run (undefined: unknown, forget everything);
   * only answers near one of them can change. `typeVersion` says whether the
   * record types changed.
   */
  update(env: CheckEnv, fnVersion: number, fnDelta: readonly string[] | undefined, typeVersion: number): void {
    this.env = env;
    if (fnVersion !== this.fnVersion) {
      for (const memo of [this.fnMemo, this.calleeMemo]) {
        if (fnDelta === undefined) memo.clear();
        else for (const q of [...memo.keys()]) if (fnDelta.some((n) => withinSuggestionDistance(q, n))) memo.delete(q);
      }
      this.fnVersion = fnVersion;
    }
    if (typeVersion !== this.typeVersion) {
      this.typeMemo.clear();
      this.typeVersion = typeVersion;
    }
  }

  /** Nearest function or tool name. */
  nearestFunction(name: string): Near | undefined {
    return memo(this.fnMemo, name, () => nearestWithDistance(name, [this.env.functions.keys()], 'least'));
  }

  /** Nearest function, tool or builtin name (functions win ties). */
  nearestCallee(name: string): Near | undefined {
    return memo(this.calleeMemo, name, () => closer(this.nearestFunction(name), nearestWithDistance(name, [this.builtinNames])));
  }

  /** Nearest record type name. */
  nearestType(name: string): Near | undefined {
    return memo(this.typeMemo, name, () => nearestWithDistance(name, [this.env.types.keys()], 'least'));
  }
}

function memo(m: Map<string, Near | undefined>, key: string, make: () => Near | undefined): Near | undefined {
  if (m.has(key)) return m.get(key);
  const v = make();
  m.set(key, v);
  return v;
}
