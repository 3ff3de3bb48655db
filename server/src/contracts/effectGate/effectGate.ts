// The static effect gate: seed 002's runtime gate moved to edit time. A
// function whose doc comment declares it read-only (`-- @behavior PURE`)
// must not reach a mutating tool, directly or through other functions. We
// follow calls (and functions passed by name, e.g. to `map`) through every
// function the file can see, and report the shortest chain to each mutating
// tool, or to a builtin that writes (`wr`, `wrl`, HTTP `post`).

import type { Diagnostic, RelatedInfo, Severity } from '../../diagnostics';
import type { Decl, FunctionDecl, Span } from '../../syntax/ast';
import { canonicalBuiltinName } from '../../syntax/builtins';
import { forEachNode } from '../../syntax/walk';
import { localBindings } from '../../query/symbols';
import type { SchemaEnv } from '../../schema/env';
import { behaviorWords, completeTriple, type ContractTool } from '../behavior';

/** Builtins that change the world outside the program. */
const WRITING_BUILTINS: Readonly<Record<string, string>> = {
  wr: 'writes a file',
  wrl: 'writes a file',
  post: 'sends an HTTP POST',
};

interface CallSite {
  callee: string;
  at: Span;
}

interface FnInfo {
  decl: FunctionDecl;
  file?: string;
  calls: CallSite[];
}

/** A mutating thing a function can reach. */
type Sink = { kind: 'tool'; tool: ContractTool } | { kind: 'builtin'; name: string; what: string };

/** Names a function binds itself (parameters, locals, lambda parameters): calls to these are not calls to declarations. */
function shadowed(fn: FunctionDecl): Set<string> {
  const names = new Set(localBindings(fn).map((b) => b.name.text));
  forEachNode(fn.body, (n) => {
    if ('kind' in n && n.kind === 'Lambda') for (const p of n.params) names.add(p.name.text);
  });
  return names;
}

/**
 * Call sites by declaration. The incremental parser hands back the same
 * declaration object while its text is unchanged (moving it in place when
 * text before it changes), so an edit walks only the bodies it changed;
 * `at` is the node itself, so it moves with it.
 */
const callSitesOf = new WeakMap<FunctionDecl, CallSite[]>();

/** Every call (and every reference that may pass a function by name) in a function body. */
function callSites(fn: FunctionDecl): CallSite[] {
  const known = callSitesOf.get(fn);
  if (known) return known;
  const local = shadowed(fn);
  const out: CallSite[] = [];
  forEachNode(fn.body, (n) => {
    if (!('kind' in n)) return;
    if (n.kind === 'Call' && !local.has(n.callee.text)) out.push({ callee: n.callee.text, at: n.callee });
    else if (n.kind === 'Ref' && !local.has(n.name)) out.push({ callee: n.name, at: n });
  });
  callSitesOf.set(fn, out);
  return out;
}

function declaresPure(fn: FunctionDecl, env: SchemaEnv): boolean {
  return env.annotationsOf(fn).annotations.behavior?.mutability === 'PURE';
}

interface Step {
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
}

function sinkMutates(t: ContractTool): boolean {
  return t.behavior.mutability === 'MUTATES';
}

function sinkLabel(s: Sink): string {
  if (s.kind === 'builtin') return `builtin \`${s.name}\` (${s.what})`;
  const b = s.tool.behavior;
  const words = completeTriple(b) ? behaviorWords(b) : 'MUTATES';
  return `tool \`${s.tool.name}\` (${words}, ${b.source})`;
}

/** `effect-gate` diagnostics for the file's own functions declared PURE. Never throws. */
export function effectGateDiagnostics(input: EffectGateInput): Diagnostic[] {
  try {
    return gate(input);
  } catch {
    return [];
  }
}

function gate(input: EffectGateInput): Diagnostic[] {
  const fns = new Map<string, FnInfo>();
  for (const { decl, file } of input.visible) {
    if (decl.kind === 'FunctionDecl' && !fns.has(decl.name.text)) fns.set(decl.name.text, { decl, file, calls: callSites(decl) });
  }
  const tools = new Map<string, ContractTool>();
  for (const t of input.tools) if (!tools.has(t.name)) tools.set(t.name, t);

  const sinkOf = (name: string): Sink | undefined => {
    const tool = tools.get(name);
    if (tool) return sinkMutates(tool) ? { kind: 'tool', tool } : undefined;
    if (fns.has(name)) return undefined;
    const builtin = canonicalBuiltinName(name);
    if (builtin && Object.hasOwn(WRITING_BUILTINS, builtin)) return { kind: 'builtin', name: builtin, what: WRITING_BUILTINS[builtin] };
    return undefined;
  };

  const out: Diagnostic[] = [];
  for (const { decl, file } of input.visible) {
    if (decl.kind !== 'FunctionDecl' || file !== input.file || !declaresPure(decl, input.env)) continue;
    const root = fns.get(decl.name.text);
    if (!root || root.decl !== decl) continue;

    // Breadth-first: the first time a sink is met, its chain is a shortest one.
    const chains = new Map<string, Step[]>();
    const seen = new Set<string>([decl.name.text]);
    let frontier: Array<{ fn: FnInfo; path: Step[] }> = [{ fn: root, path: [] }];
    while (frontier.length > 0) {
      const next: typeof frontier = [];
      for (const { fn, path } of frontier) {
        for (const site of fn.calls) {
          const step = [...path, { fn, site }];
          const sink = sinkOf(site.callee);
          if (sink) {
            if (!chains.has(site.callee)) chains.set(site.callee, step);
            continue;
          }
          const callee = fns.get(site.callee);
          if (callee && !seen.has(site.callee)) {
            seen.add(site.callee);
            next.push({ fn: callee, path: step });
          }
        }
      }
      frontier = next;
    }

    for (const [sinkName, chain] of chains) {
      const sink = sinkOf(sinkName)!;
      const names = [decl.name.text, ...chain.map((s) => s.site.callee)];
      const related: RelatedInfo[] = chain.map((s) => {
        const r: RelatedInfo = { start: s.site.at.start, end: s.site.at.end, message: `\`${s.fn.decl.name.text}\` calls \`${s.site.callee}\` here` };
        if (s.fn.file !== undefined && s.fn.file !== input.file) r.file = s.fn.file;
        return r;
      });
      if (sink.kind === 'tool' && sink.tool.file !== undefined) {
        const r: RelatedInfo = { start: sink.tool.decl.name.start, end: sink.tool.decl.name.end, message: `\`${sink.tool.name}\` is ${behaviorWords(sink.tool.behavior)} (${sink.tool.behavior.source})` };
        if (sink.tool.file !== input.file) r.file = sink.tool.file;
        related.push(r);
      }
      const guessed = sink.kind === 'tool' && sink.tool.behavior.source !== 'declared';
      const severity: Severity = guessed && sink.tool.behavior.confidence === 'low' ? 'information' : 'warning';
      const d: Diagnostic = {
        code: 'effect-gate',
        source: 'ilo-contracts',
        severity,
        start: decl.name.start,
        end: decl.name.end,
        message:
          `\`${decl.name.text}\` is declared PURE but reaches the ${sinkLabel(sink)}: ${names.map((n) => `\`${n}\``).join(' → ')}` +
          (guessed ? '. That tool\'s behavior is inferred; declare it with `@behavior` if the guess is wrong.' : '.'),
        hint: 'remove the call, or declare the function `@behavior MUTATES`',
      };
      if (related.length > 0) d.related = related;
      out.push(d);
    }
  }
  return out;
}
