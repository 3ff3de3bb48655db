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
import { callSites, type CallSite } from '../../query/callSites';

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
  /** The first functions called on the way (at most SHOWN_STEPS + 1). */
  via: FunctionDecl[];
  /** How many functions are called on the way. */
  steps: number;
  /** The function whose call causes it, and that call. */
  end: FunctionDecl;
  site: CallSite;
}

/** For one function and one sigil: the call that leads to it, and the function called (none: the call itself is the cause). */
interface Hop {
  site: CallSite;
  next?: FunctionDecl;
  what: string;
  /** Functions called on the way (0: the call is the cause). */
  dist: number;
  /** Where the cause is: the function and its call. */
  end: FunctionDecl;
  causeSite: CallSite;
}

/** Intermediate functions shown in a message; a longer chain shows its ends. */
const SHOWN_STEPS = 6;

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
  const hops = effectHops(fns, tools, input.builtins);
  const out: Diagnostic[] = [];
  for (const root of own) {
    if (sigilsOf(root).length > 0 || fns.get(root.name.text) !== root) continue;
    const mine = hops.get(root);
    if (mine === undefined || mine.size === 0) continue;
    const reached = [...mine.keys()].map((sigil) => follow(root, sigil, hops));
    out.push(diagnostic(root, reached, (fn) => (fileOf.get(fn) === input.file ? undefined : fileOf.get(fn))));
  }
  return out;
}

/**
 * For every function without sigils, each effect it reaches with the first
 * step of a shortest chain to it: the direct causes of each body, then one
 * breadth-first pass per sigil backwards along the calls (callers of a
 * function that reaches an effect reach it one step further). Linear in the
 * size of the call graph, whatever the number of warnings.
 */
function effectHops(fns: ReadonlyMap<string, FunctionDecl>, tools: ReadonlySet<string>, table: BuiltinTable): Map<FunctionDecl, Map<string, Hop>> {
  const hops = new Map<FunctionDecl, Map<string, Hop>>();
  const callers = new Map<FunctionDecl, Array<{ caller: FunctionDecl; site: CallSite }>>();
  const set = (fn: FunctionDecl, sigil: string, hop: Hop): boolean => {
    let m = hops.get(fn);
    if (m === undefined) hops.set(fn, (m = new Map()));
    if (m.has(sigil)) return false;
    m.set(sigil, hop);
    return true;
  };
  const sources = new Map<string, FunctionDecl[]>();
  for (const fn of new Set(fns.values())) {
    if (sigilsOf(fn).length > 0) continue;
    const called = new Set<FunctionDecl>();
    const direct = (sigil: string, site: CallSite, what: string) => {
      if (!set(fn, sigil, { site, what, dist: 0, end: fn, causeSite: site })) return;
      const list = sources.get(sigil);
      if (list) list.push(fn);
      else sources.set(sigil, [fn]);
    };
    for (const site of callSites(fn)) {
      const canonical = table.canonical(site.callee);
      if (canonical !== undefined) {
        const sigil = table.lookup(canonical)?.effectSigil;
        if (sigil !== undefined) direct(sigil, site, `builtin \`${canonical}\``);
        continue;
      }
      if (tools.has(site.callee)) {
        direct('http', site, `tool \`${site.callee}\``);
        continue;
      }
      const callee = fns.get(site.callee);
      if (callee === undefined || callee === fn) continue;
      const declared = sigilsOf(callee);
      if (declared.length > 0) {
        for (const sg of declared) direct(sg, site, `\`${callee.name.text}\` (declares /${sg})`);
      } else if (!called.has(callee)) {
        called.add(callee);
        const list = callers.get(callee);
        if (list) list.push({ caller: fn, site });
        else callers.set(callee, [{ caller: fn, site }]);
      }
    }
  }
  for (const [sigil, start] of sources) {
    let frontier = start;
    while (frontier.length > 0) {
      const next: FunctionDecl[] = [];
      for (const fn of frontier) {
        const h = hops.get(fn)!.get(sigil)!;
        for (const { caller, site } of callers.get(fn) ?? []) {
          if (set(caller, sigil, { site, next: fn, what: h.what, dist: h.dist + 1, end: h.end, causeSite: h.causeSite })) next.push(caller);
        }
      }
      frontier = next;
    }
  }
  return hops;
}

/** What `root` reaches for `sigil`: the first steps of the chain (enough for the message), its length and its end. */
function follow(root: FunctionDecl, sigil: string, hops: ReadonlyMap<FunctionDecl, ReadonlyMap<string, Hop>>): Reached {
  const first = hops.get(root)!.get(sigil)!;
  const via: FunctionDecl[] = [];
  let hop = first;
  while (hop.next !== undefined && via.length <= SHOWN_STEPS) {
    via.push(hop.next);
    hop = hops.get(hop.next)!.get(sigil)!;
  }
  return { sigil, what: first.what, via, steps: first.dist, end: first.end, site: first.causeSite };
}

function ordered(sigils: Iterable<string>): string[] {
  const rank = (s: string) => {
    const i = SIGIL_ORDER.indexOf(s);
    return i < 0 ? SIGIL_ORDER.length : i;
  };
  return [...sigils].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

function via(r: Reached): string {
  const names = r.via.map((f) => `\`${f.name.text}\``);
  if (r.steps === 0) return '';
  if (r.steps <= SHOWN_STEPS) return ` via ${names.join(' → ')}`;
  return ` via ${[...names.slice(0, 3), '…', `\`${r.end.name.text}\``].join(' → ')} (${r.steps} calls)`;
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
    const info: RelatedInfo = { start: r.site.at.start, end: r.site.at.end, message: `needs /${r.sigil}: ${r.what}` };
    const file = otherFile(r.end);
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
