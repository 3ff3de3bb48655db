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
// Each language level has its own table (the 26.x reference parser knows
// more builtins); `CallTable` indexes one against the level's builtins, and
// the level object (../level) hands it to the parser and the formatter.
//
// Level 0.11's table was checked against the reference binary (0.11.6) with
// `str NAME 0 ...`: `str` gets one argument when NAME groups. log10, log2,
// tan, asin, acos, atan, atan2, clamp, rndn, cumsum and range do not there
// (its verifier knows them, its parser's table does not): in operand position
// they are plain names, so `sum cumsum xs` gives `sum` two arguments. They are
// left out of CALL_SHAPES_011 (level 26 has its own table).

import type { BuiltinTable } from './builtinKit';

export interface CallShape {
  arity: number;
  /** Argument positions that take a function reference (never expanded as calls). */
  fnSlots: readonly number[];
  /** A user function's parameter names (what labelled arguments resolve against, level 26). */
  params?: readonly string[];
}

/** name, arity, function slots. */
export type CallEntry = readonly [name: string, arity: number, fnSlots?: readonly number[]];

export const CALL_SHAPES_011: ReadonlyArray<CallEntry> = [
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

/** The 26.x reference parser's known-arity builtins (its table grew with the builtins). */
export const CALL_SHAPES_26: ReadonlyArray<CallEntry> = [
  ['str', 1], ['num', 1], ['abs', 1], ['flr', 1], ['cel', 1], ['rou', 1], ['sqrt', 1], ['log', 1],
  ['log10', 1], ['log2', 1], ['exp', 1], ['sin', 1], ['cos', 1], ['tan', 1], ['asin', 1], ['acos', 1],
  ['atan', 1], ['min', 2], ['max', 2], ['mod', 2], ['pow', 2], ['fmod', 2], ['atan2', 2], ['clamp', 3],
  ['rndn', 2], ['sum', 1], ['prod', 1], ['cumsum', 1], ['cprod', 1], ['avg', 1], ['len', 1], ['hd', 1],
  ['tl', 1], ['rev', 1], ['unq', 1], ['flat', 1], ['frq', 1], ['argmax', 1], ['argmin', 1], ['argsort', 1],
  ['at', 2], ['has', 2], ['spl', 2], ['cat', 2], ['slc', 3],
  ['srt', 2, [0]], ['rsrt', 2, [0]], ['map', 2, [0]], ['flt', 2, [0]], ['fld', 3, [0]], ['ct', 2, [0]],
  ['grp', 2, [0]], ['uniqby', 2, [0]], ['partition', 2, [0]], ['flatmap', 2, [0]], ['mapr', 2, [0]],
  ['pairwise', 2, [0]], ['par-map', 2, [0]], ['spawn', 1, [0]],
  ['prnt', 1], ['wr', 2], ['wra', 2], ['wrl', 2], ['trm', 1], ['upr', 1], ['lwr', 1], ['cap', 1], ['ord', 1],
  ['chr', 1], ['chars', 1], ['jdmp', 1], ['jpar', 1], ['jpth', 2], ['jkeys', 2], ['rgx', 2], ['rgxall', 2],
  ['rgxall1', 2], ['rgxsub', 3], ['rgxall-multi', 2], ['range', 2], ['linspace', 3], ['ones', 1], ['rep', 2],
  ['mget', 2], ['mset', 3], ['mhas', 2], ['mkeys', 1], ['mvals', 1], ['mdel', 2], ['mget-or', 3],
  ['lget-or', 3], ['mpairs', 1], ['dirname', 1], ['basename', 1], ['pathjoin', 1], ['dur-parse', 1],
  ['dur-fmt', 1], ['get-to', 2], ['pst-to', 3], ['urlenc', 1], ['urldec', 1], ['b64u', 1], ['b64u-dec', 1],
];

/**
 * The parameter names labelled arguments resolve against for builtins at 26
 * (`clamp value:x lo:0 hi:1`); a user function's come from its header.
 */
export const CALL_LABELS_26: Readonly<Record<string, readonly string[]>> = {
  min: ['a', 'b'], max: ['a', 'b'], mod: ['a', 'b'], pow: ['base', 'exp'], fmod: ['a', 'b'], atan2: ['y', 'x'],
  rndn: ['mean', 'sd'], clamp: ['value', 'lo', 'hi'], at: ['coll', 'idx'], has: ['coll', 'item'],
  spl: ['text', 'sep'], cat: ['a', 'b'], take: ['n', 'coll'], drop: ['n', 'coll'], zip: ['a', 'b'],
  srt: ['fn', 'list'], rsrt: ['fn', 'list'], padl: ['s', 'width'], padr: ['s', 'width'],
  slc: ['coll', 'start', 'end'], lst: ['list', 'idx', 'val'], ewm: ['list', 'alpha'], ins: ['list', 'idx', 'val'],
  setunion: ['a', 'b'], setinter: ['a', 'b'], setdiff: ['a', 'b'], map: ['fn', 'list'], mapr: ['fn', 'list'],
  flt: ['fn', 'list'], ct: ['fn', 'list'], grp: ['fn', 'list'], uniqby: ['fn', 'list'], partition: ['fn', 'list'],
  flatmap: ['fn', 'list'], pairwise: ['fn', 'list'], fld: ['fn', 'list', 'init'], rgx: ['pat', 'text'],
  rgxall: ['pat', 'text'], rgxall1: ['pat', 'text'], 'rgxall-multi': ['pat', 'text'],
  rgxrepl: ['pat', 'repl', 'text'], rgxreplall: ['pat', 'repl', 'text'], sub: ['old', 'new', 'text'],
  suball: ['old', 'new', 'text'], idx: ['text', 'sub'], ridx: ['text', 'sub'], strs: ['text', 'sep'],
  lpad: ['s', 'width'], rpad: ['s', 'width'], dtfmt: ['epoch', 'fmt'], dtparse: ['text', 'fmt'],
  'dtparse-rel': ['text', 'base'], 'tz-offset': ['tz', 'epoch'], rd: ['path'], wr: ['path', 'content'],
  rdb: ['path'], wrb: ['path', 'content'], rdinl: [], jpth: ['path', 'json'], jkeys: ['path', 'json'],
  get: ['url'], pst: ['url', 'body'], put: ['url', 'body'], pat: ['url', 'body'], del: ['url'], hed: ['url'],
  opt: ['url'], getx: ['url'], pstx: ['url', 'body'], mget: ['map', 'key'], mset: ['map', 'key', 'val'],
  mdel: ['map', 'key'], mhas: ['map', 'key'], mkeys: ['map'], mvals: ['map'], mlen: ['map'], mmerge: ['a', 'b'],
  env: ['name'], fmt2: ['value', 'decimals'], sleep: ['ms'], seed: ['n'],
};

export interface CallTableData {
  shapes: ReadonlyArray<CallEntry>;
  /** Builtins that, as a nested argument, take every remaining operand (`fmt`). */
  variadicTrailing: readonly string[];
  /** Parameter names for labelled arguments (none at 0.11). */
  labels?: Readonly<Record<string, readonly string[]>>;
}

/**
 * How the parser groups the operands after a builtin name, for one level:
 * the known-arity table indexed against the level's builtins (an entry for a
 * builtin the level does not have is dropped; aliases share their canonical
 * entry), the builtins a bare name calls, and the variadic ones.
 */
export class CallTable {
  private readonly shapes = new Map<string, CallShape>();
  private readonly zeroArg = new Set<string>();
  private readonly variadic = new Set<string>();
  private readonly labelsByName = new Map<string, readonly string[]>();

  constructor(builtins: BuiltinTable, data: CallTableData) {
    for (const [name, arity, slots] of data.shapes) {
      if (builtins.lookup(name)?.name !== name) continue;
      this.shapes.set(name, { arity, fnSlots: slots ?? [] });
    }
    for (const b of builtins.builtins) {
      const spellings = [b.name, ...b.aliases];
      const shape = this.shapes.get(b.name);
      const labels = data.labels?.[b.name];
      for (const s of spellings) {
        if (shape !== undefined) this.shapes.set(s, shape);
        if (b.arities.includes(0)) this.zeroArg.add(s);
        if (data.variadicTrailing.includes(b.name)) this.variadic.add(s);
        if (labels !== undefined) this.labelsByName.set(s, labels);
      }
    }
  }

  /** The known-arity shape of a builtin name (undefined: it only takes arguments greedily at the head). */
  shape(name: string): CallShape | undefined {
    return this.shapes.get(name);
  }

  /** Builtins that also work with no arguments (`now`, `rnd`, `mmap`): a bare name is a call. */
  isZeroArg(name: string): boolean {
    return this.zeroArg.has(name);
  }

  /** `fmt` as a nested argument must be the last one (it takes the rest). */
  isVariadicTrailing(name: string): boolean {
    return this.variadic.has(name);
  }

  /** The parameter names a labelled argument of a builtin can name, if it takes labels. */
  labels(name: string): readonly string[] | undefined {
    return this.labelsByName.get(name);
  }
}
