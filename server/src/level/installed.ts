// The `auto` preference: which ilo is installed. An `ilo` executable on PATH
// is asked for its version once (`ilo --version`, a few milliseconds); when
// there is none, nothing is run at all. Used by the CLI and the language
// server, never by the core (which is handed a level).

import type * as ChildProcess from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

/** The first `ilo` executable on PATH, if any. */
export function findIloOnPath(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const dirs = (env.PATH ?? '').split(path.delimiter).filter((d) => d !== '');
  const names = process.platform === 'win32' ? ['ilo.exe', 'ilo.cmd', 'ilo.bat'] : ['ilo'];
  for (const dir of dirs) {
    for (const name of names) {
      const p = path.join(dir, name);
      try {
        const st = fs.statSync(p);
        if (st.isFile() && (process.platform === 'win32' || (st.mode & 0o111) !== 0)) return p;
      } catch {
        // not there
      }
    }
  }
  return undefined;
}

/**
 * The version an installed `ilo` reports (`0.11.6`, `26.8`), or undefined
 * when none is on PATH or it does not answer within a second. Never throws.
 */
export function installedIloVersion(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const exe = findIloOnPath(env);
  if (exe === undefined) return undefined;
  try {
    // Loaded here, not with the module: node's child_process (with net and
    // dgram) costs every CLI start ~10 ms, and most never run `ilo`.
    const { execFileSync } = require('node:child_process') as typeof ChildProcess;
    const out = execFileSync(exe, ['--version'], {
      encoding: 'utf8',
      timeout: 1000,
      stdio: ['ignore', 'pipe', 'ignore'],
      maxBuffer: 4096,
    });
    const m = /(\d+\.\d+(?:\.\d+)?)/.exec(out);
    return m === null ? undefined : m[1];
  } catch {
    return undefined;
  }
}
