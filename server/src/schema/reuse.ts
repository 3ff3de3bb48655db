// The schema layer for one document edited again and again: its environment
// keeps its key while no type or alias changes (EnvBuilder), and each
// declaration's tool definition and diagnostics are computed once and then
// reused (moved along when the declaration moves) while the declaration, its
// doc comment and what it looks up in the environment are the same
// (DeclMemo). Environments are those env() builds (no extra annotation keys).
// Every result equals what the functions give afresh (test/contracts/contractReuse.test.ts).

import type { Decl, FunctionDecl, ToolDecl } from '../syntax/ast';
import { shiftDiagnostic, type Diagnostic } from '../diagnostics';
import { DeclMemo } from './declMemo';
import { EnvBuilder, envDepsOf, type EnvDeps, type SchemaEnv } from './env';
import { declDiagnostics, schemaDiagnostics, type SchemaDeclResults } from './manifest';
import { toolDefinition, type ToolDefinitionResult } from './mcpTool';

function moveDefinition(def: ToolDefinitionResult, delta: number): ToolDefinitionResult {
  // The definition and its problems say nothing about places: only the diagnostics move.
  return def.diagnostics.length === 0 ? def : { ...def, diagnostics: def.diagnostics.map((d) => shiftDiagnostic(d, delta)) };
}

const definitionOf = (decl: Decl, env: SchemaEnv) => toolDefinition(decl as ToolDecl, env);

const NOTHING: EnvDeps = [];

/**
 * What declDiagnostics looks up in the environment: nothing for a function
 * without `@schema` (its doc comment and parameter names only), a `use` or a
 * broken declaration; the names its types reach otherwise.
 */
function declDependencies(decl: Decl, env: SchemaEnv): EnvDeps {
  if (decl.kind === 'FunctionDecl') return env.annotationsOf(decl).annotations.schemas.size === 0 ? NOTHING : envDepsOf(decl, env);
  return decl.kind === 'TypeDecl' || decl.kind === 'AliasDecl' ? envDepsOf(decl, env) : NOTHING;
}

/** A declaration's diagnostics, and whether it is a function whose doc comment declares it PURE (read by the effect gate). */
interface DeclResult {
  diagnostics: readonly Diagnostic[];
  pure: boolean;
}

function declResult(decl: Decl, env: SchemaEnv): DeclResult {
  const diagnostics = declDiagnostics(decl, env);
  const pure = decl.kind === 'FunctionDecl' && (decl.doc ?? []).length > 0 && env.annotationsOf(decl).annotations.behavior?.mutability === 'PURE';
  return { diagnostics, pure };
}

function moveResult(r: DeclResult, delta: number): DeclResult {
  return r.diagnostics.length === 0 ? r : { diagnostics: r.diagnostics.map((d) => shiftDiagnostic(d, delta)), pure: r.pure };
}

export class SchemaReuse implements SchemaDeclResults {
  private readonly envs = new EnvBuilder();
  private readonly definitions: DeclMemo<ToolDefinitionResult>;
  private readonly results: DeclMemo<DeclResult>;

  /**
   * `remember: false`: each declaration's diagnostics are computed, not kept
   * for a next analysis (asked once per analysis, they are then not worth
   * keeping); tool definitions are kept all the same (the contract analyses ask again).
   */
  constructor(options: { remember?: boolean } = {}) {
    this.definitions = new DeclMemo<ToolDefinitionResult>(moveDefinition, envDepsOf);
    this.results = new DeclMemo<DeclResult>(moveResult, declDependencies, options.remember);
  }
  /** The functions declared PURE among the declarations of the last diagnostics() call, in order. */
  private pure?: { decls: readonly Decl[]; functions: FunctionDecl[] };
  private collecting?: FunctionDecl[];

  /** buildSchemaEnv over `decls`, keeping the last environment's key when no type or alias changed. */
  env(decls: readonly Decl[]): SchemaEnv {
    return this.envs.build(decls);
  }

  /** toolDefinition(decl, env), reused. */
  toolDefinition(decl: ToolDecl, env: SchemaEnv): ToolDefinitionResult {
    return this.definitions.get(decl, env, definitionOf);
  }

  /** declDiagnostics(decl, env) (manifest.ts), reused. */
  declDiagnostics(decl: Decl, env: SchemaEnv): readonly Diagnostic[] {
    const r = this.results.get(decl, env, declResult);
    if (r.pure) this.collecting?.push(decl as FunctionDecl);
    return r.diagnostics;
  }

  /** schemaDiagnostics(decls, env), each declaration's part reused. */
  diagnostics(decls: readonly Decl[], env: SchemaEnv): Diagnostic[] {
    const functions: FunctionDecl[] = [];
    this.collecting = functions;
    try {
      const out = schemaDiagnostics(decls, env, this);
      this.pure = { decls, functions };
      return out;
    } finally {
      this.collecting = undefined;
    }
  }

  /**
   * The functions among `decls` whose doc comment declares them PURE, in
   * order, when the last diagnostics() call was given this very array (a
   * declaration's doc and annotations do not change between the two: the
   * parser changes them only when it parses again); undefined otherwise.
   */
  pureFunctions(decls: readonly Decl[]): readonly FunctionDecl[] | undefined {
    return this.pure?.decls === decls ? this.pure.functions : undefined;
  }
}
