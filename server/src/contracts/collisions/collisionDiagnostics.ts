// Collision findings as diagnostics on tool names (source `ilo-contracts`).
// Each tool gets at most one, telling its whole story; its code and severity
// come from the most serious part:
//   same-behavior  identical input schemas and identical behavior: warning,
//                  an agent cannot tell the tools apart
//   same-schema    identical input schemas, behaviors differ (or are unknown):
//                  warning when the difference is critical, else information
//   near-schema    schemas that differ only by optional properties or enum
//                  values: information when critical, else hint
// The message names a few partners (with their files when elsewhere) and
// says how many more there are; related information points at every one.
// Copies of one tool (same name and behavior) are described once, with a
// count. A tool whose behavior is only inferred says so and offers the
// `@behavior` line as a quick fix.

import * as path from 'node:path';
import type { Diagnostic, RelatedInfo, Severity, Suggestion } from '../../diagnostics';
import { behaviorFix, behaviorWords, completeTriple, type ContractTool, type ToolBehavior } from '../behavior';
import { compareBehaviors, worstRank, type Collisions, type Comparison, type Rank } from './collisions';
import { shapeText } from '../schemaNormalize';

export type CollisionCode = 'same-schema' | 'same-behavior' | 'near-schema';

const SOURCE_NOTE: Record<ToolBehavior['source'], string> = {
  declared: 'declared',
  annotations: 'hints + inferred',
  inferred: 'inferred',
};

/** How many partners (and kinds of partner) a message names; related information lists them all. */
const SHOWN = 3;

/** `PURE READ DATA (inferred)` / `? ? ? (unknown)`. */
export function describeBehavior(b: ToolBehavior): string {
  if (!completeTriple(b)) return `${behaviorWords(b)} (unknown)`;
  return `${behaviorWords(b)} (${SOURCE_NOTE[b.source]})`;
}

function tick(name: string): string {
  return `\`${name}\``;
}

/** The "behavior is not declared" sentence and its quick fix, for a tool without `@behavior`. */
function undeclaredNote(t: ContractTool, text: string | undefined): { note: string; suggestions?: Suggestion[] } {
  if (t.behavior.source === 'declared') return { note: '' };
  const triple = completeTriple(t.behavior);
  if (!triple) {
    return { note: ` The behavior of ${tick(t.name)} is unknown: declare it with \`-- @behavior MUTABILITY ACTION DOMAIN\`.` };
  }
  const fix = behaviorFix(t.decl, t.behavior, text);
  return {
    note: ` The behavior of ${tick(t.name)} is not declared; ${behaviorWords(triple)} is a guess (${t.behavior.confidence} confidence): confirm it with \`@behavior\`.`,
    suggestions: fix ? [fix] : undefined,
  };
}

/** Partners with the same name and behavior: copies of one tool (e.g. the same file twice in a workspace). */
interface Kind {
  first: ContractTool;
  members: ContractTool[];
  cmp: Comparison;
}

function kindKey(t: ContractTool): string {
  const b = t.behavior;
  return `${t.name}\u0000${behaviorWords(b)}\u0000${b.source}\u0000${b.confidence}`;
}

function rankOf(cmp: Comparison): Rank | undefined {
  return cmp.kind === 'different' ? cmp.rank : undefined;
}

// Copies with the same behavior first: they are what makes a same-behavior diagnostic.
const RANK_SORT: Record<string, number> = { same: 0, critical: 1, high: 2, medium: 3, low: 4, unknown: 5 };

function sortKey(cmp: Comparison): number {
  return RANK_SORT[rankOf(cmp) ?? cmp.kind];
}

/** Group partners into kinds, most serious first, comparing behaviors once per kind. */
function kindsOf(me: ContractTool, partners: readonly ContractTool[], currentFile: string): Kind[] {
  const byKey = new Map<string, Kind>();
  for (const other of partners) {
    const key = kindKey(other);
    const k = byKey.get(key);
    if (k) k.members.push(other);
    else byKey.set(key, { first: other, members: [other], cmp: compareBehaviors(me, other) });
  }
  // Within a kind, partners in the current file come first.
  for (const k of byKey.values()) k.members.sort((a, b) => Number(a.file !== currentFile) - Number(b.file !== currentFile));
  return [...byKey.values()].sort((a, b) => sortKey(a.cmp) - sortKey(b.cmp) || a.first.name.localeCompare(b.first.name));
}

/** Where a partner is declared, for messages: nothing in the same file, else a path relative to it. */
function where(t: ContractTool, currentFile: string): string {
  if (t.file === undefined || t.file === currentFile) return '';
  return ` (${path.relative(path.dirname(currentFile), t.file) || path.basename(t.file)})`;
}

/** `` `a`, `b` (lib.ilo), `c` (x.ilo) and 796 more `` — at most SHOWN names. */
function namedPartners(kinds: readonly Kind[], currentFile: string): string {
  const all = kinds.flatMap((k) => k.members);
  // One of each kind first, so the names shown differ when they can.
  const order = [...kinds.map((k) => k.members[0]), ...kinds.flatMap((k) => k.members.slice(1))];
  const shown = order.slice(0, SHOWN).map((t) => `${tick(t.name)}${where(t, currentFile)}`);
  const rest = all.length - shown.length;
  if (rest > 0) return `${shown.join(', ')} and ${rest} more`;
  if (shown.length <= 1) return shown.join('');
  return `${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}`;
}

function copies(k: Kind): string {
  return k.members.length > 1 ? ` (×${k.members.length})` : '';
}

function clause(k: Kind): string {
  const b = k.first.behavior;
  const name = `${tick(k.first.name)}${copies(k)}`;
  switch (k.cmp.kind) {
    case 'same':
      return `${name} ${describeBehavior(b)}: same behavior`;
    case 'unknown':
      return `${name} ${describeBehavior(b)}: cannot compare, behavior unknown for ${k.cmp.missing.map(tick).join(' and ')}`;
    case 'different':
      return `${name} (${SOURCE_NOTE[b.source]}): ${k.cmp.summary}, ${k.cmp.rank}`;
  }
}

function shortClause(k: Kind): string {
  const name = `${tick(k.first.name)}${copies(k)}`;
  switch (k.cmp.kind) {
    case 'same':
      return `${name} has the same behavior: an agent cannot tell them apart`;
    case 'unknown':
      return `${name} cannot be compared (behavior unknown)`;
    case 'different':
      return `${name} ${k.cmp.summary.replace(/ \(.*\)$/, '')} (${k.cmp.rank})`;
  }
}

/** At most SHOWN clauses, then how many kinds are left. */
function clauses(kinds: readonly Kind[], render: (k: Kind) => string): string {
  const shown = kinds.slice(0, SHOWN).map(render);
  if (kinds.length > SHOWN) shown.push(`and ${kinds.length - SHOWN} more`);
  return shown.join('; ');
}

function relatedOf(kinds: readonly Kind[], currentFile: string, say: (k: Kind) => string): RelatedInfo[] {
  const out: RelatedInfo[] = [];
  for (const k of kinds) {
    const message = say(k);
    for (const t of k.members) {
      if (t.file === undefined) continue;
      const r: RelatedInfo = { start: t.decl.name.start, end: t.decl.name.end, message };
      if (t.file !== currentFile) r.file = t.file;
      out.push(r);
    }
  }
  return out;
}

/** One part of a tool's collision story. */
interface Part {
  code: CollisionCode;
  severity: Severity;
  text: string;
  related: RelatedInfo[];
  /** The part is serious enough to carry the "declare your behavior" note and fix. */
  wantsNote: boolean;
  hint?: string;
}

const SEVERITY_ORDER: Record<Severity, number> = { error: 0, warning: 1, information: 2, hint: 3 };

interface Index {
  groupOf: Map<string, string[]>;
  nearOf: Map<string, Array<{ other: string; differences: string[] }>>;
}

function indexCollisions(collisions: Collisions): Index {
  const groupOf = new Map<string, string[]>();
  for (const g of collisions.groups) for (const m of g.members) groupOf.set(m, g.members);
  const nearOf = new Map<string, Array<{ other: string; differences: string[] }>>();
  const add = (k: string, other: string, differences: string[]) => {
    const list = nearOf.get(k);
    if (list) list.push({ other, differences });
    else nearOf.set(k, [{ other, differences }]);
  };
  for (const n of collisions.near) {
    add(n.a, n.b, n.differences);
    add(n.b, n.a, n.differences);
  }
  return { groupOf, nearOf };
}

/**
 * Diagnostics for `own` tools (the file's), given collisions found among
 * `pool` (every tool in scope, by key). `text` is the file's text (for fixes);
 * `related: false` leaves out the related information (for output that
 * prints messages only).
 */
export function collisionDiagnostics(
  own: readonly ContractTool[],
  pool: ReadonlyMap<string, ContractTool>,
  collisions: Collisions,
  currentFile: string,
  text?: string,
  options: { related?: boolean } = {},
): Diagnostic[] {
  const index = indexCollisions(collisions);
  const listRelated = options.related ?? true;
  const relatedFor = (kinds: readonly Kind[], say: (k: Kind) => string): RelatedInfo[] => (listRelated ? relatedOf(kinds, currentFile, say) : []);
  const out: Diagnostic[] = [];
  for (const t of own) {
    const parts: Part[] = [];
    const self = `${tick(t.name)} ${describeBehavior(t.behavior)}`;

    // ---- identical schemas
    const members = index.groupOf.get(t.key);
    if (members) {
      const partners = members.filter((k) => k !== t.key).map((k) => pool.get(k)).filter((o): o is ContractTool => o !== undefined);
      const kinds = kindsOf(t, partners, currentFile);
      const shape = shapeText(t.schema);
      const same = kinds.some((k) => k.cmp.kind === 'same');
      const worst = worstRank(kinds.map((k) => rankOf(k.cmp)).filter((r): r is Rank => r !== undefined));
      const rest = kinds.some((k) => k.cmp.kind !== 'same');
      const damage = worst === 'critical' ? ' An agent that confuses them does real damage.' : !same && !worst ? ' Nothing declared tells them apart.' : '';
      parts.push({
        code: same ? 'same-behavior' : 'same-schema',
        severity: same || worst === 'critical' ? 'warning' : 'information',
        text: `${self} takes the same input ${shape} as ${namedPartners(kinds, currentFile)}: ${clauses(kinds, shortClause)}.${damage}`,
        related: relatedFor(kinds, (k) => `${clause(k)}; same input ${shape}`),
        wantsNote: true,
        hint: same ? `rename ${rest ? 'the copies' : 'one'}, merge them, or change one behavior and declare it with @behavior` : undefined,
      });
    }

    // ---- near schemas
    const near = index.nearOf.get(t.key);
    if (near && near.length > 0) {
      const differences = new Map(near.map((n) => [n.other, n.differences] as const));
      const partners = near.map((n) => pool.get(n.other)).filter((o): o is ContractTool => o !== undefined);
      if (partners.length > 0) {
        const kinds = kindsOf(t, partners, currentFile);
        const worst = worstRank(kinds.map((k) => rankOf(k.cmp)).filter((r): r is Rank => r !== undefined));
        const severity: Severity = worst === 'critical' ? 'information' : 'hint';
        const others = partners.length === 1 ? `${tick(partners[0].name)}${where(partners[0], currentFile)}` : `${partners.length} other tools`;
        parts.push({
          code: 'near-schema',
          severity,
          text: `${parts.length > 0 ? tick(t.name) : self} takes nearly the same input as ${others} (only optional properties or enum values differ, so arguments for one fit the other): ${clauses(kinds, shortClause)}.`,
          related: relatedFor(kinds, (k) => `${clause(k)}; input ${shapeText(k.first.schema)}: ${(differences.get(k.first.key) ?? []).join('; ')}`),
          wantsNote: severity === 'information',
        });
      }
    }

    if (parts.length === 0) continue;
    out.push(toDiagnostic(t, parts, text));
  }
  return out;
}

function toDiagnostic(t: ContractTool, parts: readonly Part[], text: string | undefined): Diagnostic {
  const lead = [...parts].sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity])[0];
  const wantsNote = parts.some((p) => p.wantsNote);
  const { note, suggestions } = wantsNote ? undeclaredNote(t, text) : { note: '', suggestions: undefined };
  const d: Diagnostic = {
    code: lead.code,
    source: 'ilo-contracts',
    severity: lead.severity,
    start: t.decl.name.start,
    end: t.decl.name.end,
    message: parts.map((p) => p.text).join(' ') + note,
  };
  const hints = parts.map((p) => p.hint).filter((h): h is string => h !== undefined);
  if (hints.length > 0) d.hint = hints.join('; ');
  const related = parts.flatMap((p) => p.related);
  if (related.length > 0) d.related = related;
  if (suggestions && suggestions.length > 0) d.suggestions = suggestions;
  return d;
}
