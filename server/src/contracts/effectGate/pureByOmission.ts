// The effect gate at level 26, read from the language: a function without
// effect sigils is pure in ilo 26 (`f x:n>n` vs `fetch u:t>R t t /http`), so
// one that reaches an effect — a builtin that needs a sigil (the level's
// table: `prnt` /io, `rd` /fs, `get` /http …), any tool (ilo gives every
// tool call /http), or a function that declares sigils — does more than its
// signature says. ILO-W051 is the reference's view of the same rule; our
// verifier applies W051 only to functions that declare sigils (most
// programs declare none and print), so this analysis covers the others, and
// only in files that use effect sigils at all: a file that writes `/http`
// somewhere has opted into saying effects, and there a missing sigil is a
// claim. One warning per function names each effect with its shortest call
// chain, and a quick fix adds the sigils.

import type { Diagnostic, RelatedInfo } from '../../diagnostics';
import type { Decl, FunctionDecl } from '../../syntax/ast';
import type { BuiltinTable } from '../../syntax/builtinKit';
import { callSites, type CallSite } from './effectGate';

/** Sigils in the order the spec lists them (and the fix writes them). */
const SIGIL_ORDER = ['http', 'fs', 'io', 'net', 'ml', 'time', 'rand'];

export interface PureByOmissionInput {
  /** The declarations the file sees, with their files (own first). */
  visible: ReadonlyArray<{ decl: Decl; file?: string }>;
  file: string;
  /** The builtins of the file's level (their `effectSigil`s). */
  builtins: BuiltinTable;
}

interface Reached {
  sigil: string;
  /** What causes it: `builtin \`prnt\``, `tool \`fetch\``, `\`save\` (declares /fs)`. */
  what: string;
  /** The call sites from the root to the cause. */
  chain: Array<{ fn: FunctionDecl; site: CallSite }>;
}

/** Functions followed from one root before giving up (a hostile file of thousands of functions). */
const MAX_VISITED = 5_000;

const sigilsOf = (d: FunctionDecl): string[] => (d.effects ?? []).map((e) => e.name.text);

/** `undeclared-effect` warnings for the file's own functions without sigils. Never throws. */
export function pureByOmissionDiagnostics(input: PureByOmissionInput): Diagnostic[] {
  try {
    return run(input);
  } catch {
    return [];
  }
}

function run(input: PureByOmissionInput): Diagnostic[] {
  const own: FunctionDecl[] = [];
  for (const { decl, file } of input.visible) if (decl.kind === 'FunctionDecl' && file === input.file) own.push(decl);
  if (!own.some((f) => sigilsOf(f).length > 0)) return [];

  const fns = new Map<string, FunctionDecl>();
  const fileOf = new Map<FunctionDecl, string | undefined>();
  const tools = new Set<string>();
  for (const { decl, file } of input.visible) {
    if (decl.kind === 'FunctionDecl' && !fns.has(decl.name.text)) {
      fns.set(decl.name.text, decl);
      fileOf.set(decl, file);
    }
    if (decl.kind === 'ToolDecl') tools.add(decl.name.text);
  }
  const table = input.builtins;
  const out: Diagnostic[] = [];
  for (const root of own) {
    if (sigilsOf(root).length > 0 || fns.get(root.name.text) !== root) continue;
    const reached = search(root, fns, tools, table);
    if (reached.size > 0) out.push(diagnostic(root, [...reached.values()], (fn) => (fileOf.get(fn) === input.file ? undefined : fileOf.get(fn))));
  }
  return out;
}

/** Breadth-first: the first time a sigil is met, its chain is a shortest one. */
function search(root: FunctionDecl, fns: ReadonlyMap<string, FunctionDecl>, tools: ReadonlySet<string>, table: BuiltinTable): Map<string, Reached> {
  const reached = new Map<string, Reached>();
  const note = (sigil: string, what: string, chain: Reached['chain']) => {
    if (!reached.has(sigil)) reached.set(sigil, { sigil, what, chain });
  };
  const seen = new Set<string>([root.name.text]);
  let frontier: Array<{ fn: FunctionDecl; path: Reached['chain'] }> = [{ fn: root, path: [] }];
  while (frontier.length > 0 && seen.size < MAX_VISITED) {
    const next: typeof frontier = [];
    for (const { fn, path } of frontier) {
      for (const site of callSites(fn)) {
        const chain = [...path, { fn, site }];
        const canonical = table.canonical(site.callee);
        if (canonical !== undefined) {
          const sigil = table.lookup(canonical)?.effectSigil;
          if (sigil !== undefined) note(sigil, `builtin \`${canonical}\``, chain);
          continue;
        }
        if (tools.has(site.callee)) {
          note('http', `tool \`${site.callee}\``, chain);
          continue;
        }
        const callee = fns.get(site.callee);
        if (callee === undefined) continue;
        const declared = sigilsOf(callee);
        if (declared.length > 0) {
          for (const s of declared) note(s, `\`${callee.name.text}\` (declares /${s})`, chain);
          continue;
        }
        if (!seen.has(callee.name.text)) {
          seen.add(callee.name.text);
          next.push({ fn: callee, path: chain });
        }
      }
    }
    frontier = next;
  }
  return reached;
}

function ordered(sigils: Iterable<string>): string[] {
  const rank = (s: string) => {
    const i = SIGIL_ORDER.indexOf(s);
    return i < 0 ? SIGIL_ORDER.length : i;
  };
  return [...sigils].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

function via(r: Reached): string {
  const steps = r.chain.slice(1).map((s) => `\`${s.fn.name.text}\``);
  return steps.length > 0 ? ` via ${steps.join(' → ')}` : '';
}

/** Where sigils go: after the return type, or after a non-empty error set `^a|b`; undefined for a bare `^` (its place is unknown). */
function sigilInsertAt(fn: FunctionDecl): number | undefined {
  if (fn.errorSet !== undefined) return fn.errorSet.length > 0 ? fn.errorSet[fn.errorSet.length - 1].end : undefined;
  return fn.returnType.end;
}

function diagnostic(fn: FunctionDecl, reached: Reached[], otherFile: (fn: FunctionDecl) => string | undefined): Diagnostic {
  const byOrder = ordered(reached.map((r) => r.sigil)).map((s) => reached.find((r) => r.sigil === s)!);
  const sigils = byOrder.map((r) => `/${r.sigil}`);
  const parts = byOrder.map((r) => `/${r.sigil} (${r.what}${via(r)})`);
  const related: RelatedInfo[] = byOrder.map((r) => {
    const last = r.chain[r.chain.length - 1];
    const info: RelatedInfo = { start: last.site.at.start, end: last.site.at.end, message: `needs /${r.sigil}: ${r.what}` };
    const file = otherFile(last.fn);
    if (file !== undefined) info.file = file;
    return info;
  });
  const d: Diagnostic = {
    code: 'undeclared-effect',
    source: 'ilo-contracts',
    severity: 'warning',
    start: fn.name.start,
    end: fn.name.end,
    message: `\`${fn.name.text}\` declares no effect sigils, so ilo 26 reads it as pure, but it reaches ${parts.join(', ')}`,
    hint: `declare them after the return type (${sigils.join(' ')}), or move the effect to a function that declares it`,
    related,
  };
  const at = sigilInsertAt(fn);
  if (at !== undefined) {
    d.suggestions = [{ message: `Declare ${sigils.join(' ')} on \`${fn.name.text}\``, edits: [{ start: at, end: at, newText: ` ${sigils.join(' ')}` }] }];
  }
  return d;
}
