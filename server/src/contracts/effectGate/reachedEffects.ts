// The effect sigils a level-26 function's body actually needs, followed
// through the functions it calls: a builtin's own sigil (the level's table),
// `/http` for any tool call, a called function's declared sigils taken at
// their word, and for a called function without sigils what its body needs.
// Used to tell "the `@behavior` is wrong" from "a sigil is missing" before
// the effect sigils are set against a declared behavior.

import type { Decl, FunctionDecl } from '../../syntax/ast';
import type { BuiltinTable } from '../../syntax/builtinKit';
import { callSites } from '../../query/callSites';

/** Upper bound on functions visited per question (a bigger call graph answers "unknown": undefined). */
const MAX_FUNCTIONS = 5_000;

/** The sigils `root`'s body reaches; undefined when the search was cut short. */
export function reachedEffects(root: FunctionDecl, visible: ReadonlyArray<{ decl: Decl }>, table: BuiltinTable): Set<string> | undefined {
  const fns = new Map<string, FunctionDecl>();
  const tools = new Set<string>();
  for (const { decl } of visible) {
    if (decl.kind === 'FunctionDecl' && !fns.has(decl.name.text)) fns.set(decl.name.text, decl);
    else if (decl.kind === 'ToolDecl') tools.add(decl.name.text);
  }
  const out = new Set<string>();
  const seen = new Set<FunctionDecl>([root]);
  const queue: FunctionDecl[] = [root];
  while (queue.length > 0) {
    if (seen.size > MAX_FUNCTIONS) return undefined;
    const fn = queue.shift()!;
    for (const site of callSites(fn)) {
      const canonical = table.canonical(site.callee);
      if (canonical !== undefined) {
        const sigil = table.lookup(canonical)?.effectSigil;
        if (sigil !== undefined) out.add(sigil);
        continue;
      }
      if (tools.has(site.callee)) {
        out.add('http');
        continue;
      }
      const callee = fns.get(site.callee);
      if (callee === undefined || seen.has(callee)) continue;
      const declared = callee.effects ?? [];
      if (declared.length > 0) for (const e of declared) out.add(e.name.text);
      else {
        seen.add(callee);
        queue.push(callee);
      }
    }
  }
  return out;
}
