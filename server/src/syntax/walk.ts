// Generic traversal of the AST: the children of any node, in source order
// (iterative where it matters, so deeply nested input cannot overflow the stack).
// Editor features (hover, definition, completion) and analyses build on it.

import type { Decl, Expr, MatchArm, Param, Stmt, TypeExpr } from './ast';

export type Node = Decl | Stmt | Expr | TypeExpr | MatchArm | Param;

function typeChildren(t: TypeExpr): TypeExpr[] {
  switch (t.kind) {
    case 'ListType':
      return [t.elem];
    case 'OptType':
      return [t.inner];
    case 'MapType':
      return [t.key, t.value];
    case 'ResultType':
      return [t.ok, t.err];
    case 'FnType':
      return [...t.params, t.ret];
    default:
      return [];
  }
}

/** The expressions a statement applies to directly (a guard's condition, a loop's range): not its bodies. */
export function stmtOperands(s: Stmt): Expr[] {
  switch (s.kind) {
    case 'Bind':
    case 'Destructure':
    case 'Return':
      return [s.value];
    case 'Guard':
    case 'While':
      return [s.cond];
    case 'Match':
      return s.subject ? [s.subject] : [];
    case 'ForEach':
      return [s.collection];
    case 'ForRange':
      return [s.from, s.to];
    case 'Break':
      return s.value ? [s.value] : [];
    case 'Continue':
      return [];
    case 'ExprStmt':
      return [s.expr];
  }
}

function stmtChildren(s: Stmt): Node[] {
  switch (s.kind) {
    case 'Guard':
      return [s.cond, ...s.body, ...(s.elseBody ?? [])];
    case 'Match':
      return [...stmtOperands(s), ...s.arms];
    case 'ForEach':
    case 'ForRange':
    case 'While':
      return [...stmtOperands(s), ...s.body];
    default:
      return stmtOperands(s);
  }
}

/** The expressions an expression applies to directly (its operands, a match's subject): no lambda bodies or match arms. */
export function exprOperands(e: Expr): Expr[] {
  switch (e.kind) {
    case 'Field':
    case 'Index':
      return [e.object];
    case 'Call':
      return e.args;
    case 'Binary':
      return [e.left, e.right];
    case 'Unary':
      return [e.operand];
    case 'Ok':
    case 'Err':
      return [e.value];
    case 'List':
      return e.items;
    case 'Record':
    case 'AnonRecord':
      return e.fields.map((f) => f.value);
    case 'Match':
      return e.subject ? [e.subject] : [];
    case 'Coalesce':
      return [e.value, e.fallback];
    case 'With':
      return [e.object, ...e.updates.map((u) => u.value)];
    case 'Ternary':
      return [e.cond, e.then, e.else];
    default:
      return [];
  }
}

function exprChildren(e: Expr): Node[] {
  switch (e.kind) {
    case 'Match':
      return [...exprOperands(e), ...e.arms];
    case 'Lambda':
      return [...e.params, e.returnType, ...e.body];
    default:
      return exprOperands(e);
  }
}

function declChildren(d: Decl): Node[] {
  switch (d.kind) {
    case 'FunctionDecl':
      return [...d.params, d.returnType, ...(d.requires ?? []), ...(d.ensures ?? []), ...d.body];
    case 'ToolDecl':
      return [...d.params, d.returnType];
    case 'TypeDecl':
      return d.fields;
    case 'AliasDecl':
      return [d.target];
    case 'SumTypeDecl':
      return d.variants.flatMap((v) => (v.payload ? [v.payload] : []));
    case 'TestDecl':
      return d.cases.flatMap((c) => [...c.args, c.expected]);
    case 'ErrorDecl':
      return [...(d.params ?? []), ...(d.returnType ? [d.returnType] : [])];
    case 'UseDecl':
      return [];
  }
}

const TYPE_KINDS = new Set(['PrimType', 'ListType', 'OptType', 'MapType', 'ResultType', 'SumType', 'FnType', 'NamedType']);
const DECL_KINDS = new Set(['FunctionDecl', 'TypeDecl', 'SumTypeDecl', 'ToolDecl', 'AliasDecl', 'UseDecl', 'TestDecl', 'ErrorDecl']);
const STMT_KINDS = new Set([
  'Bind',
  'Destructure',
  'Guard',
  'ForEach',
  'ForRange',
  'While',
  'Return',
  'Break',
  'Continue',
  'ExprStmt',
]);

/** True for a `Param` (it has no `kind`). */
export function isParam(n: Node): n is Param {
  return !('kind' in n) && 'type' in n;
}

/** True for a match arm (no `kind`, has a pattern). */
export function isArm(n: Node): n is MatchArm {
  return !('kind' in n) && 'pattern' in n;
}

export function isTypeExpr(n: Node): n is TypeExpr {
  return 'kind' in n && TYPE_KINDS.has(n.kind);
}

export function isDecl(n: Node): n is Decl {
  return 'kind' in n && DECL_KINDS.has(n.kind);
}

/** `Match` is both a statement and an expression kind; statements are told apart by context. */
export function isStmtKind(kind: string): boolean {
  return STMT_KINDS.has(kind);
}

/** The direct children of a node, in source order. */
export function childrenOf(n: Node): Node[] {
  if (isParam(n)) return [n.type];
  if (isArm(n)) return n.body;
  if (isTypeExpr(n)) return typeChildren(n);
  if (isDecl(n)) return declChildren(n);
  if (STMT_KINDS.has(n.kind)) return stmtChildren(n as Stmt);
  return exprChildren(n as Expr);
}

/**
 * The chain of nodes (outermost first) whose range contains `offset`,
 * starting from the declaration that contains it. Iterative: deep trees do
 * not grow the call stack.
 */
export function pathAt(decls: readonly Decl[], offset: number): Node[] {
  const path: Node[] = [];
  let level: readonly Node[] = decls;
  for (;;) {
    const hit = level.find((n) => n.start <= offset && offset <= n.end);
    if (!hit) return path;
    path.push(hit);
    level = childrenOf(hit);
  }
}

/** Calls `visit` on every node below (and including) the given roots, depth first. */
export function forEachNode(roots: readonly Node[], visit: (n: Node) => void): void {
  const stack: Node[] = [...roots].reverse();
  while (stack.length > 0) {
    const n = stack.pop()!;
    visit(n);
    const kids = childrenOf(n);
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
  }
}
