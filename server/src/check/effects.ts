// ILO-W051 (level 26): effect sigils after a function's return type (`/http
// /fs /io /net /time /rand /ml`) must cover what the function does: the
// builtins it calls (the table's `effectSigil`), the tools it calls (always
// `/http`) and, transitively, the functions it calls or passes on.
//
// Only functions that declare at least one sigil are judged. ilo's spec
// calls a function without sigils pure, but no runnable upstream program
// declares effects while most of them print: warning on every `prnt` of an
// unannotated program would bury everything else, so an unannotated function
// is taken to have whatever effects it has (and passes them on to annotated
// callers). A callee that declares sigils contributes what it declares.

import type { Diagnostic } from '../diagnostics';
import type { Decl, FunctionDecl, Span } from '../syntax/ast';
import { forEachNode } from '../syntax/walk';
import type { BuiltinTable } from '../syntax/builtinKit';
import type { CheckEnv } from './env';
import { diag, insertAt } from './report';

/** Calls followed in one chain before giving up (a chain of thousands of functions). */
const MAX_CHAIN = 400;

/** The sigils a function declares (undefined: none written). */
export function declaredEffects(d: FunctionDecl): string[] | undefined {
  const written = d.effects;
  if (written === undefined || written.length === 0) return undefined;
  return written.map((e) => e.name.text);
}

/**
 * What one body does directly: effects with the call that causes each first,
 * and the functions it reaches. The spans are the AST's own nodes (kept while
 * the declaration is: the incremental parser moves nodes in place).
 */
interface Direct {
  effects: Map<string, { at: Span; what: string }>;
  callees: Map<string, Span>;
}

type Where = { at: Span; what: string };

const directMemo = new WeakMap<FunctionDecl, { table: BuiltinTable; direct: Direct }>();

function directOf(d: FunctionDecl, table: BuiltinTable): Direct {
  const memo = directMemo.get(d);
  // Tools and functions are told apart later (from the environment): the memo holds names only.
  if (memo !== undefined && memo.table === table) return memo.direct;
  const effects = new Map<string, Where>();
  const callees = new Map<string, Span>();
  const note = (name: string, at: Span): void => {
    const canonical = table.canonical(name);
    const b = canonical !== undefined ? table.lookup(canonical) : undefined;
    if (b !== undefined) {
      if (b.effectSigil !== undefined && !effects.has(b.effectSigil)) effects.set(b.effectSigil, { at, what: `'${b.name}'` });
      return;
    }
    if (!callees.has(name)) callees.set(name, at);
  };
  forEachNode(d.body, (n) => {
    if (!('kind' in n)) return;
    if (n.kind === 'Call') note(n.callee.text, n.callee);
    else if (n.kind === 'Ref') note(n.name, n);
  });
  const direct = { effects, callees };
  directMemo.set(d, { table, direct });
  return direct;
}

/**
 * W051 for every function of `own` that declares effect sigils and does more
 * than it declares. `all` holds every function visible (own and imported).
 */
export function undeclaredEffects(own: readonly Decl[], all: readonly Decl[], env: CheckEnv, table: BuiltinTable, out: Diagnostic[]): void {
  const fns = new Map<string, FunctionDecl>();
  for (const d of all) if (d.kind === 'FunctionDecl' && !fns.has(d.name.text)) fns.set(d.name.text, d);
  const annotated = [...own].filter((d): d is FunctionDecl => d.kind === 'FunctionDecl' && declaredEffects(d) !== undefined);
  if (annotated.length === 0) return;

  // What each function does, with where (in that function) it first does it; computed on demand.
  const done = new Map<string, Map<string, Where>>();
  const doing = new Set<string>();
  const effectsOf = (name: string): Map<string, Where> => {
    const known = done.get(name);
    if (known !== undefined) return known;
    const result = new Map<string, Where>();
    const d = fns.get(name);
    // A cycle, or a call chain too deep to follow (absurd input): what it does is not known here.
    if (d === undefined || doing.has(name) || doing.size > MAX_CHAIN) return result;
    doing.add(name);
    const direct = directOf(d, table);
    for (const [e, at] of direct.effects) result.set(e, at);
    for (const [callee, at] of direct.callees) {
      const sig = env.functions.get(callee);
      if (sig?.kind === 'tool') {
        if (!result.has('http')) result.set('http', { at, what: `the tool '${callee}'` });
        continue;
      }
      const c = fns.get(callee);
      if (c === undefined) continue;
      const declared = declaredEffects(c);
      const theirs = declared ?? [...effectsOf(callee).keys()];
      for (const e of theirs) if (!result.has(e)) result.set(e, { at, what: `'${callee}'` });
    }
    doing.delete(name);
    done.set(name, result);
    return result;
  };

  for (const d of annotated) {
    const declared = new Set(declaredEffects(d));
    const sigils = d.effects ?? [];
    const insertAtOffset = sigils.length > 0 ? sigils[sigils.length - 1].end : d.returnType.end;
    for (const [effect, where] of effectsOf(d.name.text)) {
      if (declared.has(effect)) continue;
      out.push(
        diag('ILO-W051', where.at, `${where.what} needs /${effect}, which '${d.name.text}' does not declare`, {
          hint: `declare it after the return type: ... /${effect}`,
          suggestions: [insertAt(`Declare /${effect}`, insertAtOffset, ` /${effect}`)],
        }),
      );
    }
  }
}
