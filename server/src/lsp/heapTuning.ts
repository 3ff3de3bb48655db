// Heap sizing for the long-running language server process.
//
// Each keystroke allocates a few megabytes that die young, and V8's defaults
// let the young generation (where they are allocated) grow to 2 × 16 MB. Both
// halves stay resident, so the process holds 32 MB for garbage that a much
// smaller young generation collects just as well: the server caps it at
// YOUNG_CAP_BYTES.
//
// The process cannot pass flags to itself (other editors start `node
// server.js` with none of ours), and V8 fixes the young generation's maximum when the process starts. What it
// reads whenever it resizes is the growth factor, so after every collection
// the factor is set to 1 at the cap (no more growth) and back to 2 below it
// (V8's memory reducer shrinks the young generation when the editor is idle).
// CLI commands (short-lived) keep V8's defaults.
//
// Also measured and dropped: letting the old generation grow only 20% over
// what the last full collection kept (`--heap-growing-percent`). It frees
// the large flat copies of the document text sooner (resident size 94–101
// instead of 129–134 MB after the bench's 200 edits) but puts the pauses of
// the extra full collections into keystrokes (p95 about 3 ms worse).
import * as v8 from 'node:v8';
import { PerformanceObserver } from 'node:perf_hooks';

/** Both semi-spaces of the young generation together (4 MB each). */
export const YOUNG_CAP_BYTES = 8 * 1024 * 1024;

/** The growth factor for a young generation of `size` bytes: 1 (stop) at the cap or above it. */
export function youngGrowthFactor(size: number, cap: number = YOUNG_CAP_BYTES): 1 | 2 {
  return size >= cap ? 1 : 2;
}

function youngSize(): number {
  return v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')?.space_size ?? 0;
}

let observer: PerformanceObserver | undefined;

/** Applies the server's heap sizing to this process; calling it again does nothing. */
export function tuneHeapForServer(): void {
  if (observer) return;
  let factor = 0;
  const adjust = (): void => {
    const next = youngGrowthFactor(youngSize());
    if (next === factor) return;
    factor = next;
    v8.setFlagsFromString(`--semi-space-growth-factor=${factor}`);
  };
  adjust();
  observer = new PerformanceObserver(adjust);
  observer.observe({ entryTypes: ['gc'] });
}
