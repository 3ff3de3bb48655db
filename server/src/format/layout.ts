// Statements, blocks and match arms laid out in rows, with the comments
// placed where they were.
//
// Expanded: one statement per row, blocks open with ` {` at the end of their
// head's row and close with `}` on a row of their own (`} {` before an else
// block), arms `pat: stmt` (or `pat: {` … `}` when the arm holds a block or
// several statements). Dense: the whole declaration on one row, statements
// joined by `;`.
//
// Comments force a line break at the statement (or arm, or field) boundary
// where they sit, in both styles; the break is always one the normaliser
// reads back as `;` (an indented continuation line) or as nothing (right
// after `{`, or before `}`), so breaking never changes the program.

import type * as A from '../syntax/ast';
import { blockAfter, commentText, findChar, type CommentPool, type Region } from './comments';
import type { ExprPrinter } from './expr';
import { glue } from './spelling';

/** Rows of output text being built. */
export class Writer {
  readonly rows: string[] = [];
  cur: string;
  /** True after a `--` comment ended the current row: nothing more may follow on it. */
  private closed = false;

  constructor(indent = 0) {
    this.cur = ' '.repeat(indent);
  }

  put(s: string): void {
    if (this.closed) throw new Error('text after a line comment');
    this.cur += s;
  }

  /** Ends the current row with a comment (on a row of its own when a comment already ends it). */
  trail(c: A.Comment): void {
    if (this.closed) {
      this.commentRow(this.cur.length - this.cur.trimStart().length, c);
      return;
    }
    this.cur = `${this.cur.replace(/\s+$/, '')} ${commentText(c)}`;
    this.closed = true;
  }

  /** Whether a comment ends the current row. */
  get isClosed(): boolean {
    return this.closed;
  }

  row(indent: number): void {
    this.rows.push(this.cur.replace(/\s+$/, ''));
    this.cur = ' '.repeat(indent);
    this.closed = false;
  }

  commentRow(indent: number, c: A.Comment): void {
    this.row(indent);
    this.cur += commentText(c);
    this.closed = true;
  }

  /** Whether the current row holds only its indentation. */
  get rowEmpty(): boolean {
    return this.cur.trim() === '';
  }

  finish(): string[] {
    this.rows.push(this.cur.replace(/\s+$/, ''));
    return this.rows;
  }
}

interface ListOptions {
  /** Printed before the first item when no comment breaks the line there (`;` after a function header). */
  firstSep: string;
  /** Whether the first statement follows a token after which `-1` reads as minus one (`{`, `;`), not `:`. */
  firstAtStart: boolean;
}

const indentOf = (depth: number): number => 2 * depth;

export class Layout {
  readonly dense: boolean;
  /** When set, nothing breaks lines and no comment is placed (lambda bodies, inline matches). */
  private inline = false;

  constructor(
    readonly printer: () => ExprPrinter,
    readonly pool: CommentPool,
    dense: boolean,
  ) {
    this.dense = dense;
  }

  private get p(): ExprPrinter {
    return this.printer();
  }

  // ------------------------------------------------------------ inline (inside expressions)

  stmtsInline(stmts: readonly A.Stmt[]): string {
    return this.inlined(() => {
      const w = new Writer();
      stmts.forEach((s, i) => {
        if (i > 0) w.put(this.dense ? ';' : '; ');
        this.stmt(w, s, 0, true);
      });
      return w.cur;
    });
  }

  armsInline(arms: readonly A.MatchArm[]): string {
    return this.inlined(() => {
      const w = new Writer();
      arms.forEach((arm, i) => {
        if (i > 0) w.put(this.dense ? ';' : '; ');
        this.armInline(w, arm);
      });
      return w.cur;
    });
  }

  private inlined(f: () => string): string {
    const was = this.inline;
    this.inline = true;
    try {
      return f();
    } finally {
      this.inline = was;
    }
  }

  private armInline(w: Writer, arm: A.MatchArm): void {
    w.put(`${this.pattern(arm.pattern)}:`);
    arm.body.forEach((s, i) => {
      if (i > 0) w.put(this.dense ? ';' : '; ');
      else if (!this.dense) w.put(' ');
      this.stmt(w, s, 0, false);
    });
  }

  // ------------------------------------------------------------ statement lists

  /**
   * Prints `stmts` at `depth` (function body: 1). `region`: the source
   * stretch holding them (after the header or `{`, up to the end or `}`),
   * whose comments this list places. Returns true when it ended on a comment
   * (the caller must start a new row before a closing brace).
   */
  stmtList(w: Writer, stmts: readonly A.Stmt[], region: Region, depth: number, opts: ListOptions): boolean {
    const indent = indentOf(depth);
    let prevEnd = region.from;
    stmts.forEach((s, i) => {
      const boundary = this.inline ? [] : this.pool.take(prevEnd, s.start);
      const hoisted = this.inline ? [] : this.pool.take(s.start, s.end, this.blockRegions(s));
      this.boundary(w, boundary, hoisted, prevEnd, indent, i === 0 ? opts.firstSep : ';');
      this.stmt(w, s, depth, i === 0 ? opts.firstAtStart : true);
      prevEnd = s.end;
    });
    return this.tail(w, prevEnd, region.to, indent);
  }

  /**
   * The break between two items (or before the first): with no comment, the
   * separator (dense) or a new row (expanded); with comments, the trailing
   * one ends the current row, the others get rows of their own.
   */
  private boundary(w: Writer, boundary: A.Comment[], hoisted: A.Comment[], prevEnd: number, indent: number, sep: string): void {
    if (this.inline) {
      w.put(this.dense ? sep : sep === '' ? '' : '; ');
      return;
    }
    const comments = [...boundary, ...hoisted];
    if (this.dense && comments.length === 0) {
      w.put(sep);
      return;
    }
    const first = boundary[0];
    const trailing = first !== undefined && this.pool.sameLine(prevEnd, first.start) && !w.rowEmpty ? first : undefined;
    if (trailing) w.trail(trailing);
    for (const c of comments) if (c !== trailing) w.commentRow(indent, c);
    w.row(indent);
  }

  /** Comments after the last item, before the list's end: a trailing one, then rows. */
  private tail(w: Writer, lastEnd: number, to: number, indent: number): boolean {
    if (this.inline) return false;
    const rest = this.pool.take(lastEnd, to);
    if (rest.length === 0) return false;
    const first = rest[0];
    const trailing = this.pool.sameLine(lastEnd, first.start) && !w.rowEmpty ? first : undefined;
    if (trailing) w.trail(trailing);
    for (const c of rest) if (c !== trailing) w.commentRow(indent, c);
    return true;
  }

  /** `{ stmts }` after the head already on the row. `depth`: the depth of the statement owning the block. */
  block(w: Writer, stmts: readonly A.Stmt[], region: Region | undefined, depth: number): void {
    const r = region ?? { from: 0, to: 0 };
    w.put(this.dense ? '{' : ' {');
    if (stmts.length === 0 && (this.inline || !this.pool.any(r.from + 1, r.to))) {
      w.put('}');
      return;
    }
    const brokeAtEnd = this.stmtList(w, stmts, { from: r.from + 1, to: r.to }, depth + 1, { firstSep: '', firstAtStart: true });
    if (!this.inline && (!this.dense || brokeAtEnd)) w.row(indentOf(depth));
    w.put('}');
  }

  // ------------------------------------------------------------ statements

  /** Whether the statement prints a block in expanded style. */
  hasBlock(s: A.Stmt): boolean {
    switch (s.kind) {
      case 'Guard':
        return !s.braceless;
      case 'ForEach':
      case 'ForRange':
      case 'While':
      case 'Match':
        return true;
      case 'Bind':
      case 'Return':
        return s.value.kind === 'Match' && !this.p.o.forced.has(s.value);
      default:
        return false;
    }
  }

  /** The blocks of a statement whose comments its own lists place (the others move before the statement). */
  blockRegions(s: A.Stmt): Region[] {
    const src = this.p.o.source;
    const after = (e: A.Span | undefined, fallback: number): Region[] => {
      const r = blockAfter(src, e ? e.end : fallback, s.end);
      return r ? [r] : [];
    };
    switch (s.kind) {
      case 'Guard': {
        if (s.braceless) return [];
        const first = after(s.cond, s.start);
        if (!s.elseBody || first.length === 0) return first;
        const second = blockAfter(src, first[0].to + 1, s.end);
        return second ? [...first, second] : first;
      }
      case 'ForEach':
        return after(s.collection, s.start);
      case 'ForRange':
        return after(s.to, s.start);
      case 'While':
        return after(s.cond, s.start);
      case 'Match':
        return after(s.subject, s.start + 1);
      case 'Bind':
      case 'Return':
        return this.hasBlock(s) ? this.blockRegions({ ...(s.value as A.MatchExpr), kind: 'Match' } as A.MatchStmt) : [];
      default:
        return [];
    }
  }

  /** One statement from the current position of `w`; `depth`: its own depth (function body: 1). */
  stmt(w: Writer, s: A.Stmt, depth: number, atStart: boolean): void {
    const p = this.p;
    const sp = this.dense ? '' : ' ';
    switch (s.kind) {
      case 'Bind': {
        const eq = this.dense ? `${s.name.text}=` : `${s.name.text} = `;
        if (this.hasBlock(s) && !this.inline) {
          w.put(eq);
          this.matchBlock(w, s.value as A.MatchExpr, depth);
          return;
        }
        const value = p.print(s.value, { kind: 'expr', followed: false, atStart: true });
        w.put(this.dense ? this.glueEq(eq, value) : eq + value);
        return;
      }
      case 'Destructure': {
        const value = p.print(s.value, { kind: 'expr', followed: false, atStart: true });
        const head = `{${s.names.map((n) => n.text).join(';')}}`;
        w.put(this.dense ? this.glueEq(`${head}=`, value) : `${head} = ${value}`);
        return;
      }
      case 'Guard':
        return this.guard(w, s, depth);
      case 'Match':
        return this.matchBlock(w, s, depth);
      case 'ForEach': {
        const coll = p.print(s.collection, { kind: 'inner', followed: false });
        w.put(`@${sp}${s.binding.text} ${coll}`);
        return this.block(w, s.body, this.blockRegions(s)[0], depth);
      }
      case 'ForRange': {
        const from = p.print(s.from, { kind: 'inner', followed: false });
        const to = p.print(s.to, { kind: 'inner', followed: false });
        w.put(`@${sp}${s.binding.text} ${from}..${to}`);
        return this.block(w, s.body, this.blockRegions(s)[0], depth);
      }
      case 'While':
        w.put(`wh ${p.print(s.cond, { kind: 'expr', followed: false })}`);
        return this.block(w, s.body, this.blockRegions(s)[0], depth);
      case 'Return':
        if (this.hasBlock(s) && !this.inline) {
          w.put('ret ');
          return this.matchBlock(w, s.value as A.MatchExpr, depth);
        }
        w.put(`ret ${p.print(s.value, { kind: 'expr', followed: false })}`);
        return;
      case 'Break':
        w.put(s.value ? `brk ${p.print(s.value, { kind: 'expr', followed: false })}` : 'brk');
        return;
      case 'Continue':
        w.put('cnt');
        return;
      case 'ExprStmt':
        w.put(p.print(s.expr, { kind: 'stmt', followed: false, atStart }));
        return;
    }
  }

  /** `x=` then the value: a value starting with `=` needs a space (`x= =a b`, not `x==a b`). */
  private glueEq(head: string, value: string): string {
    return value.startsWith('=') ? `${head} ${value}` : head + value;
  }

  private guard(w: Writer, g: A.GuardStmt, depth: number): void {
    const p = this.p;
    const braceless = g.braceless && g.body.length === 1 && g.body[0].kind === 'ExprStmt';
    const cond = g.negated
      ? this.bang(p.print(g.cond, { kind: 'bang', followed: braceless }))
      : p.print(g.cond, { kind: 'guard', followed: braceless, atStart: true });
    if (braceless) {
      const body = (g.body[0] as A.ExprStmt).expr;
      w.put(`${cond} ${p.print(body, { kind: 'operand', followed: false })}`);
      return;
    }
    w.put(cond);
    const regions = this.blockRegions(g);
    this.block(w, g.body, regions[0], depth);
    if (g.elseBody) this.block(w, g.elseBody, regions[1], depth);
  }

  private bang(cond: string): string {
    return this.dense ? glue('!', cond) : `! ${cond}`;
  }

  // ------------------------------------------------------------ match

  /** `?subj{arms}` from the current position; arms laid out like statements. */
  matchBlock(w: Writer, m: A.MatchStmt | A.MatchExpr, depth: number): void {
    if (this.inline) {
      w.put(this.p.matchInline(m));
      return;
    }
    const region = blockAfter(this.p.o.source, m.subject ? m.subject.end : m.start + 1, m.end) ?? { from: m.start, to: m.end };
    w.put(`${this.p.matchHead(m)}${this.dense ? '{' : ' {'}`);
    if (m.arms.length === 0 && !this.pool.any(region.from + 1, region.to)) {
      w.put('}');
      return;
    }
    const indent = indentOf(depth + 1);
    let prevEnd = region.from + 1;
    m.arms.forEach((arm, i) => {
      const boundary = this.pool.take(prevEnd, arm.start);
      this.boundary(w, boundary, [], prevEnd, indent, i === 0 ? '' : ';');
      this.arm(w, arm, depth + 1);
      prevEnd = arm.end;
    });
    const brokeAtEnd = this.tail(w, prevEnd, region.to, indent);
    if (!this.dense || brokeAtEnd) w.row(indentOf(depth));
    w.put('}');
  }

  private arm(w: Writer, arm: A.MatchArm, depth: number): void {
    const pat = `${this.pattern(arm.pattern)}:`;
    const colon = findChar(this.p.o.source, arm.pattern.end, ':', arm.end + 1);
    const region = { from: colon < 0 ? arm.pattern.end : colon, to: arm.end };
    if (this.dense) {
      w.put(pat);
      this.stmtList(w, arm.body, { from: region.from + 1, to: region.to }, depth, { firstSep: '', firstAtStart: false });
      return;
    }
    const simple =
      arm.body.length === 0 ||
      (arm.body.length === 1 && !this.hasBlock(arm.body[0]) && !this.pool.any(region.from + 1, region.to));
    if (simple) {
      w.put(arm.body.length === 0 ? pat : `${pat} `);
      if (arm.body.length === 1) this.stmt(w, arm.body[0], depth, false);
      return;
    }
    // `pat: {` … `}`: the same arm (a braced arm body is its statements).
    w.put(pat);
    this.block(w, arm.body, { from: region.from, to: region.to }, depth);
  }

  pattern(p: A.Pattern): string {
    switch (p.kind) {
      case 'OkPat':
        return `~${p.binding.text}`;
      case 'ErrPat':
        return `^${p.binding.text}`;
      case 'WildPat':
        return '_';
      case 'TypePat':
        return `${p.type} ${p.binding.text}`;
      case 'VariantPat':
        return `${p.tag.text}(${p.binding.text})`;
      case 'OrPat':
        return p.alternatives.map((a) => this.pattern(a)).join('|');
      case 'LitPat':
        // A sum-type variant is written bare (`red:`); its value is its name.
        if (p.value.kind === 'Text' && this.p.o.source[p.value.start] !== '"') return p.value.value;
        return this.p.bare(p.value, { kind: 'atom', followed: false });
    }
  }
}
