// The behavioral-identity vocabulary (seed 002): three disjoint word sets.
// Because no word belongs to two sets, `@behavior` accepts them in any order.

export const MUTABILITIES = ['PURE', 'MUTATES'] as const;
export const ACTIONS = ['READ', 'SEARCH', 'CREATE', 'UPDATE', 'DELETE', 'MERGE', 'OVERWRITE', 'APPEND'] as const;
export const DOMAINS = ['DATA', 'CONTENT', 'STRUCTURE', 'DIFF', 'PR', 'ISSUE', 'REF', 'REPO', 'USER', 'ACK'] as const;

export type Mutability = (typeof MUTABILITIES)[number];
export type Action = (typeof ACTIONS)[number];
export type Domain = (typeof DOMAINS)[number];

export type BehaviorField = 'mutability' | 'action' | 'domain';

/** Which field a word belongs to (case-insensitive), or undefined. */
export function classifyBehaviorWord(word: string): { field: BehaviorField; value: string } | undefined {
  const w = word.toUpperCase();
  if ((MUTABILITIES as readonly string[]).includes(w)) return { field: 'mutability', value: w };
  if ((ACTIONS as readonly string[]).includes(w)) return { field: 'action', value: w };
  if ((DOMAINS as readonly string[]).includes(w)) return { field: 'domain', value: w };
  return undefined;
}

/** One line listing every allowed word, for diagnostics. */
export function allowedBehaviorWords(): string {
  return `mutability ${MUTABILITIES.join('|')}; action ${ACTIONS.join('|')}; domain ${DOMAINS.join('|')}`;
}
