// The file version pragma: `^26.5` (or `^26.5.1`) as the first thing of the
// first line names the ilo release a file is written for. It is read from the
// raw text before anything is lexed, because it decides how the file is lexed.
//
// What a version maps to (docs/language-levels.md has the table):
//   ^26.M, ^26.M.P        level 26 (newer than 26.8: a warning, checked as 26)
//   ^27.1 and later       level 26, with a warning: newer than this tooling knows
//   ^0.12, ^0.13          level 26 (the 0.12 and 0.13 lines became 26.5), with a note
//   ^0.11 and older 0.x   level 0.11; the line itself is what the 0.11.6 reference
//                         reports for it: ILO-P001 (0.11.6 has no pragma)
//   anything else         level 26 with a warning (no such ilo release)

import type { LevelId } from './level';

export interface Pragma {
  /** As written after `^`: `26.5`, `26.5.1`. */
  version: string;
  major: number;
  minor: number;
  patch?: number;
  /** Offsets of `^…version` in the document. */
  start: number;
  end: number;
}

export type PragmaVerdict =
  | { level: LevelId; note?: undefined }
  | {
      level: LevelId;
      /** Something to tell the user about the version (severity and wording decided by the caller). */
      note: 'newer-than-known' | 'older-line' | 'unknown-release' | 'no-pragma-at-0.11';
    };

/** The newest ilo release this tooling knows (the last release the level-26 reference material describes). */
export const NEWEST_KNOWN_RELEASE = { major: 26, minor: 8 } as const;

// `^` then YY.M or YY.M.P, at offset 0, ended by a blank, a `;`, a comment, a
// line break or the end of the text.
const PRAGMA_RE = /^\^(\d{1,4})\.(\d{1,4})(?:\.(\d{1,4}))?(?=$|[ \t\r\n;]|--)/;

/** The pragma at the very start of `text`, if there is one. Cheap: one anchored regex. */
export function readPragma(text: string): Pragma | undefined {
  if (text.charCodeAt(0) !== 94 /* ^ */) return undefined;
  const m = PRAGMA_RE.exec(text.length > 64 ? text.slice(0, 64) : text);
  if (m === null) return undefined;
  const major = Number(m[1]);
  const minor = Number(m[2]);
  const p: Pragma = { version: m[0].slice(1), major, minor, start: 0, end: m[0].length };
  if (m[3] !== undefined) p.patch = Number(m[3]);
  return p;
}

/** The level a pragma selects, and what (if anything) is worth saying about its version. */
export function pragmaVerdict(p: Pick<Pragma, 'major' | 'minor'>): PragmaVerdict {
  const { major, minor } = p;
  if (major === 0) {
    if (minor <= 11) return { level: '0.11', note: 'no-pragma-at-0.11' };
    if (minor <= 13) return { level: '26', note: 'older-line' };
    return { level: '26', note: 'unknown-release' };
  }
  if (major < NEWEST_KNOWN_RELEASE.major) return { level: '26', note: 'unknown-release' };
  if (major === NEWEST_KNOWN_RELEASE.major) {
    // CalVer started at 26.5: 26.1–26.4 were never released.
    if (minor < 5 || minor > 12) return { level: '26', note: 'unknown-release' };
    if (minor > NEWEST_KNOWN_RELEASE.minor) return { level: '26', note: 'newer-than-known' };
    return { level: '26' };
  }
  return { level: '26', note: 'newer-than-known' };
}
