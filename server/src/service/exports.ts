// Tool exports for one analysed file (its own tools and those of the files it
// uses): the MCP `tools/list` manifest, OpenAI function tools, Anthropic tools.
// Shared by the "ilo: Export …" commands and `ilo-ls export`.

import type { Decl } from '../syntax/ast';
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
