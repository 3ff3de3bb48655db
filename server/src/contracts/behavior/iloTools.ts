// ilo `tool` declarations as contract tools: the MCP definition the schema
// layer derives, its normalised input schema, and the behavior that applies
// (declared with `@behavior`, else inferred from the definition).

import type { Decl, Program, ToolDecl, TypeExpr } from '../../syntax/ast';
import type { LocatedDecl } from '../../query/symbols';
import { buildSchemaEnv, type SchemaEnv } from '../../schema/env';
import { toolDefinition, type McpTool, type ToolDefinitionResult } from '../../schema/mcpTool';
import { behaviorId, completeTriple, type BehaviorTriple, type ToolBehavior } from './behavior';
import { inferBehavior, type ToolFacts } from './inferBehavior';
import { factsFromMcpTool } from './mcpFacts';
import { normalizeSchema, schemaHash, type NormSchema } from '../schemaNormalize';

/** One file as the contract analyses see it (an `Analyzer` result fits). */
export interface ContractInput {
  /** Absolute path. */
  path: string;
  program: Program;
  /** The document text; lets quick fixes keep indentation. */
  text?: string;
  /** Declarations reached through `use`, with the file each comes from. */
  imported?: readonly LocatedDecl[];
  /** The environment of the file's and the imported declarations, when the caller has built it already. */
  env?: SchemaEnv;
}

export interface ContractTool {
  /** Unique key: file, name and position. */
  key: string;
  decl: ToolDecl;
  /** The file declaring the tool (undefined when an import did not say). */
  file?: string;
  /** ilo name. */
  name: string;
  /** Name on the wire (`@wire`, else the ilo name). */
  wireName: string;
  mcp: McpTool;
  schema: NormSchema;
  schemaHash: string;
  /** What `@behavior` says, possibly partial; undefined without a valid `@behavior`. */
  declared?: Partial<BehaviorTriple>;
  /** The best guess from the definition, ignoring `@behavior`. */
  inferred: ToolBehavior;
  /** What applies: declared fields win over inferred ones. */
  behavior: ToolBehavior;
  /** Identity hash of `behavior` when all three fields are known. */
  behaviorId?: string;
}

export function toolKey(file: string | undefined, decl: ToolDecl): string {
  return `${file ?? '?'}\u0000${decl.name.text}\u0000${decl.name.start}`;
}

/** The ok type's name when it is a named type (`R profile t` → `profile`). */
function returnNouns(ret: TypeExpr): string[] {
  const ok = ret.kind === 'ResultType' ? ret.ok : ret;
  const inner = ok.kind === 'ListType' ? ok.elem : ok.kind === 'OptType' ? ok.inner : ok;
  return inner.kind === 'NamedType' && inner.name.length > 1 ? [inner.name] : [];
}

function returnsFlag(ret: TypeExpr): boolean {
  const ok = ret.kind === 'ResultType' ? ret.ok : ret;
  return ok.kind === 'PrimType' && ok.name === 'b';
}

/** Inference input for an ilo tool: its MCP definition plus what the ilo return type adds. */
export function iloToolFacts(decl: ToolDecl, mcp: McpTool): ToolFacts {
  const facts = factsFromMcpTool(mcp);
  const nouns = returnNouns(decl.returnType);
  if (nouns.length > 0) facts.returnNouns = nouns;
  if (returnsFlag(decl.returnType)) facts.returnsNothing = true;
  return facts;
}

/** Declared fields override inferred ones; all three declared makes the source `declared`. */
export function effectiveBehavior(declared: Partial<BehaviorTriple> | undefined, inferred: ToolBehavior): ToolBehavior {
  if (!declared || (!declared.mutability && !declared.action && !declared.domain)) return inferred;
  const merged: ToolBehavior = {
    mutability: declared.mutability ?? inferred.mutability,
    action: declared.action ?? inferred.action,
    domain: declared.domain ?? inferred.domain,
    source: completeTriple(declared) ? 'declared' : inferred.source,
    confidence: completeTriple(declared) ? 'high' : inferred.confidence,
  };
  const reasons: NonNullable<ToolBehavior['reasons']> = {};
  const confidences: NonNullable<ToolBehavior['confidences']> = {};
  for (const f of ['mutability', 'action', 'domain'] as const) {
    const r = declared[f] ? 'declared with @behavior' : inferred.reasons?.[f];
    if (r) reasons[f] = r;
    const c = declared[f] ? 'high' : inferred.confidences?.[f];
    if (c) confidences[f] = c;
  }
  merged.reasons = reasons;
  merged.confidences = confidences;
  return merged;
}

/** How a tool's MCP definition is made: toolDefinition, or a cache of its results (schema/reuse.ts). */
export type DefineTool = (decl: ToolDecl, env: SchemaEnv) => ToolDefinitionResult;

/** The contract view of one tool declaration, resolved in `env`. Never throws. */
export function contractTool(decl: ToolDecl, file: string | undefined, env: SchemaEnv, define: DefineTool = toolDefinition): ContractTool {
  const mcp = safeDefinition(decl, env, define);
  const schema = normalizeSchema(mcp.inputSchema);
  const ann = env.annotationsOf(decl).annotations.behavior;
  const declared = ann ? { mutability: ann.mutability, action: ann.action, domain: ann.domain } : undefined;
  const inferred = inferBehavior(iloToolFacts(decl, mcp));
  const behavior = effectiveBehavior(declared, inferred);
  const triple = completeTriple(behavior);
  const out: ContractTool = {
    key: toolKey(file, decl),
    decl,
    file,
    name: decl.name.text,
    wireName: mcp.name,
    mcp,
    schema,
    schemaHash: schemaHash(schema),
    inferred,
    behavior,
  };
  if (declared) out.declared = declared;
  if (triple) out.behaviorId = behaviorId(triple);
  return out;
}

function safeDefinition(decl: ToolDecl, env: SchemaEnv, define: DefineTool): McpTool {
  try {
    return define(decl, env).tool;
  } catch {
    return { name: decl.name.text, inputSchema: { type: 'object' } };
  }
}

/** The declarations visible in a file: its own (with its path) and the imported ones. */
export function visibleLocated(input: ContractInput): Array<{ decl: Decl; file?: string }> {
  return [...input.program.decls.map((decl) => ({ decl, file: input.path })), ...(input.imported ?? [])];
}

/** Where toolsOf gets a tool's contract view: contractTool, or a cache of its results (contractReuse.ts). */
export type ResolveTool = (decl: ToolDecl, file: string | undefined, env: SchemaEnv) => ContractTool;

/** Every tool a file sees (own first, then imported; the first of a name in each file), each resolved in the file's environment. */
export function toolsOf(input: ContractInput, env?: SchemaEnv, resolve: ResolveTool = contractTool): { tools: ContractTool[]; env: SchemaEnv } {
  const located = visibleLocated(input);
  const e = env ?? buildSchemaEnv(located.map((l) => l.decl));
  const tools: ContractTool[] = [];
  const seen = new Set<string>();
  for (const { decl, file } of located) {
    if (decl.kind !== 'ToolDecl') continue;
    // A second declaration of a name in one file is an error (ILO-T002): the
    // first is the tool; the duplicate is not compared with it, or anything.
    const named = `${file ?? '?'}\u0000${decl.name.text}`;
    const key = toolKey(file, decl);
    if (seen.has(key) || seen.has(named)) continue;
    seen.add(key);
    seen.add(named);
    tools.push(resolve(decl, file, e));
  }
  return { tools, env: e };
}
