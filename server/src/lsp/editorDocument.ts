// The server's copy of an open document, kept current from the editor's
// incremental changes (what `TextDocuments` holds). It behaves as
// vscode-languageserver-textdocument's documents do: the same text after the
// same changes, the same line breaks (\n, \r\n and a lone \r), the same
// clamping of positions past a line's end or the document's. The difference
// is when line starts are found. That package finds them the first time a
// change arrives, with a loop over every character of the document; on a
// large file, the first keystroke after the open paid for it (about 3 ms for
// 5,000 lines while that code is still cold). Here the search for line
// breaks is the engine's own string search, and a change only moves the line
// starts after it, as there.

import type { Position, Range, TextDocument } from 'vscode-languageserver-textdocument';
import type { TextDocumentContentChangeEvent, TextDocumentsConfiguration } from 'vscode-languageserver/node';

const LF = 10;
const CR = 13;

/** Offsets where lines start in `text[from, to)`, each plus `shift`, after a line break (the first line's start is not included). */
function breaksIn(text: string, from: number, to: number, shift: number, out: number[]): number[] {
  const cr = text.indexOf('\r', from);
  if (cr < 0 || cr >= to) {
    // Only \n breaks in the range: the native search finds each one.
    for (let i = text.indexOf('\n', from); i >= 0 && i < to; i = text.indexOf('\n', i + 1)) out.push(i + 1 + shift);
    return out;
  }
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === CR) {
      if (i + 1 < to && text.charCodeAt(i + 1) === LF) i++;
      out.push(i + 1 + shift);
    } else if (c === LF) out.push(i + 1 + shift);
  }
  return out;
}

const isBreak = (c: number): boolean => c === LF || c === CR;

/** Inserted line breaks beyond this many make an edit find the line starts afresh. */
const MAX_SPLICED_LINES = 10_000;

export class EditorDocument implements TextDocument {
  /** Where each line starts; found when first asked for. */
  private starts: number[] | undefined;

  constructor(
    readonly uri: string,
    readonly languageId: string,
    private ver: number,
    private text: string,
  ) {}

  get version(): number {
    return this.ver;
  }

  get lineCount(): number {
    return this.lineStarts().length;
  }

  getText(range?: Range): string {
    if (range === undefined) return this.text;
    return this.text.substring(this.offsetAt(range.start), this.offsetAt(range.end));
  }

  offsetAt(position: Position): number {
    const starts = this.lineStarts();
    if (position.line >= starts.length) return this.text.length;
    if (position.line < 0) return 0;
    const lineStart = starts[position.line];
    if (position.character <= 0) return lineStart;
    return this.beforeBreak(Math.min(lineStart + position.character, this.lineEnd(position.line)), lineStart);
  }

  getLineRange(line: number): Range {
    const starts = this.lineStarts();
    if (line < 0) return { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
    if (line >= starts.length) {
      // Past the end: the last line, to the end of the text.
      const last = starts.length - 1;
      return { start: { line: last, character: 0 }, end: { line: last, character: this.text.length - starts[last] } };
    }
    const end = this.beforeBreak(this.lineEnd(line), starts[line]);
    return { start: { line, character: 0 }, end: { line, character: end - starts[line] } };
  }

  getEOLCharacters(line: number): string {
    const starts = this.lineStarts();
    if (line < 0 || line >= starts.length) return '';
    const next = this.lineEnd(line);
    return this.text.substring(this.beforeBreak(next, starts[line]), next);
  }

  positionAt(offset: number): Position {
    const at = Math.max(0, Math.min(offset, this.text.length));
    const starts = this.lineStarts();
    // The last line starting at or before `at`.
    let lo = 0;
    let hi = starts.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (starts[mid] > at) hi = mid;
      else lo = mid + 1;
    }
    const line = lo - 1;
    return { line, character: this.beforeBreak(at, starts[line]) - starts[line] };
  }

  /** Applies the editor's changes, in order, and takes the new version. */
  apply(changes: readonly TextDocumentContentChangeEvent[], version: number): void {
    for (const change of changes) {
      if ('range' in change && change.range !== undefined) this.replace(change.range, change.text);
      else {
        this.text = change.text;
        this.starts = undefined;
      }
    }
    this.ver = version;
  }

  private replace(range: Range, inserted: string): void {
    const [from, to] = ordered(range);
    const start = this.offsetAt(from);
    const end = this.offsetAt(to);
    const old = this.text;
    this.text = old.substring(0, start) + inserted + old.substring(end);
    const starts = this.starts;
    if (starts === undefined) return;
    const startLine = from.line;
    const endLine = to.line;
    const after = start + inserted.length;
    // A \r and a \n meeting across the edit make one break, not two; a line
    // outside the document has no start to keep: find the starts afresh then.
    const joins = (at: number): boolean => at > 0 && this.text.charCodeAt(at - 1) === CR && this.text.charCodeAt(at) === LF;
    if (startLine < 0 || endLine >= starts.length || joins(start) || joins(after)) {
      this.starts = undefined;
      return;
    }
    const added = breaksIn(inserted, 0, inserted.length, start, []);
    if (added.length > MAX_SPLICED_LINES) {
      // A large paste: finding every start afresh costs about what the paste
      // does, and spreading that many arguments into splice could overflow the stack.
      this.starts = undefined;
      return;
    }
    const delta = inserted.length - (end - start);
    starts.splice(startLine + 1, endLine - startLine, ...added);
    if (delta !== 0) for (let i = startLine + 1 + added.length; i < starts.length; i++) starts[i] += delta;
  }

  /** Where the line after `line` starts (its break included), or the text's end. */
  private lineEnd(line: number): number {
    const starts = this.lineStarts();
    return line + 1 < starts.length ? starts[line + 1] : this.text.length;
  }

  private lineStarts(): number[] {
    return (this.starts ??= breaksIn(this.text, 0, this.text.length, 0, [0]));
  }

  /** `offset`, moved back before the line break it falls in or after (never before `lineStart`). */
  private beforeBreak(offset: number, lineStart: number): number {
    let at = offset;
    while (at > lineStart && isBreak(this.text.charCodeAt(at - 1))) at--;
    return at;
  }
}

/** The range's ends in document order. */
function ordered(range: Range): [Position, Position] {
  const { start, end } = range;
  const swap = start.line > end.line || (start.line === end.line && start.character > end.character);
  return swap ? [end, start] : [start, end];
}

/** What `TextDocuments` needs to keep EditorDocuments. */
export const editorDocuments: TextDocumentsConfiguration<EditorDocument> = {
  create: (uri, languageId, version, content) => new EditorDocument(uri, languageId, version, content),
  update: (doc, changes, version) => {
    doc.apply(changes, version);
    return doc;
  },
};
