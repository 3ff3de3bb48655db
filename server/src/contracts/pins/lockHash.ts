// Canonical JSON and the definition hash that pins an imported tool.
//
// Canonical form: object keys sorted by UTF-16 code units, no whitespace,
// strings and numbers as JSON.stringify writes them. Two definitions that
// differ only in key order or formatting hash the same; any change of a
// name, description, schema keyword or annotation changes the hash.

import { sha256Hex } from '../sha256';
import { isJsonObject, type JsonObject, type JsonValue } from '../../schema/json';

/** A copy with every object's keys sorted (arrays keep their order). */
export function sortKeysDeep(v: JsonValue): JsonValue {
  if (Array.isArray(v)) return v.map(sortKeysDeep);
  if (isJsonObject(v)) {
    const out: JsonObject = {};
    for (const k of Object.keys(v).sort()) out[k] = sortKeysDeep(v[k]);
    return out;
  }
  return v;
}

/** Compact JSON with sorted keys. Values JSON cannot hold (undefined, functions) are dropped as JSON.stringify does. */
export function canonicalJson(v: unknown): string {
  return JSON.stringify(sortKeysDeep(JSON.parse(JSON.stringify(v ?? null)) as JsonValue));
}

/** Prefix of every definition hash, so the algorithm can change later without ambiguity. */
export const HASH_PREFIX = 'sha256:';

/** `sha256:<hex>` of the canonical JSON of a tool definition (the whole object a server lists). */
export function definitionHash(tool: unknown): string {
  return HASH_PREFIX + sha256Hex(canonicalJson(tool));
}
