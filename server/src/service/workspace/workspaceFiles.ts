// Finding ilo files (`.ilo`, `.@`): the CLI's arguments and the workspace folders.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { isIloFile } from '../../project/iloFiles';

/** Expands directories into the ilo files (`.ilo`, `.@`) below them (sorted); files pass through. */
export function expandInputs(inputs: readonly string[]): { files: string[]; missing: string[] } {
  const files: string[] = [];
  const missing: string[] = [];
  const walk = (dir: string): void => {
    const entries = fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (entry.isFile() && isIloFile(entry.name)) files.push(p);
    }
  };
  for (const input of inputs) {
    let stat: fs.Stats | undefined;
    try {
      stat = fs.statSync(input);
    } catch {
      stat = undefined;
    }
    if (!stat) missing.push(input);
    else if (stat.isDirectory()) walk(input);
    else files.push(input);
  }
  return { files, missing };
}
