// Facts about ilo names: reserved words, keywords, identifier shape, and the
// helpers used to suggest a better name ("did you mean", kebab-case fixes).
// Pure functions and constant data only.

/**
 * Words from other languages that ilo rejects as names, each with a hint
 * (our wording) pointing at the ilo way of doing the same thing.
 */
export const RESERVED_WORDS: Readonly<Record<string, string>> = Object.freeze({
  if: 'ilo has no `if`: use a guard `cond expr`, a block `cond{...}` or a match `?cond{true:...;false:...}`',
  return: 'ilo has no `return`: the last expression is the result; use `ret expr` to leave early',
  let: 'ilo has no `let`: bind with `name=expr`',
  var: 'ilo has no `var`: bind with `name=expr` (rebinding is allowed)',
  const: 'ilo has no `const`: bind with `name=expr`',
  fn: 'ilo has no `fn`: declare a function as `name p:type>rettype;body`',
  def: 'ilo has no `def`: declare a function as `name p:type>rettype;body`',
});

/** True for `if`, `return`, `let`, `fn`, `def`, `var`, `const`. */
export function isReservedWord(name: string): boolean {
  return Object.prototype.hasOwnProperty.call(RESERVED_WORDS, name);
}

/** Words that start a top-level declaration. */
export const DECLARATION_KEYWORDS: readonly string[] = Object.freeze(['type', 'tool', 'use', 'alias']);

/** Statement words inside bodies: while loop, early return, break, continue. */
export const CONTROL_KEYWORDS: readonly string[] = Object.freeze(['wh', 'ret', 'brk', 'cnt']);

/** Literal words. */
export const LITERAL_KEYWORDS: readonly string[] = Object.freeze(['true', 'false', 'nil']);

/** Words that only mean something in one position (record update, tool options). */
export const CONTEXT_KEYWORDS: readonly string[] = Object.freeze(['with', 'timeout', 'retry']);

/** Every ilo keyword (not counting the reserved words of other languages). */
export const KEYWORDS: readonly string[] = Object.freeze([
  ...DECLARATION_KEYWORDS,
  ...CONTROL_KEYWORDS,
  ...LITERAL_KEYWORDS,
  ...CONTEXT_KEYWORDS,
]);

const keywordSet = new Set(KEYWORDS);
export function isKeyword(name: string): boolean {
  return keywordSet.has(name);
}

/** Single-letter primitive types: number, text, bool (`_` is "any"). */
export const PRIMITIVE_TYPE_LETTERS: readonly string[] = Object.freeze(['n', 't', 'b']);

/** Uppercase type constructors: list, result, function, optional, map, sum. */
export const TYPE_CONSTRUCTORS: readonly string[] = Object.freeze(['L', 'R', 'F', 'O', 'M', 'S']);

/** A lone lowercase letter other than n/t/b in type position is a type variable. */
export function isTypeVariable(name: string): boolean {
  return /^[a-z]$/.test(name) && !PRIMITIVE_TYPE_LETTERS.includes(name);
}

const IDENT_RE = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/** ilo identifier shape: lowercase ASCII, digits after the first letter, single hyphens between segments. */
export function isValidIdentifier(name: string): boolean {
  return IDENT_RE.test(name);
}

/**
 * Rewrite a name into ilo's kebab-case: `getUserId` → `get-user-id`,
 * `snake_case` → `snake-case`, `HTTPServer` → `http-server`, `MAX` → `max`.
 * Runs of anything that is not a letter or digit become one hyphen; leading
 * and trailing hyphens are dropped. The result can still be an invalid ilo
 * identifier (empty, or starting with a digit): check with isValidIdentifier.
 */
export function toKebabCase(s: string): string {
  const words: string[] = [];
  // A word is: an uppercase run not followed by lowercase (acronym), or an
  // optional capital followed by lowercase letters, or a run of digits glued
  // to the preceding word (utf8, v2).
  const re = /[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+/g;
  for (const chunk of s.split(/[^A-Za-z0-9]+/)) {
    if (chunk === '') continue;
    const parts = chunk.match(re) ?? [];
    let first = true;
    for (const p of parts) {
      // Keep digits attached to the word they follow (`utf8Decode` → `utf8-decode`)
      // and a lowercase word to leading digits (`2fa` stays `2fa`).
      const prev = words[words.length - 1];
      if (!first && prev !== undefined && (/^[0-9]+$/.test(p) || (/^[0-9]+$/.test(prev) && /^[a-z]/.test(p)))) {
        words[words.length - 1] = prev + p.toLowerCase();
      } else {
        words.push(p.toLowerCase());
      }
      first = false;
    }
  }
  return words.join('-');
}

/** Edit distance (insert, delete, substitute; each costs 1), counted in code points. */
export function levenshtein(a: string, b: string): number {
  const x = Array.from(a);
  const y = Array.from(b);
  if (x.length === 0) return y.length;
  if (y.length === 0) return x.length;
  let prev = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const cur = [i];
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
    }
    prev = cur;
  }
  return prev[y.length];
}

/** Largest edit distance the reference still offers as a "did you mean" (its verifier uses 3). */
export const SUGGESTION_MAX_DISTANCE = 3;

/**
 * The candidate closest to `name` within SUGGESTION_MAX_DISTANCE edits, or
 * undefined. Ties go to the earliest candidate; `name` itself is skipped.
 */
export function closestName(
  name: string,
  candidates: Iterable<string>,
  maxDistance: number = SUGGESTION_MAX_DISTANCE,
): string | undefined {
  let best: string | undefined;
  let bestDist = Infinity;
  for (const c of candidates) {
    if (c === name) continue;
    const d = levenshtein(name, c);
    if (d <= maxDistance && d < bestDist) {
      best = c;
      bestDist = d;
    }
  }
  return best;
}
