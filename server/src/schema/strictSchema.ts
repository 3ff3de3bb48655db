// Rewrite a JSON Schema into OpenAI's strict-mode subset (Structured
// Outputs / `strict: true` function tools):
//   - every object lists all its properties in `required` and has
//     `additionalProperties: false`; properties that were optional become
//     nullable instead (the model sends null rather than leaving them out);
//   - `oneOf` becomes `anyOf` (our oneOf branches never overlap);
//   - keywords outside the subset are dropped (a dropped `default` is kept
//     as a sentence in the description so the model still sees it).
// Some schemas cannot be made strict without changing what they accept:
// free-form values (`{}`), maps (open key sets), `allOf`/`not`/conditionals.
// Those come back as `problems`; the caller decides what to do.

import { isJsonObject, schemaTypes, type JsonObject, type JsonSchema, type JsonValue } from './json';
import { acceptsAnything, nullable } from './typeSchema';

/** Keywords strict mode accepts; anything else is dropped. */
const KEPT = new Set([
  'type',
  'description',
  'title',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'enum',
  'const',
  'anyOf',
  '$ref',
  '$defs',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
]);

/** String formats strict mode knows. */
const FORMATS = new Set(['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid']);

/** Keywords whose meaning cannot be kept in strict mode. */
const UNSUPPORTED = ['allOf', 'not', 'if', 'then', 'else', 'patternProperties', 'dependentSchemas', 'dependentRequired', 'unevaluatedProperties', 'unevaluatedItems', 'contains', 'prefixItems', 'propertyNames'];

export interface StrictResult {
  schema: JsonSchema;
  /** Where the schema had to lose meaning (empty: the strict schema is faithful). */
  problems: string[];
}

/** Strict-mode form of a root (object) schema. Pure; never throws. */
export function toStrictSchema(schema: JsonSchema): StrictResult {
  const problems: string[] = [];
  const out = strictify(schema, '', problems);
  return { schema: out, problems };
}

function strictify(s: JsonSchema, path: string, problems: string[]): JsonSchema {
  const at = path === '' ? 'the input' : `\`${path}\``;
  if (acceptsAnything(s)) {
    problems.push(`${at} accepts any JSON value, which strict mode cannot express`);
    return s;
  }
  for (const k of UNSUPPORTED) {
    if (k in s) problems.push(`${at} uses \`${k}\`, which strict mode does not support`);
  }
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(s)) {
    if (k === 'oneOf' && Array.isArray(v)) {
      out.anyOf = v.map((m, i) => (isJsonObject(m) ? strictify(m, `${path}|${i}`, problems) : m));
    } else if (k === 'anyOf' && Array.isArray(v)) {
      out.anyOf = v.map((m, i) => (isJsonObject(m) ? strictify(m, `${path}|${i}`, problems) : m));
    } else if (k === 'format') {
      if (typeof v === 'string' && FORMATS.has(v)) out.format = v;
    } else if (k === '$defs' && isJsonObject(v)) {
      const defs: JsonObject = {};
      for (const [name, d] of Object.entries(v)) defs[name] = isJsonObject(d) ? strictify(d, `$defs/${name}`, problems) : d;
      out.$defs = defs;
    } else if (k === 'items' && isJsonObject(v)) {
      out.items = strictify(v, `${path}[]`, problems);
    } else if (k === 'properties' || k === 'required' || k === 'additionalProperties') {
      // rebuilt below
    } else if (KEPT.has(k)) {
      out[k] = v;
    }
  }
  if ('default' in s) {
    const note = `Default: ${JSON.stringify(s.default)}.`;
    out.description = typeof out.description === 'string' && out.description !== '' ? `${out.description} ${note}` : note;
  }
  const types = schemaTypes(s);
  if (types.includes('array') && !isJsonObject(s.items)) {
    problems.push(`${at} is a list of any values, which strict mode cannot express`);
  }
  if (types.includes('object') || isJsonObject(s.properties)) {
    strictObject(s, out, path, at, problems);
  }
  return out;
}

function strictObject(s: JsonSchema, out: JsonObject, path: string, at: string, problems: string[]): void {
  const props = isJsonObject(s.properties) ? s.properties : undefined;
  const extra = s.additionalProperties;
  if (extra !== undefined && extra !== false) {
    problems.push(`${at} allows arbitrary keys (a map), which strict mode cannot express`);
  } else if (!props && extra === undefined) {
    problems.push(`${at} is an object with unspecified keys, which strict mode cannot express`);
  }
  const required = new Set(Array.isArray(s.required) ? s.required.filter((r): r is string => typeof r === 'string') : []);
  const properties: JsonObject = {};
  for (const [name, p] of Object.entries(props ?? {})) {
    if (!isJsonObject(p)) {
      properties[name] = p as JsonValue;
      continue;
    }
    const sub = strictify(p, path === '' ? name : `${path}.${name}`, problems);
    properties[name] = required.has(name) ? sub : nullable(sub);
  }
  out.properties = properties;
  out.required = Object.keys(properties);
  out.additionalProperties = false;
}
