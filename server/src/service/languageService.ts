// The language service: one facade over the core (parse → check → schema)
// that the LSP handlers in server.ts call. It owns the open documents, the
// analysis cache and the import graph, and returns LSP-shaped results. Tests
// drive it directly, without a connection.

import type { LanguageLevel } from '../level';
import { isIloFile } from '../project/iloFiles';
import type {
  CallHierarchyIncomingCall,
  CallHierarchyItem,
  CallHierarchyOutgoingCall,
  CodeAction,
  CodeLens,
  CompletionItem,
  Diagnostic as LspDiagnostic,
  DocumentLink,
  DocumentSymbol,
  FoldingRange,
  Hover,
  InlayHint,
  Location,
  Position,
  SelectionRange,
  SignatureHelp,
  SymbolInformation,
  Range,
  SemanticTokens,
  SemanticTokensDelta,
} from 'vscode-languageserver';
import * as path from 'node:path';
import type { Decl } from '../syntax/ast';
import { LineIndex } from '../syntax/lineIndex';
import { Analyzer, combineDiagnostics, contractsFor, sortDiagnostics, suppressFindings, type FileAnalysis } from './analysis';
import { baselineKey, readBaseline, type BaselineEntry, type SuppressionOutcome } from '../suppress';
import * as fs from 'node:fs';
import { contractExtender, resolveFile, type CollisionScope } from '../contracts';
import type { Diagnostic } from '../diagnostics';
import { expandInputs, WorkspaceIndex } from './workspace';
import { quickFixes } from './codeActions';
import { completionsAt } from './completion';
import { definitionAt } from './definition';
import { documentSymbols } from './documentSymbols';
import { OverlayFileHost, pathToUri, uriToPath } from './documents';
import { hoverAt, type DeclHoverSections } from './hover';
import { toLspDiagnostics } from './lspDiagnostics';
import { exportDecls, exportTools, type ExportFormat, type ExportResult } from './exports';
import type { DocumentHighlight, WorkspaceEdit } from 'vscode-languageserver';
import * as refactor from './refactor';
import * as navigate from './navigate';
import {
  DEFAULT_INLAY_HINT_OPTIONS,
  fileTokens,
  inlayHints,
  rangeTokens,
  SemanticTokensCache,
  tokenCostLenses,
  useLinks,
  withExplanations,
  withSuppressions,
  type DisplaySettings,
  type InlayHintOptions,
} from './display';
import { loadTokenCounter } from '../measure/tokenCount';
import { documentFormatting, rangeFormatting, type FormattingOutcome } from './formatting';
import type { FormatStyle } from '../format';
import { EditRehearsal, MIN_REHEARSAL_LINES, rehearsalPoints } from './rehearsal';

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
  /** The line index of the version this one replaced: the new index is worked out from it. */
  previousIndex?: LineIndex;
  /** The diagnostics last published for the document: unchanged ones are published again as the same objects. */
  published?: LspDiagnostic[];
  /** The findings published (after suppressions), and what the suppressions silenced. */
  findings?: Diagnostic[];
  suppression?: SuppressionOutcome;
}

/** The baseline file the editor applies (`ilo.check.baseline`), re-read when it changes on disk. */
interface EditorBaseline {
  path: string;
  byFile: Map<string, BaselineEntry[]>;
  /** Modification time when read; the file is looked at again at most once a second. */
  mtimeMs: number;
  checkedAt: number;
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
  /** Analyses of closed files the refactoring features read (references, rename), by path; each is redone when its text changes. */
  private readonly closedAnalyses = new Map<string, FileAnalysis>();
  /** The tools of the workspace files, for the workspace collision scope. */
  private readonly index = new WorkspaceIndex({
    readFile: (p) => this.host.readFile(p),
    declarations: (p, text) => this.analyzer.declarations(p, text),
  });
  /** Whether the last validate changed the document's tools as other files see them (workspace scope). */
  private toolsChanged = false;

  constructor(private readonly declHoverSections?: DeclHoverSections) {}

  /**
   * Applies user settings; returns the diagnostics to republish. `level`: the
   * language level of files without a `^YY.M` pragma (the resolved
   * `ilo.languageVersion`); unchanged when absent.
   */
  configure(settings: { collisionScope?: CollisionScope; level?: LanguageLevel }): PublishedDiagnostics[] {
    const scope = settings.collisionScope === 'workspace' ? 'workspace' : 'file';
    const levelChanged = settings.level !== undefined && this.analyzer.setLevel(settings.level);
    if (scope === this.collisionScope && !levelChanged) return [];
    this.collisionScope = scope;
    if (levelChanged) {
      // Every parse depends on the level: drop what was kept for closed files and the workspace index.
      this.index.clear();
      this.closedAnalyses.clear();
      this.navFiles.clear();
      for (const doc of this.open.values()) this.analyzer.forget(doc.path);
    }
    return this.revalidateAll();
  }

  /** The level of files without a pragma (the resolved setting). */
  get defaultLevel(): LanguageLevel {
    return this.analyzer.level;
  }

  /** Sets the workspace folders (absolute paths) and indexes their `.ilo` files. */
  setWorkspaceFolders(folders: readonly string[]): void {
    this.workspaceFolders = [...folders];
    this.rescanWorkspace();
  }

  rescanWorkspace(): void {
    this.index.clear();
    this.closedAnalyses.clear();
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
    const before = this.open.get(uri);
    this.open.set(uri, { uri, path: p, version, text, previousIndex: before?.index ?? before?.previousIndex, published: before?.published });
    this.host.set(p, text);
    this.index.invalidate(p);
    return this.revalidate(p);
  }

  /**
   * An edit rehearsal for an open document of at least MIN_REHEARSAL_LINES
   * lines (see rehearsal.ts), else undefined. Its steps re-analyse versions
   * of the document and publish nothing; end it before anything else reads
   * or changes this service.
   */
  rehearsal(uri: string): EditRehearsal | undefined {
    const doc = this.open.get(uri);
    if (!doc || this.indexOf(doc).lineCount < MIN_REHEARSAL_LINES) return undefined;
    const { text, version } = doc;
    return new EditRehearsal(text, (t) => rehearsalPoints(t), (rehearsed) => {
      // A document closed meanwhile is not opened again.
      if (this.open.has(uri)) this.setDocument(uri, rehearsed, version);
    });
  }

  closeDocument(uri: string): PublishedDiagnostics[] {
    const doc = this.open.get(uri);
    if (!doc) return [];
    this.open.delete(uri);
    this.host.delete(doc.path);
    this.analyzer.forget(doc.path);
    // Its tools are the ones on disk again.
    this.index.invalidate(doc.path);
    // The closed file's own problems are cleared; open files that use it are
    // re-checked against the version on disk (in the workspace scope, every
    // open file: the tools compared may have changed).
    const others = this.collisionScope === 'workspace' ? this.revalidateAll() : this.revalidateDependants(doc.path);
    return [{ uri, diagnostics: [] }, ...others];
  }

  /** A file changed on disk (watched-file event): re-check open files that use it. */
  fileChangedOnDisk(uri: string): PublishedDiagnostics[] {
    const p = uriToPath(uri);
    this.index.invalidate(p, true);
    const exists = this.host.readFile(p) !== undefined;
    const known = this.workspaceFiles.includes(p);
    const inFolder = this.workspaceFolders.some((f) => p.startsWith(f.endsWith('/') ? f : `${f}/`));
    if (exists && !known && inFolder && isIloFile(p)) this.workspaceFiles.push(p);
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
    if (!doc.index) {
      doc.index = new LineIndex(doc.text, doc.previousIndex);
      doc.previousIndex = undefined;
    }
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
    if (!c) return undefined;
    const doc = this.open.get(uri);
    const shown = withExplanations(hoverAt(c.analysis, c.index, c.offset, this.declHoverSections), doc?.findings ?? c.analysis.diagnostics, c.index, c.offset, c.analysis.level.id);
    return withSuppressions(shown, doc?.suppression, c.index, c.offset);
  }

  // ------------------------------------------------------------ baseline (ilo.check.baseline)

  private baseline?: EditorBaseline;

  /**
   * Applies the baseline file at `file` (absolute; undefined: none) to every
   * open document. Returns the diagnostics to republish and, when the file
   * cannot be used, one line saying why (no baseline is applied then).
   */
  setBaselineFile(file: string | undefined): { publish: PublishedDiagnostics[]; problem?: string } {
    const before = this.baseline?.path;
    let problem: string | undefined;
    this.baseline = undefined;
    if (file) {
      const loaded = this.loadBaseline(file);
      if ('error' in loaded) problem = loaded.error;
      else this.baseline = loaded;
    }
    if (before === undefined && this.baseline === undefined) return { publish: [], problem };
    return { publish: this.revalidateAll(), problem };
  }

  private loadBaseline(file: string): EditorBaseline | { error: string } {
    const read = readBaseline(file);
    if ('error' in read) return read;
    const byFile = new Map<string, BaselineEntry[]>();
    for (const e of read.entries) byFile.set(e.file, [...(byFile.get(e.file) ?? []), e]);
    let mtimeMs = 0;
    try {
      mtimeMs = fs.statSync(file).mtimeMs;
    } catch {
      mtimeMs = 0;
    }
    return { path: read.path, byFile, mtimeMs, checkedAt: Date.now() };
  }

  /** The baseline's entries for one file, after looking (at most once a second) whether the file changed. */
  private baselineFor(filePath: string): { path: string; entries: BaselineEntry[] } | undefined {
    const b = this.baseline;
    if (!b) return undefined;
    const now = Date.now();
    if (now - b.checkedAt > 1000) {
      b.checkedAt = now;
      let mtimeMs = -1;
      try {
        mtimeMs = fs.statSync(b.path).mtimeMs;
      } catch {
        mtimeMs = -1;
      }
      if (mtimeMs !== b.mtimeMs) {
        const loaded = this.loadBaseline(b.path);
        // A baseline being rewritten (or removed) applies as it was last read.
        if (!('error' in loaded)) this.baseline = loaded;
      }
    }
    const entries = this.baseline!.byFile.get(baselineKey(this.baseline!.path, filePath));
    return entries ? { path: this.baseline!.path, entries } : undefined;
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
  /** One export of the document's tools; `a2a` needs `baseUrl` (throws without a usable one). */
  exportTools(uri: string, format: ExportFormat, includeBehavior = true, a2a: { baseUrl?: string } = {}): ExportResult | undefined {
    const analysis = this.getAnalysis(uri);
    if (!analysis) return undefined;
    const agentName = path.basename(this.open.get(uri)?.path ?? uriToPath(uri)).replace(/\.(ilo|@)$/, '');
    return exportTools(exportDecls(analysis), format, { extend: includeBehavior ? contractExtender({ level: analysis.program.level }) : undefined, baseUrl: a2a.baseUrl, agentName });
  }

  /**
   * The language level a document is read at: its pragma's (`source:
   * 'pragma'`, with the version written), else the configured level.
   */
  languageLevel(uri: string): { level: string; pragma?: string; source: 'pragma' | 'setting' } | undefined {
    const analysis = this.getAnalysis(uri);
    if (!analysis) return undefined;
    const p = analysis.program;
    const level = p.level ?? '0.11';
    return p.pragma !== undefined ? { level, pragma: p.pragma.version, source: 'pragma' } : { level, source: 'setting' };
  }

  /** Tools the document declares itself, and those it reaches through `use` (both are exported). */
  toolCount(uri: string): { own: number; used: number } {
    const analysis = this.getAnalysis(uri);
    if (!analysis) return { own: 0, used: 0 };
    const tools = (decls: readonly Decl[]): number => decls.filter((d) => d.kind === 'ToolDecl').length;
    return { own: tools(analysis.program.decls), used: tools(analysis.imported) };
  }

  // ------------------------------------------------------------ display (service/display/)

  private readonly semanticCache = new SemanticTokensCache();
  private hintOptions: InlayHintOptions = { ...DEFAULT_INLAY_HINT_OPTIONS };
  private includeBehaviorInCosts = true;

  /** Applies the display settings; true when the inlay hints or lenses shown may change. */
  configureDisplay(settings: DisplaySettings): boolean {
    const next: InlayHintOptions = {
      parameterNames: settings.parameterNameHints ?? DEFAULT_INLAY_HINT_OPTIONS.parameterNames,
      bindingTypes: settings.bindingTypeHints ?? DEFAULT_INLAY_HINT_OPTIONS.bindingTypes,
    };
    const behavior = settings.includeBehavior ?? true;
    const changed = next.parameterNames !== this.hintOptions.parameterNames || next.bindingTypes !== this.hintOptions.bindingTypes || behavior !== this.includeBehaviorInCosts;
    this.hintOptions = next;
    this.includeBehaviorInCosts = behavior;
    return changed;
  }

  /** Analysis and line index of an open document. */
  private indexed(uri: string): { analysis: FileAnalysis; index: LineIndex } | undefined {
    const doc = this.open.get(uri);
    const analysis = this.getAnalysis(uri);
    return doc && analysis ? { analysis, index: this.indexOf(doc) } : undefined;
  }

  semanticTokens(uri: string): SemanticTokens {
    const c = this.indexed(uri);
    return this.semanticCache.full(uri, c ? fileTokens(c.analysis, c.index) : []);
  }

  semanticTokensDelta(uri: string, previousResultId: string): SemanticTokens | SemanticTokensDelta {
    const c = this.indexed(uri);
    return this.semanticCache.delta(uri, previousResultId, c ? fileTokens(c.analysis, c.index) : []);
  }

  semanticTokensRange(uri: string, range: Range): SemanticTokens {
    const c = this.indexed(uri);
    return { data: c ? rangeTokens(c.analysis, c.index, range) : [] };
  }

  inlayHints(uri: string, range: Range): InlayHint[] {
    const c = this.indexed(uri);
    return c ? inlayHints(c.analysis, c.index, range, this.hintOptions) : [];
  }

  /** Token-cost lenses; the first call loads the tokenizer. */
  async codeLenses(uri: string): Promise<CodeLens[]> {
    const counter = await loadTokenCounter();
    const c = this.indexed(uri);
    return c ? tokenCostLenses(c.analysis, c.index, counter, this.includeBehaviorInCosts ? contractExtender({ level: c.analysis.program.level }) : undefined) : [];
  }

  documentLinks(uri: string): DocumentLink[] {
    const c = this.indexed(uri);
    return c ? useLinks(c.analysis, c.index, (p) => this.host.readFile(p) !== undefined, (p) => this.uriOf(p)) : [];
  }

  /** Drops what the display features keep for a closed document. */
  forgetDisplay(uri: string): void {
    this.semanticCache.forget(uri);
  }

  // ------------------------------------------------------------ formatting (issue 13)

  /** Edits that format an open document in `style`, or why it is not formatted. */
  format(uri: string, style: FormatStyle): FormattingOutcome {
    const doc = this.open.get(uri);
    const analysis = this.getAnalysis(uri);
    return doc && analysis ? documentFormatting(analysis, this.indexOf(doc), style) : { edits: [] };
  }

  /** Edits that format the declarations a range of an open document touches. */
  formatRange(uri: string, range: Range, style: FormatStyle): FormattingOutcome {
    const doc = this.open.get(uri);
    const analysis = this.getAnalysis(uri);
    return doc && analysis ? rangeFormatting(analysis, this.indexOf(doc), range, style) : { edits: [] };
  }

  getText(uri: string): string | undefined {
    return this.open.get(uri)?.text;
  }

  openUris(): string[] {
    return [...this.open.keys()];
  }

  private revalidate(changedPath: string): PublishedDiagnostics[] {
    const out: PublishedDiagnostics[] = [];
    let toolsChanged = false;
    for (const doc of this.open.values()) {
      if (doc.path !== changedPath) continue;
      out.push(this.validate(doc));
      toolsChanged ||= this.toolsChanged;
    }
    // In the workspace scope any file's tools can collide with any other's:
    // when this file's tools changed (or it is not an open document), every
    // other open file is checked again.
    if (this.collisionScope === 'workspace' && (toolsChanged || out.length === 0)) {
      for (const doc of this.open.values()) if (doc.path !== changedPath) out.push(this.validate(doc));
      return out;
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
    const index = this.indexOf(doc);
    const outcome = suppressFindings(analysis, all, { index, baseline: this.baselineFor(analysis.path) });
    doc.findings = outcome.diagnostics;
    doc.suppression = outcome.suppressed.length > 0 ? outcome : undefined;
    doc.published = toLspDiagnostics(outcome.diagnostics, analysis.text, doc.uri, (p) => this.textOf(p), index, doc.published);
    return { uri: doc.uri, version: doc.version, diagnostics: doc.published };
  }

  /** Collision, behavior and effect-gate diagnostics of one file, in the configured scope. */
  private contractDiagnosticsFor(analysis: FileAnalysis): Diagnostic[] {
    this.toolsChanged = false;
    if (this.collisionScope === 'file') return contractsFor([analysis], 'file').get(analysis.path) ?? [];
    // The file's tools against the index of the others' (kept current, never re-read per edit).
    const input = { path: analysis.path, program: analysis.program, text: analysis.text, imported: analysis.importedLocated, env: analysis.env };
    const f = resolveFile(input, analysis.reuse);
    this.toolsChanged = this.index.update(f, analysis.dependencies, analysis.text);
    return this.index.diagnostics(f, this.workspaceFiles);
  }

  /** Text of any file by path (open buffer, the workspace index, else disk), for related-information ranges. */
  private textOf(p: string): string | undefined {
    for (const doc of this.open.values()) if (doc.path === p) return doc.text;
    return this.index.textOf(p) ?? this.host.readFile(p);
  }

  // ------------------------------------------------------------ navigation (signature help, call hierarchy, symbols, ranges)

  /** Open documents from their analyses, other workspace files read from disk when asked for. */
  private readonly navFiles = new navigate.DiskNavFiles({
    openFile: (p) => {
      for (const doc of this.open.values()) {
        if (doc.path !== p) continue;
        const analysis = this.getAnalysis(doc.uri);
        return analysis && { uri: doc.uri, analysis };
      }
      return undefined;
    },
    openPaths: () => [...this.open.values()].map((d) => d.path),
    workspacePaths: () => this.workspaceFiles,
    host: this.host,
    uriOf: (p) => this.uriOf(p),
    level: () => this.analyzer.level,
  });

  private navFile(uri: string): navigate.NavFile | undefined {
    const doc = this.open.get(uri);
    return doc && this.navFiles.file(doc.path);
  }

  signatureHelp(uri: string, pos: Position): SignatureHelp | undefined {
    const c = this.at(uri, pos);
    const file = c && this.navFile(uri);
    return c && file ? navigate.signatureHelpAt(file, c.offset) : undefined;
  }

  prepareCallHierarchy(uri: string, pos: Position): CallHierarchyItem[] {
    const c = this.at(uri, pos);
    const file = c && this.navFile(uri);
    return c && file ? navigate.prepareCallHierarchy(this.navFiles, file, c.offset) : [];
  }

  incomingCalls(item: CallHierarchyItem): CallHierarchyIncomingCall[] {
    return navigate.incomingCalls(this.navFiles, item);
  }

  outgoingCalls(item: CallHierarchyItem): CallHierarchyOutgoingCall[] {
    return navigate.outgoingCalls(this.navFiles, item);
  }

  /** Functions, tools, types, fields and aliases of the workspace and the open documents, fuzzily matched. */
  workspaceSymbols(query: string): SymbolInformation[] {
    return navigate.workspaceSymbols(this.navFiles, query);
  }

  foldingRanges(uri: string): FoldingRange[] {
    const doc = this.open.get(uri);
    const analysis = this.getAnalysis(uri);
    return doc && analysis ? navigate.foldingRanges(analysis.program, doc.text, this.indexOf(doc)) : [];
  }

  selectionRanges(uri: string, positions: readonly Position[]): SelectionRange[] {
    const doc = this.open.get(uri);
    const analysis = this.getAnalysis(uri);
    if (!doc || !analysis) return [];
    const index = this.indexOf(doc);
    return navigate.selectionRanges(analysis.program, index, positions.map((p) => index.offsetAt(p.line, p.character)));
  }

  uriOf(p: string): string {
    for (const doc of this.open.values()) if (doc.path === p) return doc.uri;
    return pathToUri(p);
  }

  // ---------------------------------------------------------------- references, highlights, rename, type definition

  /** Every file the refactoring features may look at: open buffers first, then the disk. */
  private projectView(): refactor.ProjectView {
    return {
      file: (p) => {
        const doc = [...this.open.values()].find((d) => d.path === p);
        if (doc) return refactor.projectFile(doc.uri, this.getAnalysis(doc.uri)!, this.indexOf(doc));
        const text = this.host.readFile(p);
        if (text === undefined) return undefined;
        let cached = this.closedAnalyses.get(p);
        if (cached === undefined || cached.text !== text) {
          cached = this.analyzer.analyze(p, text);
          this.closedAnalyses.set(p, cached);
        }
        return refactor.projectFile(this.uriOf(p), cached, new LineIndex(text));
      },
      paths: () => [...new Set([...[...this.open.values()].map((d) => d.path), ...this.workspaceFiles])],
      readFile: (p) => this.host.readFile(p),
    };
  }

  private projectAt(uri: string, pos: Position): { here: refactor.ProjectFile; offset: number } | undefined {
    const c = this.at(uri, pos);
    return c && { here: refactor.projectFile(uri, c.analysis, c.index), offset: c.offset };
  }

  /** Where the symbol at `pos` is named, in this file, its declaring file and the files using that one. */
  references(uri: string, pos: Position, includeDeclaration: boolean): Location[] {
    const c = this.projectAt(uri, pos);
    return c ? refactor.referencesAt(this.projectView(), c.here, c.offset, includeDeclaration) : [];
  }

  documentHighlights(uri: string, pos: Position): DocumentHighlight[] {
    const c = this.projectAt(uri, pos);
    return c ? refactor.highlightsAt(c.here, c.offset) : [];
  }

  /** The name a rename at `pos` would change; throws a ResponseError saying why when there is none. */
  prepareRename(uri: string, pos: Position): { range: Range; placeholder: string } | undefined {
    const c = this.projectAt(uri, pos);
    return c && refactor.prepareRenameAt(c.here, c.offset);
  }

  /** One edit over every file naming the symbol; throws a ResponseError (nothing edited) when refused. */
  rename(uri: string, pos: Position, newName: string): WorkspaceEdit | undefined {
    const c = this.projectAt(uri, pos);
    return c && refactor.renameAt(this.projectView(), c.here, c.offset, newName);
  }

  typeDefinition(uri: string, pos: Position): Location[] {
    const c = this.projectAt(uri, pos);
    return c ? refactor.typeDefinitionAt(this.projectView(), c.here, c.offset) : [];
  }
}
