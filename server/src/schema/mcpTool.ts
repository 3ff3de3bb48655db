// A `tool` declaration → an MCP `Tool` definition (the shape `tools/list`
// returns). See docs/schema-mapping.md for the rules:
//   name         `@wire` name, else the ilo name (ilo names are valid MCP names)
//   title        `@title`
//   description  the declaration's string literal
//   inputSchema  the parameters (functionInputSchema)
//   outputSchema from the ok type of the return: a record maps directly; any
//                other value is wrapped as {"result": value}; `t`, `_` and
//                type variables have no structured form (MCP text content);
//                `@output` replaces all of this
//   annotations  `@hints` (MCP tool annotations), plus `@mcp`'s `annotations`
//   _meta        `@mcp`'s `_meta`, plus {"ilo-lang.dev/options": {timeout, retry}} when given
//   other fields `@mcp` (`execution`, `icons`, …), as written
// Behavior (issue 6) plugs in through the `extend` hook of buildManifest.

import type { ToolDecl, TypeExpr } from '../syntax/ast';
import type { Diagnostic } from '../diagnostics';
import type { Annotations } from './annotations';
import type { SchemaEnv } from './env';
import { cloneJson, isJsonObject, type JsonObject, type JsonSchema, type JsonValue } from './json';
import { SchemaConverter, paramsObject, acceptsAnything, capabilityParams } from './typeSchema';
import { POLICY_META_KEY, policyJson, policySummary, toolPolicyOf } from './toolPolicy';
import { isTypeVariable } from '../syntax/names';
import { typeText } from '../syntax/typeText';

/** MCP tool annotations (hints about behaviour; MCP 2025-06-18 and later). */
export interface McpToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
  [key: string]: unknown;
}

/** One entry of a `tools/list` result. */
export interface McpTool {
  name: string;
  title?: string;
  description?: string;
  inputSchema: JsonSchema & { type: 'object' };
  outputSchema?: JsonSchema & { type: 'object' };
  annotations?: McpToolAnnotations;
  _meta?: JsonObject;
  /** From `@mcp` (an imported tool keeps them there), like any other field ilo has no syntax for. */
  execution?: JsonValue;
  icons?: JsonValue;
}

/** `_meta` key under which a tool's ilo call options travel. */
export const ILO_OPTIONS_META_KEY = 'ilo-lang.dev/options';

/** `_meta` key listing a tool's capability (`w:W`) parameters: the runtime supplies them, callers do not. */
export const CAPABILITY_META_KEY = 'ilo-lang.dev/capability-params';

/** The property that carries a non-record ok value in `outputSchema`/`structuredContent`. */
export const RESULT_PROPERTY = 'result';

export interface ToolDefinitionResult {
  /** Always produced (best effort, for hover) even when `problems` is not empty. */
  tool: McpTool;
  /** Problems that make the definition unfaithful: such tools are left out of exports. */
  problems: string[];
  diagnostics: Diagnostic[];
}

/** The MCP definition of one tool declaration. Never throws. */
export function toolDefinition(decl: ToolDecl, env: SchemaEnv): ToolDefinitionResult {
  const conv = new SchemaConverter(env, 'tool');
  const { annotations, diagnostics: annotationDiagnostics } = env.annotationsOf(decl);
  try {
    const input = conv.finish(paramsObject(conv, decl)).schema as McpTool['inputSchema'];
    // Key order follows the MCP spec's listing: name, title, description, schemas, annotations, _meta.
    const tool = { name: annotations.wire ?? decl.name.text } as McpTool;
    if (annotations.title) tool.title = annotations.title;
    if (decl.description.value !== '') tool.description = decl.description.value;
    tool.inputSchema = input;

    const outConv = new SchemaConverter(env, 'tool');
    const output = outputSchema(decl, annotations, outConv);
    if (output) tool.outputSchema = output;

    const hints = mcpHints(annotations);
    if (hints) tool.annotations = hints;

    // `@mcp`: the other fields of the definition, as written (an import keeps `execution`, `icons`, `_meta` there).
    const extra = annotations.mcp?.fields ?? {};
    for (const [k, v] of Object.entries(extra)) {
      if (k === 'annotations' && isJsonObject(v)) tool.annotations = { ...cloneJson(v), ...tool.annotations };
      else if (k !== '_meta') (tool as unknown as JsonObject)[k] = cloneJson(v);
    }
    const options: JsonObject = {};
    if (decl.timeout) options.timeout = decl.timeout.value;
    if (decl.retry) options.retry = decl.retry.value;
    const meta: JsonObject = isJsonObject(extra._meta) ? cloneJson(extra._meta) : {};
    if (Object.keys(options).length > 0) meta[ILO_OPTIONS_META_KEY] = options;
    const policy = toolPolicyOf(decl);
    if (policy) meta[POLICY_META_KEY] = policyJson(policy);
    const capabilities = capabilityParams(decl, env);
    if (capabilities.length > 0) meta[CAPABILITY_META_KEY] = capabilities.map((p) => p.name.text);
    if (Object.keys(meta).length > 0 || isJsonObject(extra._meta)) tool._meta = meta;

    return {
      tool,
      problems: [...conv.problems, ...outConv.problems],
      diagnostics: [...annotationDiagnostics, ...conv.diagnostics, ...outConv.diagnostics],
    };
  } catch (e) {
    const message = `schema generation failed: ${e instanceof Error ? e.message : String(e)}`;
    return {
      tool: { name: decl.name?.text ?? 'tool', inputSchema: { type: 'object' } },
      problems: [message],
      diagnostics: [...annotationDiagnostics],
    };
  }
}

/** The ok type of a tool's return: `R ok err` → ok (through aliases), anything else → itself. */
export function okTypeOf(ret: TypeExpr, conv: SchemaConverter): TypeExpr {
  const r = conv.resolveShallow(ret);
  return r.kind === 'ResultType' ? r.ok : ret;
}

function outputSchema(decl: ToolDecl, annotations: Annotations, conv: SchemaConverter): McpTool['outputSchema'] | undefined {
  if (annotations.output) return cloneJson(annotations.output.schema) as McpTool['outputSchema'];
  const ok = okTypeOf(decl.returnType, conv);
  const resolved = conv.resolveShallow(ok);
  // Text (ilo's "any response as text" escape hatch), any, and type variables
  // stay unstructured: declaring a schema would oblige the server to send
  // structuredContent that ilo never looks at.
  if (resolved.kind === 'PrimType' && (resolved.name === 't' || resolved.name === '_')) return undefined;
  if (resolved.kind === 'NamedType' && !conv.env.types.has(resolved.name) && isTypeVariable(resolved.name)) return undefined;

  const site = conv.localSite(decl.returnType, `${decl.name.text} result`);
  if (resolved.kind === 'NamedType') {
    const record = conv.env.types.get(resolved.name);
    if (record) {
      // Inline even when recursive: MCP needs `"type": "object"` at the root.
      const body = conv.recordSchema(record, { ...site, local: false, path: `${typeText(ok)}` });
      return conv.finish(body).schema as McpTool['outputSchema'];
    }
  }
  const value = conv.convert(ok, site);
  if (acceptsAnything(value)) return undefined;
  const wrapped: JsonSchema = {
    type: 'object',
    properties: { [RESULT_PROPERTY]: value },
    required: [RESULT_PROPERTY],
    additionalProperties: false,
  };
  return conv.finish(wrapped).schema as McpTool['outputSchema'];
}

function mcpHints(annotations: Annotations): McpToolAnnotations | undefined {
  const h = annotations.hints;
  if (!h) return undefined;
  const out: McpToolAnnotations = {};
  if (h.readOnlyHint !== undefined) out.readOnlyHint = h.readOnlyHint;
  if (h.destructiveHint !== undefined) out.destructiveHint = h.destructiveHint;
  if (h.idempotentHint !== undefined) out.idempotentHint = h.idempotentHint;
  if (h.openWorldHint !== undefined) out.openWorldHint = h.openWorldHint;
  return Object.keys(out).length > 0 ? out : undefined;
}

/** One line for hovers: "MCP tool `get-user`: uid → profile · timeout 5 s, retry 2". */
export function toolSummary(decl: ToolDecl, tool: McpTool): string {
  const params = Object.keys(tool.inputSchema.properties ?? {});
  const required = new Set(Array.isArray(tool.inputSchema.required) ? tool.inputSchema.required : []);
  const args = params.length === 0 ? 'no arguments' : params.map((p) => (required.has(p) ? p : `${p}?`)).join(', ');
  const ret = typeText(decl.returnType);
  const parts = [`MCP tool \`${tool.name}\`: ${args} → ${ret}`];
  const opts: string[] = [];
  if (decl.timeout) opts.push(`timeout ${decl.timeout.value} s`);
  if (decl.retry) opts.push(`retry ${decl.retry.value}`);
  if (opts.length > 0) parts.push(opts.join(', '));
  const policy = toolPolicyOf(decl);
  if (policy) parts.push(`policy: ${policySummary(policy)}`);
  const listed = tool._meta?.[CAPABILITY_META_KEY];
  const capabilities = Array.isArray(listed) ? listed.filter((n) => typeof n === 'string').map((n) => `\`${n}\``) : [];
  if (capabilities.length > 0) parts.push(`capability ${capabilities.join(', ')} (W) supplied by the runtime, not part of the input`);
  return parts.join(' · ');
}
