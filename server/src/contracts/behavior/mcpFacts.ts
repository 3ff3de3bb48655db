// Plain MCP tool definitions (a `tools/list` entry) as inference input.
// Tolerant of anything JSON: missing or mistyped fields are simply absent.

import { isJsonObject, type JsonSchema } from '../../schema/json';
import type { BehaviorHints, ToolFacts } from './inferBehavior';

/** The parts of an MCP `Tool` this module reads. */
export interface McpToolLike {
  name: string;
  title?: string;
  description?: string;
  inputSchema?: JsonSchema;
  outputSchema?: JsonSchema;
  annotations?: Record<string, unknown>;
}

/** A `tools/list` result's entries, skipping anything that is not a named object. */
export function mcpToolsOf(json: unknown): McpToolLike[] {
  const list = isJsonObject(json) && Array.isArray(json.tools) ? json.tools : Array.isArray(json) ? json : [];
  return list.filter((t): t is McpToolLike & JsonSchema => isJsonObject(t) && typeof t.name === 'string');
}

function bool(v: unknown): boolean | undefined {
  return typeof v === 'boolean' ? v : undefined;
}

export function hintsOf(annotations: Record<string, unknown> | undefined): BehaviorHints | undefined {
  if (!annotations || typeof annotations !== 'object') return undefined;
  const h: BehaviorHints = {};
  const r = bool(annotations.readOnlyHint);
  const d = bool(annotations.destructiveHint);
  const i = bool(annotations.idempotentHint);
  if (r !== undefined) h.readOnlyHint = r;
  if (d !== undefined) h.destructiveHint = d;
  if (i !== undefined) h.idempotentHint = i;
  return Object.keys(h).length > 0 ? h : undefined;
}

export function factsFromMcpTool(tool: McpToolLike): ToolFacts {
  const facts: ToolFacts = { name: tool.name };
  if (typeof tool.title === 'string') facts.title = tool.title;
  const annTitle = tool.annotations && typeof tool.annotations.title === 'string' ? tool.annotations.title : undefined;
  if (!facts.title && annTitle) facts.title = annTitle;
  if (typeof tool.description === 'string') facts.description = tool.description;
  if (isJsonObject(tool.inputSchema)) facts.inputSchema = tool.inputSchema;
  if (isJsonObject(tool.outputSchema)) facts.outputSchema = tool.outputSchema;
  const hints = hintsOf(tool.annotations);
  if (hints) facts.annotations = hints;
  return facts;
}
