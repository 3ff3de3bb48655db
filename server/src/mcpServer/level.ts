// The language level of one call: the single place where the `level` input
// meets the analyses. The level object (language levels 0.11 and 26) is
// being added on another branch; until it lands this build knows one level,
// 0.11 (the reference ilo 0.11.6), and `LEVELS` lists only it, so the tool
// definitions never offer a level the analyses cannot honour.

import { ToolFailure } from './toolFailure';

/** Levels this build analyses, newest last. */
export const LEVELS: readonly string[] = ['0.11'];

export const DEFAULT_LEVEL = '0.11';

export interface CallLevel {
  /** `0.11`. */
  name: string;
}

/**
 * The level for a call: the one asked for, else the file's own (its
 * `^YY.M` pragma, once levels exist), else the default.
 */
export function levelFor(requested: string | undefined, _text: string): CallLevel {
  if (requested !== undefined && !LEVELS.includes(requested)) {
    throw new ToolFailure(`unknown level '${requested.slice(0, 16)}'; known: ${LEVELS.join(', ')}`);
  }
  return { name: requested ?? DEFAULT_LEVEL };
}
