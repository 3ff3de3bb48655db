// Which call the cursor is writing the arguments of, from the syntax tree.
//
// ilo calls are prefix and space separated (`f a b`) and the parser nests them
// by arity: in `f g x y` with `g` taking one argument, `g x` is `f`'s first
// argument. So the tree already says which call each argument belongs to; this
// module only has to find the innermost call whose argument list the cursor is
// in, including the state while typing, where the parser has seen fewer
// arguments than the callee takes: `f 1 ┆` (a call with one argument, the
// cursor after it), `x=f ┆` (a bare reference to `f`), `f (g ┆)` (a
// parenthesized reference). The text is only consulted for what lies between
// a node's end and the cursor (blanks keep the call open) and for a closing
// parenthesis.

import type { CallExpr, Decl, Expr, RefExpr } from '../../syntax/ast';
import { childrenOf, isDecl, type Node } from '../../syntax/walk';

export interface ActiveCall {
  /** The call, or the bare reference to a callable that has no arguments yet. */
  node: CallExpr | RefExpr;
  /** Where the callee's name is (to ask what it means). */
  calleeOffset: number;
  /** The arguments written in the source, in order (a piped value is not among them). */
  written: Expr[];
  /** Index of the argument the cursor is on or about to write. */
  activeArg: number;
}

/**
 * How many arguments the callee named at `calleeOffset` can take (Infinity for
 * variadic builtins), or undefined when the name is not something callable.
 */
export type ArityOf = (calleeOffset: number) => number | undefined;

const isBlank = (text: string, from: number, to: number): boolean => {
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 9) return false;
  }
  return true;
};

/** The declaration the cursor is in, or right after (only blanks between its end and the cursor). */
function declAt(decls: readonly Decl[], text: string, offset: number): Decl | undefined {
  let last: Decl | undefined;
  for (const d of decls) {
    if (d.start <= offset) last = d;
    else break;
  }
  if (!last) return undefined;
  return offset <= last.end || isBlank(text, last.end, offset) ? last : undefined;
}

function unwrapLength(c: CallExpr): number {
  return c.unwrap === 'propagate' ? 1 : c.unwrap === 'panic' ? 2 : 0;
}

/** A node that ends with its own closing parenthesis (`(f 1)`, `(g)`), so the cursor after it is outside. */
function closedByParen(text: string, node: Node, lastInnerEnd: number): boolean {
  return lastInnerEnd < node.end && text[node.end - 1] === ')';
}

/** End of the name of a reference, which may be written in parentheses: `(g )`. */
function refNameEnd(text: string, r: RefExpr): number {
  let i = r.start;
  while (i < r.end && (text[i] === '(' || text[i] === ' ' || text[i] === '\t')) i++;
  return Math.min(r.end, i + r.name.length);
}

interface Candidate {
  call: ActiveCall;
  start: number;
  end: number;
}

function callCandidate(text: string, c: CallExpr, offset: number, arityOf: ArityOf): Candidate | undefined {
  const argsFrom = c.callee.end + unwrapLength(c);
  if (offset <= argsFrom) return undefined;
  const written = c.piped ? c.args.slice(0, -1) : c.args;
  const lastInner = Math.max(argsFrom, ...written.map((a) => a.end));
  const closed = closedByParen(text, c, lastInner);
  let inside = offset < c.end || (offset === c.end && !closed);
  if (!inside && !closed && isBlank(text, c.end, offset)) {
    // After the last argument: still this call's while it can take more.
    const arity = arityOf(c.callee.start);
    inside = arity !== undefined && c.args.length < arity;
  }
  if (!inside) return undefined;
  // Labelled arguments (level 26) are kept in parameter order: the one under the cursor says which parameter is active.
  const under = c.labels ? written.findIndex((a) => a.start <= offset && offset <= a.end) : -1;
  const activeArg = under >= 0 ? under : written.filter((a) => a.end < offset).length;
  return { call: { node: c, calleeOffset: c.callee.start, written, activeArg }, start: c.start, end: c.end };
}

function refCandidate(text: string, r: RefExpr, offset: number, isArgument: boolean, arityOf: ArityOf): Candidate | undefined {
  const nameEnd = refNameEnd(text, r);
  const parenthesized = closedByParen(text, r, nameEnd);
  // A bare name passed to a call is a function value (`map dbl xs`), not a call being written.
  const inside = parenthesized ? nameEnd < offset && offset < r.end : !isArgument && offset > r.end && isBlank(text, r.end, offset);
  if (!inside) return undefined;
  const arity = arityOf(nameEnd - 1);
  if (arity === undefined || arity < 1) return undefined;
  return { call: { node: r, calleeOffset: nameEnd - 1, written: [], activeArg: 0 }, start: r.start, end: r.end };
}

/** The innermost call whose arguments the cursor is in, if any. */
export function activeCallAt(decls: readonly Decl[], text: string, offset: number, arityOf: ArityOf): ActiveCall | undefined {
  const decl = declAt(decls, text, offset);
  if (!decl || decl.kind !== 'FunctionDecl') return undefined;
  let best: Candidate | undefined;
  const consider = (c: Candidate | undefined): void => {
    if (c && (!best || c.start > best.start || (c.start === best.start && c.end < best.end))) best = c;
  };
  // Walk the body with an explicit stack, remembering which nodes are call arguments.
  const stack: Array<{ node: Node; isArgument: boolean }> = childrenOf(decl).map((node) => ({ node, isArgument: false }));
  while (stack.length > 0) {
    const { node, isArgument } = stack.pop()!;
    // Only nodes that start before the cursor can hold it (or end just before it).
    if (node.start > offset) continue;
    if (!isDecl(node) && 'kind' in node) {
      if (node.kind === 'Call') consider(callCandidate(text, node, offset, arityOf));
      else if (node.kind === 'Ref') consider(refCandidate(text, node, offset, isArgument, arityOf));
    }
    const isCall = 'kind' in node && node.kind === 'Call';
    for (const child of childrenOf(node)) stack.push({ node: child, isArgument: isCall });
  }
  return best?.call;
}
