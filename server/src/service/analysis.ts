// The analysis pipeline shared by the language server and the CLI:
// parse → resolve `use` imports → verify. Both front ends call `Analyzer`,
// so a file is clean in the editor exactly when it is clean for `ilo-ls check`.

import * as path from 'node:path';
import type { Decl, Program } from '../syntax/ast';
import type { Diagnostic } from '../diagnostics';
import { IncrementalParser, parseIlo } from '../syntax/parse';
import { LEVEL_011, levelById, type LanguageLevel } from '../level';
import { IncrementalChecker } from '../check/check';
import { resolveImports, type FileHost } from '../project/imports';
import type { LocatedDecl } from '../query/symbols';
import type { SchemaEnv } from '../schema';
import { LineIndex } from '../syntax/lineIndex';
import { applySuppressions, type FileBaseline, type SuppressionOutcome } from '../suppress';
// The modules themselves, not the contracts barrel: an analysis needs neither import, pins nor MCP clients.
import { contractDiagnostics, type CollisionScope } from '../contracts/contractDiagnostics';
import type { ContractInput } from '../contracts/behavior';
import { ContractReuse } from '../contracts/contractReuse';
import { lintToolDecls } from '../contracts/lints/lintDecls';
import { mergeSameRange } from '../contracts/mergeDiagnostics';

export interface FileAnalysis {
  /** Absolute path of the analysed file. */
  path: string;
  text: string;
  program: Program;
  /** Declarations visible through `use` (transitively). */
  imported: Decl[];
  /** The same declarations with the file each comes from. */
  importedLocated: LocatedDecl[];
  /** Absolute paths of every file this one uses, transitively. */
  dependencies: string[];
  /** Parse, import, verifier, schema and tool-lint diagnostics for this file, sorted by position. */
  diagnostics: Diagnostic[];
  /** The schema environment of the file's and the imported declarations (annotations parsed once, shared with the contract analyses). */
  env: SchemaEnv;
  /** What the schema and contract analyses of this file keep from one edit to the next (contractsFor uses it). */
  reuse?: ContractReuse;
  /** The language level the file was read at (its pragma's, else the analyzer's default). */
  level: LanguageLevel;
}

interface FileState {
  parser: IncrementalParser;
  checker: IncrementalChecker;
  /** Per-declaration schema and contract results, reused across edits. */
  reuse: ContractReuse;
  /** Arities of functions the file saw through `use` last time (used for the next parse). */
  external: Map<string, number>;
  /** Parameter names of the used functions (level-26 labels). */
  externalParams?: Map<string, readonly string[]>;
}

export function sortDiagnostics(diags: Diagnostic[]): Diagnostic[] {
  return diags.sort((a, b) => a.start - b.start || a.end - b.end);
}

/**
 * Everything shown for a file, from the analysis and the contract passes:
 * sorted by position, several `ilo-contracts` diagnostics on one range
 * merged into one (one name, one story).
 */
export function combineDiagnostics(...parts: ReadonlyArray<readonly Diagnostic[]>): Diagnostic[] {
  return mergeSameRange(sortDiagnostics(parts.flat()));
}

/**
 * `diagnostics` (a file's combined findings) with its suppressions applied:
 * the `-- ilo-ignore` comments of the file and, given one, the baseline's
 * entries for it. The editor and `ilo-ls check` both call this last, so a
 * finding is silenced in one exactly when it is in the other. `index`, the
 * caller's line index of the text, is used when there are suppressions.
 */
export function suppressFindings(
  analysis: FileAnalysis,
  diagnostics: Diagnostic[],
  options: { index?: LineIndex; baseline?: FileBaseline } = {},
): SuppressionOutcome {
  let index = options.index;
  const lines = (): LineIndex => (index ??= new LineIndex(analysis.text));
  return applySuppressions({
    text: analysis.text,
    comments: analysis.program.comments,
    diagnostics,
    lineOf: (offset) => lines().toPosition0(offset).line,
    lineStart: (line) => lines().offsetAt(line, 0),
    baseline: options.baseline,
  });
}

/**
 * The `ilo-contracts` collision / behavior / effect-gate diagnostics of each
 * analysed file. With scope `file` each file is compared with what it uses;
 * with `workspace` every given file's tools are compared with each other's.
 */
export function contractsFor(analyses: readonly FileAnalysis[], scope: CollisionScope, options: { related?: boolean } = {}): Map<string, Diagnostic[]> {
  return contractDiagnostics(
    analyses.map((a) => ({ path: a.path, program: a.program, text: a.text, imported: a.importedLocated, env: a.env })),
    { scope, related: options.related, reuse: new Map(analyses.map((a) => [a.path, a.reuse])) },
  );
}

/** Arity of every function and tool among `decls` (for the parser's call resolution). */
/** Parameter names of the functions among `decls` (labelled arguments at level 26). */
export function declaredParams(decls: readonly Decl[]): Map<string, readonly string[]> {
  const out = new Map<string, readonly string[]>();
  for (const d of decls) if (d.kind === 'FunctionDecl') out.set(d.name.text, d.params.map((p) => p.name.text));
  return out;
}

function sameParams(a: ReadonlyMap<string, readonly string[]>, b: ReadonlyMap<string, readonly string[]>): boolean {
  if (a.size !== b.size) return false;
  for (const [name, ps] of a) {
    const other = b.get(name);
    if (other === undefined || other.length !== ps.length || other.some((p, i) => p !== ps[i])) return false;
  }
  return true;
}

export function declaredArities(decls: readonly Decl[]): Map<string, number> {
  const arities = new Map<string, number>();
  for (const d of decls) {
    if ((d.kind === 'FunctionDecl' || d.kind === 'ToolDecl') && d.name) arities.set(d.name.text, d.params.length);
    else if (d.kind === 'ErrorDecl' && d.name && d.params && (d.intended === 'function' || d.intended === 'tool')) {
      arities.set(d.name.text, d.params.length);
    }
  }
  return arities;
}

function sameArities(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>): boolean {
  if (a.size !== b.size) return false;
  for (const [name, arity] of a) if (b.get(name) !== arity) return false;
  return true;
}

/**
 * Keeps per-file incremental parser/checker state. `host.readFile` decides
 * where text comes from (open editor buffers first, then disk), so imported
 * files that are open but unsaved are analysed as the user sees them.
 */
export class Analyzer {
  private readonly files = new Map<string, FileState>();
  /** Parsed imported files, keyed by path, reused while their text is unchanged. */
  private readonly importCache = new Map<string, { text: string; program: Program }>();

  /**
   * `referenceCompat`: a declaration that failed to parse defines nothing, so
   * calls to it are reported as the reference reports them (ILO-T005). Off in
   * the editor, which keeps the broken declaration's header.
   */
  /** The level of files without a `^YY.M` pragma (the resolved setting or `--language-version`). */
  private defaultLevel: LanguageLevel;

  constructor(
    private readonly host: FileHost,
    private readonly options: {
      referenceCompat?: boolean;
      level?: LanguageLevel;
      strict?: boolean;
      /** Each file is analysed once (the CLI): keep nothing for the next analysis of it. */
      oneShot?: boolean;
    } = {},
  ) {
    this.defaultLevel = options.level ?? LEVEL_011;
  }

  /** The level of files without a pragma. */
  get level(): LanguageLevel {
    return this.defaultLevel;
  }

  /** Changes the level of files without a pragma; true when it changed (callers then analyse open files again). */
  setLevel(level: LanguageLevel): boolean {
    if (level === this.defaultLevel) return false;
    this.defaultLevel = level;
    this.importCache.clear();
    return true;
  }

  analyze(filePath: string, text: string): FileAnalysis {
    const abs = path.resolve(filePath);
    let state = this.files.get(abs);
    if (!state) {
      // A one-shot analysis (the CLI) keeps nothing for a next edit: no checker results or schema memos to reuse.
      const oneShot = this.options.oneShot === true;
      state = { parser: new IncrementalParser(), checker: new IncrementalChecker({ oneShot }), reuse: new ContractReuse({ remember: !oneShot }), external: new Map() };
      this.files.set(abs, state);
    }
    // Functions declared in used files take part in call-arity resolution too.
    // Parse with last time's imported arities (usually unchanged), and again
    // only when resolving the imports shows they changed.
    const level = this.defaultLevel;
    const reuseParses = this.options.oneShot !== true;
    const withExternal = (ext: Map<string, number>, params: Map<string, readonly string[]>) =>
      ext.size > 0 ? { externalArities: ext, externalParams: params, level, reuse: reuseParses } : { level, reuse: reuseParses };
    state.externalParams ??= new Map();
    let parsed = state.parser.parse(text, withExternal(state.external, state.externalParams));
    const imports = resolveImports(abs, parsed.program, this.host, (p, t) => this.parseImported(p, t));
    const external = declaredArities(imports.imported);
    const params = declaredParams(imports.imported);
    if (!sameArities(external, state.external) || !sameParams(params, state.externalParams)) {
      state.external = external;
      state.externalParams = params;
      parsed = state.parser.parse(text, withExternal(external, params));
    }
    const fileLevel = levelById(parsed.program.level ?? '0.11');
    const checkDiags = state.checker.check(parsed.program, {
      level: fileLevel,
      imported: imports.imported,
      importedVia: imports.importedVia,
      text,
      brokenDeclsAreUndefined: this.options.referenceCompat,
      strict: this.options.strict,
    });
    const importedLocated = imports.imported.map((decl) => ({ decl, file: imports.importedFile.get(decl) }));
    const reuse = state.reuse;
    const env = reuse.schema.env([...parsed.program.decls, ...imports.imported]);
    const schemaDiags = reuse.schema.diagnostics(parsed.program.decls, env);
    const lintDiags = lintToolDecls(parsed.program.decls, { imported: importedLocated, env, text, reuse: reuse.lint });
    const diagnostics = sortDiagnostics([...parsed.diagnostics, ...imports.diagnostics, ...checkDiags, ...schemaDiags, ...lintDiags]);
    return {
      path: abs,
      text,
      program: parsed.program,
      imported: imports.imported,
      importedLocated,
      dependencies: imports.dependencies,
      diagnostics,
      env,
      reuse,
      level: fileLevel,
    };
  }

  /**
   * A file's declarations and those it sees through `use`, parsed but not
   * verified, and without incremental state kept for it: what a file that is
   * not open contributes to the workspace collision scope.
   */
  declarations(filePath: string, text: string): { input: ContractInput; dependencies: string[] } {
    const abs = path.resolve(filePath);
    const level = this.defaultLevel;
    let program = parseIlo(text, { level }).program;
    const imports = resolveImports(abs, program, this.host, (p, t) => this.parseImported(p, t));
    // As in analyze: calls to used functions take their arity from the used files.
    const external = declaredArities(imports.imported);
    if (external.size > 0) program = parseIlo(text, { externalArities: external, externalParams: declaredParams(imports.imported), level }).program;
    const imported = imports.imported.map((decl) => ({ decl, file: imports.importedFile.get(decl) }));
    return { input: { path: abs, program, text, imported }, dependencies: imports.dependencies };
  }

  /** Forget the incremental state of a file (closed, deleted). */
  forget(filePath: string): void {
    this.files.delete(path.resolve(filePath));
  }

  private parseImported(filePath: string, text: string): Program {
    const cached = this.importCache.get(filePath);
    if (cached && cached.text === text) return cached.program;
    const program = parseIlo(text, { level: this.defaultLevel }).program;
    this.importCache.set(filePath, { text, program });
    return program;
  }
}
