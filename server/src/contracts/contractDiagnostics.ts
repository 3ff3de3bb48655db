// Entry point of the issue-6 analyses for editors and the CLI: same-schema
// collisions, behavioral identity, the static effect gate and toxic flows
// (flows/), as `ilo-contracts` diagnostics per file.
//
// Scope (`ilo.collisions.scope`):
//   file       each file is compared with the files it `use`s (transitively)
//   workspace  every given file (and what it uses) is one pool: tools of two
//              servers declared in different files collide too
// Diagnostics land on the given files' own tools and functions only; related
// information points into other files where the partner lives.

import type { Diagnostic } from '../diagnostics';
import { completeTriple, toolsOf, visibleLocated, type ContractInput, type ContractTool } from './behavior';
import { collisionDiagnostics, findCollisions, type CollisionMemo, type Collisions } from './collisions';
import { effectGateDiagnostics, pureByOmissionDiagnostics, type EffectGateInput } from './effectGate';
import { levelById } from '../level';
import type { ToolHints } from '../schema/annotations';
import type { SchemaEnv } from '../schema/env';
import { mergeSameRange } from './mergeDiagnostics';
import { programFlowDiagnostics } from './flows';
import type { ContractReuse } from './contractReuse';

export type CollisionScope = 'file' | 'workspace';

export interface ContractOptions {
  /** Default `file`. */
  scope?: CollisionScope;
  /** Report near pairs (schemas differing only by optional properties or enum values). Default true. */
  near?: boolean;
  /**
   * List every collision partner in related information. Default true; the
   * CLI, which prints messages only, turns it off (with many copies of a file
   * the lists grow with the square of the number of tools).
   */
  related?: boolean;
  /** What each file (by path) keeps from its last analysis (an open document's edits); results are the same with or without. */
  reuse?: ReadonlyMap<string, ContractReuse | undefined>;
}

export interface FileContracts {
  input: ContractInput;
  env: SchemaEnv;
  /** Every tool the file sees (own and imported). */
  tools: ContractTool[];
  /** Results kept across the document's edits, when it has them. */
  reuse?: ContractReuse;
}

/** Resolve every file's tools once. */
export function resolveFiles(inputs: readonly ContractInput[], reuse?: ReadonlyMap<string, ContractReuse | undefined>): FileContracts[] {
  return inputs.map((input) => resolveFile(input, reuse?.get(input.path)));
}

/** One file's tools, resolved with what `reuse` kept from the document's last edit. */
export function resolveFile(input: ContractInput, reuse?: ContractReuse): FileContracts {
  if (!reuse) {
    const { tools, env } = toolsOf(input, input.env);
    return { input, env, tools };
  }
  const { tools, env } = toolsOf(input, input.env, reuse.resolveTool);
  return { input, env, tools, reuse };
}

/**
 * The pools collisions are computed in: one per file (`file` scope) or one
 * for everything (`workspace`). A file's own resolution of a tool wins over
 * another file's view of it through `use`.
 */
export function collisionPools(files: readonly FileContracts[], scope: CollisionScope): Array<{ files: FileContracts[]; pool: Map<string, ContractTool> }> {
  const poolOf = (fs: readonly FileContracts[]) => {
    const pool = new Map<string, ContractTool>();
    for (const f of fs) for (const t of f.tools) if (t.file === f.input.path) pool.set(t.key, t);
    for (const f of fs) for (const t of f.tools) if (!pool.has(t.key)) pool.set(t.key, t);
    return pool;
  };
  if (scope === 'workspace') return [{ files: [...files], pool: poolOf(files) }];
  return files.map((f) => ({ files: [f], pool: poolOf([f]) }));
}

export function collisionsIn(pool: ReadonlyMap<string, ContractTool>, near = true, memo?: CollisionMemo): Collisions {
  const found = findCollisions(
    [...pool.values()].map((t) => ({ id: t.key, name: t.name, schema: t.schema, behavior: t.behavior })),
    memo,
  );
  return near ? found : { groups: found.groups, near: [] };
}

/** `@hints` that contradict a declared `@behavior` (readOnly on a MUTATES tool, …). */
/**
 * The `@hints` line rewritten to agree with a declared mutability: PURE is
 * `readOnly` (and not destructive), MUTATES is `readOnly=false`; the other
 * hints (idempotent, openWorld, destructive on a mutating tool) are kept.
 */
export function hintsAgreeing(hints: ToolHints, mutability: 'PURE' | 'MUTATES'): string {
  const words: string[] = [mutability === 'PURE' ? 'readOnly' : 'readOnly=false'];
  if (mutability === 'MUTATES' && hints.destructiveHint !== undefined) words.push(hints.destructiveHint ? 'destructive' : 'destructive=false');
  if (hints.idempotentHint !== undefined) words.push(hints.idempotentHint ? 'idempotent' : 'idempotent=false');
  if (hints.openWorldHint !== undefined) words.push(hints.openWorldHint ? 'openWorld' : 'openWorld=false');
  return `@hints ${words.join(' ')}`;
}

function hintConflicts(f: FileContracts): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const t of f.tools) {
    if (t.file !== f.input.path || t.behavior.source !== 'declared') continue;
    const triple = completeTriple(t.behavior);
    const hints = f.env.annotationsOf(t.decl).annotations.hints;
    if (!triple || !hints) continue;
    const problems: string[] = [];
    if (hints.readOnlyHint === true && triple.mutability === 'MUTATES') problems.push('`readOnly` but the behavior MUTATES');
    if (hints.readOnlyHint === false && triple.mutability === 'PURE') problems.push('`readOnly=false` but the behavior is PURE');
    if (hints.destructiveHint === true && triple.mutability === 'PURE') problems.push('`destructive` but the behavior is PURE');
    if (problems.length === 0) continue;
    const agreeing = hintsAgreeing(hints, triple.mutability);
    out.push({
      code: 'behavior-hints',
      source: 'ilo-contracts',
      severity: 'warning',
      start: hints.start,
      end: hints.end,
      message: `these MCP hints contradict \`@behavior ${triple.mutability} ${triple.action} ${triple.domain}\`: ${problems.join('; ')}`,
      hint: 'exported tools carry both; clients trust the hints, so make them agree',
      suggestions: [{ message: `Make the hints follow @behavior: \`${agreeing}\``, edits: [{ start: hints.start, end: hints.end, newText: agreeing }] }],
    });
  }
  return out;
}

/**
 * `ilo-contracts` diagnostics (same-schema, same-behavior, near-schema,
 * effect-gate, behavior-hints, toxic-flow) for each given file, keyed by its path;
 * several on one name are merged into one (mergeDiagnostics.ts).
 * Never throws: an internal failure yields no diagnostics for that file.
 */
export function contractDiagnostics(inputs: readonly ContractInput[], options: ContractOptions = {}): Map<string, Diagnostic[]> {
  const out = new Map<string, Diagnostic[]>();
  for (const input of inputs) out.set(input.path, []);
  let files: FileContracts[];
  try {
    files = resolveFiles(inputs, options.reuse);
  } catch {
    return out;
  }
  for (const { files: members, pool } of collisionPools(files, options.scope ?? 'file')) {
    let collisions: Collisions;
    try {
      // A file's own memo serves its own pool (`file` scope).
      collisions = collisionsIn(pool, options.near ?? true, members.length === 1 ? members[0].reuse?.collisions : undefined);
    } catch {
      continue;
    }
    for (const f of members) {
      try {
        const own = [...pool.values()].filter((t) => t.file === f.input.path);
        out.get(f.input.path)!.push(...collisionDiagnostics(own, pool, collisions, f.input.path, f.input.text, { related: options.related ?? true }));
      } catch {
        // keep the other files' results
      }
    }
  }
  for (const f of files) out.set(f.input.path, withFileFindings(f, out.get(f.input.path)!));
  return out;
}

/** A file's collision findings completed with its effect gate, hint conflicts and toxic flows: sorted, one diagnostic per range. */
function withFileFindings(f: FileContracts, collisionFindings: Diagnostic[]): Diagnostic[] {
  const list = collisionFindings;
  try {
    const own = f.input.program.decls;
    const pure = f.reuse?.schema.pureFunctions(own);
    const visible = visibleLocated(f.input);
    const gateInput: EffectGateInput = { visible, file: f.input.path, env: f.env, tools: f.tools, text: f.input.text };
    if (pure) gateInput.pureOwn = { count: own.length, functions: pure };
    // Names resolve at the file's level: at 26 through its builtin table, where effect sigils are part of the language.
    const level = f.input.program.level === '26' ? levelById('26') : undefined;
    if (level) gateInput.builtins = level.builtins;
    list.push(...effectGateDiagnostics(gateInput, f.reuse?.gate));
    if (level && level.syntax.effectSigils.length > 0) list.push(...pureByOmissionDiagnostics({ visible, file: f.input.path, builtins: level.builtins }));
    list.push(...hintConflicts(f));
    list.push(...programFlowDiagnostics({ file: f.input.path, visible, tools: f.tools, env: f.env }, f.reuse?.flows));
  } catch {
    // keep what was found
  }
  list.sort((a, b) => a.start - b.start || a.end - b.end);
  return mergeSameRange(list);
}

/**
 * The `ilo-contracts` diagnostics of one file, its collisions sought in a
 * pool the caller built (every tool in scope by key, the file's own tools
 * included, in the order collisionPools would give). An editor keeps an
 * index of the workspace's tools and passes the part of it that can collide
 * with the file, so an edit compares only the edited file's tools. Sorted;
 * never throws.
 */
export function fileContractDiagnostics(f: FileContracts, pool: ReadonlyMap<string, ContractTool>, near = true): Diagnostic[] {
  const out: Diagnostic[] = [];
  try {
    const own = [...pool.values()].filter((t) => t.file === f.input.path);
    out.push(...collisionDiagnostics(own, pool, collisionsIn(pool, near, f.reuse?.collisions), f.input.path, f.input.text, { related: true }));
  } catch {
    // the effect gate and hints still apply
  }
  return withFileFindings(f, out);
}
