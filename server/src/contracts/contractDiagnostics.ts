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
import { completeTriple, declaresSigils, functionEffectEvidence, toolEffectEvidence, toolsOf, visibleLocated, type ContractInput, type ContractTool } from './behavior';
import { isReadOnlyAction } from './behavior/behavior';
import { reachedEffects } from './effectGate/reachedEffects';
import type { BuiltinTable } from '../syntax/builtinKit';
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

/**
 * The `@hints` line rewritten to agree with a declared mutability (PURE is
 * `readOnly` and not destructive, MUTATES is `readOnly=false`) and, for a
 * tool of a level-26 file, with ilo's implicit `/http` (`openWorld`); the
 * other hints are kept. Without a declared mutability the readOnly and
 * destructive hints stay as written.
 */
export function hintsAgreeing(hints: ToolHints, mutability: 'PURE' | 'MUTATES' | undefined, openWorld?: boolean): string {
  const flag = (name: string, v: boolean | undefined) => (v === undefined ? [] : [v ? name : `${name}=false`]);
  const words: string[] = [];
  if (mutability === 'PURE') words.push('readOnly');
  else if (mutability === 'MUTATES') words.push('readOnly=false', ...flag('destructive', hints.destructiveHint));
  else words.push(...flag('readOnly', hints.readOnlyHint), ...flag('destructive', hints.destructiveHint));
  words.push(...flag('idempotent', hints.idempotentHint), ...flag('openWorld', openWorld ?? hints.openWorldHint));
  return `@hints ${words.join(' ')}`;
}

/**
 * A tool's `@hints` against its declared `@behavior` (`behavior-hints`) and,
 * at level 26, against the `/http` ilo gives every tool call
 * (`effect-disagreement`: `openWorld=false`). One diagnostic per `@hints`
 * line, whose fix satisfies both: the language first, then the behavior.
 */
function hintConflicts(f: FileContracts): Diagnostic[] {
  const out: Diagnostic[] = [];
  const effects = f.input.program.level === '26' ? toolEffectEvidence() : undefined;
  for (const t of f.tools) {
    if (t.file !== f.input.path) continue;
    const hints = f.env.annotationsOf(t.decl).annotations.hints;
    if (!hints) continue;
    const triple = t.behavior.source === 'declared' ? completeTriple(t.behavior) : undefined;
    const problems: string[] = [];
    if (triple) {
      if (hints.readOnlyHint === true && triple.mutability === 'MUTATES') problems.push('`readOnly` but the behavior MUTATES');
      if (hints.readOnlyHint === false && triple.mutability === 'PURE') problems.push('`readOnly=false` but the behavior is PURE');
      if (hints.destructiveHint === true && triple.mutability === 'PURE') problems.push('`destructive` but the behavior is PURE');
    }
    const sigilProblem = effects !== undefined && hints.openWorldHint === false && effects.openWorld;
    if (sigilProblem) problems.push('`openWorld=false` but ilo 26 gives every tool call `/http` (open world)');
    if (problems.length === 0) continue;
    const behaviorProblems = sigilProblem ? problems.length - 1 : problems.length;
    const agreeing = hintsAgreeing(hints, behaviorProblems > 0 ? triple?.mutability : undefined, sigilProblem ? true : undefined);
    const against = [sigilProblem ? 'the tool\'s effects' : '', behaviorProblems > 0 && triple ? `\`@behavior ${triple.mutability} ${triple.action} ${triple.domain}\`` : ''].filter((x) => x !== '');
    out.push({
      code: sigilProblem ? 'effect-disagreement' : 'behavior-hints',
      source: 'ilo-contracts',
      severity: 'warning',
      start: hints.start,
      end: hints.end,
      message: `these MCP hints contradict ${against.join(' and ')}: ${problems.join('; ')}`,
      hint: sigilProblem
        ? 'at ilo 26 the language wins: exports say `openWorldHint: true` whatever `@hints` says, so make the hints agree'
        : 'exported tools carry both; clients trust the hints, so make them agree',
      suggestions: [{ message: `Make the hints follow ${sigilProblem ? 'the effects' : '@behavior'}${sigilProblem && behaviorProblems > 0 ? ' and @behavior' : ''}: \`${agreeing}\``, edits: [{ start: hints.start, end: hints.end, newText: agreeing }] }],
    });
  }
  return out;
}

/**
 * A level-26 function whose `@behavior` says MUTATES while its effect sigils
 * rule out any change of state (none at all in a file that declares sigils,
 * or only `/io`, `/time`, `/rand`): `effect-disagreement` on the `@behavior`
 * line, with a fix that follows the language (`PURE`). When the body does
 * write, `undeclared-effect` asks for the sigil instead, and once it is
 * written the two agree.
 */
function sigilBehaviorConflicts(f: FileContracts, builtins: BuiltinTable): Diagnostic[] {
  const own = f.input.program.decls;
  const optedIn = declaresSigils(own);
  const visible = visibleLocated(f.input);
  const out: Diagnostic[] = [];
  for (const d of own) {
    if (d.kind !== 'FunctionDecl' || (d.doc ?? []).length === 0) continue;
    const declared = f.env.annotationsOf(d).annotations.behavior;
    if (declared?.mutability !== 'MUTATES') continue;
    const ev = functionEffectEvidence(d, optedIn);
    if (!ev?.pure) continue;
    // A body that needs a sigil it does not declare is missing the sigil (undeclared-effect, ILO-W051), not a wrong behavior.
    const reached = reachedEffects(d, visible, builtins);
    if (reached === undefined || [...reached].some((s) => !ev.sigils.includes(s))) continue;
    const words = ['PURE', ...(declared.action || declared.domain ? [declared.action && isReadOnlyAction(declared.action) ? declared.action : 'READ'] : []), ...(declared.domain ? [declared.domain] : [])];
    const fixed = `@behavior ${words.join(' ')}`;
    out.push({
      code: 'effect-disagreement',
      source: 'ilo-contracts',
      severity: 'warning',
      start: declared.start,
      end: declared.end,
      message: `\`@behavior MUTATES\` contradicts the effect sigils of \`${d.name.text}\`: ${ev.why}`,
      hint: 'at ilo 26 the language wins: declare the effect the function has (a sigil such as `/fs`), or follow the sigils',
      suggestions: [{ message: `Follow the effect sigils: \`${fixed}\``, edits: [{ start: declared.start, end: declared.end, newText: fixed }] }],
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
    if (level) list.push(...sigilBehaviorConflicts(f, level.builtins));
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
