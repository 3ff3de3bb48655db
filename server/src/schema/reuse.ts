// The schema layer for one document edited again and again: its environment
// keeps its key while no type or alias changes (EnvBuilder), and each
// declaration's tool definition and diagnostics are computed once and then
// reused (moved along when the declaration moves) while the declaration, its
// doc comment and what it looks up in the environment are the same
// (DeclMemo). Environments are those env() builds (no extra annotation keys).
// Every result equals what the functions give afresh (test/service/contractReuse.test.ts).

import type { Decl, ToolDecl } from '../syntax/ast';
import type { Diagnostic } from '../diagnostics';
import { DeclMemo, moveDiagnostics } from './declMemo';
import { EnvBuilder, envDepsOf, type EnvDeps, type SchemaEnv } from './env';
import { declDiagnostics, schemaDiagnostics, type SchemaDeclResults } from './manifest';
import { toolDefinition, type ToolDefinitionResult } from './mcpTool';

function moveDefinition(def: ToolDefinitionResult, delta: number): ToolDefinitionResult {
  // The definition and its problems say nothing about places: only the diagnostics move.
  return def.diagnostics.length === 0 ? def : { ...def, diagnostics: moveDiagnostics(def.diagnostics, delta) };
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

export class SchemaReuse implements SchemaDeclResults {
  private readonly envs = new EnvBuilder();
  private readonly definitions = new DeclMemo<ToolDefinitionResult>(moveDefinition, envDepsOf);
  private readonly diagnosticsOf = new DeclMemo<readonly Diagnostic[]>(moveDiagnostics, declDependencies);

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
    return this.diagnosticsOf.get(decl, env, declDiagnostics);
  }

  /** schemaDiagnostics(decls, env), each declaration's part reused. */
  diagnostics(decls: readonly Decl[], env: SchemaEnv): Diagnostic[] {
    return schemaDiagnostics(decls, env, this);
  }
}
