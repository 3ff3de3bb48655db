// Who calls whom: the call sites in a function's body and the functions that
// call a given function or tool. Plain data over the syntax tree (no LSP);
// call hierarchy turns it into items. A call counts when its callee resolves
// to a function or tool declaration (here or through `use`); calls to
// builtins, and to parameters or locals holding a function, do not. Calls
// inside a lambda count for the function the lambda is written in.

import type { CallExpr, Decl, FunctionDecl, Name } from '../../syntax/ast';
import { forEachNode } from '../../syntax/walk';
import { isCallable, meaningAt, type CallableDecl, type NavFile } from './nameAt';

/** A function or tool, by the file that declares it and its name. */
export interface CallableRef {
  path: string;
  name: string;
}

export interface CallSite {
  /** The callee's name as written at the call. */
  callee: Name;
  target: { decl: CallableDecl; path: string };
}

export const refKey = (r: CallableRef): string => `${r.path}\u0000${r.name}`;

function callsOf(fn: FunctionDecl): CallExpr[] {
  const calls: CallExpr[] = [];
  forEachNode(fn.body, (n) => {
    if ('kind' in n && n.kind === 'Call') calls.push(n);
  });
  return calls;
}

/** What the callee of a call resolves to, when it is a function or tool. */
function calleeTarget(file: NavFile, call: CallExpr): CallSite['target'] | undefined {
  const m = meaningAt(file, call.callee.start);
  if (!m || m.meaning.kind !== 'decl' || !isCallable(m.meaning.decl)) return undefined;
  return { decl: m.meaning.decl, path: m.meaning.path };
}

/** Every call in `fn`'s body that reaches a function or tool, in source order. */
export function outgoingSites(file: NavFile, fn: FunctionDecl): CallSite[] {
  const out: CallSite[] = [];
  for (const call of callsOf(fn)) {
    const target = calleeTarget(file, call);
    if (target) out.push({ callee: call.callee, target });
  }
  return out;
}

/** The functions of `file` that call `target`, each with the callee names at its call sites. */
export function callersIn(file: NavFile, target: CallableRef): Array<{ caller: FunctionDecl; sites: Name[] }> {
  const out: Array<{ caller: FunctionDecl; sites: Name[] }> = [];
  for (const d of file.program.decls) {
    if (d.kind !== 'FunctionDecl') continue;
    const sites: Name[] = [];
    for (const call of callsOf(d)) {
      if (call.callee.text !== target.name) continue;
      const t = calleeTarget(file, call);
      if (t && t.path === target.path && t.decl.name.text === target.name) sites.push(call.callee);
    }
    if (sites.length > 0) out.push({ caller: d, sites });
  }
  return out;
}

/** The function or tool called `name` among a file's declarations. */
export function findCallable(decls: readonly Decl[], name: string): CallableDecl | undefined {
  for (const d of decls) if (isCallable(d) && d.name.text === name) return d;
  return undefined;
}
