// The files a navigation or refactoring request may look at: the open
// documents and the workspace's `.ilo` files, each with its analysis and its
// resolved names. A symbol declared in a file can only be named in that file
// and in files that `use` it (directly or not), so that is where references
// and renames look.

import type { Location, Range } from 'vscode-languageserver';
import type { FileAnalysis } from '../analysis';
import type { LineIndex } from '../../syntax/lineIndex';
import { rangeOf } from '../lspDiagnostics';
import { symbolsOf } from '../../query/symbols';
import type { FileSymbols } from '../../query/resolver';
import type { Occurrence, ResolvedSymbol } from '../../query/symbolIdentity';

export interface ProjectFile {
  path: string;
  uri: string;
  analysis: FileAnalysis;
  index: LineIndex;
  symbols: FileSymbols;
}

/** What the facade gives the refactoring features: files by path, open buffers first. */
export interface ProjectView {
  /** A file's analysis and resolved names (open buffer, else disk); undefined when it cannot be read. */
  file(path: string): ProjectFile | undefined;
  /** Every file known: open documents and the workspace's `.ilo` files. */
  paths(): string[];
  /** A file's text (open buffer, else disk). */
  readFile(path: string): string | undefined;
}

export function projectFile(uri: string, analysis: FileAnalysis, index: LineIndex): ProjectFile {
  return { path: analysis.path, uri, analysis, index, symbols: symbolsOf(analysis) };
}

export function rangeIn(file: ProjectFile, o: { start: number; end: number }): Range {
  return rangeOf(file.index, o.start, o.end);
}

export function locationOf(file: ProjectFile, o: Occurrence): Location {
  return { uri: file.uri, range: rangeIn(file, o) };
}

/** Symbols only one file can name: locals, parameters, and builtins (looked up where asked). */
export function isFileLocal(s: ResolvedSymbol): boolean {
  return s.kind === 'local' || s.kind === 'param' || s.kind === 'builtin' || s.file === '';
}

/**
 * The files that may name `s`: the file asked about, the declaring file, and
 * every known file that uses the declaring file and whose text mentions one
 * of `names` (the symbol's name by default). The declaring file comes first.
 */
export function filesNaming(view: ProjectView, s: ResolvedSymbol, here: ProjectFile, names: readonly string[] = [s.name]): ProjectFile[] {
  if (isFileLocal(s)) return [here];
  const out: ProjectFile[] = [];
  const seen = new Set<string>();
  for (const p of [s.file, here.path, ...[...view.paths()].sort()]) {
    if (seen.has(p)) continue;
    seen.add(p);
    if (p !== here.path && p !== s.file && !names.some((n) => view.readFile(p)?.includes(n))) continue;
    const f = p === here.path ? here : view.file(p);
    if (!f) continue;
    if (p === here.path || p === s.file || f.analysis.dependencies.includes(s.file)) out.push(f);
  }
  return out;
}
