// `schema`: what the exports write, for one declaration or every tool: an
// MCP tool definition (with behavioral identity), an OpenAI or Anthropic
// function tool, an A2A skill; a type's JSON Schema; a function's input
// schema as a tool would take it. Built by the schema layer, as the
// "Export tools…" command and `ilo-ls export` build them.

import type { Decl, FunctionDecl, ToolDecl } from '../../syntax/ast';
import { contractExtender, declaresSigils, functionToolMeta } from '../../contracts';
import { a2aSkill } from '../../interop/a2aCard';
import { anthropicToolFromMcp, buildManifest, buildSchemaEnv, functionInputSchema, openAIToolFromMcp, toolDefinition, typeSchema, type McpTool, type SchemaEnv } from '../../schema';
import { exportDecls } from '../../service/exports';
import { analyse } from '../analyze';
import type { Args } from '../args';
import type { ToolAnswer, ToolContext } from '../context';
import { levelFor } from '../level';
import { resolveSource } from '../source';
import { ToolFailure } from '../toolFailure';

export const EXPORT_TARGETS = ['mcp', 'openai', 'anthropic', 'a2a'] as const;
export type ExportTarget = (typeof EXPORT_TARGETS)[number];

type Kind = 'tool' | 'function' | 'type';

interface Def {
  name: string;
  kind: Kind;
  def: unknown;
}

/** An MCP definition (tool, or a function as a tool would be) in the target's shape. */
function inTarget(tool: McpTool, target: ExportTarget): { def?: unknown; error?: string } {
  switch (target) {
    case 'mcp':
      return { def: tool };
    case 'openai': {
      const r = openAIToolFromMcp(tool);
      return r.tool ? { def: r.tool } : { error: r.error };
    }
    case 'anthropic': {
      const r = anthropicToolFromMcp(tool);
      return r.tool ? { def: r.tool } : { error: r.error };
    }
    case 'a2a':
      return { def: a2aSkill(tool) };
  }
}

function declName(d: Decl): string | undefined {
  switch (d.kind) {
    case 'FunctionDecl':
    case 'ToolDecl':
    case 'TypeDecl':
    case 'AliasDecl':
      return d.name.text;
    default:
      return undefined;
  }
}

function named(decls: readonly Decl[], name: string): Decl | undefined {
  return decls.find((d) => declName(d) === name) ?? decls.find((d) => d.kind === 'ToolDecl' && toolWireName(d) === name);
}

function toolWireName(d: ToolDecl): string | undefined {
  try {
    return toolDefinition(d, buildSchemaEnv([d])).tool.name;
  } catch {
    return undefined;
  }
}

function oneDecl(decl: Decl, env: SchemaEnv, target: ExportTarget, at: '0.11' | '26' | undefined, own: readonly Decl[]): Def {
  const name = declName(decl)!;
  switch (decl.kind) {
    case 'ToolDecl': {
      const { tool, problems } = toolDefinition(decl, env);
      if (problems.length > 0) throw new ToolFailure(`tool '${name}' has no faithful definition: ${problems.join('; ')}`);
      const r = inTarget(contractExtender({ level: at })(tool, decl, env), target);
      if (!r.def) throw new ToolFailure(r.error ?? `tool '${name}' cannot be given as ${target}`);
      return { name, kind: 'tool', def: r.def };
    }
    case 'FunctionDecl': {
      const schema = functionInputSchema(decl as FunctionDecl, env).schema;
      const asTool: McpTool = { name, inputSchema: schema as McpTool['inputSchema'] };
      // Level 26: what `@behavior` or the function's effect sigils say about it, as MCP hints.
      if (at === '26') Object.assign(asTool, functionToolMeta(decl as FunctionDecl, env, declaresSigils(own)));
      const r = inTarget(asTool, target);
      if (!r.def) throw new ToolFailure(r.error ?? `function '${name}' cannot be given as ${target}`);
      return { name, kind: 'function', def: r.def };
    }
    default:
      // A type is JSON Schema whatever the target: every format embeds it as it is.
      return { name, kind: 'type', def: typeSchema(decl as Extract<Decl, { kind: 'TypeDecl' | 'AliasDecl' }>, env).schema };
  }
}

export async function runSchema(args: Args, ctx: ToolContext): Promise<ToolAnswer> {
  const source = await resolveSource({ text: args.text as string | undefined, path: args.path as string | undefined }, () => ctx.roots());
  const level = levelFor(args.level as string | undefined, source.text);
  const target = (args.target as ExportTarget | undefined) ?? 'mcp';
  const { analysis } = analyse(source, level, source.text, { contracts: false });
  const decls = exportDecls(analysis);
  const env = buildSchemaEnv(decls);
  const structured: Record<string, unknown> = { target };
  let defs: Def[];
  if (typeof args.name === 'string') {
    const decl = named(decls, args.name);
    if (!decl) {
      const known = decls.map(declName).filter((n): n is string => n !== undefined);
      const shown = args.name.length > 40 ? `${args.name.slice(0, 37)}...` : args.name;
      throw new ToolFailure(`no tool, function or type named '${shown}'${known.length > 0 ? `; declared: ${known.slice(0, 12).join(', ')}${known.length > 12 ? ', ...' : ''}` : ''}`);
    }
    defs = [oneDecl(decl, env, target, analysis.program.level, analysis.program.decls)];
  } else {
    const m = buildManifest(decls, { env, extend: contractExtender({ level: analysis.program.level }) });
    defs = [];
    const omitted = m.omitted.map((o) => ({ name: o.name, reason: o.reason }));
    for (const tool of m.tools) {
      const r = inTarget(tool, target);
      if (r.def) defs.push({ name: tool.name, kind: 'tool', def: r.def });
      else omitted.push({ name: tool.name, reason: r.error ?? `cannot be given as ${target}` });
    }
    if (omitted.length > 0) structured.omitted = omitted;
  }
  structured.defs = defs;
  const omittedText = ((structured.omitted as Array<{ name: string; reason: string }> | undefined) ?? []).map((o) => `left out ${o.name}: ${o.reason}`);
  const body = defs.length === 1 ? JSON.stringify(defs[0].def) : JSON.stringify(defs.map((d) => d.def));
  return { structured, text: [defs.length === 0 ? 'no tools' : body, ...omittedText].join('\n') };
}
