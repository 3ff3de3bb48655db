// The names a function body uses, computed once per declaration object: the
// incremental parser hands back the same object while its text is unchanged
// (moving it in place when text before it changes), so an edit walks only the
// bodies it changed; `at` is the node itself, so it moves with it.
//   callSites  calls and references to declarations, the body's own bindings left out (the effect gate)
//   namesUsed  every name called or referred to, bound in the body or not (the flow analysis's sink screen)

import type { FunctionDecl, Span } from '../syntax/ast';
import { forEachNode } from '../syntax/walk';
import { localBindings } from './symbols';

export interface CallSite {
  callee: string;
  at: Span;
}

/** Names a function binds itself (parameters, locals, lambda parameters): calls to these are not calls to declarations. */
function shadowed(fn: FunctionDecl): Set<string> {
  const names = new Set(localBindings(fn).map((b) => b.name.text));
  forEachNode(fn.body, (n) => {
    if ('kind' in n && n.kind === 'Lambda') for (const p of n.params) names.add(p.name.text);
  });
  return names;
}

const sitesMemo = new WeakMap<FunctionDecl, CallSite[]>();

/** Every call (and every reference that may pass a function by name) in a function body, its own bindings left out. */
export function callSites(fn: FunctionDecl): CallSite[] {
  const known = sitesMemo.get(fn);
  if (known) return known;
  const local = shadowed(fn);
  const out: CallSite[] = [];
  forEachNode(fn.body, (n) => {
    if (!('kind' in n)) return;
    if (n.kind === 'Call' && !local.has(n.callee.text)) out.push({ callee: n.callee.text, at: n.callee });
    else if (n.kind === 'Ref' && !local.has(n.name)) out.push({ callee: n.name, at: n });
  });
  sitesMemo.set(fn, out);
  return out;
}

const usedMemo = new WeakMap<FunctionDecl, readonly string[]>();

/** Every name a function body calls or refers to, once each, whether it is bound in the body or not (one walk). */
export function namesUsed(fn: FunctionDecl): readonly string[] {
  const known = usedMemo.get(fn);
  if (known) return known;
  const names = new Set<string>();
  forEachNode(fn.body, (n) => {
    if (!('kind' in n)) return;
    if (n.kind === 'Call') names.add(n.callee.text);
    else if (n.kind === 'Ref') names.add(n.name);
  });
  const out = [...names];
  usedMemo.set(fn, out);
  return out;
}
