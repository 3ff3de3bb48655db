// `ilo-ls check --format github`: GitHub Actions workflow commands, one per
// finding (`::error file=…,line=…,col=…::message`), which the runner shows
// as annotations on the changed lines of a pull request. Information becomes
// a notice; hints are left out (they never fail a check, and a pull request
// page is not the place for them).

import type { CheckRecord } from './check';

const COMMAND: Record<string, string | undefined> = { error: 'error', warning: 'warning', information: 'notice' };

/** The text of a command's message: `%`, CR and LF escaped as the runner expects. */
function escapeData(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** A property value: also `:` and `,`, which separate properties. */
function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

export function githubAnnotations(records: readonly CheckRecord[]): string {
  let out = '';
  for (const r of records) {
    const command = COMMAND[r.severity];
    if (!command) continue;
    const props = [
      `file=${escapeProperty(r.file.split('\\').join('/'))}`,
      `line=${r.line}`,
      `col=${r.col}`,
      `endLine=${Math.max(r.endLine, r.line)}`,
      `endColumn=${r.endCol}`,
      `title=${escapeProperty(`${r.code} (${r.source})`)}`,
    ];
    out += `::${command} ${props.join(',')}::${escapeData(r.message)}\n`;
  }
  return out;
}
