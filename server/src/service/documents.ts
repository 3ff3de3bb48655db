// URI ↔ path helpers and the file host that lets open editor buffers win over
// the disk, so imports are analysed as the user currently sees them.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FileHost } from '../project/imports';

/** Absolute path for a `file:` URI; a stable pseudo-path for other schemes (untitled:, …). */
export function uriToPath(uri: string): string {
  if (uri.startsWith('file:')) {
    try {
      return path.resolve(fileURLToPath(uri));
    } catch {
      // fall through: malformed file URI
    }
  }
  return uri;
}

export function pathToUri(p: string): string {
  return path.isAbsolute(p) ? pathToFileURL(p).toString() : p;
}

export function isFileUri(uri: string): boolean {
  return uri.startsWith('file:');
}

/** Reads open buffers first, then the file system. Never throws. */
export class OverlayFileHost implements FileHost {
  private readonly overlay = new Map<string, string>();

  set(filePath: string, text: string): void {
    this.overlay.set(path.resolve(filePath), text);
  }

  delete(filePath: string): void {
    this.overlay.delete(path.resolve(filePath));
  }

  readFile(absPath: string): string | undefined {
    const open = this.overlay.get(absPath);
    if (open !== undefined) return open;
    try {
      if (!fs.statSync(absPath).isFile()) return undefined;
      return fs.readFileSync(absPath, 'utf8');
    } catch {
      return undefined;
    }
  }
}
