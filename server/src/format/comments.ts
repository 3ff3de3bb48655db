// Where the comments of a declaration go. Every comment is printed exactly
// once: the layout takes it from the pool at the first place it can keep it
// (a trailing comment stays at the end of its line, a comment line between
// statements stays between them); a comment inside an expression, where no
// line can break, moves up to just before its statement.
//
// Also the source scanning the layout needs: the AST records no brace
// positions, so blocks are found in the text (skipping literals and comments).

import type { Comment } from '../syntax/ast';

export class CommentPool {
  private readonly taken: boolean[];
  private readonly index = new Map<Comment, number>();
  /** Indices in the order they were taken. */
  private readonly log: number[] = [];

  /** `comments` in document order. */
  constructor(
    readonly comments: readonly Comment[],
    private readonly source: string,
  ) {
    this.taken = comments.map(() => false);
    comments.forEach((c, i) => this.index.set(c, i));
  }

  private firstFrom(offset: number): number {
    let lo = 0;
    let hi = this.comments.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.comments[mid].start < offset) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The comments starting in [from, to) that no one took yet; they are now taken. */
  take(from: number, to: number, except: readonly Region[] = []): Comment[] {
    const out: Comment[] = [];
    for (let i = this.firstFrom(from); i < this.comments.length && this.comments[i].start < to; i++) {
      if (this.taken[i]) continue;
      const c = this.comments[i];
      if (except.some((r) => r.from < c.start && c.start < r.to)) continue;
      this.taken[i] = true;
      this.log.push(i);
      out.push(c);
    }
    return out;
  }

  /** Whether an untaken comment starts in [from, to). */
  any(from: number, to: number): boolean {
    for (let i = this.firstFrom(from); i < this.comments.length && this.comments[i].start < to; i++) {
      if (!this.taken[i]) return true;
    }
    return false;
  }

  /** A mark to undo a layout attempt with `restore`. */
  snapshot(): number {
    return this.log.length;
  }

  restore(mark: number): void {
    while (this.log.length > mark) this.taken[this.log.pop() as number] = false;
  }

  /** Marks one comment as printed by someone else (a doc comment, a verbatim declaration). */
  claim(c: Comment): void {
    const i = this.index.get(c);
    if (i !== undefined && !this.taken[i]) {
      this.taken[i] = true;
      this.log.push(i);
    }
  }

  /** Whether no line break lies between offsets a and b. */
  sameLine(a: number, b: number): boolean {
    const lo = Math.min(a, b);
    const hi = Math.max(a, b);
    return this.source.slice(lo, hi).indexOf('\n') < 0;
  }
}

/** A stretch of source strictly between an opening and a closing bracket. */
export interface Region {
  from: number;
  to: number;
}

/** `--text` without trailing blanks. */
export function commentText(c: Comment): string {
  return `--${c.text.replace(/\s+$/, '')}`;
}

/** Offset of the first `ch` at or after `from` outside text literals and comments (-1 when none before `limit`). */
export function findChar(source: string, from: number, ch: string, limit = source.length): number {
  let i = from;
  while (i < limit) {
    const c = source[i];
    if (c === ch) return i;
    if (c === '"') i = skipText(source, i);
    else if (c === '-' && source[i + 1] === '-') i = lineEnd(source, i);
    else i++;
  }
  return -1;
}

/** Offset of the `}` that closes the `{` at `open` (-1 when unbalanced). */
export function matchingClose(source: string, open: number): number {
  let depth = 0;
  let i = open;
  while (i < source.length) {
    const c = source[i];
    if (c === '"') {
      i = skipText(source, i);
      continue;
    }
    if (c === '-' && source[i + 1] === '-') {
      i = lineEnd(source, i);
      continue;
    }
    if (c === '{') depth++;
    else if (c === '}') {
      depth--;
      if (depth === 0) return i;
    }
    i++;
  }
  return -1;
}

/** The block `{...}` opening at or after `from`, as the region between its braces. */
export function blockAfter(source: string, from: number, limit?: number): Region | undefined {
  const open = findChar(source, from, '{', limit);
  if (open < 0) return undefined;
  const close = matchingClose(source, open);
  return close < 0 ? undefined : { from: open, to: close };
}

function skipText(source: string, i: number): number {
  let j = i + 1;
  while (j < source.length && source[j] !== '"') j += source[j] === '\\' ? 2 : 1;
  return j + 1;
}

function lineEnd(source: string, i: number): number {
  const nl = source.indexOf('\n', i);
  return nl < 0 ? source.length : nl;
}
