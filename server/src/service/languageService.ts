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
import type { Decl } from '../syntax/ast';
import { LineIndex } from '../syntax/lineIndex';
import { Analyzer, combineDiagnostics, contractsFor, type FileAnalysis } from './analysis';
import { behaviorExtender, type CollisionScope } from '../contracts';
import type { Diagnostic } from '../diagnostics';
import { expandInputs } from './workspaceFiles';
import { quickFixes } from './codeActions';
import { completionsAt } from './completion';
import { definitionAt } from './definition';
import { documentSymbols } from './documentSymbols';
import { OverlayFileHost, pathToUri, uriToPath } from './documents';
import { hoverAt, type DeclHoverSections } from './hover';
import { toLspDiagnostics } from './lspDiagnostics';
import { exportDecls, exportTools, type ExportFormat, type ExportResult } from './exports';

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

/** The workspace collision scope looks at no more files than this. */
const MAX_WORKSPACE_FILES = 2000;

export class LanguageService {
  private readonly host = new OverlayFileHost();
  private readonly analyzer = new Analyzer(this.host);
  private readonly open = new Map<string, OpenDocument>();

  private collisionScope: CollisionScope = 'file';
  /** Drift found by the last "Verify tools against servers", by file path. */
  private drift = new Map<string, Diagnostic[]>();
  /** `.ilo` files of the workspace folders (for the workspace collision scope). */
  private workspaceFiles: string[] = [];
  private workspaceFolders: string[] = [];
  /** Analyses of workspace files for the workspace collision scope, by path. */
  private readonly workspaceAnalyses = new Map<string, FileAnalysis>();

  constructor(private readonly declHoverSections?: DeclHoverSections) {}

  /** Applies user settings; returns the diagnostics to republish. */
  configure(settings: { collisionScope?: CollisionScope }): PublishedDiagnostics[] {
    const scope = settings.collisionScope === 'workspace' ? 'workspace' : 'file';
    if (scope === this.collisionScope) return [];
    this.collisionScope = scope;
    return this.revalidateAll();
  }

  /** Sets the workspace folders (absolute paths) and indexes their `.ilo` files. */
  setWorkspaceFolders(folders: readonly string[]): void {
    this.workspaceFolders = [...folders];
    this.rescanWorkspace();
  }

  rescanWorkspace(): void {
    this.workspaceAnalyses.clear();
    try {
      this.workspaceFiles = expandInputs(this.workspaceFolders).files.slice(0, MAX_WORKSPACE_FILES);
    } catch {
      this.workspaceFiles = [];
    }
  }

  /**
   * Shows the drift of a verification run: replaces the previous run's
   * diagnostics. Open files are republished; closed imported files get
   * their drift published too, so it appears in the Problems panel.
   */
  setDrift(byFile: ReadonlyMap<string, Diagnostic[]>, texts: ReadonlyMap<string, string>): PublishedDiagnostics[] {
    const previous = [...this.drift.keys()];
    this.drift = new Map(byFile);
    const out = this.revalidateAll();
    const openPaths = new Set([...this.open.values()].map((d) => d.path));
    for (const p of new Set([...previous, ...byFile.keys()])) {
      if (openPaths.has(p)) continue;
      const text = texts.get(p) ?? this.host.readFile(p) ?? '';
      const uri = this.uriOf(p);
      out.push({ uri, diagnostics: toLspDiagnostics(byFile.get(p) ?? [], text, uri, (q) => this.textOf(q)) });
    }
    return out;
  }

  revalidateAll(): PublishedDiagnostics[] {
    return [...this.open.values()].map((doc) => this.validate(doc));
  }

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
    const p = uriToPath(uri);
    this.workspaceAnalyses.delete(p);
    const exists = this.host.readFile(p) !== undefined;
    const known = this.workspaceFiles.includes(p);
    const inFolder = this.workspaceFolders.some((f) => p.startsWith(f.endsWith('/') ? f : `${f}/`));
    if (exists && !known && inFolder && p.endsWith('.ilo')) this.workspaceFiles.push(p);
    if (!exists && known) this.workspaceFiles = this.workspaceFiles.filter((f) => f !== p);
    return this.revalidate(p);
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
    const other = (p: string) => {
      const text = this.textOf(p);
      return text === undefined ? undefined : { uri: this.uriOf(p), index: new LineIndex(text) };
    };
    return doc ? quickFixes(uri, this.indexOf(doc), diagnostics, other) : [];
  }

  /** The tools of an open document and what it uses, in an export format (behavior metadata unless turned off). */
  exportTools(uri: string, format: ExportFormat, includeBehavior = true): ExportResult | undefined {
    const analysis = this.getAnalysis(uri);
    return analysis && exportTools(exportDecls(analysis), format, includeBehavior ? behaviorExtender() : undefined);
  }

  /** Tools the document declares itself, and those it reaches through `use` (both are exported). */
  toolCount(uri: string): { own: number; used: number } {
    const analysis = this.getAnalysis(uri);
    if (!analysis) return { own: 0, used: 0 };
    const tools = (decls: readonly Decl[]): number => decls.filter((d) => d.kind === 'ToolDecl').length;
    return { own: tools(analysis.program.decls), used: tools(analysis.imported) };
  }

  getText(uri: string): string | undefined {
    return this.open.get(uri)?.text;
  }

  openUris(): string[] {
    return [...this.open.keys()];
  }

  private revalidate(changedPath: string): PublishedDiagnostics[] {
    // In the workspace scope any file's tools can collide with any other's.
    if (this.collisionScope === 'workspace') return this.revalidateAll();
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
    const contracts = this.contractDiagnosticsFor(analysis);
    const all = combineDiagnostics(analysis.diagnostics, contracts, this.drift.get(analysis.path) ?? []);
    return {
      uri: doc.uri,
      version: doc.version,
      diagnostics: toLspDiagnostics(all, analysis.text, doc.uri, (p) => this.textOf(p)),
    };
  }

  /** Collision, behavior and effect-gate diagnostics of one file, in the configured scope. */
  private contractDiagnosticsFor(analysis: FileAnalysis): Diagnostic[] {
    if (this.collisionScope === 'file') return contractsFor([analysis], 'file').get(analysis.path) ?? [];
    const others: FileAnalysis[] = [];
    for (const p of this.workspaceFiles) {
      if (p === analysis.path) continue;
      const text = this.host.readFile(p);
      if (text === undefined) continue;
      // Other files only contribute their own tools here: reuse their analysis while their text is unchanged.
      let cached = this.workspaceAnalyses.get(p);
      if (cached === undefined || cached.text !== text) {
        cached = this.analyzer.analyze(p, text);
        this.workspaceAnalyses.set(p, cached);
      }
      others.push(cached);
    }
    return contractsFor([analysis, ...others], 'workspace').get(analysis.path) ?? [];
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
