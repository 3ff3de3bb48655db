// Whether two parses of a program mean the same thing: the formatter's
// safety check. Two declarations are the same when their trees are equal
// after erasing what is position or notation only:
//   - offsets (`start`, `end`, `header`) and doc comments (checked apart);
//   - `infix` on binary operations: `a + b` and `+a b` are one operation;
//   - `piped` on calls: `x>>f` is `f x` (the language desugars pipes);
//   - the spelling of a number: `1.0` and `1` are the same f64 (compared by value);
//   - a long-form builtin alias called by its short name (`lset` → `lst`),
//     unless the program declares a function of that name itself.
// Everything else must be identical: operators, operand order and grouping,
// names, literals' decoded values, statement kinds, braced versus braceless
// guards (early return or not), and so on.

import type { Decl } from '../syntax/ast';
import { canonicalBuiltinName } from '../syntax/builtins';

/** Where two declaration lists first differ. */
export interface Difference {
  /** Index of the first declaration that differs (or the shorter list's length). */
  decl: number;
  /**
   * The deepest node of the ORIGINAL declaration whose own fields differ from
   * the re-parsed one (a node object of `before[decl]`), when the lists pair up.
   */
  node?: object;
}

/** The callee name as it is compared: the canonical builtin when an alias is not shadowed. */
export function comparedCallee(name: string, userNames: ReadonlySet<string>): string {
  if (userNames.has(name)) return name;
  return canonicalBuiltinName(name) ?? name;
}

const IGNORED = new Set(['start', 'end', 'header', 'doc', 'infix', 'piped', 'raw']);

/**
 * The first difference between two declaration lists, or undefined when they
 * mean the same. `userNames`: functions and tools the program declares or
 * uses (those names are never treated as builtin aliases). Never throws.
 */
export function firstDifference(
  before: readonly Decl[],
  after: readonly Decl[],
  userNames: ReadonlySet<string>,
): Difference | undefined {
  const n = Math.min(before.length, after.length);
  for (let i = 0; i < n; i++) {
    const node = nodeDifference(before[i], after[i], userNames);
    if (node !== undefined) return { decl: i, node };
  }
  if (before.length !== after.length) return { decl: n };
  return undefined;
}

/**
 * Undefined when the two trees mean the same; else the deepest node (an
 * object with a `kind`) of `a` in which they differ.
 */
export function nodeDifference(a: object, b: object, userNames: ReadonlySet<string>): object | undefined {
  try {
    return diff(a, b, userNames, a, 0);
  } catch {
    return a; // too deep to compare: treat as different
  }
}

function diff(a: unknown, b: unknown, userNames: ReadonlySet<string>, owner: object, depth: number): object | undefined {
  if (depth > 4000) throw new RangeError('too deep');
  if (a === b) return undefined;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return owner;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return owner;
    for (let i = 0; i < a.length; i++) {
      const d = diff(a[i], b[i], userNames, owner, depth + 1);
      if (d !== undefined) return d;
    }
    return undefined;
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const self = typeof x.kind === 'string' ? (a as object) : owner;
  if (x.kind !== y.kind) return self;
  if (x.kind === 'Number') return Object.is(x.value, y.value) ? undefined : self;
  if (x.kind === 'Call') {
    const cx = x.callee as { text: string };
    const cy = y.callee as { text: string };
    if (comparedCallee(cx.text, userNames) !== comparedCallee(cy.text, userNames)) return self;
  }
  // Own scalar fields and array lengths first, so the reported node is the deepest one that differs.
  const keys = new Set<string>();
  for (const k in x) if (!IGNORED.has(k) && x[k] !== undefined) keys.add(k);
  for (const k in y) if (!IGNORED.has(k) && y[k] !== undefined) keys.add(k);
  const nested: string[] = [];
  for (const k of keys) {
    if (x.kind === 'Call' && k === 'callee') continue;
    const vx = x[k];
    const vy = y[k];
    if (vx !== null && typeof vx === 'object' && vy !== null && typeof vy === 'object') {
      if (Array.isArray(vx) !== Array.isArray(vy)) return self;
      if (Array.isArray(vx) && vx.length !== (vy as unknown[]).length) return self;
      nested.push(k);
    } else if (vx !== vy) {
      return self;
    }
  }
  for (const k of nested) {
    const d = diff(x[k], y[k], userNames, self, depth + 1);
    if (d !== undefined) return d;
  }
  return undefined;
}
