// Plain JSON value types and the few helpers the schema generators share.
// JSON Schemas are built as ordinary JSON objects so that they can be printed,
// hashed, compared and handed to ajv or the MCP SDK without conversion.
import { jsonProblem } from './jsonSyntax';

export type JsonValue = null | boolean | number | string | JsonValue[] | JsonObject;
export interface JsonObject {
  [key: string]: JsonValue;
}

/** A JSON Schema (draft 2020-12) as a JSON object. `{}` accepts anything. */
export type JsonSchema = JsonObject;

export function isJsonObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Deep copy, so callers may mutate what they get without touching caches. */
export function cloneJson<T extends JsonValue>(v: T): T {
  // A JSON round trip copies plain data faster than structuredClone and
  // survives deeper nesting.
  return JSON.parse(JSON.stringify(v)) as T;
}

/** Deep structural equality (object key order ignored). */
export function jsonEqual(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined || a === null || b === null) return false;
  if (Array.isArray(a)) {
    return Array.isArray(b) && a.length === b.length && a.every((x, i) => jsonEqual(x, b[i]));
  }
  if (isJsonObject(a)) {
    if (!isJsonObject(b)) return false;
    const ka = Object.keys(a);
    return ka.length === Object.keys(b).length && ka.every((k) => Object.hasOwn(b, k) && jsonEqual(a[k], b[k]));
  }
  return false;
}

/** Parse JSON without throwing. */
export function tryParseJson(text: string): { ok: true; value: JsonValue } | { ok: false; error: string } {
  try {
    return { ok: true, value: JSON.parse(text) as JsonValue };
  } catch {
    return { ok: false, error: jsonProblem(text) };
  }
}

/** The `type` keyword of a schema as a list (empty when absent or not a string/array of strings). */
export function schemaTypes(schema: JsonSchema): string[] {
  const t = schema.type;
  if (typeof t === 'string') return [t];
  if (Array.isArray(t)) return t.filter((x): x is string => typeof x === 'string');
  return [];
}
