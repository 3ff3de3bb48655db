// Which builtins the parser treats as "known-arity" calls, and with what arity.
//
// This is deliberately NOT every builtin: the reference parser keeps its own
// table, and a builtin missing from it (get, post, rd, take, drop, zip, fmt,
// padl, ...) is never expanded as a nested call in operand position; it only
// takes arguments greedily at the head of an expression. The arity here is
// the base form the parser expands (`srt fn xs` is 2 with slot 0 a function
// reference, so `srt xs` just stops early). Keeping the same table is what
// makes `prnt str x` and `>len q 0` group exactly as the reference groups them.
//
// Long-form aliases (`length`, `filter`, ...) share their short form's entry.
//
// Checked against the reference binary (0.11.6) with `str NAME 0 ...`: `str`
// gets one argument when NAME groups. log10, log2, tan, asin, acos, atan,
// atan2, clamp, rndn, cumsum and range do not (the verifier knows them, the
// parser's table does not): in operand position they are plain names, so
// `sum cumsum xs` gives `sum` two arguments. They are left out here.

import { BUILTINS } from './builtins';

export interface CallShape {
  arity: number;
  /** Argument positions that take a function reference (never expanded as calls). */
  fnSlots: readonly number[];
}

const TABLE: ReadonlyArray<[string, number, number[]?]> = [
  ['str', 1], ['num', 1], ['abs', 1], ['flr', 1], ['cel', 1], ['rou', 1], ['sqrt', 1], ['log', 1],
  ['exp', 1], ['sin', 1], ['cos', 1],
  ['min', 2], ['max', 2], ['mod', 2], ['pow', 2],
  ['sum', 1], ['avg', 1], ['len', 1], ['hd', 1], ['tl', 1], ['rev', 1], ['unq', 1],
  ['flat', 1], ['frq', 1], ['at', 2], ['has', 2], ['spl', 2], ['cat', 2], ['slc', 3],
  ['srt', 2, [0]], ['rsrt', 2, [0]], ['map', 2, [0]], ['flt', 2, [0]], ['fld', 3, [0]], ['ct', 2, [0]],
  ['grp', 2, [0]], ['uniqby', 2, [0]], ['partition', 2, [0]], ['flatmap', 2, [0]], ['mapr', 2, [0]],
  ['prnt', 1], ['wr', 2], ['wrl', 2], ['trm', 1], ['upr', 1], ['lwr', 1], ['cap', 1], ['ord', 1],
  ['chr', 1], ['chars', 1], ['jdmp', 1], ['jpar', 1], ['jpth', 2], ['rgx', 2], ['rgxall', 2],
  ['rgxall1', 2], ['rgxsub', 3], ['mget', 2], ['mset', 3], ['mhas', 2], ['mkeys', 1],
  ['mvals', 1], ['mdel', 2],
];

function build(): Map<string, CallShape> {
  const m = new Map<string, CallShape>();
  const known = new Set(BUILTINS.map((b) => b.name));
  for (const [name, arity, slots] of TABLE) {
    if (!known.has(name)) continue;
    m.set(name, { arity, fnSlots: slots ?? [] });
  }
  for (const b of BUILTINS) {
    const shape = m.get(b.name);
    if (shape === undefined) continue;
    for (const alias of b.aliases) m.set(alias, shape);
  }
  return m;
}

export const BUILTIN_CALL_SHAPES: ReadonlyMap<string, CallShape> = build();

/** Builtins that also work with no arguments (`now`, `rnd`, `mmap`): a bare name is a call. */
export const ZERO_ARG_BUILTINS: ReadonlySet<string> = new Set(
  BUILTINS.filter((b) => b.arities.includes(0)).flatMap((b) => [b.name, ...b.aliases]),
);

/** `fmt` as a nested argument must be the last one (it swallows the rest). */
export function isVariadicTrailing(name: string): boolean {
  return name === 'fmt' || name === 'format';
}
