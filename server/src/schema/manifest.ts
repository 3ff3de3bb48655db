// The exports: every valid tool in scope as an MCP `tools/list` result, and
// the per-file diagnostics of the schema layer. Files with errors still
// export what is valid; `omitted` says what was left out and why.

import type { Decl, ToolDecl } from '../syntax/ast';
import type { Diagnostic } from '../diagnostics';
import { contractDiagnostic } from './contractDiagnostic';
import { buildSchemaEnv, type SchemaEnv } from './env';
import { toolDefinition, type McpTool, type ToolDefinitionResult } from './mcpTool';
import { functionAnnotationDiagnostics, typeSchema, TYPE_PROBLEMS } from './typeSchema';

export interface OmittedTool {
  name: string;
  reason: string;
  /** The declaration that was left out, so callers can locate it. */
  decl?: Decl;
}

/**
 * Called for each exported tool; returns the (possibly extended) definition.
 * This is where later analyses add fields, e.g. behavior → `annotations`
 * hints and a `_meta` entry.
 */
export type ToolExtender = (tool: McpTool, decl: ToolDecl, env: SchemaEnv) => McpTool;

export interface ManifestOptions {
  /** Reuse an environment already built over the same declarations. */
  env?: SchemaEnv;
  extend?: ToolExtender;
}

export interface Manifest {
  tools: McpTool[];
  omitted: OmittedTool[];
}

/**
 * The MCP manifest (`{tools}` is exactly a `tools/list` result) of every
 * tool in `decls` (the file and the files it uses, in that order). Tools
 * whose contract cannot be expressed (function types, unknown types,
 * syntax errors, duplicate wire names) are listed in `omitted` instead.
 */
export function buildManifest(decls: readonly Decl[], options: ManifestOptions = {}): Manifest {
  const env = options.env ?? buildSchemaEnv(decls);
  const tools: McpTool[] = [];
  const omitted: OmittedTool[] = [];
  const byName = new Map<string, ToolDecl>();
  const seen = new Set<Decl>();
  for (const decl of decls) {
    if (seen.has(decl)) continue; // the same file reached through two `use` paths
    seen.add(decl);
    if (decl.kind === 'ErrorDecl') {
      if (decl.intended === 'tool') {
        omitted.push({ name: decl.name?.text ?? '(unnamed tool)', reason: 'the declaration has syntax errors', decl });
      }
      continue;
    }
    if (decl.kind !== 'ToolDecl') continue;
    const { tool, problems } = toolDefinition(decl, env);
    if (problems.length > 0) {
      omitted.push({ name: decl.name.text, reason: problems.join('; '), decl });
      continue;
    }
    const clash = byName.get(tool.name);
    if (clash) {
      omitted.push({ name: decl.name.text, reason: `another tool (\`${clash.name.text}\`) is already exported as \`${tool.name}\``, decl });
      continue;
    }
    byName.set(tool.name, decl);
    tools.push(options.extend ? options.extend(tool, decl, env) : tool);
  }
  return { tools, omitted };
}

/** The manifest file's content: the `tools/list` result, pretty-printed. */
export function manifestJson(manifest: Manifest): string {
  return JSON.stringify({ tools: manifest.tools }, null, 2) + '\n';
}

/**
 * Diagnostics of the schema layer for one file's own declarations (`decls`),
 * resolved in `env` (built over the file and the files it uses): annotation
 * problems everywhere, and contract problems on tools. Type errors that the
 * verifier reports (unknown types in records, ...) are not repeated for
 * non-tool declarations.
 */
export function schemaDiagnostics(decls: readonly Decl[], env: SchemaEnv, perDecl: SchemaDeclResults = FRESH_RESULTS): Diagnostic[] {
  const out: Diagnostic[] = [];
  const wireNames = new Map<string, ToolDecl>();
  for (const decl of decls) {
    if (decl.kind !== 'ToolDecl') {
      for (const d of perDecl.declDiagnostics(decl, env)) out.push(d);
      continue;
    }
    const def = perDecl.toolDefinition(decl, env);
    for (const d of def.diagnostics) out.push(d);
    const clash = wireNames.get(def.tool.name);
    // The same ilo name twice is ILO-T002 already: one story per name.
    if (clash && clash.name.text !== decl.name.text) {
      out.push(
        contractDiagnostic('duplicate-tool-name', 'warning', decl.name, `tool \`${clash.name.text}\` is already exported as \`${def.tool.name}\`; this one is left out of manifests`),
      );
    } else if (!clash) {
      wireNames.set(def.tool.name, decl);
    }
  }
  return dedupe(out);
}

/**
 * Where schemaDiagnostics gets each declaration's own results: computed
 * afresh (FRESH_RESULTS), or reused across edits (SchemaReuse, reuse.ts).
 */
export interface SchemaDeclResults {
  toolDefinition(decl: ToolDecl, env: SchemaEnv): ToolDefinitionResult;
  /** The schema-layer diagnostics of a declaration other than a tool (declDiagnostics). */
  declDiagnostics(decl: Decl, env: SchemaEnv): readonly Diagnostic[];
}

/**
 * The diagnostics of one declaration other than a tool: annotation problems,
 * and for records and aliases their `@schema` problems (type errors are the
 * verifier's).
 */
export function declDiagnostics(decl: Decl, env: SchemaEnv): readonly Diagnostic[] {
  switch (decl.kind) {
    case 'FunctionDecl':
      return functionAnnotationDiagnostics(decl, env);
    case 'TypeDecl':
    case 'AliasDecl':
      return typeSchema(decl, env).diagnostics.filter(annotationOnly);
    default:
      return env.annotationsOf(decl).diagnostics;
  }
}

const annotationOnly = (d: Diagnostic) => !TYPE_PROBLEMS.has(d.code);

const FRESH_RESULTS: SchemaDeclResults = { toolDefinition, declDiagnostics };

function dedupe(ds: Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return ds.filter((d) => {
    const key = `${d.code}\u0000${d.start}\u0000${d.end}\u0000${d.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
