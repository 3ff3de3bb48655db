// Tool exports for one analysed file (its own tools and those of the files it
// uses): the MCP `tools/list` manifest, OpenAI function tools, Anthropic tools.
// Shared by the "ilo: Export …" commands and `ilo-ls export`.

import type { Decl } from '../syntax/ast';
import { isError } from '../diagnostics';
import { LineIndex } from '../syntax/lineIndex';
import { buildManifest, buildSchemaEnv, manifestJson, toAnthropicTools, toOpenAITools, type ToolExtender } from '../schema';
import type { FileAnalysis } from './analysis';

export type ExportFormat = 'mcp' | 'openai' | 'anthropic';

export const EXPORT_FORMATS: readonly ExportFormat[] = ['mcp', 'openai', 'anthropic'];

export interface ExportResult {
  format: ExportFormat;
  /** The file content to write (pretty JSON, trailing newline). */
  content: string;
  toolCount: number;
  /** Tools left out, with the reason (syntax errors, function types, strict-mode problems …). */
  omitted: Array<{ name: string; reason: string }>;
}

/** Declarations an export covers: the file's own, then those reached through `use`. */
export function exportDecls(analysis: Pick<FileAnalysis, 'program' | 'imported'>): Decl[] {
  return [...analysis.program.decls, ...analysis.imported];
}

export function exportTools(decls: readonly Decl[], format: ExportFormat, extend?: ToolExtender): ExportResult {
  const env = buildSchemaEnv(decls);
  switch (format) {
    case 'mcp': {
      const m = buildManifest(decls, { env, extend });
      return {
        format,
        content: manifestJson(m),
        toolCount: m.tools.length,
        omitted: m.omitted.map(({ name, reason }) => ({ name, reason })),
      };
    }
    case 'openai':
    case 'anthropic': {
      const r = format === 'openai' ? toOpenAITools(decls, { env, extend }) : toAnthropicTools(decls, { env, extend });
      return {
        format,
        content: JSON.stringify(r.tools, null, 2) + '\n',
        toolCount: r.tools.length,
        omitted: r.omitted.map(({ name, reason }) => ({ name, reason })),
      };
    }
  }
}

/** A one-line account of an export for status messages. */
export function describeExport(r: ExportResult): string {
  const what = `${r.toolCount} tool${r.toolCount === 1 ? '' : 's'}`;
  if (r.omitted.length === 0) return `Exported ${what}.`;
  const left = r.omitted.map((o) => `${o.name} (${o.reason})`).join('; ');
  return `Exported ${what}; left out ${r.omitted.length}: ${left}.`;
}

/**
 * One line per given file that has errors: how many, and the first one, so
 * an export of a broken file says what it is built from. Tools whose
 * declarations are broken are left out (describeExport names them); errors
 * elsewhere (a function body) do not change the tools.
 */
export function describeErrors(files: ReadonlyArray<{ file: string; analysis: Pick<FileAnalysis, 'text' | 'diagnostics'> }>): string[] {
  const out: string[] = [];
  for (const { file, analysis } of files) {
    const errors = analysis.diagnostics.filter(isError);
    if (errors.length === 0) continue;
    const first = errors[0];
    const at = new LineIndex(analysis.text).position(first.start);
    const count = `${errors.length} error${errors.length === 1 ? '' : 's'}`;
    out.push(`${file} has ${count} (the first at ${at.line}:${at.col}: ${first.code} ${first.message}); only what is valid is exported`);
  }
  return out;
}
