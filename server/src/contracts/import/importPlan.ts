// One MCP tool → the pieces of its ilo `tool` declaration: name, parameters
// (required ones first, in the order of `required`, then the optional ones
// as `O T` in property order, like the reference implementation), return
// type, title, hints, output schema, the input object's own keywords
// (`@schema {...}`) and the definition's other fields (`@mcp {...}`).

import type { TypeExpr } from '../../syntax/ast';
import { isJsonObject, type JsonObject, type JsonValue } from '../../schema/json';
import { ROOT_MERGEABLE } from '../../schema/typeSchema';
import { inputProperties, inputRequired, toolDescription, type RawTool } from '../mcp';
import type { PrintableTool } from './importEmit';
import { NameScope } from './importNames';
import { inlineLocalRefs } from './importRefs';
import { dict } from '../safeJson';
import { prim, type PlannedMember, type TypePlanner } from './importSchema';

/** What the self-check found that must be written more literally on the next attempt. */
export interface ForcedFallbacks {
  /** Wire names of parameters to import as `_` with their whole schema. */
  looseParams: Set<string>;
  /** Keep the output schema verbatim in `@output` instead of a record. */
  literalOutput: boolean;
}

export function noFallbacks(): ForcedFallbacks {
  return { looseParams: new Set(), literalOutput: false };
}

export interface PlannedTool extends PrintableTool {
  /** Approximations made for this tool (what will not come back on export). */
  notes: string[];
  /** The tool as the import aims to reproduce it (local `$ref`s copied in): what the self-check compares with. */
  target: RawTool;
}

const ROOT_KEYS = new Set(['type', 'properties', 'required', '$schema', 'additionalProperties']);
const KNOWN_TOOL_KEYS = new Set(['name', 'title', 'description', 'inputSchema', 'outputSchema', 'annotations']);
const HINTS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const;

const result = (ok: TypeExpr): TypeExpr => ({ kind: 'ResultType', ok, err: prim('t'), start: 0, end: 0 });

/** Parameter wire names in ilo order: required first (in `required` order), then the rest. */
export function parameterOrder(tool: RawTool): { wire: string; required: boolean }[] {
  const props = new Map(inputProperties(tool));
  const required = inputRequired(tool).filter((r, i, all) => all.indexOf(r) === i);
  const out = required.map((wire) => ({ wire, required: true }));
  for (const wire of props.keys()) if (!required.includes(wire)) out.push({ wire, required: false });
  return out;
}

/**
 * Plan one tool named `ilo` (allocated beforehand, so that tools get their
 * natural names before generated types do). `scope` holds the file's names;
 * `outputHint` names the record of the output schema.
 */
export function planTool(
  raw: RawTool,
  ilo: string,
  planner: TypePlanner,
  scope: NameScope,
  options: { outputHint?: string; force: ForcedFallbacks },
): PlannedTool {
  const notes: string[] = [];
  const ctx = { scope, owner: ilo, notes, path: `${raw.name}.inputSchema` };
  const props = new Map(inputProperties(raw));
  const paramScope = new NameScope();
  const params: PlannedMember[] = [];
  const targetProps: JsonObject = dict<JsonValue>();
  for (const { wire, required } of parameterOrder(raw)) {
    const pilo = paramScope.allocate(wire, 'param');
    if (!props.has(wire)) {
      notes.push(`${raw.name}: \`${wire}\` is required but has no schema; imported as \`_\``);
      params.push({ ilo: pilo, wire, type: prim('_') });
      continue;
    }
    let schema: JsonValue = props.get(wire)!;
    if (isJsonObject(raw.inputSchema) && (raw.inputSchema.$defs !== undefined || raw.inputSchema.definitions !== undefined)) {
      const r = inlineLocalRefs(schema, raw.inputSchema);
      schema = r.schema;
      if (r.inlined.length > 0) notes.push(`${raw.name}: \`${wire}\` uses ${r.inlined.join(', ')}; copied in, as the exported schema has no root \`$defs\``);
      if (r.kept.length > 0) notes.push(`${raw.name}: \`${wire}\` refers to itself through ${r.kept.join(', ')}; the reference is kept but will not resolve after export`);
    }
    targetProps[wire] = schema;
    const pctx = { ...ctx, path: `${ctx.path}.properties.${wire}` };
    params.push(
      options.force.looseParams.has(wire) ? planner.looseMember(wire, pilo, schema, required) : planner.member(wire, pilo, schema, required, pctx),
    );
  }

  // The input object itself: `$schema`, documentation keywords and whether it
  // says `additionalProperties` go to the tool's own `@schema {...}`.
  const input = raw.inputSchema;
  let rootPatch: JsonObject | undefined;
  if (isJsonObject(input)) {
    const patch: JsonObject = dict<JsonValue>();
    for (const k of Object.keys(input)) {
      if (ROOT_MERGEABLE.has(k)) patch[k] = input[k];
      else if (!ROOT_KEYS.has(k)) notes.push(`${raw.name}: inputSchema keyword \`${k}\` is not carried into ilo`);
    }
    const ap = input.additionalProperties;
    if (ap === undefined) patch.additionalProperties = null;
    else if (ap === true) patch.additionalProperties = true;
    else if (ap !== false) notes.push(`${raw.name}: inputSchema \`additionalProperties\` as a schema is not carried (ilo tools take exactly their parameters)`);
    if (Object.keys(patch).length > 0) rootPatch = patch;
  }

  let returnType: TypeExpr = result(prim('t'));
  let output: JsonObject | undefined;
  const out = raw.outputSchema;
  if (isJsonObject(out) && out.type === 'object') {
    const record = planner.outputRecord(out, { ...ctx, path: `${raw.name}.outputSchema` }, options.outputHint ?? `${ilo}-result`);
    // The record gives ilo code typed fields. When it does not export back to
    // exactly the server's schema, the schema is kept verbatim in `@output` as well.
    returnType = result(record ? { kind: 'NamedType', name: record, start: 0, end: 0 } : prim('_'));
    if (!record || options.force.literalOutput) output = out;
  }

  // MCP hints become `@hints`; every other field of the definition (other
  // annotations, `execution`, `icons`, `_meta`, …) travels verbatim in `@mcp`.
  let hints: PrintableTool['hints'];
  const mcp: JsonObject = dict<JsonValue>();
  if (raw.annotations !== undefined) {
    const other: JsonObject = dict<JsonValue>();
    if (isJsonObject(raw.annotations)) {
      for (const [k, v] of Object.entries(raw.annotations)) {
        if ((HINTS as readonly string[]).includes(k) && typeof v === 'boolean') (hints ??= {})[k as (typeof HINTS)[number]] = v;
        else if ((HINTS as readonly string[]).includes(k)) notes.push(`${raw.name}: annotation \`${k}\` is not a boolean and is not carried into ilo`);
        else other[k] = v;
      }
      if (Object.keys(other).length > 0 || !hints) mcp.annotations = other;
    } else {
      notes.push(`${raw.name}: \`annotations\` is not an object and is not carried into ilo`);
    }
  }
  for (const k of Object.keys(raw)) {
    if (KNOWN_TOOL_KEYS.has(k)) continue;
    if (k === '_meta' && !isJsonObject(raw._meta)) {
      notes.push(`${raw.name}: \`_meta\` is not an object and is not carried into ilo`);
      continue;
    }
    mcp[k] = raw[k];
  }

  let target = raw;
  if (isJsonObject(raw.inputSchema) && isJsonObject(raw.inputSchema.properties)) {
    const { $defs: _d, definitions: _e, ...inputRest } = raw.inputSchema;
    const properties: JsonObject = {};
    for (const k of Object.keys(raw.inputSchema.properties)) properties[k] = targetProps[k] ?? raw.inputSchema.properties[k];
    target = { ...raw, inputSchema: { ...inputRest, properties } };
  }

  return {
    target,
    ilo,
    wire: raw.name,
    title: typeof raw.title === 'string' ? raw.title : undefined,
    description: toolDescription(raw) ?? '',
    params,
    returnType,
    output,
    hints,
    rootPatch,
    mcp: Object.keys(mcp).length > 0 ? mcp : undefined,
    notes,
  };
}

/** Field names of an output schema, for naming a record several tools return. */
export function outputFieldsHint(out: JsonObject): string | undefined {
  if (!isJsonObject(out.properties)) return undefined;
  const names = Object.keys(out.properties).slice(0, 3);
  return names.length > 0 ? `${names.join('-')}-result` : undefined;
}
