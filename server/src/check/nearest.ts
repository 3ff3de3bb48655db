// "Did you mean": the closest known name within a small edit distance.
// Same answer as names.ts closestName (distance ≤ 3, ties to the earliest
// candidate), but bounded: candidates whose length alone rules them out are
// skipped and each comparison stops as soon as it cannot win. Files with
// hundreds of functions and many undefined names stay fast.

import { SUGGESTION_MAX_DISTANCE } from '../syntax/names';

export function nearestName(name: string, ...pools: Iterable<string>[]): string | undefined {
  let best: string | undefined;
  let bestDist = SUGGESTION_MAX_DISTANCE + 1;
  const seen = new Set<string>();
  for (const pool of pools) {
    for (const c of pool) {
      if (c === name || seen.has(c)) continue;
      seen.add(c);
      if (Math.abs(c.length - name.length) >= bestDist) continue;
      const d = boundedDistance(name, c, bestDist - 1);
      if (d < bestDist) {
        best = c;
        bestDist = d;
      }
    }
  }
  return best;
}

// Reused rows (names are short; grown on demand).
let prev = new Int32Array(64);
let cur = new Int32Array(64);

/** Levenshtein distance of a and b if it is ≤ max, else max + 1. */
function boundedDistance(a: string, b: string, max: number): number {
  const n = b.length;
  if (n + 1 > prev.length) {
    prev = new Int32Array(n + 1);
    cur = new Int32Array(n + 1);
  }
  for (let j = 0; j <= n; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= n; j++) {
      const cost = ca === b.charCodeAt(j - 1) ? 0 : 1;
      const v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    const t = prev;
    prev = cur;
    cur = t;
  }
  return prev[n] <= max ? prev[n] : max + 1;
}
