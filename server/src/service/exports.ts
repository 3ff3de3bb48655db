// Tool exports for one analysed file (its own tools and those of the files it
// uses): the MCP `tools/list` manifest, OpenAI function tools (Responses and
// Chat Completions), Anthropic tools, and an A2A agent card.
// Shared by the "ilo: Export tools…" command and `ilo-ls export`.

import type { Decl } from '../syntax/ast';
import { buildManifest, buildSchemaEnv, manifestJson, toAnthropicTools, toOpenAIChatTools, toOpenAITools, type ToolExtender } from '../schema';
import { a2aAgentCard, a2aCardJson, checkBaseUrl } from '../interop/a2aCard';
import { isError } from '../diagnostics';
import { LineIndex } from '../syntax/lineIndex';
import type { FileAnalysis } from './analysis';

import type { ExportFormat } from './exportFormats';

export { EXPORT_FORMATS, type ExportFormat } from './exportFormats';

export interface ExportOptions {
  extend?: ToolExtender;
  /** a2a: the URL the agent is served at (required for that format). */
  baseUrl?: string;
  /** a2a: the agent's name (default `ilo-tools`). */
  agentName?: string;
}

export interface ExportResult {
  format: ExportFormat;
  /** The file content to write (pretty JSON, trailing newline). */
  content: string;
  toolCount: number;
  /** Tools left out, with the reason (syntax errors, function types, invalid names …). */
  omitted: Array<{ name: string; reason: string }>;
  /** OpenAI formats: tools exported with `strict: false`, and why strict mode cannot express them. */
  relaxed: Array<{ name: string; reason: string }>;
}

/** Declarations an export covers: the file's own, then those reached through `use`. */
export function exportDecls(analysis: Pick<FileAnalysis, 'program' | 'imported'>): Decl[] {
  return [...analysis.program.decls, ...analysis.imported];
}

const plain = (list: ReadonlyArray<{ name: string; reason: string }>) => list.map(({ name, reason }) => ({ name, reason }));

/** Builds one export. Throws only for an a2a export without a usable base URL. */
export function exportTools(decls: readonly Decl[], format: ExportFormat, options: ExportOptions = {}): ExportResult {
  const env = buildSchemaEnv(decls);
  const { extend } = options;
  const json = (v: unknown) => JSON.stringify(v, null, 2) + '\n';
  switch (format) {
    case 'mcp':
    case 'a2a': {
      const m = buildManifest(decls, { env, extend });
      let content: string;
      if (format === 'mcp') {
        content = manifestJson(m);
      } else {
        const base = checkBaseUrl(options.baseUrl);
        if (!base.url) throw new Error(base.error);
        content = a2aCardJson(a2aAgentCard(m.tools, { baseUrl: base.url, name: options.agentName ?? 'ilo-tools' }));
      }
      return { format, content, toolCount: m.tools.length, omitted: plain(m.omitted), relaxed: [] };
    }
    case 'openai':
    case 'openai-chat': {
      const r = format === 'openai' ? toOpenAITools(decls, { env, extend }) : toOpenAIChatTools(decls, { env, extend });
      return { format, content: json(r.tools), toolCount: r.tools.length, omitted: plain(r.omitted), relaxed: plain(r.relaxed) };
    }
    case 'anthropic': {
      const r = toAnthropicTools(decls, { env, extend });
      return { format, content: json(r.tools), toolCount: r.tools.length, omitted: plain(r.omitted), relaxed: [] };
    }
  }
}

/** A one-line account of an export for status messages: what was left out, what is not strict, and why. */
export function describeExport(r: Pick<ExportResult, 'toolCount' | 'omitted' | 'relaxed'>): string {
  const what = `${r.toolCount} tool${r.toolCount === 1 ? '' : 's'}`;
  const parts = [`Exported ${what}`];
  if (r.relaxed.length > 0) {
    parts.push(`${r.relaxed.length} not strict (strict mode cannot express them): ${r.relaxed.map((o) => `${o.name} (${o.reason})`).join('; ')}`);
  }
  if (r.omitted.length > 0) parts.push(`left out ${r.omitted.length}: ${r.omitted.map((o) => `${o.name} (${o.reason})`).join('; ')}`);
  return `${parts.join('; ')}.`;
}

/**
 * One line per given file that has errors: how many, and the first one, so
 * an export of a broken file says what it is built from. Tools whose
 * declarations are broken are left out (describeExport names them); errors
 * elsewhere (a function body) do not change the tools.
 */
export function describeErrors(files: ReadonlyArray<{ file: string; analysis: Pick<FileAnalysis, 'text' | 'diagnostics'> }>, consequence = 'only what is valid is exported'): string[] {
  const out: string[] = [];
  for (const { file, analysis } of files) {
    const errors = analysis.diagnostics.filter(isError);
    if (errors.length === 0) continue;
    const first = errors[0];
    const at = new LineIndex(analysis.text).position(first.start);
    const count = `${errors.length} error${errors.length === 1 ? '' : 's'}`;
    out.push(`${file} has ${count} (the first at ${at.line}:${at.col}: ${first.code} ${first.message}); ${consequence}`);
  }
  return out;
}
