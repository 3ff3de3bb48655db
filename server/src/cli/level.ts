// `--language-version 0.11|26|auto` on every command that reads ilo: the level
// of files without a `^YY.M` pragma. Taken out of the arguments once, before
// the command parses its own (see cli.ts); `auto` (also the default) is the
// version of an `ilo` on PATH, else 26.

import { parseLevelPreference, resolvePreference, type LanguageLevel, type LevelPreference } from '../level';
import { installedIloVersion } from '../level/installed';

export const LEVEL_FLAG = '--language-version';

let preference: LevelPreference = 'auto';
let resolved: LanguageLevel | undefined;

/**
 * Removes every `--language-version X` / `--language-version=X` from `args`.
 * Returns the remaining arguments, or an error message for a missing or
 * unknown value.
 */
export function takeLevelFlag(args: readonly string[]): { rest: string[]; preference?: LevelPreference; error?: string } {
  const rest: string[] = [];
  let pref: LevelPreference | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    let value: string | undefined;
    if (a === LEVEL_FLAG) {
      value = args[++i];
      if (value === undefined || value.startsWith('-')) return { rest, error: `${LEVEL_FLAG} needs a value (0.11, 26 or auto)` };
    } else if (a.startsWith(`${LEVEL_FLAG}=`)) {
      value = a.slice(LEVEL_FLAG.length + 1);
    } else {
      rest.push(a);
      continue;
    }
    const p = parseLevelPreference(value);
    if (p === undefined) return { rest, error: `${LEVEL_FLAG} must be 0.11, 26 or auto (got '${value}')` };
    pref = p;
  }
  return pref === undefined ? { rest } : { rest, preference: pref };
}

/** Sets the preference for this process (cli.ts, from the flag). */
export function setLevelPreference(p: LevelPreference): void {
  preference = p;
  resolved = undefined;
}

/** The level of files without a pragma, for this process (`auto` resolved once, lazily). */
export function cliDefaultLevel(): LanguageLevel {
  resolved ??= resolvePreference(preference, preference === 'auto' ? installedIloVersion() : undefined);
  return resolved;
}
