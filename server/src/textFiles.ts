// Reading the small text files a command is given (JSON configs, tool lists,
// lock and baseline files) as hostile input: bounded in size, and what went
// wrong said in a few words for a one-line message (`x.json: no such file`)
// instead of Node's `ENOENT: no such file or directory, open 'x.json'`.

import * as fs from 'node:fs';

/** Config-like files larger than this are refused rather than read. */
export const MAX_TEXT_FILE_BYTES = 16 * 1024 * 1024;

export function readProblem(err: unknown): string {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case 'ENOENT':
      return 'no such file';
    case 'EISDIR':
      return 'it is a folder, not a file';
    case 'ENOTDIR':
      return 'a part of the path is not a folder';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'ELOOP':
      return 'too many symbolic links';
    case 'ENAMETOOLONG':
      return 'the path is too long';
    default:
      return code ? `it cannot be read (${code})` : 'it cannot be read';
  }
}

/** The file's text, or why it cannot be had (a folder, missing, too large, unreadable). Never throws. */
export function readTextFile(file: string, maxBytes = MAX_TEXT_FILE_BYTES): { text: string } | { problem: string } {
  try {
    const stat = fs.statSync(file);
    if (stat.isDirectory()) return { problem: 'it is a folder, not a file' };
    if (stat.size > maxBytes) return { problem: `it is larger than ${Math.round(maxBytes / (1024 * 1024))} MB` };
    return { text: fs.readFileSync(file, 'utf8') };
  } catch (err) {
    return { problem: readProblem(err) };
  }
}
