// Which functions the flow analysis needs to look at. Every finding is made
// where a value reaches a sink: an argument of a tool, of a builtin that
// sends, writes or runs something (builtinFlows.ts), or of a function
// declared with flow labels. A function that names none of these, and calls
// no function that reaches one, cannot make a finding of its own: a value
// it hands on reaches a sink only in a function that names one (a caller
// passing a sink or a lambda with one in it, or a callee). So only the
// functions from which a sink is reachable by name are analysed; in most
// programs that is none or a few (the analysis of every function was a tenth
// of a cold `ilo-ls check` on a long file).
//
// The screen errs one way only: a name bound locally that is spelled like a
// sink, a label that is not a sink role, a local shadowing a function all
// count as reaching, so a function is analysed too often, never too seldom.

import type { Decl, FunctionDecl } from '../../syntax/ast';
import { namesUsed } from '../../query/callSites';
import { BUILTINS_011, builtinFlow, type FlowBuiltins } from './builtinFlows';
import { fnFlowOf, type FlowInput } from './summaries';

/** The visible functions from which some sink may be reached (empty: the file can have no finding). */
export function functionsReachingSinks(input: FlowInput): Set<FunctionDecl> {
  const builtins = input.builtins ?? BUILTINS_011;
  // Names resolve as the analysis resolves them: the first visible declaration of a name.
  const byName = new Map<string, Decl>();
  const visible = input.visible;
  for (let i = 0; i < visible.length; i++) {
    const decl = visible[i].decl;
    if ((decl.kind === 'FunctionDecl' || decl.kind === 'ToolDecl') && !byName.has(decl.name.text)) byName.set(decl.name.text, decl);
  }
  const sinkNames = new Map<string, boolean>();
  const isSinkName = (name: string): boolean => {
    let known = sinkNames.get(name);
    if (known === undefined) {
      const canonical = builtins.canonical(name);
      const target = byName.get(name);
      known =
        (canonical !== undefined && builtinFlow(canonical, builtins).arg !== undefined) ||
        target?.kind === 'ToolDecl' ||
        (target?.kind === 'FunctionDecl' && (target.doc ?? []).length > 0 && fnFlowOf(target, input.env).flow !== undefined);
      sinkNames.set(name, known);
    }
    return known;
  };
  const reaching = new Set<FunctionDecl>();
  const callers = new Map<FunctionDecl, FunctionDecl[]>();
  const work: FunctionDecl[] = [];
  const seen = new Set<FunctionDecl>();
  for (let i = 0; i < visible.length; i++) {
    const decl = visible[i].decl;
    if (decl.kind !== 'FunctionDecl' || seen.has(decl)) continue;
    seen.add(decl);
    let direct = false;
    // Names bound in the body count too (a local spelled like a sink is read as one): nothing is hidden by shadowing.
    namesUsed(decl).forEach((name) => {
      if (isSinkName(name)) direct = true;
      const callee = byName.get(name);
      if (callee?.kind === 'FunctionDecl') {
        const list = callers.get(callee);
        if (list) list.push(decl);
        else callers.set(callee, [decl]);
      }
    });
    if (direct) {
      reaching.add(decl);
      work.push(decl);
    }
  }
  // Whoever calls (or names) a function that reaches a sink reaches it too.
  while (work.length > 0) {
    const fn = work.pop()!;
    for (const caller of callers.get(fn) ?? []) {
      if (reaching.has(caller)) continue;
      reaching.add(caller);
      work.push(caller);
    }
  }
  return reaching;
}
