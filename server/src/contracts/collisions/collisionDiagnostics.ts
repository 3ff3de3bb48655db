// Collision findings as diagnostics on tool names (source `ilo-contracts`):
//   same-schema    identical input schemas, behaviors differ (or are unknown):
//                  warning when the difference is critical, else information
//   same-behavior  identical input schemas and identical behavior: warning,
//                  an agent cannot tell the tools apart
//   near-schema    schemas that differ only by optional properties or enum
//                  values: information when critical, else hint
// Each names what separates the tools and points at the others (related
// information). A tool whose behavior is only inferred says so and offers
// the `@behavior` line as a quick fix.

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

/** `PURE READ DATA (inferred)` / `? ? ? (unknown)`. */
export function describeBehavior(b: ToolBehavior): string {
  if (!completeTriple(b)) return `${behaviorWords(b)} (unknown)`;
  return `${behaviorWords(b)} (${SOURCE_NOTE[b.source]})`;
}

function tick(name: string): string {
  return `\`${name}\``;
}

function related(t: ContractTool, message: string, currentFile: string): RelatedInfo | undefined {
  if (t.file === undefined) return undefined;
  const r: RelatedInfo = { start: t.decl.name.start, end: t.decl.name.end, message };
  if (t.file !== currentFile) r.file = t.file;
  return r;
}

function diag(code: CollisionCode, severity: Severity, t: ContractTool, message: string, extra: { related: RelatedInfo[]; suggestions?: Suggestion[]; hint?: string }): Diagnostic {
  const d: Diagnostic = { code, source: 'ilo-contracts', severity, start: t.decl.name.start, end: t.decl.name.end, message };
  if (extra.hint) d.hint = extra.hint;
  if (extra.related.length > 0) d.related = extra.related;
  if (extra.suggestions && extra.suggestions.length > 0) d.suggestions = extra.suggestions;
  return d;
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

interface PairView {
  other: ContractTool;
  cmp: Comparison;
}

function clause(p: PairView): string {
  const b = p.other.behavior;
  switch (p.cmp.kind) {
    case 'same':
      return `${tick(p.other.name)} ${describeBehavior(b)}: same behavior`;
    case 'unknown':
      return `${tick(p.other.name)} ${describeBehavior(b)}: cannot compare, behavior unknown for ${p.cmp.missing.map(tick).join(' and ')}`;
    case 'different':
      return `${tick(p.other.name)} (${SOURCE_NOTE[b.source]}): ${p.cmp.summary}, ${p.cmp.rank}`;
  }
}

/** How many partners a near-schema message names (related information lists them all). */
const NEAR_SHOWN = 3;

function shortClause(p: PairView): string {
  switch (p.cmp.kind) {
    case 'same':
      return `${tick(p.other.name)} has the same behavior`;
    case 'unknown':
      return `${tick(p.other.name)} cannot be compared (behavior unknown)`;
    case 'different':
      return `${tick(p.other.name)} ${p.cmp.summary.replace(/ \(.*\)$/, '')} (${p.cmp.rank})`;
  }
}

function rankOf(p: PairView): Rank | undefined {
  return p.cmp.kind === 'different' ? p.cmp.rank : undefined;
}

const RANK_SORT: Record<string, number> = { critical: 0, high: 1, medium: 2, low: 3, unknown: 4, same: 5 };

function sortPairs(ps: PairView[]): PairView[] {
  return [...ps].sort((a, b) => RANK_SORT[rankOf(a) ?? a.cmp.kind] - RANK_SORT[rankOf(b) ?? b.cmp.kind]);
}

/**
 * Diagnostics for `own` tools (the file's), given collisions found among
 * `pool` (every tool in scope, by key). `text` is the file's text (for fixes).
 */
export function collisionDiagnostics(
  own: readonly ContractTool[],
  pool: ReadonlyMap<string, ContractTool>,
  collisions: Collisions,
  currentFile: string,
  text?: string,
): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const t of own) {
    const mine = { name: t.name, behavior: t.behavior };
    const self = `${tick(t.name)} ${describeBehavior(t.behavior)}`;
    const { note, suggestions } = undeclaredNote(t, text);

    // ---- identical schemas
    const group = collisions.groups.find((g) => g.members.includes(t.key));
    if (group) {
      const pairs = group.members
        .filter((k) => k !== t.key)
        .map((k) => pool.get(k))
        .filter((o): o is ContractTool => o !== undefined)
        .map((other) => ({ other, cmp: compareBehaviors(mine, { name: other.name, behavior: other.behavior }) }));
      const same = pairs.filter((p) => p.cmp.kind === 'same');
      const rest = sortPairs(pairs.filter((p) => p.cmp.kind !== 'same'));
      const shape = group.shape;
      if (same.length > 0) {
        const names = same.map((p) => tick(p.other.name)).join(', ');
        out.push(
          diag(
            'same-behavior',
            'warning',
            t,
            `${tick(t.name)} and ${names} take the same input ${shape} and have the same behavior ${describeBehavior(t.behavior)}: an agent cannot tell them apart.${note}`,
            {
              related: same.map((p) => related(p.other, `${tick(p.other.name)}: same input and behavior`, currentFile)).filter((r): r is RelatedInfo => !!r),
              suggestions,
              hint: 'rename one, merge them, or change one behavior and declare it with @behavior',
            },
          ),
        );
      }
      if (rest.length > 0) {
        const worst = worstRank(rest.map(rankOf).filter((r): r is Rank => r !== undefined));
        const severity: Severity = worst === 'critical' ? 'warning' : 'information';
        const headline =
          worst === 'critical'
            ? 'an agent that confuses them does real damage'
            : worst
              ? 'only their behavior tells them apart'
              : 'nothing declared tells them apart';
        out.push(
          diag(
            'same-schema',
            severity,
            t,
            `${self} takes the same input ${shape} as ${rest.map((p) => tick(p.other.name)).join(', ')}; ${headline}. ${rest.map(clause).join('; ')}.${note}`,
            {
              related: rest.map((p) => related(p.other, `${clause(p)}; same input ${shape}`, currentFile)).filter((r): r is RelatedInfo => !!r),
              suggestions,
            },
          ),
        );
      }
    }

    // ---- near schemas
    const near = collisions.near.filter((n) => n.a === t.key || n.b === t.key);
    if (near.length > 0) {
      const pairs = sortPairs(
        near
          .map((n) => pool.get(n.a === t.key ? n.b : n.a))
          .filter((o): o is ContractTool => o !== undefined)
          .map((other) => ({ other, cmp: compareBehaviors(mine, { name: other.name, behavior: other.behavior }) })),
      );
      const differences = new Map(near.map((n) => [n.a === t.key ? n.b : n.a, n.differences] as const));
      const worst = worstRank(pairs.map(rankOf).filter((r): r is Rank => r !== undefined));
      const severity: Severity = worst === 'critical' ? 'information' : 'hint';
      const shown = pairs.slice(0, NEAR_SHOWN).map(shortClause);
      const more = pairs.length > NEAR_SHOWN ? `; and ${pairs.length - NEAR_SHOWN} more` : '';
      out.push(
        diag(
          'near-schema',
          severity,
          t,
          `${self} takes nearly the same input as ${pairs.length === 1 ? tick(pairs[0].other.name) : `${pairs.length} other tools`} (only optional properties or enum values differ, so arguments for one fit the other): ${shown.join('; ')}${more}.${severity === 'information' ? note : ''}`,
          {
            related: pairs
              .map((p) => related(p.other, `${clause(p)}; input ${shapeText(p.other.schema)}: ${(differences.get(p.other.key) ?? []).join('; ')}`, currentFile))
              .filter((r): r is RelatedInfo => !!r),
            suggestions: severity === 'information' ? suggestions : undefined,
          },
        ),
      );
    }
  }
  return out;
}
