// The file version pragma: `^26.5` (or `^26.5.1`) as the first token of a
// file (only blank lines and `--` comments may come before it, as for the
// reference, whose parser takes it at token 0) names the ilo release a file is
// written for. It is read from the raw text before anything is lexed, because
// it decides how the file is lexed.
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

// `^` then YY.M or YY.M.P, ended by a blank, a `;`, a comment, a line break or
// the end of the text.
const PRAGMA_RE = /^\^(\d{1,4})\.(\d{1,4})(?:\.(\d{1,4}))?(?=$|[ \t\r\n;]|--)/;

/** Where the first token of `text` starts: past blanks, line breaks and `--` comment lines (at most 64 KB looked at). */
function firstTokenAt(text: string): number {
  const n = Math.min(text.length, 65536);
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 9 || c === 10 || c === 13) i++;
    else if (c === 45 && text.charCodeAt(i + 1) === 45) {
      while (i < n && text.charCodeAt(i) !== 10) i++;
    } else return i;
  }
  return -1;
}

/** The pragma a file starts with, if it has one. Cheap: a scan past leading comments, then one anchored regex. */
export function readPragma(text: string): Pragma | undefined {
  const at = text.charCodeAt(0) === 94 /* ^ */ ? 0 : firstTokenAt(text);
  if (at < 0 || text.charCodeAt(at) !== 94) return undefined;
  const m = PRAGMA_RE.exec(text.slice(at, at + 64));
  if (m === null) return undefined;
  const major = Number(m[1]);
  const minor = Number(m[2]);
  const p: Pragma = { version: m[0].slice(1), major, minor, start: at, end: at + m[0].length };
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
