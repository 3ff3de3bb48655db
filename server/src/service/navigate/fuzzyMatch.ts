// Fuzzy matching of a typed query against a symbol name, for workspace
// symbols: `sumbask` finds `sum-basket`. A match has a tier (lower is better):
// the exact name, a prefix, a match that starts each piece at a word start
// (`sumbask` = sum|bask, `gu` = get-user), a contiguous substring, then any
// in-order subsequence. Case is ignored; `-`, `_` and `.` in the query are
// optional (they only separate words).

export const MatchTier = {
  Exact: 0,
  Prefix: 1,
  WordStarts: 2,
  Substring: 3,
  Subsequence: 4,
} as const;
export type MatchTier = (typeof MatchTier)[keyof typeof MatchTier];

const SEPARATORS = /[-_.\s]+/g;

/** The words of a name: split at separators and at lower→upper case changes. */
function wordsOf(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(SEPARATORS)
    .filter((w) => w !== '')
    .map((w) => w.toLowerCase());
}

/** Whether `q` can be cut into pieces that are prefixes of successive words (words may be skipped). */
function matchesWordStarts(q: string, words: readonly string[]): boolean {
  const failed = new Set<number>(); // qi * (words.length + 1) + wi known not to match
  const go = (qi: number, wi: number): boolean => {
    if (qi === q.length) return true;
    const key = qi * (words.length + 1) + wi;
    if (failed.has(key)) return false;
    for (let w = wi; w < words.length; w++) {
      const word = words[w];
      let k = 0;
      while (k < word.length && qi + k < q.length && word[k] === q[qi + k]) k++;
      for (let take = k; take >= 1; take--) if (go(qi + take, w + 1)) return true;
    }
    failed.add(key);
    return false;
  };
  return go(0, 0);
}

function isSubsequence(q: string, s: string): boolean {
  let i = 0;
  for (let j = 0; j < s.length && i < q.length; j++) if (s[j] === q[i]) i++;
  return i === q.length;
}

/** The tier of `name` for `query`, or undefined when it does not match. An empty query matches everything. */
export function matchTier(query: string, name: string): MatchTier | undefined {
  const q = query.trim().toLowerCase();
  const n = name.toLowerCase();
  if (q === '') return MatchTier.Subsequence;
  if (n === q) return MatchTier.Exact;
  if (n.startsWith(q)) return MatchTier.Prefix;
  const bare = q.replace(SEPARATORS, '');
  if (bare === '') return undefined;
  if (matchesWordStarts(bare, wordsOf(name))) return MatchTier.WordStarts;
  if (n.includes(q)) return MatchTier.Substring;
  return isSubsequence(bare, n.replace(SEPARATORS, '')) ? MatchTier.Subsequence : undefined;
}

/** Orders matches: better tier, then shorter name, then alphabetically. */
export function compareMatches(a: { tier: MatchTier; name: string }, b: { tier: MatchTier; name: string }): number {
  return a.tier - b.tier || a.name.length - b.name.length || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
}
