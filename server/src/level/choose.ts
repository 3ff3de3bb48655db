// Which level a file is read at. One rule for the editor and the CLI:
//
//   1. a `^YY.M` pragma on the first line decides (see ./pragma.ts);
//   2. otherwise the level asked for: the setting `ilo.languageVersion` in the
//      editor, `--language-version` on the command line;
//   3. when that is `auto` (the default): the version of an `ilo` on PATH if
//      there is one (./installed.ts finds it), else the newest level, 26.
//
// Steps 2 and 3 are resolved by the front end once (a `LevelPreference`
// becomes a LanguageLevel); this module only combines the result with the
// file's own pragma, which costs one anchored regex per parse.

import type { LanguageLevel, LevelId } from './level';
import { LEVEL_011, LEVEL_26, levelById } from './levels';
import { pragmaVerdict, readPragma, type Pragma, type PragmaVerdict } from './pragma';

/** What a user can ask for: a level, or `auto`. */
export type LevelPreference = LevelId | 'auto';

/** The level used when nothing else says (no pragma, no setting, no `ilo` on PATH). */
export const NEWEST_LEVEL: LanguageLevel = LEVEL_26;

export interface FileLevel {
  level: LanguageLevel;
  /** The file's pragma, when it has one. */
  pragma?: Pragma;
  /** What the pragma's version means, when it decided the level. */
  verdict?: PragmaVerdict;
}

/**
 * The level of a file: its pragma's, when it has one that the level it would
 * select understands, else `fallback` (the resolved setting or flag).
 */
export function chooseLevel(text: string, fallback: LanguageLevel): FileLevel {
  const pragma = readPragma(text);
  if (pragma === undefined) return { level: fallback };
  const verdict = pragmaVerdict(pragma);
  return { level: levelById(verdict.level), pragma, verdict };
}

/**
 * A setting or flag value as a preference: `0.11`, `26` (also `26.5`, `26.8`,
 * `0.12`, `0.13`: the lines level 26 covers) or `auto`; undefined when it is
 * none of these.
 */
export function parseLevelPreference(value: string | undefined): LevelPreference | undefined {
  if (value === undefined) return undefined;
  const v = value.trim().toLowerCase();
  if (v === 'auto' || v === '') return 'auto';
  const m = /^(\d{1,4})(?:\.(\d{1,4}))?(?:\.\d{1,4})?$/.exec(v);
  if (m === null) return undefined;
  const major = Number(m[1]);
  const minor = m[2] === undefined ? undefined : Number(m[2]);
  if (major === 0) {
    if (minor === undefined) return undefined;
    return minor <= 11 ? '0.11' : minor <= 13 ? '26' : undefined;
  }
  return major === 26 ? '26' : undefined;
}

/**
 * A preference made concrete: `auto` becomes the level of the installed
 * `ilo` (`installed`, the version string it reports, when there is one),
 * else the newest level.
 */
export function resolvePreference(pref: LevelPreference, installed?: string): LanguageLevel {
  if (pref !== 'auto') return levelById(pref);
  if (installed === undefined) return NEWEST_LEVEL;
  const m = /(\d+)\.(\d+)/.exec(installed);
  if (m === null) return NEWEST_LEVEL;
  return levelById(pragmaVerdict({ major: Number(m[1]), minor: Number(m[2]) }).level);
}

export { LEVEL_011, LEVEL_26 };
