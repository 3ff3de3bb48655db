// Same-schema collisions: tools an agent can confuse because the same
// arguments fit both. Identical groups share a normalised input schema; near
// pairs differ only by optional properties or by enum values. Each pair is
// ranked by how much their behaviors differ (seed 002): confusing a read with
// a write is critical, two reads of different things much less so.

import { behaviorWords, completeTriple, sameTriple, type Action, type BehaviorTriple, type ToolBehavior } from '../behavior';
import { canonicalJson, schemaHash, shapeText, type NormSchema } from '../schemaNormalize';

export interface CollisionTool {
  /** Unique among the tools compared (e.g. `file#name`). */
  id: string;
  /** Name shown in messages. */
  name: string;
  schema: NormSchema;
  behavior?: ToolBehavior;
}

export interface IdenticalGroup {
  schemaHash: string;
  /** `{path: string}` */
  shape: string;
  /** Tool ids, in input order. */
  members: string[];
}

export interface NearPair {
  a: string;
  b: string;
  /** What separates the two schemas, e.g. "`head` is optional in read_text_file only". */
  differences: string[];
}

export interface Collisions {
  groups: IdenticalGroup[];
  near: NearPair[];
}

/**
 * How bad confusing two behaviors is. `critical`: read vs write, create vs
 * delete, merge vs update, or a delete vs any other write; `high`: two
 * different writes; `medium`: same effect, different action or output;
 * `low`: two reads that differ only in READ vs SEARCH.
 */
export type Rank = 'critical' | 'high' | 'medium' | 'low';

export type Comparison =
  | { kind: 'same'; triple: BehaviorTriple }
  | { kind: 'unknown'; missing: string[] }
  | { kind: 'different'; rank: Rank; summary: string };

const CRITICAL_ACTION_PAIRS: ReadonlyArray<[Action, Action, string]> = [
  ['CREATE', 'DELETE', 'create vs delete'],
  ['MERGE', 'UPDATE', 'merge vs update'],
];

/** Compare the behaviors of two tools (from the first one's point of view). */
export function compareBehaviors(a: { name: string; behavior?: ToolBehavior }, b: { name: string; behavior?: ToolBehavior }): Comparison {
  const ta = completeTriple(a.behavior);
  const tb = completeTriple(b.behavior);
  if (!ta || !tb) {
    const missing = [...(!ta ? [a.name] : []), ...(!tb ? [b.name] : [])];
    return { kind: 'unknown', missing };
  }
  if (sameTriple(ta, tb)) return { kind: 'same', triple: ta };
  const words = `${behaviorWords(ta)} vs ${behaviorWords(tb)}`;
  if (ta.mutability !== tb.mutability) {
    const first = ta.mutability === 'PURE' ? 'read' : 'write';
    const second = tb.mutability === 'PURE' ? 'read' : 'write';
    return { kind: 'different', rank: 'critical', summary: `${first} vs ${second} (${words})` };
  }
  if (ta.action !== tb.action) {
    for (const [x, y, label] of CRITICAL_ACTION_PAIRS) {
      if ((ta.action === x && tb.action === y) || (ta.action === y && tb.action === x)) {
        const ordered = ta.action === x ? label : label.split(' vs ').reverse().join(' vs ');
        return { kind: 'different', rank: 'critical', summary: `${ordered} (${words})` };
      }
    }
    const lower = (s: Action) => s.toLowerCase();
    if (ta.mutability === 'MUTATES') {
      const rank: Rank = ta.action === 'DELETE' || tb.action === 'DELETE' ? 'critical' : 'high';
      return { kind: 'different', rank, summary: `${lower(ta.action)} vs ${lower(tb.action)} (${words})` };
    }
    const rank: Rank = ta.domain === tb.domain ? 'low' : 'medium';
    return { kind: 'different', rank, summary: `${lower(ta.action)} vs ${lower(tb.action)} (${words})` };
  }
  return { kind: 'different', rank: 'medium', summary: `different output: ${ta.domain} vs ${tb.domain} (${words})` };
}

const RANK_ORDER: Record<Rank, number> = { low: 0, medium: 1, high: 2, critical: 3 };

export function worstRank(ranks: readonly Rank[]): Rank | undefined {
  let worst: Rank | undefined;
  for (const r of ranks) if (!worst || RANK_ORDER[r] > RANK_ORDER[worst]) worst = r;
  return worst;
}

/**
 * What separates two schemas when only optional properties or enum values
 * do; undefined when they are identical or differ in anything else (a type,
 * a required property).
 */
export function nearDifferences(a: NormSchema, b: NormSchema, nameA: string, nameB: string): string[] | undefined {
  if (canonicalJson(a) === canonicalJson(b)) return undefined;
  const out: string[] = [];
  const shared = { count: 0 };
  if (!compareNear(a, b, '', nameA, nameB, out, shared, 0)) return undefined;
  // Two argument-free tools are not "near" just because nothing is required.
  if (shared.count === 0) return undefined;
  return out.length > 0 ? out : undefined;
}

function sameSet(x: readonly string[] | undefined, y: readonly string[] | undefined): boolean {
  const a = x ?? [];
  const b = y ?? [];
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

function compareNear(
  a: NormSchema,
  b: NormSchema,
  path: string,
  nameA: string,
  nameB: string,
  out: string[],
  shared: { count: number },
  depth: number,
): boolean {
  if (depth > 16) return canonicalJson(a) === canonicalJson(b);
  const where = path === '' ? '' : ` of \`${path}\``;
  if (!sameSet(a.types, b.types)) return false;
  if (canonicalJson(a.anyOf) !== canonicalJson(b.anyOf)) return false;
  if (canonicalJson(a.values) !== canonicalJson(b.values)) return false;
  if (a.recursive !== b.recursive) return false;
  if (!sameSet(a.enum, b.enum)) {
    if (!a.enum || !b.enum) out.push(`the values${where} are restricted in ${a.enum ? nameA : nameB} only`);
    else out.push(`the allowed values${where} differ (${a.enum.join('|')} vs ${b.enum.join('|')})`);
  }
  if ((a.items === undefined) !== (b.items === undefined)) return false;
  if (a.items && b.items && !compareNear(a.items, b.items, path === '' ? '[]' : `${path}[]`, nameA, nameB, out, shared, depth + 1)) return false;
  if (a.props || b.props) {
    if (!sameSet(a.required, b.required)) return false;
    const pa = a.props ?? {};
    const pb = b.props ?? {};
    const onlyA = Object.keys(pa).filter((k) => !Object.hasOwn(pb, k)).sort();
    const onlyB = Object.keys(pb).filter((k) => !Object.hasOwn(pa, k)).sort();
    const both = Object.keys(pa).filter((k) => Object.hasOwn(pb, k)).sort();
    for (const k of both) {
      shared.count++;
      if (!compareNear(pa[k], pb[k], path === '' ? k : `${path}.${k}`, nameA, nameB, out, shared, depth + 1)) return false;
    }
    const list = (ks: string[]) => ks.map((k) => `\`${k}\``).join(', ');
    if (onlyA.length > 0) out.push(`${nameA} also takes optional ${list(onlyA)}${where}`);
    if (onlyB.length > 0) out.push(`${nameB} also takes optional ${list(onlyB)}${where}`);
  }
  return true;
}

/**
 * What findCollisions works out per schema and per pair of schemas, kept
 * from one call to the next (one document's edits): a schema's canonical
 * form (by object: contract tools reused across edits keep theirs), and
 * whether two schemas are near, by their canonical forms and the tools'
 * names (all nearDifferences depends on).
 */
export class CollisionMemo {
  private readonly canonical = new WeakMap<NormSchema, { text: string; hash?: string }>();
  private readonly near = new Map<string, string[] | undefined>();

  canonicalOf(schema: NormSchema): string {
    return this.entry(schema).text;
  }

  hashOf(schema: NormSchema): string {
    const e = this.entry(schema);
    return (e.hash ??= schemaHash(schema));
  }

  nearDifferences(a: CollisionTool, b: CollisionTool): string[] | undefined {
    const key = `${this.canonicalOf(a.schema)}\u0000${this.canonicalOf(b.schema)}\u0000${a.name}\u0000${b.name}`;
    if (this.near.has(key)) return this.near.get(key);
    const found = nearDifferences(a.schema, b.schema, a.name, b.name);
    if (this.near.size >= NEAR_MEMO_LIMIT) this.near.clear();
    this.near.set(key, found);
    return found;
  }

  private entry(schema: NormSchema): { text: string; hash?: string } {
    let e = this.canonical.get(schema);
    if (e === undefined) {
      e = { text: canonicalJson(schema) };
      this.canonical.set(schema, e);
    }
    return e;
  }
}

/** How many near / not-near verdicts a CollisionMemo keeps. */
const NEAR_MEMO_LIMIT = 2_000;

/** Each call works things out afresh. */
const NO_MEMO = {
  canonicalOf: (s: NormSchema) => canonicalJson(s),
  hashOf: (s: NormSchema) => schemaHash(s),
  nearDifferences: (a: CollisionTool, b: CollisionTool) => nearDifferences(a.schema, b.schema, a.name, b.name),
};

/**
 * Identical groups (two or more tools with the same normalised schema) and
 * near pairs between tools of different groups. Never throws.
 */
export function findCollisions(tools: readonly CollisionTool[], memo: Pick<CollisionMemo, 'canonicalOf' | 'hashOf' | 'nearDifferences'> = NO_MEMO): Collisions {
  const byKey = new Map<string, CollisionTool[]>();
  for (const t of tools) {
    const key = memo.canonicalOf(t.schema);
    const list = byKey.get(key);
    if (list) list.push(t);
    else byKey.set(key, [t]);
  }
  const groups: IdenticalGroup[] = [];
  for (const members of byKey.values()) {
    if (members.length < 2) continue;
    groups.push({ schemaHash: memo.hashOf(members[0].schema), shape: shapeText(members[0].schema), members: members.map((m) => m.id) });
  }

  const near: NearPair[] = [];
  const classes = [...byKey.values()];
  for (let i = 0; i < classes.length; i++) {
    for (let j = i + 1; j < classes.length; j++) {
      const ra = classes[i][0];
      const rb = classes[j][0];
      if (!memo.nearDifferences(ra, rb)) continue;
      // Members of a class share their schema: the differences depend only on the two names.
      const byNames = new Map<string, string[]>();
      for (const a of classes[i]) {
        for (const b of classes[j]) {
          const names = `${a.name}\u0000${b.name}`;
          let differences = byNames.get(names);
          if (!differences) {
            differences = memo.nearDifferences(a, b) ?? [];
            byNames.set(names, differences);
          }
          near.push({ a: a.id, b: b.id, differences });
        }
      }
    }
  }
  return { groups, near };
}

/** Is the behavior complete and written by the author (not guessed)? */
export function isConfirmed(b: ToolBehavior | undefined): boolean {
  return !!b && b.source === 'declared' && completeTriple(b) !== undefined;
}

