// Where two versions of a text differ: the lengths of their common prefix and
// suffix. Long equal stretches are compared natively, a block at a time, so
// finding a one-character edit in a 174 KB document costs a few hundred
// block comparisons, and in a small one a few dozen, not a loop over every
// character.

/** Block sizes compared natively, largest first: at most 32 blocks of each smaller size, then up to 31 characters, are looked at one by one. */
const BLOCKS = [1024, 32];

/** Length of the longest common prefix of `a` and `b`, at most `max`. */
export function commonPrefixLength(a: string, b: string, max = Math.min(a.length, b.length)): number {
  let p = 0;
  for (const block of BLOCKS) {
    while (p + block <= max && a.substring(p, p + block) === b.substring(p, p + block)) p += block;
  }
  while (p < max && a.charCodeAt(p) === b.charCodeAt(p)) p++;
  return p;
}

/** Length of the longest common suffix of `a` and `b`, at most `max`. */
export function commonSuffixLength(a: string, b: string, max = Math.min(a.length, b.length)): number {
  const al = a.length;
  const bl = b.length;
  let s = 0;
  for (const block of BLOCKS) {
    while (s + block <= max && a.substring(al - s - block, al - s) === b.substring(bl - s - block, bl - s)) s += block;
  }
  while (s < max && a.charCodeAt(al - 1 - s) === b.charCodeAt(bl - 1 - s)) s++;
  return s;
}

/** The one stretch that differs: `a[start, aEnd)` became `b[start, bEnd)`; prefix and suffix never overlap. */
export interface TextChange {
  start: number;
  aEnd: number;
  bEnd: number;
}

export function textChange(a: string, b: string): TextChange {
  const min = Math.min(a.length, b.length);
  const start = commonPrefixLength(a, b, min);
  const suffix = commonSuffixLength(a, b, min - start);
  return { start, aEnd: a.length - suffix, bEnd: b.length - suffix };
}
