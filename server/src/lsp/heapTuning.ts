// Heap sizing for the long-running language server process.
//
// Each keystroke leaves garbage that V8's defaults let pile up: a new flat
// copy of the document text (over 128 KB for a big file, so it lives in the
// large-object space and is freed only by a full collection) and the old
// syntax of the edited chunk. V8 also lets the young generation grow to
// 2 × 16 MB. A user sees that as resident memory that climbs while typing and
// falls back only when V8's memory reducer runs, seconds after the last edit.
//
// The process cannot pass flags to itself (editors start `node server.js`),
// so the server sets two V8 flags that V8 reads whenever it sizes the heap:
//   - the old generation may grow by HEAP_GROWING_PERCENT over what the last
//     full collection kept before the next (incremental, concurrent) one
//     starts, instead of V8's default of up to 4×;
//   - the young generation stops doubling once it reaches YOUNG_CAP_BYTES:
//     after every collection the growth factor is set to 1 at the cap and back
//     to 2 below it (V8's memory reducer shrinks it when the editor is idle).
// Nothing else changes; CLI commands (short-lived) keep V8's defaults.
import * as v8 from 'node:v8';
import { PerformanceObserver } from 'node:perf_hooks';

export const HEAP_GROWING_PERCENT = 20;
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
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
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
