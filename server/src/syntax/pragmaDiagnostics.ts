// What is worth telling the user about a file's version pragma: a version
// newer than this tooling knows, one of the 0.12/0.13 lines, or a release
// that never existed. (At level 0.11 a pragma is not syntax at all: the
// parser reports it as the 0.11.6 reference does, ILO-P001.)

import type { Diagnostic } from '../diagnostics';
import { NEWEST_KNOWN_RELEASE, type FileLevel } from '../level';

export function pragmaDiagnostics(f: FileLevel): Diagnostic[] {
  const p = f.pragma;
  const note = f.verdict?.note;
  if (p === undefined || note === undefined || note === 'no-pragma-at-0.11') return [];
  const newest = `${NEWEST_KNOWN_RELEASE.major}.${NEWEST_KNOWN_RELEASE.minor}`;
  const at = { source: 'ilo-contracts' as const, start: p.start, end: p.end };
  switch (note) {
    case 'newer-than-known':
      return [
        {
          ...at,
          code: 'pragma-newer-than-tooling',
          severity: 'warning',
          message: `this file is written for ilo ${p.version}; this tooling knows ilo up to ${newest} and checks it as ilo 26`,
          hint: 'syntax or builtins added after 26.8 may be reported as errors; update the extension or lower the pragma',
        },
      ];
    case 'older-line':
      return [
        {
          ...at,
          code: 'pragma-older-line',
          severity: 'information',
          message: `ilo ${p.version} became the 26.x line (26.5 and later); this file is checked as ilo 26`,
        },
      ];
    case 'unknown-release':
      return [
        {
          ...at,
          code: 'pragma-unknown-release',
          severity: 'warning',
          message: `there is no ilo release ${p.version}; this file is checked as ilo 26`,
          hint: `ilo versions are 0.x up to 0.13, then CalVer from 26.5 (newest known: ${newest})`,
        },
      ];
  }
}
