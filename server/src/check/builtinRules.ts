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

/**
 * Argument counts where the verifier accepts more than the builtin table
 * lists (`fld fn ctx xs init`, the closure-bind form).
 */
const EXTRA_ARITIES: Readonly<Record<string, readonly number[]>> = { fld: [4] };

/** Canonical name of a builtin (long forms and `$` resolve), or undefined for non-builtins. */
export function builtinName(name: string): string | undefined {
  return canonicalBuiltinName(name);
}

export function builtinAcceptsArity(name: string, argc: number): boolean {
  const b = lookupBuiltin(name);
  if (b === undefined) return false;
  return acceptsArity(b, argc) || (EXTRA_ARITIES[b.name] ?? []).includes(argc);
}

/** "1 or 2", "1, 2, or 3", "at least 1" — the accepted counts in words. */
export function builtinArityWords(name: string): string {
  const b = lookupBuiltin(name);
  if (b === undefined) return '?';
  const counts = [...new Set([...b.arities, ...(EXTRA_ARITIES[b.name] ?? [])])].sort((x, y) => x - y);
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
export function checkBuiltinArgs(name: string, args: readonly Ty[]): BuiltinResult {
  const issues: ArgIssue[] = [];
  const at = (i: number): Ty | undefined => args[i];
  const got = (t: Ty): string => showTy(t);

  /** Argument i must fit `want`; `what` names the expectation in the message. */
  const need = (i: number, want: Ty, what = showTy(want), label = `argument ${i + 1}`, hint?: string): void => {
    const a = at(i);
    if (a !== undefined && !compatible(a, want)) issues.push({ arg: i, message: `'${name}' ${label} must be ${what}, got ${got(a)}`, hint });
  };
  /** Argument i must satisfy a shape test. */
  const shape = (i: number, ok: (t: Ty) => boolean, what: string, label = `argument ${i + 1}`, hint?: string): void => {
    const a = at(i);
    if (a !== undefined && !ok(a)) issues.push({ arg: i, message: `'${name}' ${label} must be ${what}, got ${got(a)}`, hint });
  };
  const fnArg = (usage: string): void =>
    shape(0, isFnLike, 'a function (F ...)', 'first argument', `pass a function by name or an inline lambda: ${usage}`);
  /** Closure-bind form `hof fn ctx xs`: the function takes (element, ctx) — or (acc, element, ctx) for fld. */
  const closureBind = (want: number, order: string): void => {
    const f = at(0);
    if (f?.kind === 'fn' && f.params.length !== want) {
      issues.push({
        arg: 0,
        message: `'${name}' with a context argument needs a function of ${want} parameters ${order}, got one of ${f.params.length}`,
        hint: `the function is called as ${order}`,
      });
    }
  };
  const swapped = (ctxIdx: number, listIdx: number): void => {
    const hint = swappedParamsHint(at(0), at(ctxIdx), at(listIdx));
    if (hint !== undefined) issues.push({ message: `'${name}': the function's parameters look swapped for the context form`, hint });
  };
  const done = (ret: Ty): BuiltinResult => ({ ret, issues });

  switch (name) {
    case 'len':
      shape(0, (t) => t.kind === 'list' || t.kind === 'map' || t.kind === 't' || t.kind === 'unknown', 'a list, map or text');
      return done(NUM);
    case 'str':
      need(0, NUM, 'a number (n)');
      return done(TEXT);
    case 'num':
      need(0, TEXT, 'text (t)');
      return done(resultOf(NUM, TEXT));
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
      need(0, NUM, 'a number (n)');
      return done(NUM);
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
        return done(NUM);
      }
      args.forEach((_, i) => need(i, NUM, 'a number (n)'));
      return done(NUM);
    case 'mod':
    case 'pow':
    case 'atan2':
    case 'clamp':
    case 'rnd':
    case 'rndn':
      args.forEach((_, i) => need(i, NUM, 'a number (n)'));
      return done(NUM);
    case 'range':
      args.forEach((_, i) => need(i, NUM, 'a number (n)'));
      return done(listOf(NUM));
    case 'spl':
      args.forEach((_, i) => need(i, TEXT, 'text (t)'));
      return done(listOf(TEXT));
    case 'cat':
      need(0, listOf(TEXT), 'a list of text (L t)', 'argument 1', 'cat joins a list: `cat xs sep`; use `+a b` to join two texts');
      need(1, TEXT, 'the separator text (t)');
      return done(TEXT);
    case 'has':
      shape(0, isSeqLike, 'a list or text');
      return done(BOOL);
    case 'hd':
    case 'tl': {
      shape(0, isSeqLike, 'a list or text');
      const a = at(0);
      if (a?.kind === 'list') return done(name === 'hd' ? a.elem : listOf(a.elem));
      return done(a?.kind === 't' ? TEXT : UNKNOWN);
    }
    case 'at': {
      need(1, NUM, 'a number (n)', 'index');
      shape(0, isSeqLike, 'a list or text');
      const a = at(0);
      return done(a?.kind === 'list' ? a.elem : a?.kind === 't' ? TEXT : UNKNOWN);
    }
    case 'lst': {
      need(1, NUM, 'a number (n)', 'index');
      const a = at(0);
      if (a?.kind === 'list') {
        const v = at(2);
        if (v !== undefined && !compatible(v, a.elem)) {
          issues.push({ arg: 2, message: `'lst' value is ${got(v)} but the list holds ${got(a.elem)}` });
        }
        return done(listOf(a.elem));
      }
      shape(0, isListLike, 'a list');
      return done(UNKNOWN);
    }
    case 'zip':
    case 'setunion':
    case 'setinter':
    case 'setdiff': {
      shape(0, isListLike, 'a list');
      shape(1, isListLike, 'a list');
      const x = at(0);
      const y = at(1);
      const ex = x?.kind === 'list' ? x.elem : undefined;
      const ey = y?.kind === 'list' ? y.elem : undefined;
      let inner: Ty = UNKNOWN;
      if (ex !== undefined && ey !== undefined) inner = compatible(ex, ey) || name !== 'zip' ? ex : UNKNOWN;
      else inner = ex ?? ey ?? UNKNOWN;
      return done(name === 'zip' ? listOf(listOf(inner)) : listOf(inner));
    }
    case 'enumerate':
      shape(0, isListLike, 'a list');
      return done(listOf(listOf(UNKNOWN)));
    case 'window':
    case 'chunks': {
      need(0, NUM, 'a number (n)');
      shape(1, isListLike, 'a list');
      const a = at(1);
      return done(listOf(listOf(a?.kind === 'list' ? a.elem : UNKNOWN)));
    }
    case 'rev':
    case 'unq':
      shape(0, isSeqLike, 'a list or text');
      return done(sameSeq(at(0)));
    case 'trm':
    case 'upr':
    case 'lwr':
    case 'cap':
      need(0, TEXT, 'text (t)');
      return done(TEXT);
    case 'padl':
    case 'padr':
      need(0, TEXT, 'text (t)');
      need(1, NUM, 'a width (n)');
      need(2, TEXT, 'a one-character text (t)', 'pad character');
      return done(TEXT);
    case 'ord':
      need(0, TEXT, 'text (t)');
      return done(NUM);
    case 'chr':
      need(0, NUM, 'a code point (n)');
      return done(TEXT);
    case 'chars':
      need(0, TEXT, 'text (t)');
      return done(listOf(TEXT));
    case 'fmt':
      need(0, TEXT, 'a text template (t)', 'template');
      return done(TEXT);
    case 'fmt2':
      args.forEach((_, i) => need(i, NUM, 'a number (n)'));
      return done(TEXT);
    case 'srt':
    case 'rsrt': {
      if (args.length === 3) {
        fnArg(`${name} key-fn ctx xs`);
        closureBind(2, '(element, ctx)');
        swapped(1, 2);
        const xs = at(2);
        return done(xs?.kind === 'list' ? xs : UNKNOWN);
      }
      if (args.length === 2) {
        fnArg(`${name} key-fn xs`);
        const xs = at(1);
        return done(xs?.kind === 'list' ? xs : UNKNOWN);
      }
      shape(0, isSeqLike, 'a list or text');
      return done(sameSeq(at(0)));
    }
    case 'fft':
      shape(0, isListLike, 'a list of numbers');
      return done(MATRIX);
    case 'ifft':
      shape(0, isListLike, 'a list of [re, im] pairs');
      return done(listOf(NUM));
    case 'median':
    case 'stdev':
    case 'variance':
      shape(0, isListLike, 'a list of numbers');
      return done(NUM);
    case 'quantile':
      shape(0, isListLike, 'a list of numbers');
      need(1, NUM, 'a number (n)', 'p');
      return done(NUM);
    case 'slc':
      shape(0, isSeqLike, 'a list or text');
      need(1, NUM, 'a number (n)', 'start index');
      need(2, NUM, 'a number (n)', 'end index');
      return done(sameSeq(at(0)));
    case 'take':
    case 'drop': {
      need(0, NUM, 'a number (n)', 'count');
      shape(1, isSeqLike, 'a list or text');
      return done(sameSeq(at(1)));
    }
    case 'get':
      need(0, TEXT, 'a URL (t)', 'url');
      need(1, mapOf(TEXT, TEXT), 'a map of headers (M t t)', 'headers');
      return done(resultOf(TEXT, TEXT));
    case 'post':
      need(0, TEXT, 'a URL (t)', 'url');
      need(1, TEXT, 'text (t)', 'body');
      need(2, mapOf(TEXT, TEXT), 'a map of headers (M t t)', 'headers');
      return done(resultOf(TEXT, TEXT));
    case 'get-many':
      need(0, listOf(TEXT), 'a list of URLs (L t)');
      return done(listOf(resultOf(TEXT, TEXT)));
    case 'rd':
    case 'rdb':
      need(0, TEXT, 'text (t)', name === 'rd' ? 'path' : 'input');
      if (args.length === 2) need(1, TEXT, 'a format name such as "csv", "json" or "raw"', 'format');
      return done(resultOf(UNKNOWN, TEXT));
    case 'rdl':
      need(0, TEXT, 'a path (t)', 'path');
      return done(resultOf(listOf(TEXT), TEXT));
    case 'wr':
    case 'wrl':
      need(0, TEXT, 'a path (t)', 'path');
      if (name === 'wr' && args.length < 3) {
        need(1, TEXT, 'text (t)', 'content', 'to write structured data add a format: wr path data "json"');
      }
      if (name === 'wr') need(2, TEXT, 'a format name (t)', 'format', 'formats: "json", "csv", "tsv"');
      return done(resultOf(TEXT, TEXT));
    case 'jpth':
      args.forEach((_, i) => need(i, TEXT, 'text (t)'));
      return done(resultOf(TEXT, TEXT));
    case 'jdmp':
      return done(TEXT);
    case 'rgxsub':
      args.forEach((_, i) => need(i, TEXT, 'text (t)'));
      return done(TEXT);
    case 'prnt':
      return done(at(0) ?? UNKNOWN);
    case 'jpar':
      need(0, TEXT, 'text (t)');
      return done(resultOf(UNKNOWN, TEXT));
    case 'rdjl':
      need(0, TEXT, 'a path (t)', 'path');
      return done(listOf(resultOf(UNKNOWN, TEXT)));
    case 'dtfmt':
      need(0, NUM, 'a Unix time (n)', 'first argument');
      need(1, TEXT, 'a format (t)', 'second argument');
      return done(resultOf(TEXT, TEXT));
    case 'dtparse':
      need(0, TEXT, 'text (t)', 'first argument');
      need(1, TEXT, 'a format (t)', 'second argument');
      return done(resultOf(NUM, TEXT));
    case 'map': {
      fnArg('map f xs');
      if (args.length === 3) {
        closureBind(2, '(element, ctx)');
        swapped(1, 2);
      }
      const f = at(0);
      return done(listOf(f?.kind === 'fn' ? f.ret : UNKNOWN));
    }
    case 'mapr': {
      fnArg('mapr f xs');
      const f = at(0);
      if (f?.kind === 'fn' && f.ret.kind !== 'result' && f.ret.kind !== 'unknown') {
        issues.push({
          arg: 0,
          message: `'mapr' needs a function returning a Result (R _ _), got one returning ${got(f.ret)}`,
          hint: 'use map for functions that cannot fail',
        });
      }
      if (f?.kind === 'fn' && f.ret.kind === 'result') return done(resultOf(listOf(f.ret.ok), f.ret.err));
      return done(resultOf(listOf(UNKNOWN), UNKNOWN));
    }
    case 'flt': {
      fnArg('flt pred xs');
      if (args.length === 3) {
        closureBind(2, '(element, ctx)');
        swapped(1, 2);
      }
      const xs = at(args.length === 3 ? 2 : 1);
      return done(xs?.kind === 'list' ? xs : UNKNOWN);
    }
    case 'fld': {
      fnArg('fld f xs init');
      if (args.length === 4) closureBind(3, '(acc, element, ctx)');
      const init = at(args.length === 4 ? 3 : 2);
      if (init !== undefined && init.kind !== 'unknown') return done(init);
      const f = at(0);
      return done(f?.kind === 'fn' ? f.ret : UNKNOWN);
    }
    case 'grp': {
      fnArg('grp key-fn xs');
      const f = at(0);
      const xs = at(1);
      return done(mapOf(f?.kind === 'fn' ? f.ret : UNKNOWN, listOf(xs?.kind === 'list' ? xs.elem : UNKNOWN)));
    }
    case 'uniqby': {
      fnArg('uniqby key-fn xs');
      const xs = at(1);
      return done(xs?.kind === 'list' ? xs : UNKNOWN);
    }
    case 'flatmap': {
      fnArg('flatmap f xs');
      const f = at(0);
      return done(listOf(f?.kind === 'fn' && f.ret.kind === 'list' ? f.ret.elem : UNKNOWN));
    }
    case 'partition': {
      fnArg('partition pred xs');
      const xs = at(1);
      return done(xs?.kind === 'list' ? listOf(xs) : UNKNOWN);
    }
    case 'ct':
      fnArg('ct pred xs');
      return done(NUM);
    case 'frq': {
      shape(0, isListLike, 'a list');
      const xs = at(0);
      const key = xs?.kind === 'list' ? (xs.elem.kind === 'b' ? TEXT : xs.elem) : UNKNOWN;
      return done(mapOf(key, NUM));
    }
    case 'cumsum': {
      const xs = at(0);
      if (xs !== undefined && !(xs.kind === 'list' ? compatible(xs.elem, NUM) : xs.kind === 'unknown')) {
        issues.push({ arg: 0, message: `'cumsum' needs a list of numbers (L n), got ${got(xs)}` });
      }
      return done(listOf(NUM));
    }
    case 'flat': {
      const xs = at(0);
      return done(listOf(xs?.kind === 'list' && xs.elem.kind === 'list' ? xs.elem.elem : UNKNOWN));
    }
    case 'mmap':
      return done(mapOf(UNKNOWN, UNKNOWN));
    case 'mget':
    case 'mhas':
    case 'mdel':
    case 'mset': {
      const m = at(0);
      if (name === 'mhas') shape(0, (t) => t.kind === 'map' || t.kind === 'unknown', 'a map');
      const declKey = m?.kind === 'map' ? m.key : UNKNOWN;
      const k = at(1);
      if (k !== undefined && !(name === 'mset' && m?.kind !== 'map') && !validMapKey(k, declKey)) {
        issues.push({ arg: 1, message: `'${name}' key must be ${got(declKey)} like the map's keys, got ${got(k)}` });
      }
      if (name === 'mget') return done(optOf(m?.kind === 'map' ? m.value : UNKNOWN));
      if (name === 'mhas') return done(BOOL);
      if (name === 'mdel') return done(m?.kind === 'map' ? m : mapOf(UNKNOWN, UNKNOWN));
      return done(m?.kind === 'map' ? mapOf(m.key, at(2) ?? UNKNOWN) : mapOf(UNKNOWN, UNKNOWN));
    }
    case 'mkeys': {
      shape(0, (t) => t.kind === 'map' || t.kind === 'unknown', 'a map');
      const m = at(0);
      return done(listOf(m?.kind === 'map' ? m.key : TEXT));
    }
    case 'mvals': {
      const m = at(0);
      return done(listOf(m?.kind === 'map' ? m.value : UNKNOWN));
    }
    case 'transpose': {
      const isMatrix = (t: Ty): boolean => (t.kind === 'list' ? t.elem.kind === 'list' || t.elem.kind === 'unknown' : t.kind === 'unknown');
      shape(0, isMatrix, 'a matrix (L L n)');
      const m = at(0);
      return done(m?.kind === 'list' && m.elem.kind === 'list' ? m : MATRIX);
    }
    case 'matmul': {
      const isMatrix = (t: Ty): boolean => (t.kind === 'list' ? t.elem.kind === 'list' || t.elem.kind === 'unknown' : t.kind === 'unknown');
      args.forEach((_, i) => shape(i, isMatrix, 'a matrix (L L n)'));
      return done(MATRIX);
    }
    case 'dot':
      args.forEach((_, i) => shape(i, (t) => (t.kind === 'list' ? compatible(t.elem, NUM) : t.kind === 'unknown'), 'a vector (L n)'));
      return done(NUM);
    case 'solve':
      need(0, MATRIX, 'a matrix (L L n)');
      need(1, listOf(NUM), 'a vector (L n)');
      return done(listOf(NUM));
    case 'inv':
      need(0, MATRIX, 'a matrix (L L n)');
      return done(MATRIX);
    case 'det':
      need(0, MATRIX, 'a matrix (L L n)');
      return done(NUM);
    case 'sleep':
      need(0, NUM, 'milliseconds (n)', 'argument 1', 'e.g. sleep 100');
      return done(NIL);
    default:
      return done(UNKNOWN);
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
