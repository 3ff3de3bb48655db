// The static effect gate: seed 002's runtime gate moved to edit time. A
// function whose doc comment declares it read-only (`-- @behavior PURE`)
// must not reach a mutating tool, directly or through other functions. We
// follow calls (and functions passed by name, e.g. to `map`) through every
// function the file can see, and report the shortest chain to each mutating
// tool, or to a builtin that writes (`wr`, `wrl`, HTTP `post`). The gate
// fails closed: a tool whose mutability is unknown, or only a low-confidence
// PURE guess, counts as possibly mutating. One diagnostic per function names
// everything it reaches (gateMessage.ts).

import type { Diagnostic } from '../../diagnostics';
import type { Decl, FunctionDecl } from '../../syntax/ast';
import { canonicalBuiltinName } from '../../syntax/builtins';
import type { BuiltinTable } from '../../syntax/builtinKit';
import { callSites, type CallSite } from '../../query/callSites';
import type { SchemaEnv } from '../../schema/env';
import { DeclMemo } from '../../schema/declMemo';
import { mutabilityVerdict, type ContractTool } from '../behavior';
import { gateDiagnostic } from './gateMessage';


/** Builtins that change the world outside the program (level 0.11 names). */
const WRITING_BUILTINS: Readonly<Record<string, string>> = {
  wr: 'writes a file',
  wrl: 'writes a file',
  post: 'sends an HTTP POST',
};

/** The same at level 26, by the level's canonical names (its table resolves aliases such as `post` → `pst`). */
const WRITING_BUILTINS_26: Readonly<Record<string, string>> = {
  wr: 'writes a file',
  wrl: 'writes a file',
  wra: 'appends to a file',
  wro: 'writes a file',
  pst: 'sends an HTTP POST',
  pstx: 'sends an HTTP POST',
  'pst-to': 'sends an HTTP POST',
  'pst-stream': 'sends an HTTP POST',
  'pst-stream-h': 'sends an HTTP POST',
  put: 'sends an HTTP PUT',
  pat: 'sends an HTTP PATCH',
  del: 'sends an HTTP DELETE',
  run: 'runs a command',
  run2: 'runs a command',
  'run-full-env': 'runs a command',
  'run2-full-env': 'runs a command',
};

/**
 * How a builtin name resolves at the file's level: the level's table when
 * the caller gives one (level 26), else the 0.11 names.
 */
export function writingBuiltin(name: string, builtins: BuiltinTable | undefined): { name: string; what: string } | undefined | null {
  if (builtins === undefined) {
    const b = canonicalBuiltinName(name);
    if (!b) return null;
    return Object.hasOwn(WRITING_BUILTINS, b) ? { name: b, what: WRITING_BUILTINS[b] } : undefined;
  }
  const b = builtins.canonical(name);
  if (b === undefined) return null;
  return Object.hasOwn(WRITING_BUILTINS_26, b) ? { name: b, what: WRITING_BUILTINS_26[b] } : undefined;
}

export interface FnInfo {
  decl: FunctionDecl;
  file?: string;
  calls: CallSite[];
}

/**
 * A thing a function can reach that may change the world: a tool that
 * mutates, a tool whose behavior is unknown or only a low-confidence PURE
 * guess (`unsure`: the gate fails closed), or a writing builtin.
 */
export type Sink =
  | { kind: 'tool'; tool: ContractTool; verdict: 'mutates' | 'unsure' }
  | { kind: 'builtin'; name: string; what: string };

function declaresPure(fn: FunctionDecl, env: SchemaEnv): boolean {
  return env.annotationsOf(fn).annotations.behavior?.mutability === 'PURE';
}

export interface Step {
  fn: FnInfo;
  site: CallSite;
}

export interface EffectGateInput {
  /** The declarations the file sees, with their files (own first). */
  visible: ReadonlyArray<{ decl: Decl; file?: string }>;
  /** The file being checked: only its own functions get diagnostics. */
  file: string;
  env: SchemaEnv;
  /** Every tool the file sees, with its effective behavior. */
  tools: readonly ContractTool[];
  /** The file's text: lets the `@behavior` quick fixes keep indentation. */
  text?: string;
  /** The builtins of the file's level when it is not 0.11 (names resolve through it). */
  builtins?: BuiltinTable;
  /**
   * When the caller knows them: the functions declared PURE among the first
   * `count` entries of `visible` (the file's own declarations), in order;
   * those entries are then not looked at again.
   */
  pureOwn?: { count: number; functions: readonly FunctionDecl[] };
}

/** `effect-gate` diagnostics for the file's own functions declared PURE. Never throws. */
export function effectGateDiagnostics(input: EffectGateInput, reuse?: GateReuse): Diagnostic[] {
  try {
    return gate(input, reuse);
  } catch {
    return [];
  }
}

/**
 * What a PURE function's search depended on: for every name it looked up,
 * whether that name was a sink and which function (declaration, file) it
 * named. While all are the same, so is what the search reaches.
 */
type Dep = readonly [name: string, sink: boolean, fn: FunctionDecl | undefined, file: string | undefined];

interface Reach {
  deps: Dep[];
  reached: Map<string, { sink: Sink; chain: Step[] }>;
}

/**
 * The effect gate of one document across edits: whether each function is
 * declared PURE (by declaration and doc comment), and each PURE function's
 * search, done again only when its body changed (a new declaration object) or
 * a name it looked up now means something else. The diagnostics are made
 * afresh from what was reached (their places are the nodes', moved in place).
 */
export class GateReuse {
  readonly pure = new DeclMemo<boolean>((v) => v);
  readonly reach = new WeakMap<FunctionDecl, Reach>();
}

const isPure = (decl: Decl, env: SchemaEnv): boolean => declaresPure(decl as FunctionDecl, env);

function gate(input: EffectGateInput, reuse: GateReuse | undefined): Diagnostic[] {
  // The file's own functions declared PURE: the only ones that get diagnostics.
  const roots: FunctionDecl[] = input.pureOwn ? [...input.pureOwn.functions] : [];
  for (let k = input.pureOwn?.count ?? 0; k < input.visible.length; k++) {
    const { decl, file } = input.visible[k];
    // Without a doc comment a function declares nothing.
    if (decl.kind !== 'FunctionDecl' || file !== input.file || (decl.doc ?? []).length === 0) continue;
    // Whether a function says PURE depends on its doc comment only, not on the environment.
    if (reuse ? reuse.pure.get(decl, input.env, isPure) : declaresPure(decl, input.env)) roots.push(decl);
  }
  if (roots.length === 0) return [];

  const fns = new Map<string, FnInfo>();
  for (const { decl, file } of input.visible) {
    if (decl.kind === 'FunctionDecl' && !fns.has(decl.name.text)) fns.set(decl.name.text, { decl, file, calls: callSites(decl) });
  }
  const tools = new Map<string, ContractTool>();
  for (const t of input.tools) if (!tools.has(t.name)) tools.set(t.name, t);

  // Resolution follows the verifier: a builtin name (short or long form) always means the builtin.
  const sinkOf = (name: string): Sink | undefined => {
    const builtin = writingBuiltin(name, input.builtins);
    if (builtin !== null) return builtin ? { kind: 'builtin', name: builtin.name, what: builtin.what } : undefined;
    const tool = tools.get(name);
    if (!tool) return undefined;
    const verdict = mutabilityVerdict(tool.behavior);
    return verdict === 'read-only' ? undefined : { kind: 'tool', tool, verdict };
  };
  const isBuiltin = (name: string): boolean => (input.builtins ? input.builtins.canonical(name) !== undefined : canonicalBuiltinName(name) !== undefined);
  const calleeOf = (name: string): FnInfo | undefined => (isBuiltin(name) ? undefined : fns.get(name));
  const unchanged = (deps: readonly Dep[]): boolean => {
    for (const [name, sink, fn, file] of deps) {
      const now = calleeOf(name);
      if ((sinkOf(name) !== undefined) !== sink || now?.decl !== fn || now?.file !== file) return false;
    }
    return true;
  };

  const out: Diagnostic[] = [];
  for (const decl of roots) {
    const root = fns.get(decl.name.text);
    if (!root || root.decl !== decl) continue;
    const known = reuse?.reach.get(decl);
    let reached: Map<string, { sink: Sink; chain: Step[] }>;
    if (known !== undefined && unchanged(known.deps)) {
      // The same things are reached the same way; the tools reached are taken as they are now.
      reached = new Map();
      for (const [name, r] of known.reached) reached.set(name, { sink: sinkOf(name)!, chain: r.chain });
    } else {
      const deps: Dep[] = [];
      reached = search(root, sinkOf, calleeOf, (name, sink, fn) => deps.push([name, sink, fn?.decl, fn?.file]));
      reuse?.reach.set(decl, { deps, reached });
    }
    if (reached.size > 0) out.push(gateDiagnostic(decl, [...reached.values()], input));
  }
  return out;
}

/** Breadth-first from `root`: the first time a sink is met, its chain is a shortest one. `looked` hears every name looked up. */
function search(
  root: FnInfo,
  sinkOf: (name: string) => Sink | undefined,
  calleeOf: (name: string) => FnInfo | undefined,
  looked: (name: string, sink: boolean, fn: FnInfo | undefined) => void,
): Map<string, { sink: Sink; chain: Step[] }> {
  const reached = new Map<string, { sink: Sink; chain: Step[] }>();
  const seen = new Set<string>([root.decl.name.text]);
  let frontier: Array<{ fn: FnInfo; path: Step[] }> = [{ fn: root, path: [] }];
  while (frontier.length > 0) {
    const next: typeof frontier = [];
    for (const { fn, path } of frontier) {
      for (const site of fn.calls) {
        const step = [...path, { fn, site }];
        const sink = sinkOf(site.callee);
        const callee = calleeOf(site.callee);
        looked(site.callee, sink !== undefined, callee);
        if (sink) {
          if (!reached.has(site.callee)) reached.set(site.callee, { sink, chain: step });
          continue;
        }
        if (callee && !seen.has(site.callee)) {
          seen.add(site.callee);
          next.push({ fn: callee, path: step });
        }
      }
    }
    frontier = next;
  }
  return reached;
}
