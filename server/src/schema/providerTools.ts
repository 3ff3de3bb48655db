// The same tools in the shapes the model APIs take (seed 001):
//   OpenAI Responses API function tools  {type:"function", name, description, parameters, strict}
//   OpenAI Chat Completions tools        {type:"function", function:{name, description, parameters, strict}}
//   Anthropic Messages API tools         {name, description, input_schema}
// All are derived from the MCP definitions, so the exports agree.

import type { Decl } from '../syntax/ast';
import { cloneJson, type JsonSchema } from './json';
import { buildManifest, type ManifestOptions, type OmittedTool } from './manifest';
import type { McpTool } from './mcpTool';
import { toStrictSchema } from './strictSchema';

/** Both APIs: letters, digits, `_` and `-`, at most 64 characters. */
export const PROVIDER_TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;

export interface OpenAITool {
  type: 'function';
  name: string;
  description?: string;
  parameters: JsonSchema;
  strict: boolean;
}

/** A Chat Completions tool (also what LangChain, CrewAI and AutoGen take). */
export interface OpenAIChatTool {
  type: 'function';
  function: {
    name: string;
    description?: string;
    parameters: JsonSchema;
    strict: boolean;
  };
}

export interface AnthropicTool {
  name: string;
  description?: string;
  /** The MCP input schema unchanged: always `"type": "object"` at the root. */
  input_schema: McpTool['inputSchema'];
}

export interface OpenAIExportOptions extends ManifestOptions {
  /**
   * What to do with a tool whose schema cannot meet strict mode (free-form
   * `_` values, maps): `relax` (default) exports it with `strict: false`;
   * `omit` leaves it out.
   */
  nonStrict?: 'relax' | 'omit';
}

export interface OpenAIExport {
  tools: OpenAITool[];
  omitted: OmittedTool[];
  /** Tools exported with `strict: false`, and why. */
  relaxed: { name: string; reason: string }[];
}

export interface OpenAIChatExport {
  tools: OpenAIChatTool[];
  omitted: OmittedTool[];
  relaxed: { name: string; reason: string }[];
}

export interface AnthropicExport {
  tools: AnthropicTool[];
  omitted: OmittedTool[];
}

/** One MCP tool as an OpenAI function tool, strict when its schema allows. */
export function openAIToolFromMcp(tool: McpTool): { tool?: OpenAITool; strictProblems: string[]; error?: string } {
  if (!PROVIDER_TOOL_NAME.test(tool.name)) {
    return { strictProblems: [], error: `\`${tool.name}\` is not a valid OpenAI function name (letters, digits, _ and -, at most 64)` };
  }
  let strict: ReturnType<typeof toStrictSchema>;
  try {
    strict = toStrictSchema(tool.inputSchema);
  } catch {
    // Only a pathologically deep imported schema gets here (stack exhaustion).
    strict = { schema: tool.inputSchema, problems: ['the schema is nested too deeply to rewrite for strict mode'] };
  }
  const { schema, problems } = strict;
  const out: OpenAITool = { type: 'function', name: tool.name } as OpenAITool;
  if (tool.description) out.description = tool.description;
  out.parameters = problems.length === 0 ? schema : cloneJson(tool.inputSchema);
  out.strict = problems.length === 0;
  return { tool: out, strictProblems: problems };
}

/** One MCP tool as an Anthropic tool. */
export function anthropicToolFromMcp(tool: McpTool): { tool?: AnthropicTool; error?: string } {
  if (!PROVIDER_TOOL_NAME.test(tool.name)) {
    return { error: `\`${tool.name}\` is not a valid Anthropic tool name (letters, digits, _ and -, at most 64)` };
  }
  const out = { name: tool.name } as AnthropicTool;
  if (tool.description) out.description = tool.description;
  out.input_schema = cloneJson(tool.inputSchema);
  return { tool: out };
}

/** OpenAI Responses-API function tools for every valid tool in `decls`. */
export function toOpenAITools(decls: readonly Decl[], options: OpenAIExportOptions = {}): OpenAIExport {
  const manifest = buildManifest(decls, options);
  const result: OpenAIExport = { tools: [], omitted: [...manifest.omitted], relaxed: [] };
  for (const t of manifest.tools) {
    const r = openAIToolFromMcp(t);
    if (!r.tool) {
      result.omitted.push({ name: t.name, reason: r.error ?? 'invalid name' });
      continue;
    }
    if (r.strictProblems.length > 0) {
      const reason = r.strictProblems.join('; ');
      if (options.nonStrict === 'omit') {
        result.omitted.push({ name: t.name, reason: `cannot meet strict mode: ${reason}` });
        continue;
      }
      result.relaxed.push({ name: t.name, reason });
    }
    result.tools.push(r.tool);
  }
  return result;
}

/** The Chat Completions form of a Responses-API function tool (same schema, nested under `function`). */
export function openAIChatTool(tool: OpenAITool): OpenAIChatTool {
  const fn = { name: tool.name } as OpenAIChatTool['function'];
  if (tool.description) fn.description = tool.description;
  fn.parameters = tool.parameters;
  fn.strict = tool.strict;
  return { type: 'function', function: fn };
}

/** OpenAI Chat Completions tools for every valid tool in `decls` (same rules as `toOpenAITools`). */
export function toOpenAIChatTools(decls: readonly Decl[], options: OpenAIExportOptions = {}): OpenAIChatExport {
  const r = toOpenAITools(decls, options);
  return { tools: r.tools.map(openAIChatTool), omitted: r.omitted, relaxed: r.relaxed };
}

/** Anthropic Messages-API tools for every valid tool in `decls`. */
export function toAnthropicTools(decls: readonly Decl[], options: ManifestOptions = {}): AnthropicExport {
  const manifest = buildManifest(decls, options);
  const result: AnthropicExport = { tools: [], omitted: [...manifest.omitted] };
  for (const t of manifest.tools) {
    const r = anthropicToolFromMcp(t);
    if (r.tool) result.tools.push(r.tool);
    else result.omitted.push({ name: t.name, reason: r.error ?? 'invalid name' });
  }
  return result;
}
