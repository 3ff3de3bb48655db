// What a name in a file means, for the navigation features (signature help,
// call hierarchy). This is the one place they ask the name resolution of
// query/: when the shared resolver replaces query/symbols.ts, only this file
// changes.

import type { Decl, FunctionDecl, Program, Span, ToolDecl } from '../../syntax/ast';
import type { Builtin } from '../../syntax/builtins';
import { symbolAt, type LocatedDecl } from '../../query/symbols';

/** A parsed file as the navigation features see it (an open document or a file read from disk). */
export interface NavFile {
  /** Absolute path. */
  path: string;
  uri: string;
  text: string;
  program: Program;
  /** Declarations visible through `use`, with the file each comes from. */
  importedLocated: LocatedDecl[];
}

export type Meaning =
  /** A declaration, with the absolute path of the file that declares it. */
  | { kind: 'decl'; decl: Decl; path: string }
  | { kind: 'builtin'; builtin: Builtin }
  /** A parameter, local binding or record field: nothing to navigate to across files. */
  | { kind: 'other' };

/** What the identifier at `offset` names, and its range; undefined when there is no name there. */
export function meaningAt(file: NavFile, offset: number): { range: Span; meaning: Meaning } | undefined {
  const hit = symbolAt(file, offset);
  if (!hit) return undefined;
  const t = hit.target;
  switch (t.kind) {
    case 'decl':
      return { range: hit.range, meaning: { kind: 'decl', decl: t.decl, path: t.file ?? file.path } };
    case 'builtin':
      return { range: hit.range, meaning: { kind: 'builtin', builtin: t.builtin } };
    default:
      return { range: hit.range, meaning: { kind: 'other' } };
  }
}

/** Functions and tools: the declarations a call can reach. */
export type CallableDecl = FunctionDecl | ToolDecl;

export function isCallable(d: Decl): d is CallableDecl {
  return d.kind === 'FunctionDecl' || d.kind === 'ToolDecl';
}
