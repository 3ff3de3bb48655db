// The language service: one facade over the core (parse → check → schema)
// that the LSP handlers in server.ts call. It owns the open documents, the
// analysis cache and the import graph, and returns LSP-shaped results. Tests
// drive it directly, without a connection.

import type {
  CodeAction,
  CompletionItem,
  Diagnostic as LspDiagnostic,
  DocumentSymbol,
  Hover,
  Location,
  Position,
} from 'vscode-languageserver';
import { LineIndex } from '../syntax/lineIndex';
import { Analyzer, type FileAnalysis } from './analysis';
import { quickFixes } from './codeActions';
import { completionsAt } from './completion';
import { definitionAt } from './definition';
import { documentSymbols } from './documentSymbols';
import { OverlayFileHost, pathToUri, uriToPath } from './documents';
import { hoverAt, type DeclHoverSections } from './hover';
import { toLspDiagnostics } from './lspDiagnostics';

export interface PublishedDiagnostics {
  uri: string;
  version?: number;
  diagnostics: LspDiagnostic[];
}

interface OpenDocument {
  uri: string;
  path: string;
  version: number;
  text: string;
  analysis?: FileAnalysis;
  index?: LineIndex;
}

export class LanguageService {
  private readonly host = new OverlayFileHost();
  private readonly analyzer = new Analyzer(this.host);
  private readonly open = new Map<string, OpenDocument>();

  constructor(private readonly declHoverSections?: DeclHoverSections) {}

  /** Open or replace a document's text; returns the diagnostics to publish (it and its dependants). */
  setDocument(uri: string, text: string, version: number): PublishedDiagnostics[] {
    const p = uriToPath(uri);
    this.open.set(uri, { uri, path: p, version, text });
    this.host.set(p, text);
    return this.revalidate(p);
  }

  closeDocument(uri: string): PublishedDiagnostics[] {
    const doc = this.open.get(uri);
    if (!doc) return [];
    this.open.delete(uri);
    this.host.delete(doc.path);
    this.analyzer.forget(doc.path);
    // The closed file's own problems are cleared; open files that use it are
    // re-checked against the version on disk.
    return [{ uri, diagnostics: [] }, ...this.revalidateDependants(doc.path)];
  }

  /** A file changed on disk (watched-file event): re-check open files that use it. */
  fileChangedOnDisk(uri: string): PublishedDiagnostics[] {
    return this.revalidateDependants(uriToPath(uri));
  }

  getAnalysis(uri: string): FileAnalysis | undefined {
    const doc = this.open.get(uri);
    if (!doc) return undefined;
    if (!doc.analysis) doc.analysis = this.analyzer.analyze(doc.path, doc.text);
    return doc.analysis;
  }

  private indexOf(doc: OpenDocument): LineIndex {
    if (!doc.index) doc.index = new LineIndex(doc.text);
    return doc.index;
  }

  /** Analysis, line index and offset for a position in an open document. */
  private at(uri: string, pos: Position): { analysis: FileAnalysis; index: LineIndex; offset: number } | undefined {
    const doc = this.open.get(uri);
    const analysis = this.getAnalysis(uri);
    if (!doc || !analysis) return undefined;
    const index = this.indexOf(doc);
    return { analysis, index, offset: index.offsetAt(pos.line, pos.character) };
  }

  hover(uri: string, pos: Position): Hover | undefined {
    const c = this.at(uri, pos);
    return c && hoverAt(c.analysis, c.index, c.offset, this.declHoverSections);
  }

  definition(uri: string, pos: Position): Location | undefined {
    const c = this.at(uri, pos);
    if (!c) return undefined;
    return definitionAt(
      {
        uri,
        analysis: c.analysis,
        index: c.index,
        fileInfo: (p) => {
          const text = this.host.readFile(p);
          return text === undefined ? undefined : { uri: this.uriOf(p), text };
        },
      },
      c.offset,
    );
  }

  completion(uri: string, pos: Position): CompletionItem[] {
    const c = this.at(uri, pos);
    return c ? completionsAt(c.analysis, c.offset) : [];
  }

  documentSymbols(uri: string): DocumentSymbol[] {
    const doc = this.open.get(uri);
    const analysis = this.getAnalysis(uri);
    return doc && analysis ? documentSymbols(analysis.program, this.indexOf(doc)) : [];
  }

  codeActions(uri: string, diagnostics: readonly LspDiagnostic[]): CodeAction[] {
    const doc = this.open.get(uri);
    return doc ? quickFixes(uri, this.indexOf(doc), diagnostics) : [];
  }

  getText(uri: string): string | undefined {
    return this.open.get(uri)?.text;
  }

  openUris(): string[] {
    return [...this.open.keys()];
  }

  private revalidate(changedPath: string): PublishedDiagnostics[] {
    const out: PublishedDiagnostics[] = [];
    for (const doc of this.open.values()) {
      if (doc.path === changedPath) out.push(this.validate(doc));
    }
    out.push(...this.revalidateDependants(changedPath));
    return out;
  }

  /**
   * Re-checks the open documents that may see `changedPath` through `use`:
   * those whose resolved imports include it, and, since an import that is
   * still missing has no resolved path yet, every document that has a `use`.
   */
  private revalidateDependants(changedPath: string): PublishedDiagnostics[] {
    const out: PublishedDiagnostics[] = [];
    for (const doc of this.open.values()) {
      if (doc.path === changedPath || !doc.analysis) continue;
      const a = doc.analysis;
      const mayDepend = a.dependencies.includes(changedPath) || a.program.decls.some((d) => d.kind === 'UseDecl');
      if (mayDepend) out.push(this.validate(doc));
    }
    return out;
  }

  private validate(doc: OpenDocument): PublishedDiagnostics {
    doc.analysis = this.analyzer.analyze(doc.path, doc.text);
    const analysis = doc.analysis;
    return {
      uri: doc.uri,
      version: doc.version,
      diagnostics: toLspDiagnostics(analysis.diagnostics, analysis.text, doc.uri, (p) => this.textOf(p)),
    };
  }

  /** Text of any file by path (open buffer or disk), for related-information ranges. */
  private textOf(p: string): string | undefined {
    return this.host.readFile(p);
  }

  uriOf(p: string): string {
    for (const doc of this.open.values()) if (doc.path === p) return doc.uri;
    return pathToUri(p);
  }
}
