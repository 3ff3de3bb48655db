// The JSON behind `ilo-ls contracts --json FILE...`: every tool with its
// wire name, schema hash and behavioral identity, and the collision groups.
// Pairs are reported between kinds of tool (copies of one tool count once),
// so the report grows with the number of tools, not with its square.

import * as path from 'node:path';
import { behaviorWords, type ContractInput, type ContractTool, type ToolBehavior } from './behavior';
import { compareBehaviors, type Comparison } from './collisions';
import { collisionPools, collisionsIn, resolveFiles, type CollisionScope, type FileContracts } from './contractDiagnostics';
import { toolFlowOf, toolSetFlows, type ToolSetFlows } from './flows';

export interface ReportToolRef {
  name: string;
  file: string | null;
}

export interface ReportTool extends ReportToolRef {
  wireName: string;
  schemaHash: string;
  behavior: {
    mutability: string | null;
    action: string | null;
    domain: string | null;
    source: ToolBehavior['source'];
    confidence: ToolBehavior['confidence'];
  };
  /** Identity hash; null while any behavior field is unknown. */
  behaviorId: string | null;
  /** Flow labels (docs/flows.md): declared with `@flow` or inferred. */
  flow: { labels: string[]; source: 'declared' | 'inferred' };
}

/** What the tools one agent would hold make possible together (a file and what it uses, or the workspace). */
export interface ReportToolSet extends ToolSetFlows {
  /** The files whose tools make up the set. */
  files: Array<string | null>;
}

export interface ReportRelation {
  relation: 'same' | 'different' | 'unknown';
  rank?: string;
  summary?: string;
}

/**
 * Pairs are listed between *kinds* of member — tools with the same name and
 * behavior (copies of one tool count once) — so a group of many copies stays
 * a few lines; `count` says how many tool pairs an entry stands for.
 */
export interface ReportGroup {
  kind: 'identical';
  schemaHash: string;
  shape: string;
  tools: ReportToolRef[];
  /** One entry per pair of kinds in the group (and per kind with copies), with how their behaviors compare. */
  pairs: Array<{ a: ReportToolRef; b: ReportToolRef; count: number } & ReportRelation>;
}

export interface ReportNear extends ReportRelation {
  a: ReportToolRef;
  b: ReportToolRef;
  differences: string[];
  /** How many tool pairs (copies included) this entry stands for. */
  count: number;
}

export interface ContractsReport {
  scope: CollisionScope;
  tools: ReportTool[];
  collisions: ReportGroup[];
  near: ReportNear[];
  /** Tool sets whose labels combine into a risk (lethal trifecta, tampering); sets without one are left out. */
  toolSets: ReportToolSet[];
}

export interface ReportOptions {
  scope?: CollisionScope;
  /** Print file paths relative to this directory (default: absolute). */
  relativeTo?: string;
  /** Include near pairs. Default true. */
  near?: boolean;
}

/** Tools with the same name and behavior are copies of one tool. */
function kindKey(t: ContractTool): string {
  return `${t.name}\u0000${behaviorWords(t.behavior)}\u0000${t.behavior.source}`;
}

/** Members grouped by kind, in order of first appearance. */
function kindsOf(members: readonly ContractTool[]): ContractTool[][] {
  const byKey = new Map<string, ContractTool[]>();
  for (const m of members) {
    const k = kindKey(m);
    const list = byKey.get(k);
    if (list) list.push(m);
    else byKey.set(k, [m]);
  }
  return [...byKey.values()];
}

function relation(c: Comparison): ReportRelation {
  if (c.kind === 'same') return { relation: 'same' };
  if (c.kind === 'unknown') return { relation: 'unknown' };
  return { relation: 'different', rank: c.rank, summary: c.summary };
}

/** The report for the given files (each with what it uses). Never throws on odd input. */
export function contractsReport(inputs: readonly ContractInput[], options: ReportOptions = {}): ContractsReport {
  const scope = options.scope ?? 'file';
  const shownPath = (p: string | undefined): string | null =>
    p === undefined ? null : options.relativeTo ? path.relative(options.relativeTo, p) || path.basename(p) : p;
  const ref = (t: ContractTool): ReportToolRef => ({ name: t.name, file: shownPath(t.file) });
  const files = resolveFiles(inputs);

  const tools: ReportTool[] = [];
  const listed = new Set<string>();
  const envOf = new Map<string, FileContracts>();
  for (const f of files) for (const t of f.tools) if (!envOf.has(t.key)) envOf.set(t.key, f);
  const flowOf = (t: ContractTool) => toolFlowOf(t, (envOf.get(t.key) ?? files[0]).env);
  for (const { pool } of collisionPools(files, 'workspace')) {
    for (const t of pool.values()) {
      if (listed.has(t.key)) continue;
      listed.add(t.key);
      const b = t.behavior;
      const flow = flowOf(t);
      tools.push({
        ...ref(t),
        wireName: t.wireName,
        schemaHash: t.schemaHash,
        behavior: { mutability: b.mutability ?? null, action: b.action ?? null, domain: b.domain ?? null, source: b.source, confidence: b.confidence },
        behaviorId: t.behaviorId ?? null,
        flow: { labels: [...flow.labels], source: flow.source },
      });
    }
  }

  const toolSets: ReportToolSet[] = [];
  for (const { files: members, pool } of collisionPools(files, scope)) {
    const set = toolSetFlows([...pool.values()].map((t) => ({ name: t.name, flow: flowOf(t) })));
    if (set.trifecta || set.tamper) toolSets.push({ files: members.map((m) => shownPath(m.input.path)), ...set });
  }

  const collisions: ReportGroup[] = [];
  const near: ReportNear[] = [];
  const seenGroups = new Set<string>();
  const seenNear = new Map<string, ReportNear>();
  const nearPairs = new Set<string>();
  for (const { pool } of collisionPools(files, scope)) {
    const found = collisionsIn(pool, options.near ?? true);
    for (const g of found.groups) {
      const members = g.members.map((k) => pool.get(k)).filter((t): t is ContractTool => t !== undefined);
      const id = members.map((m) => m.key).sort().join('\u0001');
      if (seenGroups.has(id)) continue;
      seenGroups.add(id);
      const kinds = kindsOf(members);
      const pairs: ReportGroup['pairs'] = [];
      for (let i = 0; i < kinds.length; i++) {
        const ki = kinds[i];
        if (ki.length > 1) pairs.push({ a: ref(ki[0]), b: ref(ki[1]), count: (ki.length * (ki.length - 1)) / 2, ...relation(compareBehaviors(ki[0], ki[1])) });
        for (let j = i + 1; j < kinds.length; j++) {
          pairs.push({ a: ref(ki[0]), b: ref(kinds[j][0]), count: ki.length * kinds[j].length, ...relation(compareBehaviors(ki[0], kinds[j][0])) });
        }
      }
      collisions.push({ kind: 'identical', schemaHash: g.schemaHash, shape: g.shape, tools: members.map(ref), pairs });
    }
    for (const n of found.near) {
      const a = pool.get(n.a);
      const b = pool.get(n.b);
      if (!a || !b) continue;
      const id = [a.key, b.key].sort().join('\u0001');
      if (nearPairs.has(id)) continue;
      nearPairs.add(id);
      const byKinds = [kindKey(a), kindKey(b)].sort().join('\u0001');
      const entry = seenNear.get(byKinds);
      if (entry) {
        entry.count++;
        continue;
      }
      const e: ReportNear = { a: ref(a), b: ref(b), differences: n.differences, count: 1, ...relation(compareBehaviors(a, b)) };
      seenNear.set(byKinds, e);
      near.push(e);
    }
  }
  return { scope, tools, collisions, near, toolSets };
}
