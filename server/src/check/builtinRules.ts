// What the verifier knows about each builtin call: which argument counts are
// accepted, which argument types are rejected (ILO-T013) and what the call
// produces. The rules mirror the reference verifier builtin by builtin: a
// builtin it does not type-check produces `unknown` and accepts anything, so
// we never report what `ilo` would not.

import { acceptsArity, canonicalBuiltinName, formatSignature, lookupBuiltin } from '../syntax/builtins';
import {
  BOOL,
  NIL,
  NUM,
  TEXT,
  UNKNOWN,
  compatible,
  fnOf,
  listOf,
  mapOf,
  optOf,
  resultOf,
  sameTy,
  showTy,
  type Ty,
} from './types';

export interface ArgIssue {
  message: string;
  /** The argument the issue is about; absent = the whole call. */
  arg?: number;
  hint?: string;
}

export interface BuiltinResult {
  ret: Ty;
  issues: ArgIssue[];
}

/** Canonical name of a builtin (long forms and `$` resolve), or undefined for non-builtins. */
export function builtinName(name: string): string | undefined {
  return canonicalBuiltinName(name);
}

export function builtinAcceptsArity(name: string, argc: number): boolean {
  const b = lookupBuiltin(name);
  if (b === undefined) return false;
  return acceptsArity(b, argc);
}

/** "1 or 2", "1, 2, or 3", "at least 1" — the accepted counts in words. */
export function builtinArityWords(name: string): string {
  const b = lookupBuiltin(name);
  if (b === undefined) return '?';
  const counts = b.arities;
  if (b.variadic) return `at least ${counts[0] ?? 0}`;
  if (counts.length === 1) return String(counts[0]);
  if (counts.length === 2) return `${counts[0]} or ${counts[1]}`;
  return `${counts.slice(0, -1).join(', ')}, or ${counts[counts.length - 1]}`;
}

/** The builtin's forms, for the "expects" hint of an arity error. */
export function builtinSignatureHint(name: string): string | undefined {
  const b = lookupBuiltin(name);
  if (b === undefined) return undefined;
  return b.signatures.map((s) => formatSignature(b.name, s)).join('  |  ');
}

/**
 * The function type of a builtin passed by name as a value (`fld max xs 0`),
 * for the pure builtins that have one; undefined means the name cannot be
 * used as a value.
 */
export function builtinAsValue(name: string): Ty | undefined {
  switch (name) {
    case 'abs':
    case 'flr':
    case 'cel':
    case 'rou':
      return fnOf([NUM], NUM);
    case 'min':
    case 'max':
    case 'mod':
      return fnOf([NUM, NUM], NUM);
    case 'sum':
    case 'avg':
    case 'median':
    case 'stdev':
    case 'variance':
      return fnOf([listOf(NUM)], NUM);
    case 'trm':
    case 'upr':
    case 'lwr':
    case 'cap':
      return fnOf([TEXT], TEXT);
    case 'padl':
    case 'padr':
      return fnOf([TEXT, NUM], TEXT);
    case 'ord':
      return fnOf([TEXT], NUM);
    case 'chr':
      return fnOf([NUM], TEXT);
    case 'chars':
      return fnOf([TEXT], listOf(TEXT));
    case 'str':
      return fnOf([NUM], TEXT);
    case 'num':
      return fnOf([TEXT], resultOf(NUM, TEXT));
    case 'jdmp':
      return fnOf([UNKNOWN], TEXT);
    case 'len':
      return fnOf([listOf(UNKNOWN)], NUM);
    default:
      return undefined;
  }
}

/** Text, number or unknown may key a map; the key must fit the declared key type. */
function validMapKey(supplied: Ty, declared: Ty): boolean {
  if (supplied.kind === 'unknown' || declared.kind === 'unknown') return true;
  if (supplied.kind !== 't' && supplied.kind !== 'n') return false;
  return compatible(supplied, declared);
}

const isListLike = (t: Ty): boolean => t.kind === 'list' || t.kind === 'unknown';
const isSeqLike = (t: Ty): boolean => t.kind === 'list' || t.kind === 't' || t.kind === 'unknown';
const isFnLike = (t: Ty): boolean => t.kind === 'fn' || t.kind === 'unknown';

/** Same shape back for list-or-text operations (`rev`, `unq`, `slc`...). */
function sameSeq(t: Ty | undefined): Ty {
  if (t?.kind === 'list') return listOf(t.elem);
  if (t?.kind === 't') return TEXT;
  return UNKNOWN;
}

const MATRIX = listOf(listOf(NUM));

/**
 * Check the argument types of a call to builtin `name` (canonical) whose
 * argument count is already known to be accepted.
 */
/**
 * Helpers for one builtin call's argument checks. A class rather than local
 * closures: this runs for every builtin call on every (re)check.
 */
class Args {
  readonly issues: ArgIssue[] = [];
  constructor(
    readonly name: string,
    readonly args: readonly Ty[],
  ) {}

  at(i: number): Ty | undefined {
    return this.args[i];
  }

  /** Argument i must fit `want`; `what` names the expectation in the message. */
  need(i: number, want: Ty, what = showTy(want), label = `argument ${i + 1}`, hint?: string): void {
    const a = this.args[i];
    if (a !== undefined && !compatible(a, want)) this.issues.push({ arg: i, message: `'${this.name}' ${label} must be ${what}, got ${showTy(a)}`, hint });
  }

  /** Argument i must satisfy a shape test. */
  shape(i: number, ok: (t: Ty) => boolean, what: string, label = `argument ${i + 1}`, hint?: string): void {
    const a = this.args[i];
    if (a !== undefined && !ok(a)) this.issues.push({ arg: i, message: `'${this.name}' ${label} must be ${what}, got ${showTy(a)}`, hint });
  }

  /** Every argument must fit `want`. */
  all(want: Ty, what: string): void {
    for (let i = 0; i < this.args.length; i++) this.need(i, want, what);
  }

  fnArg(usage: string): void {
    this.shape(0, isFnLike, 'a function (F ...)', 'first argument', `pass a function by name or an inline lambda: ${usage}`);
  }

  /** Closure-bind form `hof fn ctx xs`: the function takes (element, ctx) — or (acc, element, ctx) for fld. */
  closureBind(want: number, order: string): void {
    const f = this.args[0];
    if (f?.kind === 'fn' && f.params.length !== want) {
      this.issues.push({
        arg: 0,
        message: `'${this.name}' with a context argument needs a function of ${want} parameters ${order}, got one of ${f.params.length}`,
        hint: `the function is called as ${order}`,
      });
    }
  }

  swapped(ctxIdx: number, listIdx: number): void {
    const hint = swappedParamsHint(this.args[0], this.args[ctxIdx], this.args[listIdx]);
    if (hint !== undefined) this.issues.push({ message: `'${this.name}': the function's parameters look swapped for the context form`, hint });
  }

  done(ret: Ty): BuiltinResult {
    return { ret, issues: this.issues };
  }
}

const isMatrixLike = (t: Ty): boolean => (t.kind === 'list' ? t.elem.kind === 'list' || t.elem.kind === 'unknown' : t.kind === 'unknown');
const isMapLike = (t: Ty): boolean => t.kind === 'map' || t.kind === 'unknown';
const isVectorLike = (t: Ty): boolean => (t.kind === 'list' ? compatible(t.elem, NUM) : t.kind === 'unknown');
const isLenArg = (t: Ty): boolean => t.kind === 'list' || t.kind === 'map' || t.kind === 't' || t.kind === 'unknown';

/**
 * Check the argument types of a call to builtin `name` (canonical) whose
 * argument count is already known to be accepted.
 */
export function checkBuiltinArgs(name: string, args: readonly Ty[]): BuiltinResult {
  const c = new Args(name, args);
  const issues = c.issues;
  const got = showTy;

  switch (name) {
    case 'len':
      c.shape(0, isLenArg, 'a list, map or text');
      return c.done(NUM);
    case 'str':
      c.need(0, NUM, 'a number (n)');
      return c.done(TEXT);
    case 'num':
      c.need(0, TEXT, 'text (t)');
      return c.done(resultOf(NUM, TEXT));
    case 'abs':
    case 'flr':
    case 'cel':
    case 'rou':
    case 'sqrt':
    case 'log':
    case 'exp':
    case 'sin':
    case 'cos':
    case 'tan':
    case 'log10':
    case 'log2':
    case 'asin':
    case 'acos':
    case 'atan':
      c.need(0, NUM, 'a number (n)');
      return c.done(NUM);
    case 'min':
    case 'max':
      if (args.length === 1) {
        const a = args[0];
        if (a.kind === 'list') {
          if (!compatible(a.elem, NUM)) issues.push({ arg: 0, message: `'${name}' of one argument needs a list of numbers (L n), got ${got(a)}` });
        } else if (a.kind !== 'unknown') {
          issues.push({
            arg: 0,
            message: `'${name}' of one argument needs a list of numbers (L n), got ${got(a)}`,
            hint: `\`${name} xs\` takes a list; \`${name} a b\` takes two numbers`,
          });
        }
        return c.done(NUM);
      }
      c.all(NUM, 'a number (n)');
      return c.done(NUM);
    case 'mod':
    case 'pow':
    case 'atan2':
    case 'clamp':
    case 'rnd':
    case 'rndn':
      c.all(NUM, 'a number (n)');
      return c.done(NUM);
    case 'range':
      c.all(NUM, 'a number (n)');
      return c.done(listOf(NUM));
    case 'spl':
      c.all(TEXT, 'text (t)');
      return c.done(listOf(TEXT));
    case 'cat':
      c.need(0, listOf(TEXT), 'a list of text (L t)', 'argument 1', 'cat joins a list: `cat xs sep`; use `+a b` to join two texts');
      c.need(1, TEXT, 'the separator text (t)');
      return c.done(TEXT);
    case 'has':
      c.shape(0, isSeqLike, 'a list or text');
      return c.done(BOOL);
    case 'hd':
    case 'tl': {
      c.shape(0, isSeqLike, 'a list or text');
      const a = c.at(0);
      if (a?.kind === 'list') return c.done(name === 'hd' ? a.elem : listOf(a.elem));
      return c.done(a?.kind === 't' ? TEXT : UNKNOWN);
    }
    case 'at': {
      c.need(1, NUM, 'a number (n)', 'index');
      c.shape(0, isSeqLike, 'a list or text');
      const a = c.at(0);
      return c.done(a?.kind === 'list' ? a.elem : a?.kind === 't' ? TEXT : UNKNOWN);
    }
    case 'lst': {
      c.need(1, NUM, 'a number (n)', 'index');
      const a = c.at(0);
      if (a?.kind === 'list') {
        const v = c.at(2);
        if (v !== undefined && !compatible(v, a.elem)) {
          issues.push({ arg: 2, message: `'lst' value is ${got(v)} but the list holds ${got(a.elem)}` });
        }
        return c.done(listOf(a.elem));
      }
      c.shape(0, isListLike, 'a list');
      return c.done(UNKNOWN);
    }
    case 'zip':
    case 'setunion':
    case 'setinter':
    case 'setdiff': {
      c.shape(0, isListLike, 'a list');
      c.shape(1, isListLike, 'a list');
      const x = c.at(0);
      const y = c.at(1);
      const ex = x?.kind === 'list' ? x.elem : undefined;
      const ey = y?.kind === 'list' ? y.elem : undefined;
      let inner: Ty = UNKNOWN;
      if (ex !== undefined && ey !== undefined) inner = compatible(ex, ey) || name !== 'zip' ? ex : UNKNOWN;
      else inner = ex ?? ey ?? UNKNOWN;
      return c.done(name === 'zip' ? listOf(listOf(inner)) : listOf(inner));
    }
    case 'enumerate':
      c.shape(0, isListLike, 'a list');
      return c.done(listOf(listOf(UNKNOWN)));
    case 'window':
    case 'chunks': {
      c.need(0, NUM, 'a number (n)');
      c.shape(1, isListLike, 'a list');
      const a = c.at(1);
      return c.done(listOf(listOf(a?.kind === 'list' ? a.elem : UNKNOWN)));
    }
    case 'rev':
    case 'unq':
      c.shape(0, isSeqLike, 'a list or text');
      return c.done(sameSeq(c.at(0)));
    case 'trm':
    case 'upr':
    case 'lwr':
    case 'cap':
      c.need(0, TEXT, 'text (t)');
      return c.done(TEXT);
    case 'padl':
    case 'padr':
      c.need(0, TEXT, 'text (t)');
      c.need(1, NUM, 'a width (n)');
      c.need(2, TEXT, 'a one-character text (t)', 'pad character');
      return c.done(TEXT);
    case 'ord':
      c.need(0, TEXT, 'text (t)');
      return c.done(NUM);
    case 'chr':
      c.need(0, NUM, 'a code point (n)');
      return c.done(TEXT);
    case 'chars':
      c.need(0, TEXT, 'text (t)');
      return c.done(listOf(TEXT));
    case 'fmt':
      c.need(0, TEXT, 'a text template (t)', 'template');
      return c.done(TEXT);
    case 'fmt2':
      c.all(NUM, 'a number (n)');
      return c.done(TEXT);
    case 'srt':
    case 'rsrt': {
      if (args.length === 3) {
        c.fnArg(`${name} key-fn ctx xs`);
        c.closureBind(2, '(element, ctx)');
        c.swapped(1, 2);
        const xs = c.at(2);
        return c.done(xs?.kind === 'list' ? xs : UNKNOWN);
      }
      if (args.length === 2) {
        c.fnArg(`${name} key-fn xs`);
        const xs = c.at(1);
        return c.done(xs?.kind === 'list' ? xs : UNKNOWN);
      }
      c.shape(0, isSeqLike, 'a list or text');
      return c.done(sameSeq(c.at(0)));
    }
    case 'fft':
      c.shape(0, isListLike, 'a list of numbers');
      return c.done(MATRIX);
    case 'ifft':
      c.shape(0, isListLike, 'a list of [re, im] pairs');
      return c.done(listOf(NUM));
    case 'median':
    case 'stdev':
    case 'variance':
      c.shape(0, isListLike, 'a list of numbers');
      return c.done(NUM);
    case 'quantile':
      c.shape(0, isListLike, 'a list of numbers');
      c.need(1, NUM, 'a number (n)', 'p');
      return c.done(NUM);
    case 'slc':
      c.shape(0, isSeqLike, 'a list or text');
      c.need(1, NUM, 'a number (n)', 'start index');
      c.need(2, NUM, 'a number (n)', 'end index');
      return c.done(sameSeq(c.at(0)));
    case 'take':
    case 'drop': {
      c.need(0, NUM, 'a number (n)', 'count');
      c.shape(1, isSeqLike, 'a list or text');
      return c.done(sameSeq(c.at(1)));
    }
    case 'get':
      c.need(0, TEXT, 'a URL (t)', 'url');
      c.need(1, mapOf(TEXT, TEXT), 'a map of headers (M t t)', 'headers');
      return c.done(resultOf(TEXT, TEXT));
    case 'post':
      c.need(0, TEXT, 'a URL (t)', 'url');
      c.need(1, TEXT, 'text (t)', 'body');
      c.need(2, mapOf(TEXT, TEXT), 'a map of headers (M t t)', 'headers');
      return c.done(resultOf(TEXT, TEXT));
    case 'get-many':
      c.need(0, listOf(TEXT), 'a list of URLs (L t)');
      return c.done(listOf(resultOf(TEXT, TEXT)));
    case 'rd':
    case 'rdb':
      c.need(0, TEXT, 'text (t)', name === 'rd' ? 'path' : 'input');
      if (args.length === 2) c.need(1, TEXT, 'a format name such as "csv", "json" or "raw"', 'format');
      return c.done(resultOf(UNKNOWN, TEXT));
    case 'rdl':
      c.need(0, TEXT, 'a path (t)', 'path');
      return c.done(resultOf(listOf(TEXT), TEXT));
    case 'wr':
    case 'wrl':
      c.need(0, TEXT, 'a path (t)', 'path');
      if (name === 'wr' && args.length < 3) {
        c.need(1, TEXT, 'text (t)', 'content', 'to write structured data add a format: wr path data "json"');
      }
      if (name === 'wr') c.need(2, TEXT, 'a format name (t)', 'format', 'formats: "json", "csv", "tsv"');
      return c.done(resultOf(TEXT, TEXT));
    case 'jpth':
      c.all(TEXT, 'text (t)');
      return c.done(resultOf(TEXT, TEXT));
    case 'jdmp':
      return c.done(TEXT);
    case 'rgxsub':
      c.all(TEXT, 'text (t)');
      return c.done(TEXT);
    case 'prnt':
      return c.done(c.at(0) ?? UNKNOWN);
    case 'jpar':
      c.need(0, TEXT, 'text (t)');
      return c.done(resultOf(UNKNOWN, TEXT));
    case 'rdjl':
      c.need(0, TEXT, 'a path (t)', 'path');
      return c.done(listOf(resultOf(UNKNOWN, TEXT)));
    case 'dtfmt':
      c.need(0, NUM, 'a Unix time (n)', 'first argument');
      c.need(1, TEXT, 'a format (t)', 'second argument');
      return c.done(resultOf(TEXT, TEXT));
    case 'dtparse':
      c.need(0, TEXT, 'text (t)', 'first argument');
      c.need(1, TEXT, 'a format (t)', 'second argument');
      return c.done(resultOf(NUM, TEXT));
    case 'map': {
      c.fnArg('map f xs');
      if (args.length === 3) {
        c.closureBind(2, '(element, ctx)');
        c.swapped(1, 2);
      }
      const f = c.at(0);
      return c.done(listOf(f?.kind === 'fn' ? f.ret : UNKNOWN));
    }
    case 'mapr': {
      c.fnArg('mapr f xs');
      const f = c.at(0);
      if (f?.kind === 'fn' && f.ret.kind !== 'result' && f.ret.kind !== 'unknown') {
        issues.push({
          arg: 0,
          message: `'mapr' needs a function returning a Result (R _ _), got one returning ${got(f.ret)}`,
          hint: 'use map for functions that cannot fail',
        });
      }
      if (f?.kind === 'fn' && f.ret.kind === 'result') return c.done(resultOf(listOf(f.ret.ok), f.ret.err));
      return c.done(resultOf(listOf(UNKNOWN), UNKNOWN));
    }
    case 'flt': {
      c.fnArg('flt pred xs');
      if (args.length === 3) {
        c.closureBind(2, '(element, ctx)');
        c.swapped(1, 2);
      }
      const xs = c.at(args.length === 3 ? 2 : 1);
      return c.done(xs?.kind === 'list' ? xs : UNKNOWN);
    }
    case 'fld': {
      c.fnArg('fld f xs init');
      if (args.length === 4) c.closureBind(3, '(acc, element, ctx)');
      const init = c.at(args.length === 4 ? 3 : 2);
      if (init !== undefined && init.kind !== 'unknown') return c.done(init);
      const f = c.at(0);
      return c.done(f?.kind === 'fn' ? f.ret : UNKNOWN);
    }
    case 'grp': {
      c.fnArg('grp key-fn xs');
      const f = c.at(0);
      const xs = c.at(1);
      return c.done(mapOf(f?.kind === 'fn' ? f.ret : UNKNOWN, listOf(xs?.kind === 'list' ? xs.elem : UNKNOWN)));
    }
    case 'uniqby': {
      c.fnArg('uniqby key-fn xs');
      const xs = c.at(1);
      return c.done(xs?.kind === 'list' ? xs : UNKNOWN);
    }
    case 'flatmap': {
      c.fnArg('flatmap f xs');
      const f = c.at(0);
      return c.done(listOf(f?.kind === 'fn' && f.ret.kind === 'list' ? f.ret.elem : UNKNOWN));
    }
    case 'partition': {
      c.fnArg('partition pred xs');
      const xs = c.at(1);
      return c.done(xs?.kind === 'list' ? listOf(xs) : UNKNOWN);
    }
    case 'ct':
      c.fnArg('ct pred xs');
      return c.done(NUM);
    case 'frq': {
      c.shape(0, isListLike, 'a list');
      const xs = c.at(0);
      const key = xs?.kind === 'list' ? (xs.elem.kind === 'b' ? TEXT : xs.elem) : UNKNOWN;
      return c.done(mapOf(key, NUM));
    }
    case 'cumsum': {
      const xs = c.at(0);
      if (xs !== undefined && !(xs.kind === 'list' ? compatible(xs.elem, NUM) : xs.kind === 'unknown')) {
        issues.push({ arg: 0, message: `'cumsum' needs a list of numbers (L n), got ${got(xs)}` });
      }
      return c.done(listOf(NUM));
    }
    case 'flat': {
      const xs = c.at(0);
      return c.done(listOf(xs?.kind === 'list' && xs.elem.kind === 'list' ? xs.elem.elem : UNKNOWN));
    }
    case 'mmap':
      return c.done(mapOf(UNKNOWN, UNKNOWN));
    case 'mget':
    case 'mhas':
    case 'mdel':
    case 'mset': {
      const m = c.at(0);
      if (name === 'mhas') c.shape(0, isMapLike, 'a map');
      const declKey = m?.kind === 'map' ? m.key : UNKNOWN;
      const k = c.at(1);
      if (k !== undefined && !(name === 'mset' && m?.kind !== 'map') && !validMapKey(k, declKey)) {
        issues.push({ arg: 1, message: `'${name}' key must be ${got(declKey)} like the map's keys, got ${got(k)}` });
      }
      if (name === 'mget') return c.done(optOf(m?.kind === 'map' ? m.value : UNKNOWN));
      if (name === 'mhas') return c.done(BOOL);
      if (name === 'mdel') return c.done(m?.kind === 'map' ? m : mapOf(UNKNOWN, UNKNOWN));
      return c.done(m?.kind === 'map' ? mapOf(m.key, c.at(2) ?? UNKNOWN) : mapOf(UNKNOWN, UNKNOWN));
    }
    case 'mkeys': {
      c.shape(0, isMapLike, 'a map');
      const m = c.at(0);
      return c.done(listOf(m?.kind === 'map' ? m.key : TEXT));
    }
    case 'mvals': {
      const m = c.at(0);
      return c.done(listOf(m?.kind === 'map' ? m.value : UNKNOWN));
    }
    case 'transpose': {
      c.shape(0, isMatrixLike, 'a matrix (L L n)');
      const m = c.at(0);
      return c.done(m?.kind === 'list' && m.elem.kind === 'list' ? m : MATRIX);
    }
    case 'matmul': {
      for (let i = 0; i < args.length; i++) c.shape(i, isMatrixLike, 'a matrix (L L n)');
      return c.done(MATRIX);
    }
    case 'dot':
      for (let i = 0; i < args.length; i++) c.shape(i, isVectorLike, 'a vector (L n)');
      return c.done(NUM);
    case 'solve':
      c.need(0, MATRIX, 'a matrix (L L n)');
      c.need(1, listOf(NUM), 'a vector (L n)');
      return c.done(listOf(NUM));
    case 'inv':
      c.need(0, MATRIX, 'a matrix (L L n)');
      return c.done(MATRIX);
    case 'det':
      c.need(0, MATRIX, 'a matrix (L L n)');
      return c.done(NUM);
    case 'sleep':
      c.need(0, NUM, 'milliseconds (n)', 'argument 1', 'e.g. sleep 100');
      return c.done(NIL);
    default:
      return c.done(UNKNOWN);
  }
}

/**
 * The closure-bind forms call `fn element ctx`. When the function's first
 * parameter has the context's type and its second the element's (and the two
 * differ), the user most likely wrote them the other way round.
 */
function swappedParamsHint(f: Ty | undefined, ctx: Ty | undefined, xs: Ty | undefined): string | undefined {
  if (f?.kind !== 'fn' || f.params.length !== 2 || ctx === undefined || xs?.kind !== 'list') return undefined;
  const [p0, p1] = f.params;
  const elem = xs.elem;
  if (p0.kind === 'unknown' || p1.kind === 'unknown' || ctx.kind === 'unknown' || elem.kind === 'unknown') return undefined;
  if (sameTy(p0, p1)) return undefined;
  if (sameTy(p0, ctx) && sameTy(p1, elem) && !sameTy(ctx, elem)) {
    return `the function is called as (element, ctx): the elements are ${showTy(elem)} and the context is ${showTy(ctx)}, so its parameters should be (${showTy(p1)}, ${showTy(p0)})`;
  }
  return undefined;
}
