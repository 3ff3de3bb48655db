// The JSON behind `ilo-ls contracts --json FILE...`: every tool with its
// wire name, schema hash and behavioral identity, and the collision groups.

import * as path from 'node:path';
import type { ContractInput, ContractTool, ToolBehavior } from './behavior';
import { compareBehaviors, type Comparison } from './collisions';
import { collisionPools, collisionsIn, resolveFiles, type CollisionScope } from './contractDiagnostics';

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
}

export interface ReportRelation {
  relation: 'same' | 'different' | 'unknown';
  rank?: string;
  summary?: string;
}

export interface ReportGroup {
  kind: 'identical';
  schemaHash: string;
  shape: string;
  tools: ReportToolRef[];
  /** Every pair in the group, with how their behaviors compare. */
  pairs: Array<{ a: ReportToolRef; b: ReportToolRef } & ReportRelation>;
}

export interface ReportNear extends ReportRelation {
  a: ReportToolRef;
  b: ReportToolRef;
  differences: string[];
}

export interface ContractsReport {
  scope: CollisionScope;
  tools: ReportTool[];
  collisions: ReportGroup[];
  near: ReportNear[];
}

export interface ReportOptions {
  scope?: CollisionScope;
  /** Print file paths relative to this directory (default: absolute). */
  relativeTo?: string;
  /** Include near pairs. Default true. */
  near?: boolean;
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
  for (const { pool } of collisionPools(files, 'workspace')) {
    for (const t of pool.values()) {
      if (listed.has(t.key)) continue;
      listed.add(t.key);
      const b = t.behavior;
      tools.push({
        ...ref(t),
        wireName: t.wireName,
        schemaHash: t.schemaHash,
        behavior: { mutability: b.mutability ?? null, action: b.action ?? null, domain: b.domain ?? null, source: b.source, confidence: b.confidence },
        behaviorId: t.behaviorId ?? null,
      });
    }
  }

  const collisions: ReportGroup[] = [];
  const near: ReportNear[] = [];
  const seenGroups = new Set<string>();
  const seenNear = new Set<string>();
  for (const { pool } of collisionPools(files, scope)) {
    const found = collisionsIn(pool, options.near ?? true);
    for (const g of found.groups) {
      const members = g.members.map((k) => pool.get(k)).filter((t): t is ContractTool => t !== undefined);
      const id = members.map((m) => m.key).sort().join('\u0001');
      if (seenGroups.has(id)) continue;
      seenGroups.add(id);
      const pairs: ReportGroup['pairs'] = [];
      for (let i = 0; i < members.length; i++) {
        for (let j = i + 1; j < members.length; j++) {
          pairs.push({ a: ref(members[i]), b: ref(members[j]), ...relation(compareBehaviors(members[i], members[j])) });
        }
      }
      collisions.push({ kind: 'identical', schemaHash: g.schemaHash, shape: g.shape, tools: members.map(ref), pairs });
    }
    for (const n of found.near) {
      const a = pool.get(n.a);
      const b = pool.get(n.b);
      if (!a || !b) continue;
      const id = [a.key, b.key].sort().join('\u0001');
      if (seenNear.has(id)) continue;
      seenNear.add(id);
      near.push({ a: ref(a), b: ref(b), differences: n.differences, ...relation(compareBehaviors(a, b)) });
    }
  }
  return { scope, tools, collisions, near };
}
