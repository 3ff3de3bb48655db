// Local `$ref`s in an input schema (`#/$defs/x`, `#/definitions/x`) point at
// the root of the tool's schema, which does not survive as such: each
// parameter becomes its own ilo declaration. So references are replaced by
// copies of what they point at before importing. A reference that reaches
// itself (a recursive shape) is left as it is and reported.

import { isJsonObject, type JsonObject, type JsonValue } from '../../schema/json';

export interface InlineResult {
  schema: JsonValue;
  /** The references that were replaced, and those that could not be. */
  inlined: string[];
  kept: string[];
}

function target(root: JsonObject, ref: string): JsonValue | undefined {
  const m = /^#\/(\$defs|definitions)\/(.+)$/.exec(ref);
  if (!m) return undefined;
  const defs = root[m[1]];
  if (!isJsonObject(defs)) return undefined;
  const name = m[2].replace(/~1/g, '/').replace(/~0/g, '~');
  return Object.hasOwn(defs, name) ? defs[name] : undefined;
}

/** `schema` with the local references into `root`'s `$defs`/`definitions` replaced by their targets. */
export function inlineLocalRefs(schema: JsonValue, root: JsonObject): InlineResult {
  const inlined = new Set<string>();
  const kept = new Set<string>();
  const walk = (v: JsonValue, active: readonly string[], depth: number): JsonValue => {
    if (depth > 64) return v;
    if (Array.isArray(v)) return v.map((x) => walk(x, active, depth + 1));
    if (!isJsonObject(v)) return v;
    if (typeof v.$ref === 'string') {
      const ref = v.$ref;
      const to = target(root, ref);
      if (to !== undefined && !active.includes(ref)) {
        inlined.add(ref);
        const { $ref: _ref, ...siblings } = v;
        const resolved = walk(to, [...active, ref], depth + 1);
        // Keywords next to a `$ref` (a description, a default) apply on top of its target.
        return isJsonObject(resolved) ? { ...resolved, ...walkObject(siblings, active, depth) } : resolved;
      }
      if (to !== undefined) kept.add(ref);
    }
    return walkObject(v, active, depth);
  };
  const walkObject = (o: JsonObject, active: readonly string[], depth: number): JsonObject => {
    const out: JsonObject = {};
    for (const [k, x] of Object.entries(o)) out[k] = k === 'enum' || k === 'const' || k === 'default' || k === 'examples' ? x : walk(x, active, depth + 1);
    return out;
  };
  return { schema: walk(schema, [], 0), inlined: [...inlined], kept: [...kept] };
}
