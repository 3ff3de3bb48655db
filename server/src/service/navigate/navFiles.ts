// The files the navigation features look through (workspace symbols, callers
// in other files), without opening them in the editor: open documents come
// from the language service's analyses; other files are read from disk when
// first asked for and parsed, and the parse is kept while the file's mtime
// and size are unchanged.
//
// Everything goes through the small `NavFileSource` interface, so a
// workspace index can stand in for the disk reading later.

import * as fs from 'node:fs';
import type { Decl, Program } from '../../syntax/ast';
import { parseIlo } from '../../syntax/parse';
import { resolveImports, type FileHost } from '../../project/imports';
import { declaredArities, declaredParams, type FileAnalysis } from '../analysis';
import type { LanguageLevel } from '../../level';
import type { NavFile } from './nameAt';

export interface NavFileSource {
  /** Absolute paths of every file to look through (open documents and the workspace's `.ilo` files). */
  paths(): string[];
  /** The declarations of a file (cheap: no import resolution). */
  decls(path: string): { uri: string; decls: readonly Decl[]; text: string } | undefined;
  /** A file with what it sees through `use` (for resolving calls in it). */
  file(path: string): NavFile | undefined;
}

export interface NavFileHooks {
  /** The analysis and URI of an open document at this path, if one is open. */
  openFile(path: string): { uri: string; analysis: FileAnalysis } | undefined;
  /** Paths of the open documents. */
  openPaths(): string[];
  /** Paths of the workspace's `.ilo` files. */
  workspacePaths(): string[];
  /** Reads files for `use` resolution (open buffers first, then disk). */
  host: FileHost;
  uriOf(path: string): string;
  /** The level of files without a pragma (the setting). */
  level(): LanguageLevel;
}

interface DiskEntry {
  mtimeMs: number;
  size: number;
  text: string;
  program: Program;
}

/** Open documents from their analyses, other files from disk (cached by mtime). */
export class DiskNavFiles implements NavFileSource {
  private readonly cache = new Map<string, DiskEntry>();
  private readonly parsedImports = new Map<string, { text: string; program: Program }>();

  constructor(private readonly hooks: NavFileHooks) {}

  paths(): string[] {
    return [...new Set([...this.hooks.openPaths(), ...this.hooks.workspacePaths()])];
  }

  decls(path: string): { uri: string; decls: readonly Decl[]; text: string } | undefined {
    const open = this.hooks.openFile(path);
    if (open) return { uri: open.uri, decls: open.analysis.program.decls, text: open.analysis.text };
    const entry = this.fromDisk(path);
    return entry && { uri: this.hooks.uriOf(path), decls: entry.program.decls, text: entry.text };
  }

  file(path: string): NavFile | undefined {
    const open = this.hooks.openFile(path);
    if (open) {
      const a = open.analysis;
      // The document's own path (for an untitled document, its URI), as every other lookup here uses it.
      return { path, uri: open.uri, text: a.text, program: a.program, importedLocated: a.importedLocated };
    }
    const entry = this.fromDisk(path);
    if (!entry) return undefined;
    const parse = (p: string, text: string): Program => this.parseImported(p, text);
    const imports = resolveImports(path, entry.program, this.hooks.host, parse);
    // As in the analysis: calls to functions of used files nest by their arity.
    const arities = declaredArities(imports.imported);
    const program =
      arities.size > 0
        ? parseIlo(entry.text, { externalArities: arities, externalParams: declaredParams(imports.imported), level: this.hooks.level() }).program
        : entry.program;
    const importedLocated = imports.imported.map((decl) => ({ decl, file: imports.importedFile.get(decl) }));
    return { path, uri: this.hooks.uriOf(path), text: entry.text, program, importedLocated };
  }

  /** Forget every cached parse (the level setting changed). */
  clear(): void {
    this.cache.clear();
    this.parsedImports.clear();
  }

  /** Forget a file's cached parse (it changed or was deleted). */
  forget(path: string): void {
    this.cache.delete(path);
    this.parsedImports.delete(path);
  }

  private fromDisk(path: string): DiskEntry | undefined {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(path);
      if (!stat.isFile()) return undefined;
    } catch {
      this.cache.delete(path);
      return undefined;
    }
    const cached = this.cache.get(path);
    if (cached && cached.mtimeMs === stat.mtimeMs && cached.size === stat.size) return cached;
    let text: string;
    try {
      text = fs.readFileSync(path, 'utf8');
    } catch {
      return undefined;
    }
    const entry = { mtimeMs: stat.mtimeMs, size: stat.size, text, program: parseIlo(text, { level: this.hooks.level() }).program };
    this.cache.set(path, entry);
    return entry;
  }

  private parseImported(path: string, text: string): Program {
    const cached = this.parsedImports.get(path);
    if (cached && cached.text === text) return cached.program;
    const program = parseIlo(text, { level: this.hooks.level() }).program;
    this.parsedImports.set(path, { text, program });
    return program;
  }
}
