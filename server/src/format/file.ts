// A whole file: declarations in order, each with its doc comment lines above
// it and its trailing comment after it; comment lines between declarations
// at column 0; blank lines between top-level items kept (at most one). A
// declaration is printed from the tree (level 0: parentheses only where
// needed, level 1: around every compound operand) or copied as written
// (level 2, `use` lines, and anything the printers cannot place).

import type * as A from '../syntax/ast';
import { levelById } from '../level';
import type { AritySource } from './arity';
import { CommentPool, commentText } from './comments';
import { DeclPrinter } from './decl';
import { ExprPrinter, type Style } from './expr';
import { Layout, Writer } from './layout';

export interface DeclPlan {
  level: 0 | 1 | 2;
  /** Nodes to parenthesise (repairs found by the verifier). */
  forced: Set<object>;
}

export interface Rendered {
  text: string;
  /** Per declaration: its printed code in `text` (doc comments excluded, trailing comment included). */
  decls: Array<{ start: number; end: number; verbatim: boolean }>;
}

export interface RenderInput {
  program: A.Program;
  source: string;
  style: Style;
  plans: readonly DeclPlan[];
  arityAt: (declIndex: number) => AritySource;
  userNames: ReadonlySet<string>;
}

interface Item {
  /** Source span the item covers (for blank-line detection). */
  srcStart: number;
  srcEnd: number;
  rows: string[];
  decl?: number;
  verbatim?: boolean;
}

export function render(input: RenderInput): Rendered {
  const { program, source } = input;
  const pool = new CommentPool(program.comments, source);
  const decls = program.decls;
  for (const d of decls) for (const c of d.doc) pool.claim(c);

  const items: Item[] = [];
  // Level 26: the version pragma stays where it is (before any code; comment lines may precede it).
  const pragma = program.pragma;
  if (pragma !== undefined) {
    const trailing = trailingComment(program.comments, source, pragma.end, decls[0]?.start ?? Infinity);
    if (trailing) pool.claim(trailing);
    const row = `^${pragma.version}`;
    items.push({ srcStart: pragma.start, srcEnd: trailing ? trailing.end : pragma.end, rows: [trailing ? `${row} ${commentText(trailing)}` : row] });
  }
  decls.forEach((d, i) => {
    const next = decls[i + 1]?.start ?? Infinity;
    const trailing = trailingComment(program.comments, source, d.end, next);
    const { rows, verbatim } = printDecl(input, pool, i);
    if (trailing) {
      pool.claim(trailing);
      const last = rows.length - 1;
      rows[last] = `${rows[last].replace(/\s+$/, '')} ${commentText(trailing)}`;
    }
    const docRows = d.doc.map(commentText);
    items.push({
      srcStart: d.doc[0]?.start ?? d.start,
      srcEnd: trailing ? trailing.end : d.end,
      rows: [...docRows, ...rows],
      decl: i,
      verbatim,
    });
  });
  // Whatever is left is a comment line of its own between declarations.
  for (const c of pool.take(0, Infinity)) items.push({ srcStart: c.start, srcEnd: c.end, rows: [commentText(c)] });
  items.sort((a, b) => a.srcStart - b.srcStart);

  const out: string[] = [];
  let length = 0;
  const push = (line: string): void => {
    out.push(line);
    length += line.length + 1;
  };
  const placed: Rendered['decls'] = decls.map(() => ({ start: 0, end: 0, verbatim: false }));
  items.forEach((item, k) => {
    if (k > 0 && /\n[ \t]*\r?\n/.test(source.slice(items[k - 1].srcEnd, item.srcStart))) push('');
    if (item.decl !== undefined) {
      const docCount = decls[item.decl].doc.length;
      item.rows.forEach((r, j) => {
        if (j === docCount) placed[item.decl as number].start = length;
        push(r);
      });
      placed[item.decl] = { ...placed[item.decl], end: length - 1, verbatim: item.verbatim === true };
    } else {
      item.rows.forEach(push);
    }
  });
  return { text: out.length === 0 ? '' : `${out.join('\n')}\n`, decls: placed };
}

/** The comment after a declaration's last token on the same line, if any. */
function trailingComment(comments: readonly A.Comment[], source: string, end: number, nextDecl: number): A.Comment | undefined {
  for (const c of comments) {
    if (c.start < end) continue;
    if (c.start >= nextDecl || source.slice(end, c.start).includes('\n')) return undefined;
    return c;
  }
  return undefined;
}

/** One declaration's rows: printed, or copied as written (with the comments inside it). */
function printDecl(input: RenderInput, pool: CommentPool, i: number): { rows: string[]; verbatim: boolean } {
  const d = input.program.decls[i];
  const plan = input.plans[i];
  const copy = (): { rows: string[]; verbatim: boolean } => {
    pool.take(d.start, d.end);
    return { rows: input.source.slice(d.start, d.end).replace(/\r\n/g, '\n').split('\n'), verbatim: true };
  };
  if (plan.level === 2 || d.kind === 'UseDecl' || d.kind === 'ErrorDecl') return copy();
  const snapshot = pool.snapshot();
  try {
    let printer: ExprPrinter | undefined;
    const layout = new Layout(() => printer as ExprPrinter, pool, input.style === 'dense');
    printer = new ExprPrinter({
      style: input.style,
      source: input.source,
      arities: input.arityAt(i),
      userNames: input.userNames,
      syntax: levelById(input.program.level ?? '0.11').syntax,
      level: plan.level,
      forced: plan.forced,
      stmtsInline: (stmts) => layout.stmtsInline(stmts),
      textAsWritten: levelById(input.program.level ?? '0.11').format.textAsWritten,
      armsInline: (arms) => layout.armsInline(arms),
    });
    const w = new Writer();
    const ok = new DeclPrinter(printer, layout, pool).print(w, d);
    // A comment no layout placed (inside a header, say): keep the declaration as written.
    if (!ok || pool.any(d.start, d.end)) {
      pool.restore(snapshot);
      return copy();
    }
    return { rows: w.finish(), verbatim: false };
  } catch {
    // Never lose a declaration to a printer bug: copy it.
    pool.restore(snapshot);
    return copy();
  }
}
