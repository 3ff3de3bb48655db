// Behavioral identity (seed 002): what a tool does, in three fields, and the
// identity hash that makes two tools comparable at a glance.
//
// The vocabulary itself lives in the schema layer (schema/behaviorWords.ts)
// because the `@behavior` annotation parser needs it too; this module adds
// the identity hash, where a behavior came from, and how sure we are.

import { sha256Hex } from '../sha256';
import { ACTIONS, DOMAINS, MUTABILITIES, type Action, type Domain, type Mutability } from '../../schema/behaviorWords';

export { ACTIONS, DOMAINS, MUTABILITIES, type Action, type Domain, type Mutability };

/**
 * How a behavior was obtained, strongest first:
 * `declared` — an `@behavior` line written by the author;
 * `annotations` — MCP tool annotations (`readOnlyHint`, … or `@hints`) decided at least the mutability;
 * `inferred` — guessed from the name, title, description and return type.
 */
export type BehaviorSource = 'declared' | 'annotations' | 'inferred';

export type Confidence = 'high' | 'medium' | 'low';

export interface BehaviorTriple {
  mutability: Mutability;
  action: Action;
  domain: Domain;
}

/** A tool's behavior as far as it is known; a missing field is unknown. */
export interface ToolBehavior {
  mutability?: Mutability;
  action?: Action;
  domain?: Domain;
  source: BehaviorSource;
  confidence: Confidence;
  /** One short phrase per field saying what decided it (for hovers and messages). */
  reasons?: { mutability?: string; action?: string; domain?: string };
  /** How sure each known field is (`confidence` is the weakest of them). */
  confidences?: { mutability?: Confidence; action?: Confidence; domain?: Confidence };
}

/**
 * Whether the behavior may change the world, as far as a gate should trust
 * it: `read-only` only for a PURE mutability that was declared, given by MCP
 * annotations, or inferred with at least medium confidence; `mutates` for
 * MUTATES however it was obtained; `unsure` for an unknown mutability or a
 * low-confidence PURE guess. A gate fails closed: `unsure` counts as
 * possibly mutating.
 */
export function mutabilityVerdict(b: ToolBehavior): 'read-only' | 'mutates' | 'unsure' {
  if (b.mutability === 'MUTATES') return 'mutates';
  if (b.mutability !== 'PURE') return 'unsure';
  if (b.source === 'declared' || b.source === 'annotations') return 'read-only';
  const c = b.confidences?.mutability ?? b.confidence;
  return c === 'low' ? 'unsure' : 'read-only';
}

const READ_ONLY_ACTIONS: ReadonlySet<Action> = new Set<Action>(['READ', 'SEARCH']);

/** Actions that leave the world as it was. */
export function isReadOnlyAction(a: Action): boolean {
  return READ_ONLY_ACTIONS.has(a);
}

/** The mutability an action implies on its own. */
export function mutabilityOfAction(a: Action): Mutability {
  return isReadOnlyAction(a) ? 'PURE' : 'MUTATES';
}

/** All three fields, or undefined when any is unknown. */
export function completeTriple(b: Partial<BehaviorTriple> | undefined): BehaviorTriple | undefined {
  if (!b || !b.mutability || !b.action || !b.domain) return undefined;
  return { mutability: b.mutability, action: b.action, domain: b.domain };
}

/** The text that is hashed: the three upper-case words joined by `|`. */
export function behaviorKey(t: BehaviorTriple): string {
  return `${t.mutability}|${t.action}|${t.domain}`;
}

/** Behavioral identity: first 16 hex characters of SHA-256 of `MUTABILITY|ACTION|DOMAIN`. */
export function behaviorId(t: BehaviorTriple): string {
  return sha256Hex(behaviorKey(t)).slice(0, 16);
}

/** `PURE READ DATA`, with `?` for unknown fields. */
export function behaviorWords(b: Partial<BehaviorTriple> | undefined): string {
  return `${b?.mutability ?? '?'} ${b?.action ?? '?'} ${b?.domain ?? '?'}`;
}

export function sameTriple(a: BehaviorTriple, b: BehaviorTriple): boolean {
  return a.mutability === b.mutability && a.action === b.action && a.domain === b.domain;
}

const CONFIDENCE_ORDER: Record<Confidence, number> = { low: 0, medium: 1, high: 2 };

export function weakest(...cs: Confidence[]): Confidence {
  return cs.reduce((a, b) => (CONFIDENCE_ORDER[b] < CONFIDENCE_ORDER[a] ? b : a), 'high' as Confidence);
}
