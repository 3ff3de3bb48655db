// Schema patterns run in linear time. JSON Schema `pattern` and
// `patternProperties` are ECMAScript regular expressions, and V8 runs them by
// backtracking: `^([a-z]+)+$` against 30 letters and a `!` takes seconds,
// doubling with every letter — a pinned schema could freeze the gate on
// every call. ajv compiles patterns through this engine instead: RE2 (the
// re2js port, pure JavaScript), whose matching time is linear in the input
// whatever the pattern. Patterns RE2 cannot run in linear time (lookahead,
// backreferences) do not compile, so the tool is withheld with that reason:
// the gate does not fall back to a backtracking engine.
//
// Differences from ECMAScript that remain: `\s` and `.` follow RE2's
// definitions (ASCII whitespace; `.` excludes only `\n`), so a few exotic
// inputs may be judged differently than by the upstream server.

import { RE2JS } from 're2js';

export interface LinearRegExp {
  test(input: string): boolean;
  toString(): string;
}

/** Compiled patterns by source and flags (a re-admission compiles nothing again); bounded. */
const cache = new Map<string, LinearRegExp>();
const CACHE_MAX = 2048;

/** ajv's `code.regExp` engine: `(pattern, flags) => {test}`; throws on a pattern RE2 cannot run. */
export function linearRegExp(pattern: string, flags = ''): LinearRegExp {
  const key = `${flags}/${pattern}`;
  const hit = cache.get(key);
  if (hit) return hit;
  let re: RE2JS;
  try {
    re = RE2JS.compile(RE2JS.translateRegExp(pattern), flags.includes('i') ? RE2JS.CASE_INSENSITIVE : 0);
  } catch (e) {
    throw new Error(`the pattern ${JSON.stringify(pattern.length > 80 ? pattern.slice(0, 77) + '...' : pattern)} cannot be run in linear time (${e instanceof Error ? e.message.split('\n')[0] : 'unsupported'})`);
  }
  const out: LinearRegExp = { test: (input: string) => re.test(input), toString: () => `/${pattern}/${flags}` };
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
  cache.set(key, out);
  return out;
}
/** ajv looks for `code` on a custom engine when it writes standalone code; the gate never does. */
(linearRegExp as unknown as { code: string }).code = 'linearRegExp';
