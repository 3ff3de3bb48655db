// Function summaries for one file's flow analysis: what a name refers to,
// each function's summary (analyze.ts) computed once, recursion solved by
// iterating to a fixpoint, and summaries kept from one edit to the next.
//
// Recursion: a function asked for while it is being analysed answers with
// its current guess (empty at first). When that happened, the function is
// analysed again with the new guess until the summary stops changing; the
// functions analysed in between depended on a guess and are not kept.
//
// Reuse (FlowReuse, one per document): the incremental parser hands back the
// same declaration object while its text is unchanged, so a summary is
// reused while its declaration is the same object, every name it looked up
// refers to the same declaration with the same flow labels, and every summary
// it used is the same object. A summary computed again that comes out the
// same (the same labels, parameters, sinks and trace nodes) is replaced by
// the earlier object, so that an edit costs the function edited and those
// whose summaries really change, not every caller.

import type { Decl, FunctionDecl, ToolDecl } from '../../syntax/ast';
import type { SchemaEnv } from '../../schema/env';
import type { McpTool } from '../../schema/mcpTool';
import { DeclMemo } from '../../schema/declMemo';
import type { ContractTool } from '../behavior';
import { EMPTY_SUMMARY, FlowBudgetExceeded, FunctionFlow, type FlowContext, type FnFlow, type Summary, type Target } from './analyze';
import { argRoles, declaredFlow, inferFlow, NO_FLOW, type ToolFlow } from './toolFlow';
import type { FlowBuiltins } from './builtinFlows';
import { PRIVATE, UNTRUSTED, idOf, isClean, valKey, type Trace } from './values';

/** What one file's flow analysis sees. */
export interface FlowInput {
  /** The file reported on (absolute path). */
  file: string;
  /** The declarations the file sees, with their files: its own first. */
  visible: ReadonlyArray<{ decl: Decl; file?: string }>;
  /** Every tool the file sees, resolved (its contract view). */
  tools: readonly ContractTool[];
  env: SchemaEnv;
  /** The builtins of the file's language level (default: 0.11's). */
  builtins?: FlowBuiltins;
}

/** A recursion head is analysed at most this many times. */
const MAX_ROUNDS = 8;

/**
 * What a summary depends on: a name refers to a function, a tool or nothing,
 * with the same flow labels; a function's summary is the same object.
 */
type Dep =
  | { kind: 'name'; name: string; target: 'fn' | 'tool' | 'none'; flowKey: string }
  | { kind: 'summary'; name: string; summary: Summary };

interface Kept {
  summary: Summary;
  deps: readonly Dep[];
}

/**
 * A tool's flow labels, kept while its contract view's definition is the
 * same object (ContractReuse makes a new one when the declaration or its doc
 * comment changes).
 */
interface ToolFlowEntry {
  target: Extract<Target, { kind: 'tool' }>;
  key: string;
}

/** What a document's flow analysis keeps from one edit to the next. */
export class FlowReuse {
  summaries = new WeakMap<FunctionDecl, Kept>();
  /** The builtins the kept summaries were worked out with (a file whose level changes starts afresh). */
  private builtins: FlowBuiltins | undefined;

  /** Forgets the summaries when the file's builtins are not those they were worked out with. */
  useBuiltins(builtins: FlowBuiltins | undefined): void {
    if (builtins === this.builtins) return;
    this.builtins = builtins;
    this.summaries = new WeakMap();
    this.last.clear();
  }

  /**
   * The last summary computed per function, by file and name (handed out
   * again when a new one comes out the same, also for a declaration parsed
   * anew, so that callers of an edited function whose summary did not change
   * stay valid).
   */
  readonly last = new Map<string, { summary: Summary; key: string }>();
  readonly tools = new WeakMap<McpTool, ToolFlowEntry>();
  /** What each function's `@flow` says, kept while its doc comment says the same. */
  readonly fnFlows = new DeclMemo<FnFlow>((f) => f);
  /** What each name referred to last time, kept while it is the same declaration (and, for a tool, the same definition). */
  readonly names = new Map<string, { decl: object; def?: object; target: Target; key: string }>();
}

interface Frame {
  decl: FunctionDecl;
  provisional: Summary;
  /** Someone asked for this function while it was being analysed. */
  head: boolean;
  /** The lowest stack index of an unfinished function whose guess this analysis used. */
  dependsOn: number;
  deps: Dep[];
}

const SANITIZE_BITS = { private: PRIVATE, untrusted: UNTRUSTED } as const;

/** The flow labels of a tool (declared with `@flow`, else inferred). */
export function toolFlowOf(t: ContractTool, env: SchemaEnv): ToolFlow {
  const ann = env.annotationsOf(t.decl).annotations.flow;
  if (ann) return declaredFlow(ann);
  return inferFlow({
    names: [t.name, t.wireName],
    title: t.mcp.title,
    description: t.mcp.description,
    hints: t.mcp.annotations,
    behavior: t.behavior,
    params: t.decl.params.map((p) => p.name.text),
  });
}

function toolTarget(t: ContractTool, flow: ToolFlow): Extract<Target, { kind: 'tool' }> {
  const roles = argRoles(flow, t.decl.params.map((p) => p.name.text));
  const what = flow.labels.includes('sink') ? 'sends data where others can read it' : 'deletes or overwrites';
  return { kind: 'tool', tool: t, flow, roles, what };
}

/** Everything of a function's or tool's labels that ends up in a summary (the reasons are the words of a source step). */
function flowKeyOf(flow: ToolFlow | undefined, sanitizes = 0): string {
  if (!flow && !sanitizes) return '';
  return `${flow?.labels.join(',') ?? ''}|${JSON.stringify(flow?.params ?? {})}|${JSON.stringify(flow?.reasons ?? {})}|${sanitizes}`;
}

const NO_FN_FLOW: FnFlow = Object.freeze({ sanitizes: 0 });

/** What a function's `@flow` says. */
export function fnFlowOf(decl: FunctionDecl, env: SchemaEnv): FnFlow {
  const ann = (decl.doc ?? []).length === 0 ? undefined : env.annotationsOf(decl).annotations.flow;
  if (!ann) return NO_FN_FLOW;
  let sanitizes = 0;
  for (const l of ann.sanitizes ?? []) sanitizes |= SANITIZE_BITS[l];
  const out: FnFlow = { sanitizes };
  if (ann.labels.length > 0) {
    out.flow = declaredFlow(ann);
    out.roles = argRoles(out.flow, decl.params.map((p) => p.name.text));
  }
  return out;
}

/** Every own function's summary for one file, with the functions and tools it sees. */
export class FlowWorld implements FlowContext {
  private readonly decls = new Map<string, { decl: FunctionDecl | ToolDecl; file?: string }>();
  private readonly tools = new Map<ToolDecl, ContractTool>();
  private readonly resolved = new Map<string, { target: Target; key: string } | null>();
  private readonly final = new Map<FunctionDecl, Summary>();
  private readonly tentative = new Map<FunctionDecl, { summary: Summary; round: number; dependsOn: number }>();
  private readonly stack: Frame[] = [];
  private round = 0;
  /** How many function bodies were analysed (for tests and measurements). */
  analysed = 0;
  /** Functions whose analysis was given up (too much work); they count as doing nothing. */
  readonly givenUp: FunctionDecl[] = [];

  readonly builtins?: FlowBuiltins;

  constructor(
    private readonly input: FlowInput,
    private readonly reuse?: FlowReuse,
  ) {
    this.builtins = input.builtins;
    reuse?.useBuiltins(input.builtins);
    for (const { decl, file } of input.visible) {
      if ((decl.kind === 'FunctionDecl' || decl.kind === 'ToolDecl') && !this.decls.has(decl.name.text)) this.decls.set(decl.name.text, { decl, file });
    }
    for (const t of input.tools) if (!this.tools.has(t.decl)) this.tools.set(t.decl, t);
  }

  private resolve(name: string): { target: Target; key: string } | undefined {
    const known = this.resolved.get(name);
    if (known !== undefined) return known ?? undefined;
    const hit = this.decls.get(name);
    let out: { target: Target; key: string } | undefined;
    const before = this.reuse?.names.get(name);
    if (before && hit && before.decl === hit.decl) {
      if (hit.decl.kind === 'ToolDecl') {
        const t = this.tools.get(hit.decl);
        if (t && t.mcp === before.def) out = before.target.kind === 'tool' && before.target.tool === t ? before : this.toolEntry(t);
      } else {
        const flow = this.fnFlow(hit.decl);
        if (before.target.kind === 'fn' && before.target.flow === flow && before.target.file === hit.file) out = before;
      }
      if (out) {
        this.resolved.set(name, out);
        return out;
      }
    }
    if (hit?.decl.kind === 'FunctionDecl') {
      const flow = this.fnFlow(hit.decl);
      out = { target: { kind: 'fn', decl: hit.decl, file: hit.file, flow }, key: flowKeyOf(flow.flow, flow.sanitizes) };
    } else if (hit?.decl.kind === 'ToolDecl') {
      const t = this.tools.get(hit.decl);
      if (t) out = this.toolEntry(t);
    }
    this.resolved.set(name, out ?? null);
    if (this.reuse) {
      if (out && hit) this.reuse.names.set(name, { decl: hit.decl, def: out.target.kind === 'tool' ? out.target.tool.mcp : undefined, target: out.target, key: out.key });
      else this.reuse.names.delete(name);
    }
    return out;
  }

  /** A function's `@flow` (nothing to look at without a doc comment). */
  private fnFlow(decl: FunctionDecl): FnFlow {
    if ((decl.doc ?? []).length === 0) return NO_FN_FLOW;
    return this.reuse ? this.reuse.fnFlows.get(decl, this.input.env, (d, e) => fnFlowOf(d as FunctionDecl, e)) : fnFlowOf(decl, this.input.env);
  }

  private toolEntry(t: ContractTool): { target: Target; key: string } {
    const kept = this.reuse?.tools.get(t.mcp);
    if (kept && kept.target.tool.decl === t.decl) {
      return { target: kept.target.tool === t ? kept.target : { ...kept.target, tool: t }, key: kept.key };
    }
    const flow = toolFlowOf(t, this.input.env);
    const target = toolTarget(t, flow);
    const key = flowKeyOf(flow) + `|${JSON.stringify(target.roles)}`;
    this.reuse?.tools.set(t.mcp, { target, key });
    return { target, key };
  }

  /** The labels of the tool a file sees under `name` (for hovers and reports). */
  toolFlow(name: string): ToolFlow {
    const r = this.resolve(name);
    return r?.target.kind === 'tool' ? r.target.flow : NO_FLOW;
  }

  lookup(name: string): Target | undefined {
    const r = this.resolve(name);
    this.stack.at(-1)?.deps.push({ kind: 'name', name, target: r?.target.kind ?? 'none', flowKey: r?.key ?? '' });
    return r?.target;
  }

  summary(decl: FunctionDecl, file: string | undefined): Summary {
    const s = this.summaryOf(decl, file);
    // Only what a name refers to can be checked again later; a function value kept in a summary is not.
    const r = this.resolve(decl.name.text);
    if (r?.target.kind === 'fn' && r.target.decl === decl) this.stack.at(-1)?.deps.push({ kind: 'summary', name: decl.name.text, summary: s });
    else this.stack.at(-1)?.deps.push({ kind: 'summary', name: '', summary: s });
    return s;
  }

  /** The summary of a function: final, reused, the current guess of a recursion, or analysed now. */
  summaryOf(decl: FunctionDecl, file: string | undefined): Summary {
    const done = this.final.get(decl);
    if (done) return done;
    const at = this.stack.findIndex((f) => f.decl === decl);
    if (at >= 0) {
      this.stack[at].head = true;
      for (let j = at + 1; j < this.stack.length; j++) this.stack[j].dependsOn = Math.min(this.stack[j].dependsOn, at);
      return this.stack[at].provisional;
    }
    const t = this.tentative.get(decl);
    if (t && t.round === this.round && t.dependsOn < this.stack.length) {
      const top = this.stack.at(-1);
      if (top) top.dependsOn = Math.min(top.dependsOn, t.dependsOn);
      return t.summary;
    }
    const kept = this.reuse?.summaries.get(decl);
    if (kept && this.stillValid(kept)) {
      this.final.set(decl, kept.summary);
      return kept.summary;
    }
    return this.analyse(decl, file);
  }

  private stillValid(kept: Kept): boolean {
    for (const d of kept.deps) {
      const r = this.resolve(d.name);
      if (d.kind === 'name') {
        if ((r?.target.kind ?? 'none') !== d.target || (r?.key ?? '') !== d.flowKey) return false;
      } else if (r?.target.kind !== 'fn' || this.summaryOf(r.target.decl, r.target.file) !== d.summary) {
        return false;
      }
    }
    return true;
  }

  private analyse(decl: FunctionDecl, file: string | undefined): Summary {
    const frame: Frame = { decl, provisional: EMPTY_SUMMARY, head: false, dependsOn: Number.POSITIVE_INFINITY, deps: [] };
    this.stack.push(frame);
    let s: Summary = EMPTY_SUMMARY;
    let wasHead = false;
    try {
      for (let r = 0; r < MAX_ROUNDS; r++) {
        frame.head = false;
        frame.deps = [];
        frame.dependsOn = Number.POSITIVE_INFINITY;
        this.analysed++;
        try {
          s = new FunctionFlow(this, decl, file).run();
        } catch (e) {
          // Too much work (hostile input, a stack too deep): the function is given up, not the file.
          if (!(e instanceof FlowBudgetExceeded || e instanceof RangeError)) throw e;
          this.givenUp.push(decl);
          s = EMPTY_SUMMARY;
          break;
        }
        if (!frame.head) break;
        wasHead = true;
        if (shapeKey(s) === shapeKey(frame.provisional)) break;
        frame.provisional = s;
        // Whatever was worked out from the old guess is stale.
        this.round++;
      }
    } finally {
      this.stack.pop();
    }
    // Most functions touch no source or sink: one shared empty summary, whose identity never changes.
    if (isEmptySummary(s)) s = EMPTY_SUMMARY;
    else if (this.reuse) {
      const key = fullKey(s);
      const named = `${file ?? ''}\u0000${decl.name.text}`;
      const last = this.reuse.last.get(named);
      if (last && last.key === key) s = last.summary;
      else this.reuse.last.set(named, { summary: s, key });
    }
    if (wasHead) this.round++;
    if (frame.dependsOn < this.stack.length) {
      // Worked out from an unfinished function's guess: good for this round only.
      this.tentative.set(decl, { summary: s, round: this.round, dependsOn: frame.dependsOn });
      const top = this.stack.at(-1);
      if (top) top.dependsOn = Math.min(top.dependsOn, frame.dependsOn);
      return s;
    }
    this.final.set(decl, s);
    // Recursive functions are worked out afresh each time (what they depend on includes themselves).
    if (!wasHead) this.reuse?.summaries.set(decl, { summary: s, deps: uniqueDeps(frame.deps) });
    return s;
  }
}

// ---------------------------------------------------------------- keys

function isEmptySummary(s: Summary): boolean {
  return s === EMPTY_SUMMARY || (isClean(s.ret) && s.sinks.length === 0 && s.fnCalls.length === 0 && s.findings.length === 0);
}

/** Each dependency once (a name looked up at every call of it is checked once). */
function uniqueDeps(deps: readonly Dep[]): Dep[] {
  const seen = new Set<string>();
  const out: Dep[] = [];
  for (const d of deps) {
    const key = d.kind === 'name' ? `n\u0000${d.name}` : `s\u0000${d.name}\u0000${idOf(d.summary)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(d);
  }
  return out;
}

function traceIds(t: Trace | undefined): string {
  const ids: number[] = [];
  for (let c = t; c; c = c.prev) ids.push(idOf(c.step.at));
  return ids.join('.');
}

/** What a caller of the function can see of its summary (for the recursion fixpoint). */
function shapeKey(s: Summary): string {
  const sinks = s.sinks.map((d) => `${d.index}.${d.path?.join('.') ?? ''}:${d.mask}@${idOf(d.site.arg)}`).sort();
  const calls = s.fnCalls.map((c) => `${c.index}(${c.args.map((a) => valKey(a, false)).join(',')})`).sort();
  return `${valKey(s.ret, false)}#${sinks.join(';')}#${calls.join(';')}#${s.findings.length}`;
}

/** Everything of a summary, the syntax nodes its traces pass through included (for reuse). */
function fullKey(s: Summary): string {
  const sinks = s.sinks.map((d) => `${d.index}.${d.path?.join('.') ?? ''}:${d.mask}@${idOf(d.site.arg)}/${idOf(d.site.call)}<${traceIds(d.trace)}`);
  const calls = s.fnCalls.map((c) => `${c.index}@${idOf(c.at)}(${c.args.map((a) => valKey(a, true)).join(',')})`);
  const findings = s.findings.map((f) => `${f.kind}@${idOf(f.site.arg)}/${idOf(f.meeting)}<${traceIds(f.trace)}`);
  return `${valKey(s.ret, true)}#${sinks.join(';')}#${calls.join(';')}#${findings.join(';')}`;
}
