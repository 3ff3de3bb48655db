// Differences between two MCP tool definitions, as JSON paths. The import
// asks whether import-then-export gives a tool back (compareTools: an
// original against the one the schema layer exports from the imported
// declaration); drift asks what changed since a tool was pinned (diffSchemas,
// 'exact').
//
// Two strictnesses:
//   'contract' — the criterion: same property names, types,
//     required sets, enums, descriptions, defaults and every other keyword.
//     Allowed differences: key order; the order inside `required`, `enum`
//     and `type` arrays; the root `$schema`; and `additionalProperties:
//     false` on an object that did not say (the exporter closes every record,
//     which changes nothing for a client that sends only declared
//     properties); `properties: {}` on a root that listed none; and the
//     boolean schema `true` written as `{}` (both accept anything).
//   'exact' — deep equality, except the root `$schema` and key order.

import { isJsonObject, jsonEqual, type JsonObject, type JsonValue } from '../../schema/json';

export type CompareMode = 'contract' | 'exact';

export interface SchemaDifference {
  /** JSON path, e.g. `inputSchema.properties.limit.type`. */
  path: string;
  original?: JsonValue;
  exported?: JsonValue;
}

const SET_KEYS = new Set(['required', 'enum', 'type']);

function sameSet(a: JsonValue, b: JsonValue): boolean {
  if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
  return a.every((x) => b.some((y) => jsonEqual(x, y))) && b.every((y) => a.some((x) => jsonEqual(x, y)));
}

/** Differences between two JSON Schemas (or any JSON values), as paths. */
export function diffSchemas(original: JsonValue | undefined, exported: JsonValue | undefined, mode: CompareMode, path = ''): SchemaDifference[] {
  const out: SchemaDifference[] = [];
  walk(original, exported, mode, path, out, true);
  return out;
}

/** Positions whose value is a schema (where `true` and `{}` mean the same). */
const SCHEMA_POSITION = /(?:^|\.)(?:properties\.[^.]+|items|additionalProperties)$/;

function walk(a: JsonValue | undefined, b: JsonValue | undefined, mode: CompareMode, path: string, out: SchemaDifference[], root: boolean): void {
  if (mode === 'contract' && a === true && isJsonObject(b) && Object.keys(b).length === 0 && SCHEMA_POSITION.test(path)) return;
  if (isJsonObject(a) && isJsonObject(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const k of keys) {
      const here = path ? `${path}.${k}` : k;
      if (root && k === '$schema') continue;
      if (mode === 'contract' && k === 'additionalProperties' && !Object.hasOwn(a, k) && b[k] === false) continue;
      if (mode === 'contract' && k === 'properties' && path.split('.').length === 1 && a[k] === undefined && jsonEqual(b[k], {})) continue;
      if (!Object.hasOwn(a, k) || !Object.hasOwn(b, k)) {
        // Own values only: a key such as `__proto__` present on one side must not read the other side's prototype.
        out.push({ path: here, original: Object.hasOwn(a, k) ? a[k] : undefined, exported: Object.hasOwn(b, k) ? b[k] : undefined });
        continue;
      }
      if (mode === 'contract' && SET_KEYS.has(k) && Array.isArray(a[k]) && Array.isArray(b[k])) {
        if (!sameSet(a[k], b[k])) out.push({ path: here, original: a[k], exported: b[k] });
        continue;
      }
      walk(a[k], b[k], mode, here, out, false);
    }
    return;
  }
  if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
    a.forEach((x, i) => walk(x, b[i], mode, `${path}[${i}]`, out, false));
    return;
  }
  if (!jsonEqual(a, b)) out.push({ path, original: a, exported: b });
}

/** The parts of an MCP tool the round trip is judged on. */
export interface ToolRoundTrip {
  name: string;
  /** Input schema differences under the criterion. */
  input: SchemaDifference[];
  /** Input schema differences under exact comparison. */
  inputExact: SchemaDifference[];
  /** Name, title, description, outputSchema, annotations and every other field (exact, except the root `$schema` of outputSchema). */
  other: SchemaDifference[];
}

/** Compare an original tool with the exported one. */
export function compareTools(original: JsonObject, exported: JsonObject): ToolRoundTrip {
  const input = diffSchemas(original.inputSchema, exported.inputSchema, 'contract', 'inputSchema');
  const inputExact = diffSchemas(original.inputSchema, exported.inputSchema, 'exact', 'inputSchema');
  const other: SchemaDifference[] = [];
  for (const k of ['name', 'title', 'description'] as const) {
    if (!jsonEqual(original[k], exported[k])) other.push({ path: k, original: original[k], exported: exported[k] });
  }
  other.push(...diffSchemas(original.outputSchema, exported.outputSchema, 'exact', 'outputSchema'));
  other.push(...diffSchemas(original.annotations, exported.annotations, 'exact', 'annotations'));
  // Every other field of the definition (`execution`, `icons`, `_meta`, …) must come back as it was.
  const compared = new Set(['name', 'title', 'description', 'inputSchema', 'outputSchema', 'annotations']);
  for (const k of new Set([...Object.keys(original), ...Object.keys(exported)])) {
    if (!compared.has(k)) for (const d of diffSchemas(original[k], exported[k], 'exact', k)) other.push(d);
  }
  return { name: typeof original.name === 'string' ? original.name : '?', input, inputExact, other };
}
