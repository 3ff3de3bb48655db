// The pure builtins the check-time evaluator runs (see interpreter.ts), by
// canonical name. A builtin that touches the world (printing, files,
// network, time, randomness) or that is not listed here makes the evaluation
// unsupported, so no assertion is judged on it.

import { NIL_V, RuntimeFailure, Unsupported, bool, equal, list, mapKey, num, show, showNum, text, type Value } from './values';

/** Calls a function value (user function, lambda or builtin) on arguments. */
export type Apply = (fn: Value, args: Value[]) => Value;

type Impl = (args: Value[], apply: Apply) => Value;

const n = (v: Value | undefined): number => {
  if (v?.kind !== 'num') throw new Unsupported('not a number');
  return v.n;
};
const t = (v: Value | undefined): string => {
  if (v?.kind !== 'text') throw new Unsupported('not text');
  return v.s;
};
const l = (v: Value | undefined): Value[] => {
  if (v?.kind !== 'list') throw new Unsupported('not a list');
  return v.items;
};
const truthy = (v: Value): boolean => {
  if (v.kind !== 'bool') throw new Unsupported('not a bool');
  return v.b;
};
const m = (v: Value | undefined): Map<string, { key: Value; value: Value }> => {
  if (v?.kind !== 'map') throw new Unsupported('not a map');
  return v.entries;
};

/** Characters as ilo counts them (Unicode scalar values). */
const chars = (s: string): string[] => [...s];

/** A list or a text, treated alike by `rev`, `hd`, `slc`, `take`, … */
function seq(v: Value | undefined, onList: (xs: Value[]) => Value, onText: (cs: string[]) => Value): Value {
  if (v?.kind === 'list') return onList(v.items);
  if (v?.kind === 'text') return onText(chars(v.s));
  throw new Unsupported('not a list or text');
}

/** A slice index: negative counts from the end, clamped to [0, len]. */
const clampIndex = (i: number, len: number): number => {
  const j = Math.trunc(i < 0 ? len + i : i);
  return Math.max(0, Math.min(len, j));
};

function compareValues(a: Value, b: Value): number {
  if (a.kind === 'num' && b.kind === 'num') return a.n - b.n;
  if (a.kind === 'text' && b.kind === 'text') return a.s < b.s ? -1 : a.s > b.s ? 1 : 0;
  throw new Unsupported('unsortable');
}

function sortBy(xs: Value[], key: (v: Value) => Value, descending: boolean): Value[] {
  const keyed = xs.map((v, i) => ({ v, k: key(v), i }));
  keyed.sort((a, b) => (descending ? compareValues(b.k, a.k) : compareValues(a.k, b.k)) || a.i - b.i);
  return keyed.map((x) => x.v);
}

/** `fmt` with bare `{}` placeholders and `{:.Nf}` decimals; anything else is not modelled. */
function format(tmpl: string, args: Value[]): string {
  let out = '';
  let k = 0;
  for (let i = 0; i < tmpl.length; i++) {
    const c = tmpl[i];
    if ((c === '{' && tmpl[i + 1] === '{') || (c === '}' && tmpl[i + 1] === '}')) {
      out += c;
      i++;
      continue;
    }
    if (c !== '{') {
      out += c;
      continue;
    }
    const close = tmpl.indexOf('}', i);
    if (close < 0) throw new Unsupported('fmt');
    const spec = tmpl.slice(i + 1, close);
    const arg = args[k++];
    if (arg === undefined) throw new Unsupported('fmt arity');
    // Decimals and widths are not modelled (ilo rounds ties to even; JavaScript's toFixed does not).
    if (spec === '') out += show(arg);
    else throw new Unsupported('fmt spec');
    i = close;
  }
  if (k !== args.length) throw new Unsupported('fmt arity');
  return out;
}

const IMPLS: Readonly<Record<string, Impl>> = {
  str: ([x]) => (x.kind === 'num' ? text(showNum(x.n)) : x.kind === 'text' ? x : text(show(x))),
  num: ([x]) => {
    if (x.kind === 'num') return { kind: 'ok', value: x };
    const s = t(x).trim();
    const v = s === '' ? NaN : Number(s);
    return Number.isFinite(v) ? { kind: 'ok', value: num(v) } : { kind: 'err', value: text(`not a number: ${s}`) };
  },
  abs: ([x]) => num(Math.abs(n(x))),
  flr: ([x]) => num(Math.floor(n(x))),
  cel: ([x]) => num(Math.ceil(n(x))),
  min: (a) => (a.length === 1 ? num(Math.min(...nonEmpty(l(a[0])).map(n))) : num(Math.min(n(a[0]), n(a[1])))),
  max: (a) => (a.length === 1 ? num(Math.max(...nonEmpty(l(a[0])).map(n))) : num(Math.max(n(a[0]), n(a[1])))),
  mod: ([a, b]) => {
    if (n(b) === 0) throw new RuntimeFailure('modulo by zero');
    return num(n(a) % n(b));
  },
  fmod: ([a, b]) => {
    if (n(b) === 0) throw new RuntimeFailure('modulo by zero');
    return num(n(a) - n(b) * Math.floor(n(a) / n(b)));
  },
  pow: ([a, b]) => num(Math.pow(n(a), n(b))),
  sqrt: ([a]) => num(Math.sqrt(n(a))),
  clamp: ([x, lo, hi]) => num(Math.max(n(lo), Math.min(n(hi), n(x)))),
  sum: ([xs]) => num(l(xs).reduce((s, v) => s + n(v), 0)),
  prod: ([xs]) => num(l(xs).reduce((s, v) => s * n(v), 1)),
  avg: ([xs]) => {
    const ys = nonEmpty(l(xs));
    return num(ys.reduce((s, v) => s + n(v), 0) / ys.length);
  },
  len: ([x]) => (x.kind === 'text' ? num(new TextEncoder().encode(x.s).length) : x.kind === 'map' ? num(x.entries.size) : num(l(x).length)),
  hd: ([x]) =>
    seq(
      x,
      (xs) => {
        if (xs.length === 0) throw new RuntimeFailure('hd of an empty list');
        return xs[0];
      },
      (cs) => {
        if (cs.length === 0) throw new Unsupported('hd of empty text');
        return text(cs[0]);
      },
    ),
  tl: ([x]) => seq(x, (xs) => list(xs.slice(1)), (cs) => text(cs.slice(1).join(''))),
  at: ([x, i]) =>
    seq(
      x,
      (xs) => {
        const j = Math.floor(n(i) < 0 ? xs.length + n(i) : n(i));
        if (j < 0 || j >= xs.length) throw new RuntimeFailure('index out of range');
        return xs[j];
      },
      (cs) => {
        const j = Math.floor(n(i) < 0 ? cs.length + n(i) : n(i));
        if (j < 0 || j >= cs.length) throw new RuntimeFailure('index out of range');
        return text(cs[j]);
      },
    ),
  rev: ([x]) => seq(x, (xs) => list([...xs].reverse()), (cs) => text([...cs].reverse().join(''))),
  slc: ([x, a, b]) =>
    seq(
      x,
      (xs) => list(xs.slice(clampIndex(n(a), xs.length), n(a) >= 0 && n(b) === -1 ? xs.length : clampIndex(n(b), xs.length))),
      (cs) => text(cs.slice(clampIndex(n(a), cs.length), n(a) >= 0 && n(b) === -1 ? cs.length : clampIndex(n(b), cs.length)).join('')),
    ),
  take: ([k, x]) => seq(x, (xs) => list(n(k) >= 0 ? xs.slice(0, n(k)) : xs.slice(0, Math.max(0, xs.length + n(k)))), (cs) => text((n(k) >= 0 ? cs.slice(0, n(k)) : cs.slice(0, Math.max(0, cs.length + n(k)))).join(''))),
  drop: ([k, x]) => seq(x, (xs) => list(n(k) >= 0 ? xs.slice(n(k)) : xs.slice(Math.max(0, xs.length + n(k)))), (cs) => text((n(k) >= 0 ? cs.slice(n(k)) : cs.slice(Math.max(0, cs.length + n(k)))).join(''))),
  has: ([x, v]) => (x.kind === 'text' ? bool(x.s.includes(t(v))) : bool(l(x).some((y) => equal(y, v)))),
  unq: ([x]) =>
    seq(
      x,
      (xs) => list(xs.filter((v, i) => xs.findIndex((w) => equal(v, w)) === i)),
      (cs) => text([...new Set(cs)].join('')),
    ),
  srt: (a, apply) => {
    if (a.length === 1) return seq(a[0], (xs) => list(sortBy(xs, (v) => v, false)), (cs) => text([...cs].sort().join('')));
    if (a.length === 2) return list(sortBy(l(a[1]), (v) => apply(a[0], [v]), false));
    throw new Unsupported('srt ctx');
  },
  rsrt: (a, apply) => {
    if (a.length === 1) return seq(a[0], (xs) => list(sortBy(xs, (v) => v, true)), (cs) => text([...cs].sort().reverse().join('')));
    if (a.length === 2) return list(sortBy(l(a[1]), (v) => apply(a[0], [v]), true));
    throw new Unsupported('rsrt ctx');
  },
  spl: ([s, sep]) => {
    if (t(sep) === '') throw new Unsupported('spl on an empty separator');
    return list(t(s).split(t(sep)).map(text));
  },
  cat: ([xs, sep]) => text(l(xs).map(t).join(t(sep))),
  trm: ([s]) => text(t(s).trim()),
  upr: ([s]) => text(t(s).replace(/[a-z]/g, (c) => c.toUpperCase())),
  lwr: ([s]) => text(t(s).replace(/[A-Z]/g, (c) => c.toLowerCase())),
  chars: ([s]) => list(chars(t(s)).map(text)),
  ord: ([s]) => num(t(s).codePointAt(0) ?? 0),
  chr: ([c]) => text(String.fromCodePoint(n(c))),
  padl: ([s, w, pc]) => text(ascii(t(s)).padStart(n(w), pad(pc))),
  padr: ([s, w, pc]) => text(ascii(t(s)).padEnd(n(w), pad(pc))),
  fmt: (a) => text(format(t(a[0]), a.slice(1))),
  range: ([a, b]) => {
    const out: Value[] = [];
    for (let i = n(a); i < n(b); i++) {
      if (out.length > 100_000) throw new Unsupported('range too long');
      out.push(num(i));
    }
    return list(out);
  },
  zip: ([a, b]) => {
    const xs = l(a);
    const ys = l(b);
    return list(xs.slice(0, Math.min(xs.length, ys.length)).map((x, i) => list([x, ys[i]])));
  },
  enumerate: ([xs]) => list(l(xs).map((x, i) => list([num(i), x]))),
  flat: ([xs]) => list(l(xs).flatMap((x) => (x.kind === 'list' ? x.items : [x]))),
  map: (a, apply) => {
    if (a.length !== 2) throw new Unsupported('map ctx');
    return list(l(a[1]).map((x) => apply(a[0], [x])));
  },
  flt: (a, apply) => {
    if (a.length !== 2) throw new Unsupported('flt ctx');
    return list(l(a[1]).filter((x) => truthy(apply(a[0], [x]))));
  },
  ct: (a, apply) => {
    if (a.length !== 2) throw new Unsupported('ct ctx');
    return num(l(a[1]).filter((x) => truthy(apply(a[0], [x]))).length);
  },
  fld: (a, apply) => {
    if (a.length !== 3) throw new Unsupported('fld ctx');
    return l(a[1]).reduce((acc, x) => apply(a[0], [acc, x]), a[2]);
  },
  mmap: () => ({ kind: 'map', entries: new Map() }),
  mget: ([mm, k]) => m(mm).get(mapKey(k))?.value ?? NIL_V,
  mhas: ([mm, k]) => bool(m(mm).has(mapKey(k))),
  mset: ([mm, k, v]) => {
    const entries = new Map(m(mm));
    entries.set(mapKey(k), { key: k, value: v });
    return { kind: 'map', entries };
  },
  mdel: ([mm, k]) => {
    const entries = new Map(m(mm));
    entries.delete(mapKey(k));
    return { kind: 'map', entries };
  },
  mkeys: ([mm]) => list(sortedEntries(m(mm)).map((e) => e.key)),
  mvals: ([mm]) => list(sortedEntries(m(mm)).map((e) => e.value)),
  'mget-or': ([mm, k, d]) => m(mm).get(mapKey(k))?.value ?? d,
  'lget-or': ([xs, i, d]) => {
    const ys = l(xs);
    const j = Math.floor(n(i) < 0 ? ys.length + n(i) : n(i));
    return j >= 0 && j < ys.length ? ys[j] : d;
  },
  'default-on-err': ([r, d]) => {
    if (r.kind === 'ok') return r.value;
    if (r.kind === 'err') return d;
    throw new Unsupported('default-on-err of a non-Result');
  },
};

/** Padding is counted in characters; only plain ASCII is modelled. */
function ascii(s: string): string {
  if (!/^[\x00-\x7f]*$/.test(s)) throw new Unsupported('non-ASCII padding');
  return s;
}

function pad(pc: Value | undefined): string {
  if (pc === undefined) return ' ';
  const c = t(pc);
  if (c.length !== 1 || !/^[\x00-\x7f]$/.test(c)) throw new Unsupported('pad character');
  return c;
}

function nonEmpty(xs: Value[]): Value[] {
  if (xs.length === 0) throw new RuntimeFailure('empty list');
  return xs;
}

function sortedEntries(entries: Map<string, { key: Value; value: Value }>): Array<{ key: Value; value: Value }> {
  return [...entries.values()].sort((a, b) => compareValues(a.key, b.key));
}

/** Run builtin `name` (canonical) on `args`; Unsupported when it is not modelled. */
export function runBuiltin(name: string, args: Value[], apply: Apply): Value {
  const impl = IMPLS[name];
  if (impl === undefined) throw new Unsupported(`builtin ${name}`);
  return impl(args, apply);
}

/** Whether the evaluator runs builtin `name` at all. */
export function runsBuiltin(name: string): boolean {
  return name in IMPLS;
}
