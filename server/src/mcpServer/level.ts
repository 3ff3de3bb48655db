// The language level of one call: the single place where the `level` input
// meets the level object (server/src/level). A file's `^YY.M` pragma decides
// its level; without one, the `level` asked for; without that, the server's
// default, which is the CLI's: `ilo-ls mcp --language-version 0.11|26|auto`,
// `auto` (the default) being the version of an `ilo` on PATH, else 26 — the
// same rule as the editor and `ilo-ls check`, so a file is read alike by all.

import { cliDefaultLevel } from '../cli/level';
import { chooseLevel, LEVELS as ALL_LEVELS, levelById, type LanguageLevel, type LevelId } from '../level';
import { ToolFailure } from './toolFailure';

/** Level ids a call may ask for, oldest first. */
export const LEVELS: readonly string[] = ALL_LEVELS.map((l) => l.id);

export interface CallLevel {
  /** The level the source is read at. */
  level: LanguageLevel;
  /** Its id (`0.11`, `26`), as answers name it. */
  name: string;
  /** The level of files without a pragma (what the analyses are given; a pragma still decides for its file). */
  fallback: LanguageLevel;
}

/** The level for a call over `text` (empty for calls without source). */
export function levelFor(requested: string | undefined, text: string): CallLevel {
  if (requested !== undefined && !LEVELS.includes(requested)) {
    throw new ToolFailure(`unknown level '${requested.slice(0, 16)}'; known: ${LEVELS.join(', ')}`);
  }
  const fallback = requested !== undefined ? levelById(requested as LevelId) : cliDefaultLevel();
  const { level } = chooseLevel(text, fallback);
  return { level, name: level.id, fallback };
}
