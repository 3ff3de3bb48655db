// A plain visitor over statements and expressions (iterative, so deeply
// nested input cannot overflow the stack).

import type { Expr, Stmt } from '../syntax/ast';

type Node = Stmt | Expr;

/** Call `visit` on every statement and expression under `roots` (lambda bodies included), in source order. */
export function forEachNode(roots: readonly Node[], visit: (n: Node) => void): void {
  const stack: Node[] = [];
  for (let i = roots.length - 1; i >= 0; i--) stack.push(roots[i]);
  while (stack.length > 0) {
    const n = stack.pop()!;
    visit(n);
    const kids = children(n);
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
  }
}

function children(n: Node): Node[] {
  switch (n.kind) {
    case 'Bind':
    case 'Destructure':
      return [n.value];
    case 'Guard':
      return [n.cond, ...n.body, ...(n.elseBody ?? [])];
    case 'Match':
      return [...(n.subject !== undefined ? [n.subject] : []), ...n.arms.flatMap((a) => a.body)];
    case 'ForEach':
      return [n.collection, ...n.body];
    case 'ForRange':
      return [n.from, n.to, ...n.body];
    case 'While':
      return [n.cond, ...n.body];
    case 'Return':
      return [n.value];
    case 'Break':
      return n.value !== undefined ? [n.value] : [];
    case 'Continue':
      return [];
    case 'ExprStmt':
      return [n.expr];
    case 'Field':
    case 'Index':
      return [n.object];
    case 'Call':
      return [...n.args];
    case 'Binary':
      return [n.left, n.right];
    case 'Unary':
      return [n.operand];
    case 'Ok':
    case 'Err':
      return [n.value];
    case 'List':
      return [...n.items];
    case 'Record':
      return n.fields.map((f) => f.value);
    case 'Coalesce':
      return [n.value, n.fallback];
    case 'With':
      return [n.object, ...n.updates.map((u) => u.value)];
    case 'Ternary':
      return [n.cond, n.then, n.else];
    case 'Lambda':
      return [...n.body];
    default:
      return [];
  }
}
