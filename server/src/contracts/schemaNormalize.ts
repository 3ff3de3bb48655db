// Input schemas reduced to what decides whether an agent's arguments fit:
// property names, value types (recursively), the required set, enum values
// and map value types. Descriptions, titles, defaults, examples, formats and
// numeric/string limits are dropped, so two tools that accept the same
// arguments normalise to the same value, and the same hash.
//
// A few equivalences an agent cannot tell apart are folded too: `integer` is
// `number`; an optional property that may also be `null` is just optional;
// `additionalProperties: false` is the same as leaving it out.

import { sha256Hex } from './sha256';
import { isJsonObject, type JsonObject, type JsonSchema, type JsonValue } from '../schema/json';

/** A normalised schema. Every field is optional; `{}` accepts anything. */
export interface NormSchema {
  /** Sorted JSON types (`integer` folded into `number`). Absent: any type. */
  types?: string[];
  /** Object properties, by name. */
  props?: Record<string, NormSchema>;
  /** Sorted required property names. */
  required?: string[];
  /** Schema of array items. */
  items?: NormSchema;
  /** Schema of extra object values (maps). */
  values?: NormSchema;
  /** Sorted canonical JSON of the allowed values (`enum`, `const`). */
  enum?: string[];
  /** Alternatives (`anyOf`/`oneOf`), sorted by canonical form, duplicates removed. */
  anyOf?: NormSchema[];
  /** A `$ref` that leads back into itself: the name, so recursion ends. */
  recursive?: string;
}

const MAX_DEPTH = 32;

/** Stable JSON text: object keys sorted at every level. */
export function canonicalJson(v: JsonValue | NormSchema | readonly NormSchema[] | undefined): string {
  if (v === undefined) return 'null';
  if (Array.isArray(v)) return `[${v.map((x) => canonicalJson(x as JsonValue)).join(',')}]`;
  if (v !== null && typeof v === 'object') {
    const o = v as Record<string, JsonValue>;
    const keys = Object.keys(o).filter((k) => o[k] !== undefined).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(o[k])}`).join(',')}}`;
  }
  return JSON.stringify(v);
}

function sortedUnique(xs: string[]): string[] {
  return [...new Set(xs)].sort();
}

function jsonType(v: JsonValue): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return 'number';
  return typeof v;
}

/** Resolve a local `$ref` (`#/$defs/x`, `#/definitions/x`, any JSON pointer into the root). */
function resolveRef(root: JsonSchema, ref: string): JsonSchema | undefined {
  if (!ref.startsWith('#')) return undefined;
  let cur: JsonValue = root;
  for (const raw of ref.slice(1).split('/').filter((p) => p !== '')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isJsonObject(cur) || !Object.hasOwn(cur, key)) return undefined;
    cur = cur[key];
  }
  return isJsonObject(cur) ? cur : undefined;
}

class Normalizer {
  private readonly active = new Set<string>();
  constructor(private readonly root: JsonSchema) {}

  run(s: JsonValue | undefined, depth: number): NormSchema {
    if (s === true || s === undefined || depth > MAX_DEPTH) return {};
    if (s === false) return { types: [] };
    if (!isJsonObject(s)) return {};
    if (typeof s.$ref === 'string') return this.ref(s.$ref, depth);

    const out: NormSchema = {};
    let types = this.types(s);

    const values = this.values(s);
    if (values) out.enum = sortedUnique(values.map((x) => canonicalJson(x)));
    if (!types && values) types = sortedUnique(values.map(jsonType));

    const alts = [...(Array.isArray(s.anyOf) ? s.anyOf : []), ...(Array.isArray(s.oneOf) ? s.oneOf : [])];
    if (alts.length > 0) {
      const normed = alts.map((a) => this.run(a, depth + 1));
      const byKey = new Map(normed.map((n) => [canonicalJson(n), n] as const));
      const keys = [...byKey.keys()].sort();
      if (keys.length === 1 && !types) Object.assign(out, byKey.get(keys[0]));
      else out.anyOf = keys.map((k) => byKey.get(k)!);
    }
    if (Array.isArray(s.allOf)) {
      // Merge object parts of allOf: the common use is composing property sets.
      for (const part of s.allOf) {
        const n = this.run(part, depth + 1);
        if (n.props) out.props = Object.assign(Object.create(null) as Record<string, NormSchema>, out.props ?? {}, n.props);
        if (n.required) out.required = sortedUnique([...(out.required ?? []), ...n.required]);
        if (n.types && !types) types = n.types;
      }
    }

    const props = isJsonObject(s.properties) ? s.properties : undefined;
    const required = Array.isArray(s.required) ? s.required.filter((r): r is string => typeof r === 'string') : [];
    if (!types && (props || s.required || s.additionalProperties !== undefined)) types = ['object'];
    if (!types && (s.items !== undefined || s.prefixItems !== undefined)) types = ['array'];

    if (types?.includes('object') || props) {
      // No prototype: a property named `__proto__` is a property like any other.
      const p: Record<string, NormSchema> = Object.assign(Object.create(null) as Record<string, NormSchema>, out.props ?? {});
      const req = new Set([...(out.required ?? []), ...required]);
      for (const [name, sub] of Object.entries(props ?? {})) {
        let n = this.run(sub, depth + 1);
        if (!req.has(name)) n = withoutNull(n);
        p[name] = n;
      }
      out.props = p;
      if (req.size > 0) out.required = [...req].sort();
      if (isJsonObject(s.additionalProperties)) out.values = this.run(s.additionalProperties, depth + 1);
    }
    if (types?.includes('array') || s.items !== undefined) {
      if (s.items !== undefined && !Array.isArray(s.items)) out.items = this.run(s.items, depth + 1);
      else if (Array.isArray(s.prefixItems ?? s.items)) out.items = { anyOf: ((s.prefixItems ?? s.items) as JsonValue[]).map((x) => this.run(x, depth + 1)) };
    }
    if (types) out.types = types;
    return out;
  }

  private types(s: JsonObject): string[] | undefined {
    const t = s.type;
    const list = typeof t === 'string' ? [t] : Array.isArray(t) ? t.filter((x): x is string => typeof x === 'string') : undefined;
    return list ? sortedUnique(list.map((x) => (x === 'integer' ? 'number' : x))) : undefined;
  }

  private values(s: JsonObject): JsonValue[] | undefined {
    if (Array.isArray(s.enum)) return s.enum;
    if (s.const !== undefined) return [s.const];
    return undefined;
  }

  private ref(ref: string, depth: number): NormSchema {
    if (this.active.has(ref)) return { recursive: ref.split('/').pop() ?? ref };
    const target = resolveRef(this.root, ref);
    if (!target) return {};
    this.active.add(ref);
    try {
      return this.run(target, depth + 1);
    } finally {
      this.active.delete(ref);
    }
  }
}

/** An optional property that may be null is simply optional. */
function withoutNull(n: NormSchema): NormSchema {
  const out: NormSchema = { ...n };
  if (out.types && out.types.length > 1 && out.types.includes('null')) out.types = out.types.filter((t) => t !== 'null');
  if (out.enum) out.enum = out.enum.filter((e) => e !== 'null');
  if (out.anyOf) {
    const rest = out.anyOf.filter((a) => !(a.types?.length === 1 && a.types[0] === 'null'));
    if (rest.length === 1) {
      delete out.anyOf;
      return { ...out, ...rest[0] };
    }
    out.anyOf = rest;
  }
  return out;
}

/** Normalise a JSON Schema (usually a tool's `inputSchema`). Never throws. */
export function normalizeSchema(schema: JsonValue | undefined): NormSchema {
  try {
    return new Normalizer(isJsonObject(schema) ? schema : {}).run(schema, 0);
  } catch {
    return {};
  }
}

/** First 16 hex characters of SHA-256 of the normalised schema's canonical JSON. */
export function schemaHash(n: NormSchema): string {
  return sha256Hex(canonicalJson(n)).slice(0, 16);
}

/** Compact text for messages: `{path: string, head?: number}`. */
export function shapeText(n: NormSchema, depth = 0): string {
  if (depth > 4) return '…';
  if (n.recursive) return n.recursive;
  if (n.enum) return n.enum.join(' | ');
  if (n.anyOf) return n.anyOf.map((a) => shapeText(a, depth + 1)).join(' | ');
  const types = n.types ?? [];
  if (n.props !== undefined || (types.length === 1 && types[0] === 'object')) {
    const req = new Set(n.required ?? []);
    const entries = Object.keys(n.props ?? {})
      .sort()
      .map((k) => `${k}${req.has(k) ? '' : '?'}: ${shapeText(n.props![k], depth + 1)}`);
    if (n.values) entries.push(`[key]: ${shapeText(n.values, depth + 1)}`);
    return `{${entries.join(', ')}}`;
  }
  if (types.length === 1 && types[0] === 'array') return `${wrapIfUnion(shapeText(n.items ?? {}, depth + 1))}[]`;
  if (types.length === 0) return 'any';
  return types.join(' | ');
}

function wrapIfUnion(s: string): string {
  return s.includes(' | ') ? `(${s})` : s;
}
