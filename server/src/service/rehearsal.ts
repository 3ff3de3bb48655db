// Rehearsing the edit path while the user reads. A fresh server process runs
// the code of an edit (re-chunking, reuse of parsed chunks, incremental
// checker and contract passes, diagnostic conversion) unoptimised for the
// first few dozen keystrokes: on a large file those take two to three times
// as long as later ones. A rehearsal types and deletes one character at a few
// code lines of the opened document, analysing each version and discarding
// the results, so the engine has compiled that code before the user types.
//
// It runs only in idle time, one analysis per step; the caller stops it
// before handling any message, and `end` analyses the document's real text
// again if a rehearsed version is the current one, so nothing a request or a
// later edit sees comes from a rehearsal.

/** Documents with fewer lines are cheap to edit even cold: no rehearsal. */
export const MIN_REHEARSAL_LINES = 500;
/** Insert-then-delete pairs a rehearsal types. */
export const REHEARSAL_PAIRS = 48;

/**
 * Where a rehearsal types: the end offsets of up to `pairs` code lines (not
 * blank, not a comment), in document order. Each kind of line takes its
 * share, since each runs code of its own when edited: record types, tools,
 * other declaration heads, and indented body lines; within a kind the lines
 * are spread evenly over the document.
 */
export function rehearsalPoints(text: string, pairs = REHEARSAL_PAIRS): number[] {
  const kinds = new Map<string, number[]>();
  let start = 0;
  while (start <= text.length) {
    const nl = text.indexOf('\n', start);
    const end = nl < 0 ? text.length : nl;
    const line = text.slice(start, end);
    const body = line.trimStart();
    if (body.trim() !== '' && !body.startsWith('--')) {
      const kind = body !== line ? 'body' : /^type\s/.test(line) ? 'type' : /^tool\s/.test(line) ? 'tool' : 'head';
      const list = kinds.get(kind) ?? [];
      list.push(line.endsWith('\r') ? end - 1 : end);
      kinds.set(kind, list);
    }
    if (nl < 0) break;
    start = nl + 1;
  }
  if (pairs <= 0) return [];
  // Shares as even as the kinds allow: a kind with few lines leaves the rest to the others.
  const lists = [...kinds.values()].sort((a, b) => a.length - b.length);
  const points: number[] = [];
  let left = pairs;
  lists.forEach((ends, i) => {
    const n = Math.min(ends.length, Math.floor(left / (lists.length - i)));
    for (let k = 0; k < n; k++) points.push(ends[Math.floor(((k + 0.5) * ends.length) / n)]);
    left -= n;
  });
  return points.sort((a, b) => a - b);
}

/**
 * One rehearsal over a document's text. `pointsOf` says where to type (see
 * rehearsalPoints); it is called at the first step, in idle time, not when
 * the rehearsal is made right after the open's analysis. `analyse` analyses a
 * version of the document (its results are not published).
 */
export class EditRehearsal {
  private points?: readonly number[];
  private next = 0;
  /** Whether the last version analysed is not the document's own text. */
  private dirty = false;
  private finished = false;
  /** Versions analysed so far (the final analysis of the real text included). */
  analyses = 0;

  constructor(
    private readonly text: string,
    private readonly pointsOf: (text: string) => readonly number[],
    private readonly analyse: (text: string) => void,
  ) {}

  /** Analyses the next version; false once none is left (the document is then analysed as its own text). */
  step(): boolean {
    if (this.finished) return false;
    const points = (this.points ??= this.pointsOf(this.text));
    const k = this.next++;
    const pair = k >> 1;
    if (pair >= points.length) {
      this.end();
      return false;
    }
    if (k % 2 === 0) {
      const at = points[pair];
      // Dirty first: an analysis that throws may still have taken the typed text.
      this.dirty = true;
      this.analyses++;
      this.analyse(`${this.text.slice(0, at)}x${this.text.slice(at)}`);
    } else {
      this.analyses++;
      this.analyse(this.text);
      this.dirty = false;
    }
    return true;
  }

  /** Stops the rehearsal; the document's own text is analysed again if a rehearsed version was the last. */
  end(): void {
    if (this.finished) return;
    this.finished = true;
    if (this.dirty) {
      this.dirty = false;
      this.analyses++;
      this.analyse(this.text);
    }
  }

  get done(): boolean {
    return this.finished;
  }
}
