// Checking a call's arguments against the pinned input schema with ajv,
// before anything is sent upstream. The draft follows the schema's
// `$schema` (MCP's default, 2020-12, when it names none).
//
// Bounded: the arguments are measured first (depth, size; arrays when the
// schema asks for unique items, which ajv checks pairwise); patterns run on a
// linear-time engine (safeRegex.ts); properties are looked up as own
// properties only, so a missing `constructor` is missing. Two messages come
// out of a failed check: one for the caller, naming paths and what the schema
// asks (never values), and one for the log that also leaves out the names of
// keys the schema does not declare (keys of open maps can be data).

import Ajv from 'ajv';
import Ajv2019 from 'ajv/dist/2019';
import Ajv2020 from 'ajv/dist/2020';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { isJsonObject, type JsonObject, type JsonValue } from '../schema/json';
import { canonicalJson } from '../contracts/pins';
import { measureJson, type JsonLimits } from '../contracts/safeJson';
import { linearRegExp } from './safeRegex';

/** Why arguments do not fit: for the caller, and for the log (shapes only). */
export interface ArgsProblem {
  reason: string;
  logReason: string;
}

export type ArgsCheck = (args: unknown) => ArgsProblem | undefined;

/** Arguments past these are refused before validation. */
export const ARGS_LIMITS: JsonLimits = { maxDepth: 64, maxNodes: 200_000, maxTextUnits: 16 * 1024 * 1024 };
/** Longest array checked for `uniqueItems` (ajv compares items pairwise). */
export const MAX_UNIQUE_ITEMS = 2_000;

type AnyAjv = { compile: (schema: object) => ValidateFunction };
const engines = new Map<string, AnyAjv>();

function engine(schema: JsonObject): AnyAjv {
  const draft = typeof schema.$schema === 'string' ? schema.$schema : '';
  const key = /draft-0[4-7]/.test(draft) ? '07' : /2019-09/.test(draft) ? '2019' : '2020';
  let ajv = engines.get(key);
  if (!ajv) {
    const options = {
      allErrors: false,
      strict: false,
      validateFormats: false,
      addUsedSchema: false,
      ownProperties: true,
      code: { regExp: linearRegExp as never },
    };
    ajv = key === '07' ? new Ajv(options) : key === '2019' ? new Ajv2019(options) : new Ajv2020(options);
    engines.set(key, ajv);
  }
  return ajv;
}

/** Compiled checks by canonical schema text: a re-verification does not compile again. Bounded (oldest dropped). */
const compiled = new Map<string, ArgsCheck>();
const COMPILED_MAX = 4096;

/** A path segment is shown in the log only when the schema declares it as a property name. */
function declaredProperty(schema: JsonValue | undefined, root: JsonObject, key: string, depth = 0): { declared: boolean; next: JsonValue | undefined } {
  if (!isJsonObject(schema) || depth > 8) return { declared: false, next: undefined };
  if (typeof schema.$ref === 'string' && schema.$ref.startsWith('#/')) {
    let cur: JsonValue | undefined = root;
    for (const raw of schema.$ref.slice(2).split('/')) {
      const k = raw.replace(/~1/g, '/').replace(/~0/g, '~');
      cur = isJsonObject(cur) && Object.hasOwn(cur, k) ? cur[k] : undefined;
    }
    return declaredProperty(cur, root, key, depth + 1);
  }
  if (isJsonObject(schema.properties) && Object.hasOwn(schema.properties, key)) return { declared: true, next: schema.properties[key] };
  for (const k of ['allOf', 'anyOf', 'oneOf'] as const) {
    const branches = schema[k];
    if (!Array.isArray(branches)) continue;
    for (const b of branches) {
      const r = declaredProperty(b, root, key, depth + 1);
      if (r.declared) return r;
    }
  }
  return { declared: false, next: isJsonObject(schema.additionalProperties) ? schema.additionalProperties : undefined };
}

/** `arguments.topic`, `arguments.items[3]`, and for the log `arguments.tags[*]` where a key is not declared. */
function pathText(instancePath: string, schema: JsonObject, forLog: boolean): string {
  let out = 'arguments';
  let cur: JsonValue | undefined = schema;
  for (const raw of instancePath.split('/').slice(1)) {
    const seg = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (/^\d+$/.test(seg) && isJsonObject(cur) && (cur.items !== undefined || cur.prefixItems !== undefined || cur.type === 'array')) {
      out += `[${seg}]`;
      cur = isJsonObject(cur.items) ? cur.items : undefined;
      continue;
    }
    const { declared, next } = declaredProperty(cur, schema, seg);
    out += declared || !forLog ? `.${seg}` : '[*]';
    cur = next;
  }
  return out;
}

function describe(e: ErrorObject, schema: JsonObject, forLog: boolean): string {
  const at = pathText(e.instancePath, schema, forLog);
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required':
      return `${at} lack the required property \`${String(p.missingProperty)}\``;
    case 'additionalProperties':
    case 'unevaluatedProperties':
      // The unexpected key is the caller's: the log says there was one, not which.
      return forLog ? `${at} have a property the schema does not allow` : `${at} have a property the schema does not allow: \`${String(p.additionalProperty ?? p.unevaluatedProperty)}\``;
    case 'propertyNames':
      return `${at} have a property name the schema does not allow`;
    case 'type':
      return `${at} must be ${String(p.type)}`;
    case 'dependentRequired':
    case 'dependencies':
      return `${at} lack \`${String(p.missingProperty)}\`, which \`${String(p.property)}\` requires`;
    default:
      // ajv's own messages for the other keywords quote the schema (limits, patterns), never the data.
      return `${at} ${e.message ?? 'do not match the schema'}`;
  }
}

/** Whether a schema asks for unique items anywhere (ajv checks them pairwise). */
function asksUniqueItems(schema: JsonValue, depth = 0): boolean {
  if (depth > 64) return true;
  if (Array.isArray(schema)) return schema.some((s) => asksUniqueItems(s, depth + 1));
  if (!isJsonObject(schema)) return false;
  if (schema.uniqueItems === true) return true;
  return Object.values(schema).some((v) => typeof v === 'object' && v !== null && asksUniqueItems(v, depth + 1));
}

/**
 * What ajv is asked to compile. Its compile time grows faster than the schema
 * (on the 2-core machine: 500 properties about 1 s, 2,000 about 15 s, 4,000
 * overflow the stack; a `oneOf` of 3,000 branches did not finish in 5
 * minutes), and it runs on the gate's only thread: a hostile upstream could
 * freeze every session with one tool. Past these the tool is withheld.
 */
export const SCHEMA_BUDGET = { maxSubschemas: 400, maxProperties: 200, maxBranches: 64 };

const BRANCH_KEYS = new Set(['oneOf', 'anyOf', 'allOf', 'prefixItems', 'items']);
const MAP_KEYS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);

/** Why a schema is past the budget, or undefined. Walked without recursion. */
export function overSchemaBudget(schema: JsonObject, budget = SCHEMA_BUDGET): string | undefined {
  let subschemas = 0;
  const stack: JsonValue[] = [schema];
  while (stack.length > 0) {
    const cur = stack.pop() as JsonValue;
    if (Array.isArray(cur)) {
      for (const v of cur) if (typeof v === 'object' && v !== null) stack.push(v);
      continue;
    }
    if (!isJsonObject(cur)) continue;
    if (++subschemas > budget.maxSubschemas) return `its input schema has more than ${budget.maxSubschemas} subschemas, more than the gate compiles in bounded time`;
    for (const k of Object.keys(cur)) {
      const v = cur[k];
      if (BRANCH_KEYS.has(k) && Array.isArray(v) && v.length > budget.maxBranches) {
        return `its input schema has a \`${k}\` of ${v.length} branches (at most ${budget.maxBranches})`;
      }
      if (MAP_KEYS.has(k) && isJsonObject(v)) {
        const n = Object.keys(v).length;
        if (n > budget.maxProperties) return `its input schema has ${n} entries under \`${k}\` (at most ${budget.maxProperties})`;
      }
      if (typeof v === 'object' && v !== null) stack.push(v);
    }
  }
  return undefined;
}

/** A check for a tool's input schema (a missing schema accepts any object), or why it cannot be compiled. */
export function compileArgsCheck(inputSchema: unknown): { check: ArgsCheck } | { error: string } {
  const schema: JsonObject = isJsonObject(inputSchema) ? inputSchema : { type: 'object' };
  let key: string;
  try {
    key = canonicalJson(schema);
  } catch {
    return { error: 'its input schema is nested too deeply to be checked' };
  }
  const cached = compiled.get(key);
  if (cached) return { check: cached };
  const tooBig = overSchemaBudget(schema);
  if (tooBig !== undefined) return { error: tooBig };
  let validate: ValidateFunction;
  try {
    validate = engine(schema).compile(schema);
  } catch (e) {
    const why = e instanceof Error ? e.message.split('\n')[0] : String(e);
    return { error: `its input schema cannot be compiled: ${why.length > 300 ? why.slice(0, 297) + '...' : why}` };
  }
  const unique = asksUniqueItems(schema);
  const check: ArgsCheck = (args) => {
    const size = measureJson(args, ARGS_LIMITS);
    if (!size.ok) return { reason: `the arguments are too large to check: ${size.reason}`, logReason: `the arguments are too large to check (${size.limit})` };
    if (unique && size.longestArray > MAX_UNIQUE_ITEMS) {
      const why = `an array of ${size.longestArray} items is longer than the ${MAX_UNIQUE_ITEMS} the gate checks for unique items`;
      return { reason: why, logReason: why };
    }
    let ok: boolean;
    try {
      ok = validate(args) as boolean;
    } catch (e) {
      const why = `the arguments could not be checked (${e instanceof Error ? e.name : 'error'})`;
      return { reason: why, logReason: why };
    }
    if (ok) return undefined;
    const errors = validate.errors ?? [];
    return {
      reason: [...new Set(errors.slice(0, 5).map((e) => describe(e, schema, false)))].join('; '),
      logReason: [...new Set(errors.slice(0, 5).map((e) => describe(e, schema, true)))].join('; '),
    };
  };
  if (compiled.size >= COMPILED_MAX) compiled.delete(compiled.keys().next().value as string);
  compiled.set(key, check);
  return { check };
}
