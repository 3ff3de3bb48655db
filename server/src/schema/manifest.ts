// The exports: every valid tool in scope as an MCP `tools/list` result, and
// the per-file diagnostics of the schema layer. Files with errors still
// export what is valid; `omitted` says what was left out and why.

import type { Decl, ToolDecl } from '../syntax/ast';
import type { Diagnostic } from '../diagnostics';
import { contractDiagnostic } from './contractDiagnostic';
import { buildSchemaEnv, type SchemaEnv } from './env';
import { toolDefinition, type McpTool } from './mcpTool';
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
export function schemaDiagnostics(decls: readonly Decl[], env: SchemaEnv): Diagnostic[] {
  const out: Diagnostic[] = [];
  const wireNames = new Map<string, ToolDecl>();
  const annotationOnly = (d: Diagnostic) => !TYPE_PROBLEMS.has(d.code);
  for (const decl of decls) {
    switch (decl.kind) {
      case 'ToolDecl': {
        const def = toolDefinition(decl, env);
        out.push(...def.diagnostics);
        const clash = wireNames.get(def.tool.name);
        // The same ilo name twice is ILO-T002 already: one story per name.
        if (clash && clash.name.text !== decl.name.text) {
          out.push(
            contractDiagnostic('duplicate-tool-name', 'warning', decl.name, `tool \`${clash.name.text}\` is already exported as \`${def.tool.name}\`; this one is left out of manifests`),
          );
        } else if (!clash) {
          wireNames.set(def.tool.name, decl);
        }
        break;
      }
      case 'FunctionDecl':
        out.push(...functionAnnotationDiagnostics(decl, env));
        break;
      case 'TypeDecl':
      case 'AliasDecl':
        out.push(...typeSchema(decl, env).diagnostics.filter(annotationOnly));
        break;
      default:
        out.push(...env.annotationsOf(decl).diagnostics);
    }
  }
  return dedupe(out);
}

function dedupe(ds: Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return ds.filter((d) => {
    const key = `${d.code}\u0000${d.start}\u0000${d.end}\u0000${d.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
