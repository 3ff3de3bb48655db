// "Did you mean": the closest known name within a small edit distance.
// Same answer as names.ts closestName (distance ≤ 3, ties to the earliest
// candidate), but bounded: candidates whose length alone rules them out are
// skipped and each comparison stops as soon as it cannot win. Files with
// hundreds of functions and many undefined names stay fast.

import { SUGGESTION_MAX_DISTANCE } from '../syntax/names';

export function nearestName(name: string, ...pools: Iterable<string>[]): string | undefined {
  return nearestWithDistance(name, pools)?.name;
}

export interface Near {
  name: string;
  distance: number;
}

/**
 * The closest candidate and its distance, or undefined. Ties go to the
 * earliest candidate, or with `ties: 'least'` to the alphabetically least
 * one: an answer that does not depend on the order of the pool (the global
 * names of a file, whose order an edit elsewhere can change).
 */
export function nearestWithDistance(name: string, pools: Iterable<string>[], ties: 'first' | 'least' = 'first'): Near | undefined {
  const least = ties === 'least';
  let best: string | undefined;
  let bestDist = SUGGESTION_MAX_DISTANCE + 1;
  for (const pool of pools) {
    for (const c of pool) {
      // A name listed twice compares equal twice; only a strictly closer one (or, by name, a lesser one) replaces the best.
      if (c === name) continue;
      const gap = Math.abs(c.length - name.length);
      if (least ? gap > bestDist : gap >= bestDist) continue;
      const d = boundedDistance(name, c, least ? bestDist : bestDist - 1);
      if (d < bestDist || (least && best !== undefined && d === bestDist && c < best)) {
        best = c;
        bestDist = d;
      }
    }
  }
  return best === undefined ? undefined : { name: best, distance: bestDist };
}

/** Whether `a` and `b` are close enough for one to be suggested for the other. */
export function withinSuggestionDistance(a: string, b: string): boolean {
  return Math.abs(a.length - b.length) <= SUGGESTION_MAX_DISTANCE && boundedDistance(a, b, SUGGESTION_MAX_DISTANCE) <= SUGGESTION_MAX_DISTANCE;
}

/** Of two answers, the closer; on a tie the first (earlier pools win ties). */
export function closer(a: Near | undefined, b: Near | undefined): Near | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return b.distance < a.distance ? b : a;
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
