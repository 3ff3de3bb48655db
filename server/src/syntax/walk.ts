// Generic traversal of the AST: the children of any node, in source order
// (iterative where it matters, so deeply nested input cannot overflow the stack).
// Editor features (hover, definition, completion) and analyses build on it.

import type { Decl, Expr, MatchArm, Param, Stmt, TypeExpr } from './ast';

export type Node = Decl | Stmt | Expr | TypeExpr | MatchArm | Param;

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
  const out: Node[] = [];
  pushChildren(n, out);
  return out;
}

function pushAll(out: Node[], xs: readonly Node[]): void {
  for (let i = 0; i < xs.length; i++) out.push(xs[i]);
}

/**
 * Appends the direct children of a node, in source order, to `out`: one
 * switch on the kind and no array per node (a walk over a long file visits
 * a hundred thousand nodes, and it ran before the first diagnostic).
 */
function pushChildren(n: Node, out: Node[]): void {
  if (!('kind' in n)) {
    if ('type' in n) out.push(n.type);
    else if ('pattern' in n) pushAll(out, n.body);
    return;
  }
  switch (n.kind) {
    // types
    case 'ListType':
      out.push(n.elem);
      return;
    case 'OptType':
      out.push(n.inner);
      return;
    case 'MapType':
      out.push(n.key, n.value);
      return;
    case 'ResultType':
      out.push(n.ok, n.err);
      return;
    case 'FnType':
      pushAll(out, n.params);
      out.push(n.ret);
      return;
    // declarations
    case 'FunctionDecl':
      pushAll(out, n.params);
      out.push(n.returnType);
      if (n.requires) pushAll(out, n.requires);
      if (n.ensures) pushAll(out, n.ensures);
      pushAll(out, n.body);
      return;
    case 'ToolDecl':
      pushAll(out, n.params);
      out.push(n.returnType);
      return;
    case 'TypeDecl':
      pushAll(out, n.fields);
      return;
    case 'AliasDecl':
      out.push(n.target);
      return;
    case 'SumTypeDecl':
      for (const v of n.variants) if (v.payload) out.push(v.payload);
      return;
    case 'TestDecl':
      for (const c of n.cases) {
        pushAll(out, c.args);
        out.push(c.expected);
      }
      return;
    case 'ErrorDecl':
      if (n.params) pushAll(out, n.params);
      if (n.returnType) out.push(n.returnType);
      return;
    // statements (a `Match` is read below, as an expression: the same children)
    case 'Bind':
    case 'Destructure':
    case 'Return':
      out.push(n.value);
      return;
    case 'Guard':
      out.push(n.cond);
      pushAll(out, n.body);
      if (n.elseBody) pushAll(out, n.elseBody);
      return;
    case 'ForEach':
      out.push(n.collection);
      pushAll(out, n.body);
      return;
    case 'ForRange':
      out.push(n.from, n.to);
      pushAll(out, n.body);
      return;
    case 'While':
      out.push(n.cond);
      pushAll(out, n.body);
      return;
    case 'Break':
      if (n.value) out.push(n.value);
      return;
    case 'ExprStmt':
      out.push(n.expr);
      return;
    // expressions
    case 'Field':
    case 'Index':
      out.push(n.object);
      return;
    case 'Call':
      pushAll(out, n.args);
      return;
    case 'Binary':
      out.push(n.left, n.right);
      return;
    case 'Unary':
      out.push(n.operand);
      return;
    case 'Ok':
    case 'Err':
      out.push(n.value);
      return;
    case 'List':
      pushAll(out, n.items);
      return;
    case 'Record':
    case 'AnonRecord':
      for (const f of n.fields) out.push(f.value);
      return;
    case 'Match':
      if (n.subject) out.push(n.subject);
      pushAll(out, n.arms);
      return;
    case 'Coalesce':
      out.push(n.value, n.fallback);
      return;
    case 'With':
      out.push(n.object);
      for (const u of n.updates) out.push(u.value);
      return;
    case 'Ternary':
      out.push(n.cond, n.then, n.else);
      return;
    case 'Lambda':
      pushAll(out, n.params);
      out.push(n.returnType);
      pushAll(out, n.body);
      return;
  }
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

/** Calls `visit` on every node below (and including) the given roots, depth first, in source order. */
export function forEachNode(roots: readonly Node[], visit: (n: Node) => void): void {
  const stack: Node[] = [];
  for (let i = roots.length - 1; i >= 0; i--) stack.push(roots[i]);
  while (stack.length > 0) {
    const n = stack.pop()!;
    visit(n);
    // The children go on the stack last first, so the first is visited next.
    const from = stack.length;
    pushChildren(n, stack);
    for (let a = from, b = stack.length - 1; a < b; a++, b--) {
      const t = stack[a];
      stack[a] = stack[b];
      stack[b] = t;
    }
  }
}
