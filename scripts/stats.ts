// Order statistics shared by the benchmark sections (bench.ts, benchBlackBox.ts, benchGate.ts),
// so that a "p95" means the same thing in every table.

/** The q-quantile of `xs` (nearest rank below, over n − 1 gaps); NaN for no samples. */
export function quantile(xs: readonly number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * (s.length - 1)))];
}

export const median = (xs: readonly number[]): number => quantile(xs, 0.5);
