// Confusable tool names (tool shadowing): two tools in scope whose names a
// model, or a person reviewing a tool list, can take for one another.
//
// Rule: compare "skeletons" — the name lower-cased, separators (`_ - . `
// and case changes) removed, look-alike characters folded to one ASCII
// letter (Cyrillic `а` → `a`, `0` → `o`, `1`/`I` → `l`, `rn` → `m`, ...).
// Two different names are confusable when their skeletons are equal, or
// differ by one edit (a swap of neighbours counts as one) and are at least
// six characters long (short names such as `get`/`set` are ordinary pairs).

/** Look-alikes folded to the ASCII letter they imitate. */
const FOLD: Record<string, string> = {
  // digits and ASCII
  '0': 'o',
  '1': 'l',
  '!': 'l',
  '|': 'l',
  i: 'l',
  '5': 's',
  '$': 's',
  '3': 'e',
  '4': 'a',
  '@': 'a',
  '7': 't',
  '8': 'b',
  // Cyrillic
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  ѕ: 's',
  і: 'l',
  ї: 'l',
  ј: 'j',
  һ: 'h',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  // Greek
  α: 'a',
  β: 'b',
  ε: 'e',
  η: 'n',
  ι: 'l',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  // Latin look-alikes
  ı: 'l',
  ɩ: 'l',
  ǀ: 'l',
  ℓ: 'l',
  ʟ: 'l',
};

/** The comparison form of a tool name (see the module comment). */
export function nameSkeleton(name: string): string {
  // Compatibility decomposition turns full-width and styled letters into ASCII
  // and splits accents off, which are then dropped.
  const base = name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
  let out = '';
  for (const ch of base) {
    if (/[\s_\-.:/]/.test(ch)) continue;
    if (/\p{Cf}/u.test(ch)) continue;
    out += FOLD[ch] ?? ch;
  }
  return out.replace(/rn/g, 'm').replace(/vv/g, 'w').replace(/cl/g, 'd');
}

/** Letters outside ASCII in a name: in an MCP tool name they can only be there to imitate ASCII ones. */
export function nonAsciiLetters(name: string): string[] {
  return [...new Set([...name].filter((ch) => /\p{L}/u.test(ch) && ch.codePointAt(0)! > 0x7f))];
}

/** Optimal string alignment distance: insert, delete, substitute, swap neighbours (each 1). */
export function editDistance(a: string, b: string): number {
  const x = Array.from(a);
  const y = Array.from(b);
  const d: number[][] = Array.from({ length: x.length + 1 }, (_, i) => Array.from({ length: y.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= x.length; i++) {
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[x.length][y.length];
}

/**
 * Whether two different strings are exactly one edit apart (one insertion,
 * deletion, substitution or swap of neighbours), in linear time.
 */
export function oneEditApart(a: string, b: string): boolean {
  if (a === b) return false;
  const x = Array.from(a);
  const y = Array.from(b);
  if (Math.abs(x.length - y.length) > 1) return false;
  let i = 0;
  while (i < x.length && i < y.length && x[i] === y[i]) i++;
  const rest = (p: number, q: number) => x.slice(p).join('') === y.slice(q).join('');
  if (x.length === y.length) {
    // One substitution, or one swap of neighbours.
    if (rest(i + 1, i + 1)) return true;
    return i + 1 < x.length && x[i] === y[i + 1] && x[i + 1] === y[i] && rest(i + 2, i + 2);
  }
  return x.length > y.length ? rest(i + 1, i) : rest(i, i + 1);
}

/** Skeletons shorter than this only match exactly. */
export const CONFUSABLE_MIN_LENGTH = 6;

export type Confusion = 'same-skeleton' | 'one-edit';

/** How two different names can be confused, or undefined when they cannot. */
export function nameConfusion(a: string, b: string): Confusion | undefined {
  if (a === b) return undefined;
  const sa = nameSkeleton(a);
  const sb = nameSkeleton(b);
  if (sa === '' || sb === '') return undefined;
  if (sa === sb) return 'same-skeleton';
  if (Math.min(sa.length, sb.length) >= CONFUSABLE_MIN_LENGTH && oneEditApart(sa, sb)) return 'one-edit';
  return undefined;
}
