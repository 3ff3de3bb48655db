// `--language-version 0.11|26|auto` on every command that reads ilo: the level
// of files without a `^YY.M` pragma. Declared once for those commands
// (ILO_SOURCE_OPTIONS in ./commands.ts) and set here by cli.ts before the
// command runs; `auto` (also the default) is the version of an `ilo` on PATH,
// else 26.

import { resolvePreference, type LanguageLevel, type LevelPreference } from '../level';
import { installedIloVersion } from '../level/installed';

let preference: LevelPreference = 'auto';
let resolved: LanguageLevel | undefined;

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
