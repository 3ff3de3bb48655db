// Canonical JSON and the definition hash that pins an imported tool.
//
// Canonical form: object keys sorted by UTF-16 code units, no whitespace,
// strings and numbers as JSON.stringify writes them. Two definitions that
// differ only in key order or formatting hash the same; any change of a
// name, description, schema keyword or annotation changes the hash.
//
// The text is written straight from the value, key by key: no object is
// rebuilt on the way, so a key named `__proto__` (which JSON.parse keeps as an
// own property, and a peer's JSON parser keeps too) is hashed like any other
// key — what is hashed is exactly what a peer reads.

import { sha256Hex } from '../sha256';
import { dict } from '../safeJson';
import type { JsonObject, JsonValue } from '../../schema/json';

/** Nesting deeper than this is refused (a definition that deep is an attack, not a schema). */
export const CANONICAL_MAX_DEPTH = 256;

/** A value that has no canonical form (nested too deeply). */
export class CanonicalJsonError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CanonicalJsonError';
  }
}

function tooDeep(): CanonicalJsonError {
  return new CanonicalJsonError(`the JSON is nested more than ${CANONICAL_MAX_DEPTH} levels deep`);
}

/** A copy with every object's keys sorted (arrays keep their order); objects have no prototype, so `__proto__` stays a key. */
export function sortKeysDeep(v: JsonValue, depth = 0): JsonValue {
  if (depth > CANONICAL_MAX_DEPTH) throw tooDeep();
  if (Array.isArray(v)) return v.map((x) => sortKeysDeep(x, depth + 1));
  if (typeof v === 'object' && v !== null) {
    const out = dict<JsonValue>();
    for (const k of Object.keys(v).sort()) {
      const x = v[k];
      if (x !== undefined) out[k] = sortKeysDeep(x, depth + 1);
    }
    return out as JsonObject;
  }
  return v;
}

function write(v: unknown, depth: number, out: string[]): void {
  if (depth > CANONICAL_MAX_DEPTH) throw tooDeep();
  switch (typeof v) {
    case 'string':
      out.push(JSON.stringify(v));
      return;
    case 'number':
      out.push(Number.isFinite(v) ? JSON.stringify(v) : 'null');
      return;
    case 'boolean':
      out.push(v ? 'true' : 'false');
      return;
    case 'object':
      break;
    default:
      // undefined, functions, symbols, bigints: JSON has no such value.
      out.push('null');
      return;
  }
  if (v === null) {
    out.push('null');
    return;
  }
  if (Array.isArray(v)) {
    out.push('[');
    for (let i = 0; i < v.length; i++) {
      if (i > 0) out.push(',');
      write(v[i], depth + 1, out);
    }
    out.push(']');
    return;
  }
  const o = v as Record<string, unknown>;
  const keys = Object.keys(o)
    .filter((k) => o[k] !== undefined && typeof o[k] !== 'function')
    .sort();
  out.push('{');
  keys.forEach((k, i) => {
    if (i > 0) out.push(',');
    out.push(JSON.stringify(k), ':');
    write(o[k], depth + 1, out);
  });
  out.push('}');
}

/**
 * Compact JSON with sorted keys. Values JSON cannot hold (undefined,
 * functions) are dropped from objects and written `null` in arrays, as
 * JSON.stringify does. Throws CanonicalJsonError past CANONICAL_MAX_DEPTH.
 */
export function canonicalJson(v: unknown): string {
  const out: string[] = [];
  write(v ?? null, 0, out);
  return out.join('');
}

/** Prefix of every definition hash, so the algorithm can change later without ambiguity. */
export const HASH_PREFIX = 'sha256:';

/** `sha256:<hex>` of the canonical JSON of a tool definition (the whole object a server lists). Throws CanonicalJsonError. */
export function definitionHash(tool: unknown): string {
  return HASH_PREFIX + sha256Hex(canonicalJson(tool));
}

/** definitionHash, or undefined when the definition has no canonical form. */
export function tryDefinitionHash(tool: unknown): string | undefined {
  try {
    return definitionHash(tool);
  } catch {
    return undefined;
  }
}
