// The formatter's guarantee: print, parse what was printed, and keep it only
// when every declaration means what it meant (meaning.ts), every comment is
// still there in the same order, and every declaration keeps its doc
// comments. Where a declaration comes back different, repair it and try
// again: first parenthesise the operands of the node that changed (the
// printer's grouping rules missed a case), then parenthesise every compound
// operand of the declaration, and last copy the declaration as written. If
// even that does not converge, the file is returned unchanged.

import { levelById } from '../level';
import type * as A from '../syntax/ast';
import type { Diagnostic } from '../diagnostics';
import { IncrementalParser } from '../syntax/parse';
import { exprOperands, stmtOperands } from '../syntax/walk';
import { arityTable, userNames } from './arity';
import { render, type DeclPlan, type Rendered } from './file';
import { nodeDifference } from './meaning';
import type { Style } from './expr';

export interface VerifiedText {
  text: string;
  rendered: Rendered;
  stats: FormatStats;
}

export interface FormatStats {
  /** Declarations printed from the tree with parentheses only where needed. */
  printed: number;
  /** Declarations printed with every compound operand in parentheses. */
  parenthesised: number;
  /** Declarations copied as written (`use` lines, and what could not be printed safely). */
  copied: number;
  /** Nodes the verifier had to parenthesise. */
  repairs: number;
  /** Print-and-parse rounds. */
  rounds: number;
  /** True when no safe print was found and the text was left as it was. */
  unchanged: boolean;
}

const MAX_ROUNDS = 12;
const MAX_NODE_REPAIRS = 4;

/** Prints `program` (a clean parse of `source`) and verifies the result; never returns a text that means something else. */
export function printVerified(
  program: A.Program,
  source: string,
  style: Style,
  external: ReadonlyMap<string, number> | undefined,
  externalParams?: ReadonlyMap<string, readonly string[]>,
): VerifiedText {
  const decls = program.decls;
  const names = userNames(decls, external);
  const level = levelById(program.level ?? '0.11');
  const arityAt = arityTable(decls, external, level.calls);
  const plans: DeclPlan[] = decls.map(() => ({ level: 0, forced: new Set<object>() }));
  const nodeRepairs = decls.map(() => 0);
  const statements = new WeakSet<object>();
  for (const d of decls) if (d.kind === 'FunctionDecl') collectStatements(d.body, statements);
  const parser = new IncrementalParser();
  let repairs = 0;
  const options = external && external.size > 0 ? { externalArities: external, externalParams, level } : { level };

  for (let round = 1; round <= MAX_ROUNDS; round++) {
    const rendered = render({ program, source, style, plans, arityAt, userNames: names });
    const back = parser.parse(rendered.text, options);
    const bad = problems(program, back.program, back.diagnostics, rendered, names);
    if (bad.size === 0) {
      return { text: rendered.text, rendered, stats: stats(plans, decls, repairs, round, false) };
    }
    for (const [i, node] of bad) {
      const plan = plans[i];
      if (plan.level === 0 && node !== undefined && nodeRepairs[i] < MAX_NODE_REPAIRS) {
        nodeRepairs[i]++;
        const targets = repairTargets(node, statements).filter((t) => !plan.forced.has(t));
        if (targets.length > 0) {
          for (const t of targets) plan.forced.add(t);
          repairs += targets.length;
          continue;
        }
      }
      plan.level = plan.level === 0 ? 1 : 2;
    }
  }
  const unchanged: Rendered = { text: source, decls: decls.map((d) => ({ start: d.start, end: d.end, verbatim: true })) };
  return { text: source, rendered: unchanged, stats: stats(plans, decls, repairs, MAX_ROUNDS, true) };
}

function stats(plans: readonly DeclPlan[], decls: readonly A.Decl[], repairs: number, rounds: number, unchanged: boolean): FormatStats {
  let printed = 0;
  let parenthesised = 0;
  let copied = 0;
  plans.forEach((p, i) => {
    if (unchanged || p.level === 2 || decls[i].kind === 'UseDecl') copied++;
    else if (p.level === 1) parenthesised++;
    else printed++;
  });
  return { printed, parenthesised, copied, repairs, rounds, unchanged };
}

/** Declarations of the print that do not come back as they were: index → the original node that changed (if known). */
function problems(
  before: A.Program,
  after: A.Program,
  diagnostics: readonly Diagnostic[],
  rendered: Rendered,
  names: ReadonlySet<string>,
): Map<number, object | undefined> {
  const bad = new Map<number, object | undefined>();
  const errors = diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0) {
    for (const e of errors) bad.set(declAt(rendered, e.start), undefined);
    return bad;
  }
  const a = before.decls;
  const b = after.decls;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const node = nodeDifference(a[i], b[i], names);
    if (node !== undefined) {
      bad.set(i, node);
      // When the counts differ, declarations after the first difference are shifted: repair that one first.
      if (a.length !== b.length) return bad;
    } else if (!sameComments(a[i].doc, b[i].doc)) {
      bad.set(i, undefined);
    }
  }
  if (a.length !== b.length) {
    if (bad.size === 0) bad.set(Math.min(n, a.length - 1), undefined);
    return bad;
  }
  if (bad.size === 0 && !sameComments(before.comments, after.comments)) {
    // A comment got lost or moved across another: copy the declarations whose comments changed.
    a.forEach((d, i) => {
      const inside = (p: A.Program, x: A.Decl) => p.comments.filter((c) => c.start > x.start && c.start < x.end);
      if (!sameComments(inside(before, d), inside(after, b[i]))) bad.set(i, undefined);
    });
    if (bad.size === 0) a.forEach((_, i) => bad.set(i, undefined));
  }
  return bad;
}

function sameComments(a: readonly A.Comment[], b: readonly A.Comment[]): boolean {
  if (a.length !== b.length) return false;
  return a.every((c, i) => c.text.replace(/\s+$/, '') === b[i].text.replace(/\s+$/, ''));
}

/** The declaration whose printed text holds `offset` (or the last one before it). */
function declAt(rendered: Rendered, offset: number): number {
  let best = 0;
  rendered.decls.forEach((d, i) => {
    if (d.start <= offset) best = i;
  });
  return best;
}

function collectStatements(stmts: readonly A.Stmt[], into: WeakSet<object>): void {
  for (const s of stmts) {
    into.add(s);
    switch (s.kind) {
      case 'Guard':
        collectStatements(s.body, into);
        if (s.elseBody) collectStatements(s.elseBody, into);
        break;
      case 'Match':
        for (const arm of s.arms) collectStatements(arm.body, into);
        break;
      case 'ForEach':
      case 'ForRange':
      case 'While':
        collectStatements(s.body, into);
        break;
      default:
        break;
    }
    for (const e of stmtExprs(s)) collectNested(e, into);
  }
}

/** Statements inside expressions (lambda bodies, match expression arms). */
function collectNested(e: A.Expr, into: WeakSet<object>): void {
  if (e.kind === 'Lambda') collectStatements(e.body, into);
  if (e.kind === 'Match') for (const arm of e.arms) collectStatements(arm.body, into);
  for (const c of exprOperands(e)) collectNested(c, into);
}

/** What to parenthesise when `node` came back different: its operands, or itself once they all are. */
function repairTargets(node: object, statements: WeakSet<object>): object[] {
  if (statements.has(node)) {
    const s = node as A.Stmt;
    const exprs = stmtExprs(s);
    return [...exprs.flatMap(exprOperands), ...exprs];
  }
  const kind = (node as { kind?: unknown }).kind;
  if (typeof kind !== 'string' || !EXPR_KINDS.has(kind)) return [];
  const e = node as A.Expr;
  const children = exprOperands(e);
  return children.length > 0 ? [...children, e] : [e];
}

const EXPR_KINDS = new Set([
  'Number', 'Text', 'Bool', 'Nil', 'Ref', 'Field', 'Index', 'Call', 'Binary', 'Unary', 'Ok', 'Err', 'List',
  'Record', 'Match', 'Coalesce', 'With', 'Ternary', 'Lambda',
]);

/** A statement's own expressions; a braceless guard's early-return value counts as one. */
function stmtExprs(s: A.Stmt): A.Expr[] {
  if (s.kind === 'Guard' && s.braceless && s.body[0]?.kind === 'ExprStmt') return [s.cond, s.body[0].expr];
  return stmtOperands(s);
}

