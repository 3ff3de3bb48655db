// The text edits of a rename, per file: every occurrence of the symbol (in
// code, in `use` name lists and in doc-comment annotations), the locals that
// take their name from a renamed field by destructuring, and what keeps a
// tool's contract unchanged — a tool keeps the name agents call through
// `-- @wire OLD` (added when it has no `@wire`), a tool parameter keeps its
// JSON property name through `@param NEW=OLD`.

import type { Decl, ToolDecl } from '../../syntax/ast';
import { parseAnnotations } from '../../schema/annotations';
import { annotationNames } from '../../query/annotationNames';
import type { Occurrence, ResolvedSymbol } from '../../query/symbolIdentity';
import type { ProjectFile } from './project';
import { declName } from '../../query/symbols';

export interface Edit {
  start: number;
  end: number;
  newText: string;
}

/** Locals bound by destructuring a renamed field (`{x;y}=p` → `{w;y}=p`): they are renamed with it. */
export function localsRenamedWith(s: ResolvedSymbol, file: ProjectFile): ResolvedSymbol[] {
  if (s.kind !== 'field') return [];
  return file.symbols.symbols().filter((l) => l.destructures?.key === s.key);
}

export function renameEdits(s: ResolvedSymbol, newName: string, files: readonly ProjectFile[]): Map<string, Edit[]> {
  const out = new Map<string, Edit[]>();
  for (const f of files) {
    const byStart = new Map<number, Edit>();
    const occurrences: Occurrence[] = [...f.symbols.of(s.key), ...localsRenamedWith(s, f).flatMap((l) => f.symbols.of(l.key))];
    for (const o of occurrences) byStart.set(o.start, { start: o.start, end: o.end, newText: newName });
    if (f.path === s.file) {
      const decl = s.decl && ownDecl(f, s.decl);
      const declared = decl && declName(decl);
      if (s.kind === 'tool' && decl && declared) keepToolWire(decl, declared.text, f.analysis.text, byStart);
      if (s.kind === 'param' && decl?.kind === 'ToolDecl') keepParamWire(decl, s.name, newName, f.analysis.text, byStart);
    }
    if (byStart.size > 0) out.set(f.path, [...byStart.values()].sort((a, b) => a.start - b.start || a.end - b.end));
  }
  return out;
}

/** The declaration as parsed in its own file (an imported copy may be a different object). */
function ownDecl(f: ProjectFile, d: Decl): Decl | undefined {
  return f.analysis.program.decls.find((x) => x.kind === d.kind && x.start === d.start);
}

/**
 * A tool without `@wire` gets `-- @wire OLD` so its MCP name (exports, lock
 * pins) stays the same. A tool that failed to parse gets it too, unless a doc
 * line already starts with `@wire`.
 */
function keepToolWire(decl: Decl, oldName: string, text: string, edits: Map<number, Edit>): void {
  const wired = decl.kind === 'ToolDecl' ? parseAnnotations(decl.doc, decl).annotations.wire !== undefined : decl.doc.some((c) => /^\s*@wire\b/.test(c.text));
  if (wired) return;
  const e = docLineInsert(text, decl.start, `-- @wire ${oldName}`);
  edits.set(e.start, e);
}

/** A tool parameter keeps its property name on the wire: `@param old …` becomes `@param new=old …`. */
function keepParamWire(decl: ToolDecl, oldName: string, newName: string, text: string, edits: Map<number, Edit>): void {
  const notes = annotationNames(decl, text).filter((a) => a.name === oldName && a.key === 'param');
  if (notes.length === 0) {
    const e = docLineInsert(text, decl.start, `-- @param ${newName}=${oldName}`);
    edits.set(e.start, e);
    return;
  }
  for (const a of notes) if (!a.wire) edits.set(a.start, { start: a.start, end: a.end, newText: `${newName}=${oldName}` });
}

/**
 * Adds a line to the end of a declaration's doc block (directly above it).
 * A declaration that shares its line with the previous one is moved to a
 * line of its own first.
 */
function docLineInsert(text: string, declStart: number, line: string): Edit {
  const nl = text.includes('\r\n') ? '\r\n' : '\n';
  let i = declStart;
  while (i > 0 && (text[i - 1] === ' ' || text[i - 1] === '\t')) i--;
  if (i === 0 || text[i - 1] === '\n') return { start: i, end: i, newText: line + nl };
  return { start: i, end: declStart, newText: nl + line + nl };
}

/** `text` with non-overlapping edits applied. */
export function applyEdits(text: string, edits: readonly Edit[]): string {
  let out = '';
  let at = 0;
  for (const e of [...edits].sort((a, b) => a.start - b.start)) {
    out += text.slice(at, e.start) + e.newText;
    at = e.end;
  }
  return out + text.slice(at);
}

/**
 * Where offsets of the old text are in the edited text: an offset moves by
 * the edits that start before it (and by an insertion right at it).
 */
export function offsetShifter(edits: readonly Edit[]): (offset: number) => number {
  const sorted = [...edits].sort((a, b) => a.start - b.start);
  const before: number[] = [0]; // before[i]: total shift of the first i edits
  for (const e of sorted) before.push(before[before.length - 1] + e.newText.length - (e.end - e.start));
  return (offset) => {
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid].start < offset) lo = mid + 1;
      else hi = mid;
    }
    while (lo < sorted.length && sorted[lo].start === offset && sorted[lo].end === offset) lo++;
    return offset + before[lo];
  };
}
