// Whether two declarations say the same thing: the same tree, with offsets
// compared relative to each declaration's start. The incremental verifier
// (check/) uses it to recognise a declaration the parser built anew (its
// chunk was re-parsed) although nothing in it changed. Part of incremental/
// (see chunks.ts).

import type { Decl } from '../ast';

/** Same tree, offsets relative to the starts; doc comments are not compared. Never throws. */
export function sameTree(a: Decl, b: Decl): boolean {
  if (a === b) return true;
  const da = a.start;
  const db = b.start;
  const same = (x: unknown, y: unknown, key: string): boolean => {
    if (key === 'start' || key === 'end') return typeof x === 'number' && typeof y === 'number' && x - da === y - db;
    if (x === y) return true;
    if (x === null || y === null || typeof x !== 'object' || typeof y !== 'object') return false;
    if (Array.isArray(x)) {
      if (!Array.isArray(y) || x.length !== y.length) return false;
      for (let i = 0; i < x.length; i++) if (!same(x[i], y[i], '')) return false;
      return true;
    }
    const ox = x as Record<string, unknown>;
    const oy = y as Record<string, unknown>;
    let keys = 0;
    for (const k in ox) {
      if (k === 'doc') continue;
      keys++;
      if (!(k in oy) || !same(ox[k], oy[k], k)) return false;
    }
    for (const k in oy) if (k !== 'doc') keys--;
    return keys === 0;
  };
  try {
    return same(a, b, '');
  } catch {
    return false; // too deep to compare: treat as different
  }
}
