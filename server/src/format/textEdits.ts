// The smallest set of line edits that turns one text into another (Myers'
// diff over lines), so an editor applying a format keeps its cursor, marks
// and undo steps on the lines that did not change.

import type { TextEdit } from '../diagnostics';

/** Lines with their terminators (`\n` or `\r\n`); the last one may have none. */
function splitLines(text: string): string[] {
  const lines: string[] = [];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      lines.push(text.slice(start, i + 1));
      start = i + 1;
    }
  }
  if (start < text.length) lines.push(text.slice(start));
  return lines;
}

/** Above this many differing lines, one edit replaces the changed middle (the diff would cost more than it saves). */
const MAX_EDIT_DISTANCE = 500;

/**
 * Edits (offsets into `before`, in order, not overlapping) that turn
 * `before` into `after`. Unchanged lines are never touched.
 */
export function lineEdits(before: string, after: string, base = 0): TextEdit[] {
  if (before === after) return [];
  const a = splitLines(before);
  const b = splitLines(after);
  // Common head and tail first: most formats change a few places.
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const offsets: number[] = [base];
  for (const line of a) offsets.push(offsets[offsets.length - 1] + line.length);
  const midA = a.slice(head, a.length - tail);
  const midB = b.slice(head, b.length - tail);
  const script = diffScript(midA, midB);
  if (script === undefined) {
    return [{ start: offsets[head], end: offsets[a.length - tail], newText: midB.join('') }];
  }
  // Group consecutive deletions/insertions into one edit each.
  const edits: TextEdit[] = [];
  let i = 0;
  let j = 0;
  let k = 0;
  while (k < script.length) {
    if (script[k] === '=') {
      i++;
      j++;
      k++;
      continue;
    }
    const fromA = i;
    const fromB = j;
    while (k < script.length && script[k] !== '=') {
      if (script[k] === '-') i++;
      else j++;
      k++;
    }
    edits.push({ start: offsets[head + fromA], end: offsets[head + i], newText: midB.slice(fromB, j).join('') });
  }
  return edits;
}

/** `=` keep, `-` delete from a, `+` insert from b; undefined when the distance exceeds the cap. */
function diffScript(a: readonly string[], b: readonly string[]): string[] | undefined {
  const n = a.length;
  const m = b.length;
  const max = Math.min(n + m, MAX_EDIT_DISTANCE);
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  for (let d = 0; d <= max; d++) {
    trace.push(v.slice());
    for (let k = -d; k <= d; k += 2) {
      let x: number;
      if (k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1])) x = v[offset + k + 1];
      else x = v[offset + k - 1] + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) return backtrack(trace, d, k, n, m, offset, a, b);
    }
  }
  return undefined;
}

function backtrack(
  trace: Int32Array[],
  dEnd: number,
  kEnd: number,
  n: number,
  m: number,
  offset: number,
  a: readonly string[],
  b: readonly string[],
): string[] {
  const ops: string[] = [];
  let x = n;
  let y = m;
  let k = kEnd;
  for (let d = dEnd; d > 0; d--) {
    const v = trace[d];
    const down = k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1]);
    const prevK = down ? k + 1 : k - 1;
    const prevX = v[offset + prevK];
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY && a[x - 1] === b[y - 1]) {
      ops.push('=');
      x--;
      y--;
    }
    ops.push(down ? '+' : '-');
    x = prevX;
    y = prevY;
    k = prevK;
  }
  while (x > 0 && y > 0) {
    ops.push('=');
    x--;
    y--;
  }
  return ops.reverse();
}
