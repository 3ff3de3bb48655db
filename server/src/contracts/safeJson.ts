// JSON from a hostile peer, handled without prototype tricks and within
// bounds. JSON.parse keeps a key named `__proto__` as an own property, but
// assigning it to an ordinary object (`out[key] = v`, Object.assign) sets the
// object's prototype instead: the key disappears from what is hashed or
// compared while the peer still sees it, and later reads fall through to
// whatever object the peer supplied. So:
//
//   - objects we build from someone else's keys are null-prototype objects
//     (`dict()`), where `__proto__` is an ordinary key, or are filled with
//     `setOwn` (a data property, never the setter);
//   - lookups by someone else's key use `own()` (never `constructor` or
//     `toString` from Object.prototype);
//   - `measureJson` walks a value without recursion and says whether it stays
//     within a depth, a node count and a text size, before anything else
//     (hashing, linting, compiling) spends time on it.

/** An empty object with no prototype: every key, `__proto__` included, is an ordinary own key. */
export function dict<T = unknown>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

/** Define `key` as an own data property (no setter runs, `__proto__` included). */
export function setOwn<T>(target: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
}

/** The own property `key` of an object, or undefined (never an inherited one). */
export function own<T>(target: Record<string, T> | undefined | null, key: string): T | undefined {
  if (target === undefined || target === null || typeof target !== 'object') return undefined;
  return Object.prototype.hasOwnProperty.call(target, key) ? target[key] : undefined;
}

/** Keys that JavaScript consumers treat specially when they copy objects by assignment. */
export const PROTOTYPE_KEYS: ReadonlySet<string> = new Set(['__proto__']);

export interface JsonLimits {
  /** Deepest nesting of arrays and objects (the value itself is depth 0). */
  maxDepth: number;
  /** Arrays, objects, strings, numbers, booleans and nulls, keys counted as strings. */
  maxNodes: number;
  /** UTF-16 code units over every string and key. */
  maxTextUnits: number;
}

export type JsonMeasure =
  | { ok: true; depth: number; nodes: number; textUnits: number; longestArray: number }
  | { ok: false; limit: keyof JsonLimits; reason: string };

/**
 * Walk a JSON value breadth-first with an explicit stack (no recursion, so a
 * value nested a million levels deep costs no stack) and stop at the first
 * bound exceeded.
 */
export function measureJson(value: unknown, limits: JsonLimits): JsonMeasure {
  let nodes = 0;
  let textUnits = 0;
  let depth = 0;
  let longestArray = 0;
  const stack: { v: unknown; d: number }[] = [{ v: value, d: 0 }];
  while (stack.length > 0) {
    const { v, d } = stack.pop()!;
    nodes++;
    if (nodes > limits.maxNodes) return { ok: false, limit: 'maxNodes', reason: `it has more than ${limits.maxNodes} JSON values` };
    if (d > depth) {
      depth = d;
      if (depth > limits.maxDepth) return { ok: false, limit: 'maxDepth', reason: `it is nested more than ${limits.maxDepth} levels deep` };
    }
    if (typeof v === 'string') {
      textUnits += v.length;
    } else if (Array.isArray(v)) {
      if (v.length > longestArray) longestArray = v.length;
      if (nodes + v.length > limits.maxNodes) return { ok: false, limit: 'maxNodes', reason: `it has more than ${limits.maxNodes} JSON values` };
      for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], d: d + 1 });
    } else if (typeof v === 'object' && v !== null) {
      const keys = Object.keys(v);
      if (nodes + 2 * keys.length > limits.maxNodes) return { ok: false, limit: 'maxNodes', reason: `it has more than ${limits.maxNodes} JSON values` };
      for (let i = keys.length - 1; i >= 0; i--) {
        textUnits += keys[i].length;
        nodes++;
        stack.push({ v: (v as Record<string, unknown>)[keys[i]], d: d + 1 });
      }
    }
    if (textUnits > limits.maxTextUnits) return { ok: false, limit: 'maxTextUnits', reason: `its text is longer than ${limits.maxTextUnits} characters` };
  }
  return { ok: true, depth, nodes, textUnits, longestArray };
}

/**
 * The bounds within which one tool definition is read, hashed, linted and
 * served. Honest definitions are far smaller (the largest corpus tool is a
 * few KB); past any bound the tool is refused, not partly checked.
 */
export const DEFINITION_LIMITS: JsonLimits = { maxDepth: 64, maxNodes: 50_000, maxTextUnits: 262_144 };

/** Longest tool name accepted (MCP asks for at most 128 characters). */
export const MAX_TOOL_NAME = 256;

/** A deep copy in which every object has no prototype (keys kept as they are, `__proto__` included). */
export function nullProtoCopy<T>(value: T, maxDepth = 512): T {
  const copy = (v: unknown, d: number): unknown => {
    if (d > maxDepth) throw new RangeError(`JSON nested more than ${maxDepth} levels deep`);
    if (Array.isArray(v)) return v.map((x) => copy(x, d + 1));
    if (typeof v === 'object' && v !== null) {
      const out = dict();
      for (const k of Object.keys(v)) out[k] = copy((v as Record<string, unknown>)[k], d + 1);
      return out;
    }
    return v;
  };
  return copy(value, 0) as T;
}
