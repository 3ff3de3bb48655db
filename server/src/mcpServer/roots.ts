// The client's roots (MCP roots/list) and the only files the server reads:
// ilo files (`.ilo`, `.@`) whose real location (symlinks resolved) lies inside a root.
// A client without the roots capability, or with no `file:` root, gets no
// file access at all (fail closed): its tools take source as text.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FileHost } from '../project/imports';
import { isIloFile } from '../project/iloFiles';
import { MAX_FILE_BYTES, MAX_IMPORT_BYTES, MAX_IMPORT_FILES, MAX_PATH_CHARS } from './limits';
import { ToolFailure } from './toolFailure';

/** What roots/list gave: undefined when the client does not offer roots. */
export type RootsFetch = () => Promise<readonly string[] | undefined>;

/**
 * The roots of the current client, fetched on first need and again after
 * `notifications/roots/list_changed`. Each root is kept as its real path; a
 * root that is not a `file:` URI of an existing directory is ignored.
 */
export class ClientRoots {
  private pending: Promise<RootDirs> | undefined;

  constructor(private readonly fetch: RootsFetch) {}

  invalidate(): void {
    this.pending = undefined;
  }

  dirs(): Promise<RootDirs> {
    this.pending ??= this.load();
    return this.pending;
  }

  private async load(): Promise<RootDirs> {
    let uris: readonly string[] | undefined;
    try {
      uris = await this.fetch();
    } catch (err) {
      // Not cached: the next call asks again.
      this.pending = undefined;
      return { kind: 'failed', why: err instanceof Error ? err.message : String(err) };
    }
    if (uris === undefined) return { kind: 'none' };
    return { kind: 'dirs', dirs: realRootDirs(uris) };
  }
}

export type RootDirs = { kind: 'none' } | { kind: 'failed'; why: string } | { kind: 'dirs'; dirs: string[] };

/**
 * Real paths of the `file:` URIs that name existing directories. The file
 * system's root is not one: it would confine nothing (and `file://` with no
 * path reads as it).
 */
export function realRootDirs(uris: readonly string[]): string[] {
  const out: string[] = [];
  for (const uri of uris) {
    if (typeof uri !== 'string' || !uri.startsWith('file:')) continue;
    try {
      const real = fs.realpathSync.native(fileURLToPath(uri));
      if (path.parse(real).root === real) continue;
      if (fs.statSync(real).isDirectory() && !out.includes(real)) out.push(real);
    } catch {
      // A malformed or missing root confines nothing.
    }
  }
  return out;
}

/** Is `child` (absolute, normalised) `parent` or below it? */
export function isInside(child: string, parent: string): boolean {
  const rel = path.relative(parent, child);
  return rel === '' || (!rel.startsWith(`..${path.sep}`) && rel !== '..' && !path.isAbsolute(rel));
}

const shown = (p: string): string => (p.length > 120 ? `${p.slice(0, 117)}...` : p);

/** The directories a path may be in, or why paths are refused for this client. */
export function rootsOrRefuse(roots: RootDirs): string[] {
  if (roots.kind === 'none') throw new ToolFailure("path refused: this client shares no roots (MCP roots/list); pass the source as text");
  if (roots.kind === 'failed') throw new ToolFailure(`path refused: the client's roots could not be read (${roots.why}); pass the source as text`);
  if (roots.dirs.length === 0) throw new ToolFailure("path refused: the client's roots name no local directory; pass the source as text");
  return roots.dirs;
}

/**
 * The absolute path a `path` input names: an absolute path, a `file:` URI,
 * or a path relative to the only root (refused with several roots).
 */
export function absoluteInput(input: string, dirs: readonly string[]): string {
  if (input.length === 0 || input.length > MAX_PATH_CHARS) throw new ToolFailure(`path refused: it must have 1 to ${MAX_PATH_CHARS} characters`);
  if (input.includes('\0')) throw new ToolFailure('path refused: it contains a NUL character');
  let p = input;
  if (p.startsWith('file:')) {
    try {
      p = fileURLToPath(p);
    } catch {
      throw new ToolFailure(`path refused: ${shown(input)} is not a valid file: URI`);
    }
  }
  if (path.isAbsolute(p)) return path.resolve(p);
  if (dirs.length !== 1) throw new ToolFailure(`path refused: ${shown(input)} is relative and the client has ${dirs.length} roots; give an absolute path`);
  return path.resolve(dirs[0], p);
}

function realpath(p: string): string | undefined {
  try {
    return fs.realpathSync.native(p);
  } catch {
    return undefined;
  }
}

/**
 * Where an input path may be read from: inside a root both as written
 * (no `..` climbing out) and once symlinks are resolved, an ilo file (`.ilo`, `.@`).
 * `mustExist: false` (text given with its path) allows a file not yet
 * written, whose directory must then exist inside a root.
 */
export function confinePath(input: string, dirs: readonly string[], mustExist: boolean): { path: string; exists: boolean } {
  const abs = absoluteInput(input, dirs);
  const outside = `path refused: ${shown(input)} is outside the client's roots`;
  if (!isIloFile(abs)) throw new ToolFailure(`path refused: ${shown(input)} is not an ilo file (.ilo, .@)`);
  // As written: a root may itself be reached through a symlink, so compare with each root's real path and, for
  // the lexical check, with the path's own directory resolved.
  const dirReal = realpath(path.dirname(abs));
  if (dirReal === undefined) {
    if (!dirs.some((d) => isInside(abs, d))) throw new ToolFailure(outside);
    throw new ToolFailure(`path refused: the directory of ${shown(input)} does not exist`);
  }
  const lexical = path.join(dirReal, path.basename(abs));
  if (!dirs.some((d) => isInside(lexical, d))) throw new ToolFailure(outside);
  let stat: fs.Stats;
  try {
    stat = fs.lstatSync(lexical);
  } catch {
    if (mustExist) throw new ToolFailure(`path refused: ${shown(input)} does not exist`);
    return { path: lexical, exists: false };
  }
  const real = stat.isSymbolicLink() ? realpath(lexical) : lexical;
  if (real === undefined) throw new ToolFailure(`path refused: ${shown(input)} is a broken symlink`);
  if (!dirs.some((d) => isInside(real, d))) throw new ToolFailure(`path refused: ${shown(input)} is a symlink to a file outside the client's roots`);
  if (!isIloFile(real)) throw new ToolFailure(`path refused: ${shown(input)} is a symlink to a file that is not an ilo file (.ilo, .@)`);
  if (!fs.statSync(real).isFile()) throw new ToolFailure(`path refused: ${shown(input)} is not a regular file`);
  return { path: lexical, exists: true };
}

/** Reads a confined file within the size limit; its text. */
export function readConfined(file: string, input: string): string {
  let size: number;
  try {
    size = fs.statSync(file).size;
  } catch (err) {
    throw new ToolFailure(`cannot read ${shown(input)}: ${(err as NodeJS.ErrnoException).code ?? 'error'}`);
  }
  if (size > MAX_FILE_BYTES) throw new ToolFailure(`${shown(input)} has ${size} bytes; the limit is ${MAX_FILE_BYTES}`);
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw new ToolFailure(`cannot read ${shown(input)}: ${(err as NodeJS.ErrnoException).code ?? 'error'}`);
  }
}

/**
 * The file host of one call's analysis (`use` imports): only ilo files (`.ilo`, `.@`)
 * inside the roots, real paths included, at most MAX_IMPORT_FILES files and
 * MAX_IMPORT_BYTES in all. `overlay` is the text given for the analysed file
 * itself. Anything else reads as missing (ILO-P017), never as an error.
 */
export function confinedHost(dirs: readonly string[], overlay?: { path: string; text: string }): FileHost {
  let files = 0;
  let bytes = 0;
  return {
    readFile(absPath: string): string | undefined {
      if (overlay && absPath === overlay.path) return overlay.text;
      if (!isIloFile(absPath) || !dirs.some((d) => isInside(absPath, d))) return undefined;
      const real = realpath(absPath);
      if (real === undefined || !isIloFile(real) || !dirs.some((d) => isInside(real, d))) return undefined;
      try {
        const stat = fs.statSync(real);
        if (!stat.isFile() || files >= MAX_IMPORT_FILES || bytes + stat.size > MAX_IMPORT_BYTES) return undefined;
        files++;
        bytes += stat.size;
        return fs.readFileSync(real, 'utf8');
      } catch {
        return undefined;
      }
    },
  };
}

/** Text given without a path: nothing on disk is read. */
export const NO_FILES: FileHost = { readFile: () => undefined };
