// Cursor markers for the language-service tests. A test writes its program
// with markers in it and gets back the text without them plus LSP positions:
//
//   ┆        a position (the cursor): `f x:n>n;*x ┆x`
//   ⟦ … ⟧    a range: `f ⟦x⟧:n>n;*x x` (ranges may nest; listed by their opening marker)
//
// `open`/`openAt` put one marked document into a LanguageService;
// `openMany` writes several files into a fresh temp directory (so `use`
// resolves on disk) and opens the marked ones. Positions are LSP positions
// (0-based line, UTF-16 character), computed from the unmarked text.

import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Diagnostic, Location, Position, Range } from 'vscode-languageserver';
import { LSPErrorCodes, ResponseError, type WorkspaceEdit } from 'vscode-languageserver';
import { LanguageService, type PublishedDiagnostics } from '../../server/src/service/languageService';
import { schemaHoverSections } from '../../server/src/service/schemaHover';

export const CURSOR = '┆';
export const RANGE_OPEN = '⟦';
export const RANGE_CLOSE = '⟧';

export interface Marked {
  /** The source with every marker removed. */
  text: string;
  /** Each ┆, in source order. */
  cursors: Position[];
  /** Each ⟦…⟧, in the order of their opening markers. */
  ranges: Range[];
}

/** Strips the markers from `source` and returns where they were. */
export function markers(source: string): Marked {
  const cursors: Position[] = [];
  const ranges: Range[] = [];
  const open: number[] = []; // indexes into `ranges` of the ⟦ not yet closed
  let text = '';
  let line = 0;
  let character = 0;
  for (const ch of source) {
    const here = { line, character };
    if (ch === CURSOR) {
      cursors.push(here);
    } else if (ch === RANGE_OPEN) {
      open.push(ranges.length);
      ranges.push({ start: here, end: here });
    } else if (ch === RANGE_CLOSE) {
      const i = open.pop();
      assert.ok(i !== undefined, `a ${RANGE_CLOSE} without a ${RANGE_OPEN} at ${line}:${character}`);
      ranges[i] = { start: ranges[i].start, end: here };
    } else {
      text += ch;
      if (ch === '\n') {
        line++;
        character = 0;
      } else {
        character += ch.length; // UTF-16 code units, as LSP counts by default
      }
    }
  }
  assert.equal(open.length, 0, `a ${RANGE_OPEN} is never closed`);
  return { text, cursors, ranges };
}

export interface Opened extends Marked {
  service: LanguageService;
  uri: string;
  /** What opening the document published for it. */
  diagnostics: Diagnostic[];
}

export interface OpenOptions {
  uri?: string;
  /** Reuse a service (several documents open at once); a new one with schema hovers otherwise. */
  service?: LanguageService;
}

export const DEFAULT_URI = 'file:///tmp/ilo-service-test/a.ilo';

export function newService(): LanguageService {
  return new LanguageService(schemaHoverSections);
}

/** Opens a marked `source` (markers optional). */
export function open(source: string, opts: OpenOptions = {}): Opened {
  const marked = markers(source);
  const service = opts.service ?? newService();
  const uri = opts.uri ?? DEFAULT_URI;
  const published = service.setDocument(uri, marked.text, 1);
  return { ...marked, service, uri, diagnostics: diagnosticsFor(published, uri) ?? [] };
}

/** Opens `source` with exactly one ┆ and returns the service, uri and cursor position. */
export function openAt(source: string, opts: OpenOptions = {}): Opened & { pos: Position } {
  const opened = open(source, opts);
  assert.equal(opened.cursors.length, 1, 'the source marks the cursor with one ┆');
  return { ...opened, pos: opened.cursors[0] };
}

export interface Workspace {
  service: LanguageService;
  /** The temp directory holding the files. */
  dir: string;
  /** The file holding the ┆ cursor and its position (when one file has it). */
  uri: string;
  pos: Position;
  uriOf(name: string): string;
  /** The markers of one file (text as written to disk). */
  file(name: string): Marked;
  /** Every ⟦…⟧ of every file as a location, files in the order given. */
  locations(): Location[];
  /** The diagnostics last published for an opened file. */
  diagnostics(name: string): Diagnostic[];
  /** Replaces an open file's text (markers stripped) and returns what the service republished. */
  edit(name: string, source: string): PublishedDiagnostics[];
}

export interface OpenManyOptions {
  /** Which files to open in the editor: by default the one with the cursor, or all when none has one. */
  open?: readonly string[] | 'all';
  /** Set the temp directory as the workspace folder before opening. */
  workspaceFolder?: boolean;
  service?: LanguageService;
}

/**
 * Writes `files` (names relative to a new temp directory, markers stripped)
 * and opens some of them. At most one ┆ across all files.
 */
export function openMany(files: Record<string, string>, opts: OpenManyOptions = {}): Workspace {
  const dir = tempDir();
  const marked = new Map<string, Marked>();
  for (const [name, source] of Object.entries(files)) {
    const m = markers(source);
    marked.set(name, m);
    const abs = path.join(dir, name);
    fs.mkdirSync(path.dirname(abs), { recursive: true });
    fs.writeFileSync(abs, m.text);
  }
  const withCursor = [...marked].filter(([, m]) => m.cursors.length > 0);
  assert.ok(withCursor.length <= 1 && (withCursor[0]?.[1].cursors.length ?? 0) <= 1, 'at most one ┆ across the files');
  const uriOf = (name: string): string => {
    assert.ok(marked.has(name), `${name} is one of the files`);
    return pathToFileURL(path.join(dir, name)).toString();
  };
  const names = opts.open === 'all' || (opts.open === undefined && withCursor.length === 0) ? [...marked.keys()] : (opts.open ?? [withCursor[0][0]]);

  const service = opts.service ?? newService();
  if (opts.workspaceFolder) service.setWorkspaceFolders([dir]);
  const latest = new Map<string, Diagnostic[]>();
  const record = (published: PublishedDiagnostics[]): PublishedDiagnostics[] => {
    for (const p of published) latest.set(p.uri, p.diagnostics);
    return published;
  };
  const versions = new Map<string, number>();
  for (const name of names) {
    versions.set(name, 1);
    record(service.setDocument(uriOf(name), marked.get(name)!.text, 1));
  }

  const cursorFile = withCursor[0]?.[0];
  return {
    service,
    dir,
    get uri(): string {
      assert.ok(cursorFile, 'one file marks the cursor with ┆');
      return uriOf(cursorFile);
    },
    get pos(): Position {
      const cursor = cursorFile && marked.get(cursorFile)!.cursors[0];
      assert.ok(cursor, 'one file marks the cursor with ┆ (an edit keeps it in the same file)');
      return cursor;
    },
    uriOf,
    file: (name) => {
      const m = marked.get(name);
      assert.ok(m, `${name} is one of the files`);
      return m;
    },
    locations: () => [...marked].flatMap(([name, m]) => m.ranges.map((range) => ({ uri: uriOf(name), range }))),
    diagnostics: (name) => {
      const d = latest.get(uriOf(name));
      assert.ok(d, `${name} was opened`);
      return d;
    },
    edit: (name, source) => {
      const version = (versions.get(name) ?? 0) + 1;
      versions.set(name, version);
      const m = markers(source);
      marked.set(name, m);
      return record(service.setDocument(uriOf(name), m.text, version));
    },
  };
}

/** The diagnostics published for `uri` (undefined when it was not republished). */
export function diagnosticsFor(published: readonly PublishedDiagnostics[], uri: string): Diagnostic[] | undefined {
  return published.find((p) => p.uri === uri)?.diagnostics;
}

/** The hover's markdown at a position; fails the test when there is none. */
export function hoverText(service: LanguageService, uri: string, pos: Position): string {
  const h = service.hover(uri, pos);
  assert.ok(h, 'a hover is returned');
  return (h.contents as { value: string }).value;
}

/** The labels completion offers at a position, in the order given. */
export function completionLabels(service: LanguageService, uri: string, pos: Position): string[] {
  return service.completion(uri, pos).map((c) => c.label);
}

/** The offset in `text` of an LSP position (for building core diagnostics and spans in tests). */
export function offsetOf(text: string, pos: Position): number {
  let offset = 0;
  for (let line = 0; line < pos.line; line++) {
    const nl = text.indexOf('\n', offset);
    assert.ok(nl >= 0, `line ${pos.line} is past the end of the text`);
    offset = nl + 1;
  }
  return offset + pos.character;
}

const tempDirs: string[] = [];
process.on('exit', () => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** A fresh temp directory, removed when the test process exits. */
export function tempDir(prefix = 'ilo-service-'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

// ---------------------------------------------------------------- references, highlights, rename

/** Locations sorted by uri, then position, for comparisons that do not care about order. */
export function sortedLocations(locs: readonly Location[]): Location[] {
  const key = (l: Location): string => `${l.uri}\u0000${String(l.range.start.line).padStart(6, '0')}:${String(l.range.start.character).padStart(6, '0')}`;
  return [...locs].sort((a, b) => key(a).localeCompare(key(b)));
}

/** The text of every file of `ws` named in `names` after applying `edit` (untouched files unchanged). */
export function applyWorkspaceEdit(ws: Workspace, names: readonly string[], edit: WorkspaceEdit | undefined): Record<string, string> {
  assert.ok(edit, 'the rename returns an edit');
  const known = new Set(names.map((n) => ws.uriOf(n)));
  for (const uri of Object.keys(edit.changes ?? {})) assert.ok(known.has(uri), `the edit touches ${uri}, which is not one of ${names.join(', ')}`);
  const out: Record<string, string> = {};
  for (const name of names) {
    const text = ws.file(name).text;
    const edits = [...(edit.changes?.[ws.uriOf(name)] ?? [])].sort((a, b) => offsetOf(text, b.range.start) - offsetOf(text, a.range.start));
    let result = text;
    for (const e of edits) result = result.slice(0, offsetOf(text, e.range.start)) + e.newText + result.slice(offsetOf(text, e.range.end));
    out[name] = result;
  }
  return out;
}

/** Error codes of each file when `files` are analysed afresh (written to a new directory, all opened). */
export function errorCodesOf(files: Record<string, string>): Record<string, string[]> {
  const ws = openMany(files, { open: 'all' });
  return Object.fromEntries(Object.keys(files).map((name) => [name, ws.diagnostics(name).filter((d) => d.severity === 1).map((d) => String(d.code))]));
}

/** Asserts that `f` is refused the way a rename is: a RequestFailed ResponseError whose message matches. */
export function assertRefused(f: () => unknown, message: RegExp): void {
  assert.throws(f, (err: unknown) => {
    assert.ok(err instanceof ResponseError, `a ResponseError, got ${String(err)}`);
    assert.equal(err.code, LSPErrorCodes.RequestFailed);
    assert.match(err.message, message);
    return true;
  });
}
