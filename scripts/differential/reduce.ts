// Delta debugging (Zeller's ddmin) of a program against a disagreement: the
// smallest text, found by removing lines, then tokens, then single
// characters, on which the disagreement still shows. Every test may ask the
// reference (cached), so the number of tests is bounded.

/** Pieces of `text` that concatenate back to it: lines (with their newline). */
function linePieces(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

/** Pieces of `text`: each token with the blanks after it. */
function tokenPieces(text: string): string[] {
  return text.match(/"(?:[^"\\\n]|\\.)*"?\s*|--[^\n]*\n?|[A-Za-z0-9_.-]+\s*|[^\sA-Za-z0-9_"]\s*|\s+/gu) ?? [];
}

function charPieces(text: string): string[] {
  return Array.from(text);
}

async function ddmin(pieces: string[], fails: (text: string) => Promise<boolean>, budget: { left: number }): Promise<string[]> {
  let units = pieces;
  let n = 2;
  while (units.length >= 2 && budget.left > 0) {
    const size = Math.ceil(units.length / n);
    let reduced = false;
    for (let i = 0; i < units.length && budget.left > 0; i += size) {
      const complement = units.slice(0, i).concat(units.slice(i + size));
      if (complement.length === 0) continue;
      budget.left--;
      if (await fails(complement.join(''))) {
        units = complement;
        n = Math.max(n - 1, 2);
        reduced = true;
        break;
      }
    }
    if (!reduced) {
      if (n >= units.length) break;
      n = Math.min(units.length, n * 2);
    }
  }
  return units;
}

/**
 * The smallest text found on which `fails` still holds (`text` itself
 * must fail). `maxTests` bounds the calls to `fails`.
 */
export async function reduce(text: string, fails: (text: string) => Promise<boolean>, maxTests = 300): Promise<{ text: string; tests: number }> {
  const budget = { left: maxTests };
  let cur = text;
  for (const split of [linePieces, tokenPieces, charPieces]) {
    if (budget.left <= 0) break;
    // Character-level only once the text is small.
    if (split === charPieces && cur.length > 120) break;
    cur = (await ddmin(split(cur), fails, budget)).join('');
  }
  // Trailing blanks are noise.
  const trimmed = cur.replace(/\s+$/, '');
  if (trimmed !== cur && budget.left > 0) {
    budget.left--;
    if (await fails(trimmed)) cur = trimmed;
  }
  return { text: cur, tests: maxTests - budget.left };
}
