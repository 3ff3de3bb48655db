// The vocabulary of a builtin table, shared by the tables of each language
// level (builtins.ts for ilo 0.11.6, builtins26.ts for ilo 26.x): the types
// a builtin is described with, the helpers the tables are written with, and
// `BuiltinTable`, the lookups every consumer (parser arity tables, verifier,
// hover, completion, signature help, semantic tokens, the TextMate grammar)
// reads a table through.
//
// Signature notation: parameter and return types are written in ilo type
// syntax ('n', 't', 'b', '_', 'L a', 'M t _', 'F a b', 'R n t', 'O a', ...).
// Single lowercase letters other than n/t/b are type variables (the verifier
// treats them as "anything"). We use: a = list element, r = mapped result,
// s = fold accumulator, c = context value, k = map key / sort key,
// v = map value, e = error payload.
//
// A builtin may list more than one signature for the same argument count when
// it is overloaded on argument *type* (for example `len` takes a list, a text
// or a map). Consumers should accept a call when any signature of that arity
// fits.
//
// Closure-bind forms: srt, rsrt, map, flt, ct and fld also accept a context
// value just before the list (`map fn ctx xs`, `fld fn ctx xs init`); the
// function then receives the element first and the context last (`withContext`
// writes these forms from the plain ones).

export interface BuiltinParam {
  name: string;
  type: string;
}

export interface BuiltinSignature {
  params: BuiltinParam[];
  returns: string;
  /** Where the reference verifier checks this form differently from what it says (see FormCheck). */
  check?: FormCheck;
}

// ---------------------------------------------------------------- how the reference checks a call
//
// The verifier (check/builtins) derives its ILO-T013 rules and result types
// from the signatures: an argument must fit its parameter's type (a list
// parameter with a type variable inside takes any list; forms of one argument
// count that differ in a parameter take any of their types: `len` any list,
// map or text), and the result is the signature's, its type variables taken
// from the arguments (an element type from a list, a key type from a map, the
// result type of a function argument; unknown when nothing supplies them).
// Where the reference verifier does otherwise, the form says so here.

/** How the reference tests one argument, where that is not simply "fits the parameter's type". */
export interface ArgCheck {
  /**
   * What the argument is tested for instead of its type: 'any' (not tested),
   * 'list' / 'map' (any list / map, contents not looked at), 'matrix' (a list
   * of lists), 'vector' (a list whose elements fit n), 'element' (fits the
   * element type of the form's list argument), 'key' (text or a number that
   * fits the key type of the form's map argument), 'fallible' (a function
   * that returns a Result), 'result' (any Result), 'ok' (fits the Ok type of
   * the form's Result argument).
   */
  accepts?: 'any' | 'list' | 'map' | 'matrix' | 'vector' | 'element' | 'key' | 'fallible' | 'result' | 'ok';
  /** The code a mismatch is reported with, when not ILO-T013 (level 26: `default-on-err`'s T040/T042). */
  code?: string;
  /** How the message names the argument: `argument N` unless given (`first argument` for a function). */
  label?: string;
  /** The expectation the message states; by default from the type (`a number (n)`, `text (t)`, ...). */
  what?: string;
  /** The words between the builtin's name and the expectation, instead of `<label> must be`. */
  says?: string;
  /** The message's hint ('fallible': when the function's result is not a Result). */
  hint?: string;
  /** Give `hint` only when the argument is not a list at all. */
  hintUnlessList?: boolean;
  /** For a function parameter: the call the hint shows (`map f xs`). */
  usage?: string;
}

/**
 * A result type the signature cannot express, worked out by a rule of that
 * name in check/builtins/results.ts: 'nil' (the call produces nil), 'fold'
 * (the initial value's type, else the function's result), 'agree' (type
 * variables the arguments bind differently become unknown), 'counts' (truth
 * values are counted under text keys), 'update' (the map with the new value's
 * type), 'matrix' (a list of lists comes back as it is), 'flatten' (the
 * elements of the argument's inner lists).
 */
export type ResultRule = 'nil' | 'fold' | 'agree' | 'counts' | 'update' | 'matrix' | 'flatten';

/**
 * How the reference verifier checks one form, where that differs from its
 * signature. Forms with the same argument count (overloaded on type) are
 * checked together: their differences are given on the first of them.
 */
export interface FormCheck {
  /** By parameter name. */
  args?: Readonly<Record<string, ArgCheck>>;
  /**
   * Closure-bind form: the function must take the parameters its type here
   * lists ('params'); 'params, swap' also notes a function whose parameters
   * look swapped (context first, element second).
   */
  closure?: 'params' | 'params, swap';
  /**
   * The result (in ilo type syntax) when a list or map argument is not one,
   * or is unknown, instead of the signature's with its variables unknown.
   */
  orElse?: string;
  result?: ResultRule;
}

export type BuiltinEffect =
  | 'pure'
  | 'read'
  | 'write'
  | 'net'
  | 'env'
  | 'random'
  | 'time'
  | 'print'
  | 'sleep'
  | 'exec';

export interface Builtin {
  /** Canonical short name, e.g. 'len'. */
  name: string;
  /** Every accepted argument count, ascending. */
  arities: number[];
  /** Extra arguments allowed after the last fixed one (only `fmt`). */
  variadic?: boolean;
  /** One per accepted form (arity and/or argument type), in the spec's order. */
  signatures: BuiltinSignature[];
  /** One line, our own words. */
  doc: string;
  /**
   * Long forms that resolve to this builtin (each triggers a "use the short
   * name" hint). Unlike canonical names they are not reserved: a program may
   * declare its own `contains` function, and then calls reach that function.
   */
  aliases: string[];
  /** What the builtin touches besides its arguments. */
  effect: BuiltinEffect;
  /** ILO-T032 (text builders) / ILO-T033 (copy-on-write updates) when the result is discarded. */
  discardWarning?: 'fmt' | 'mutation';
  /** Takes a function as its first argument (map, flt, srt fn xs, ...). */
  higherOrder?: boolean;
  /**
   * The function type this builtin has when it is named without arguments,
   * e.g. passed to a higher-order builtin (`map str xs`, `fld max xs 0`).
   * Only a fixed set of pure, single-shape builtins can be used this way; for
   * the others (undefined here) the reference reports a bare use such as
   * `fld prnt xs 0` as an undefined variable (ILO-T004).
   */
  valueType?: string;
  /**
   * The reference verifier has no rule for this builtin: it does not check the
   * argument types and treats the result as unknown (so `rgx 42 "s"` or
   * `f>t;sum xs` pass it). The signatures still describe real use; a checker
   * that must agree with the reference should not raise ILO-T013 or
   * result-type errors from them.
   */
  uncheckedByReference?: boolean;

  // ---- level 26 (ilo 26.x); absent from the 0.11 table

  /**
   * The effect sigil a function must declare to call this builtin (ILO-W051,
   * level 26): `/http` network, `/fs` files, `/io` console and environment,
   * `/net` subprocesses (sic: the reference's name), `/time`, `/rand`.
   */
  effectSigil?: EffectSigil;
  /**
   * The World capability the builtin needs. A call to a 'net' builtin where a
   * World built by `world-no-net` is in scope is ILO-T044 (level 26).
   */
  capability?: 'net';
  /**
   * Not reserved (ILO-P011) although a builtin: a program may bind the name
   * (`e`, the constant, is still bound as a local in runnable programs).
   */
  unreserved?: boolean;
  /**
   * `fmt`'s template: placeholders may carry format specs (`{:.2f}`, `{:>8}`)
   * and a literal template's placeholder count must equal the argument count
   * ('spec', level 26). At 0.11 only bare `{}` exist and counts are not checked.
   */
  template?: 'spec';
  /**
   * Advice for a call with the wrong number of arguments, by the count given
   * (level 26: `lst xs` usually means the last element, `at xs -1`).
   */
  arityHints?: Readonly<Record<number, string>>;
}

/** Effect sigils of level 26 (`fetch url:t>R t t /http`). */
export type EffectSigil = 'http' | 'fs' | 'io' | 'net' | 'ml' | 'time' | 'rand';


// ---------------------------------------------------------------- writing a table

/** Parse `'xs:L a, i:n'` into params. Types may contain spaces and parens, never commas. */
export function params(spec: string): BuiltinParam[] {
  if (spec.trim() === '') return [];
  return spec.split(',').map((part) => {
    const colon = part.indexOf(':');
    return { name: part.slice(0, colon).trim(), type: part.slice(colon + 1).trim() };
  });
}

export function sig(paramSpec: string, returns: string, check?: FormCheck): BuiltinSignature {
  return check === undefined ? { params: params(paramSpec), returns } : { params: params(paramSpec), returns, check };
}

/** One row of a table as it is written (see `buildBuiltin`). */
export interface Entry {
  name: string;
  sigs: BuiltinSignature[];
  doc: string;
  effect?: BuiltinEffect;
  aliases?: string[];
  variadic?: boolean;
  discardWarning?: 'fmt' | 'mutation';
  higherOrder?: boolean;
  effectSigil?: EffectSigil;
  capability?: 'net';
  unreserved?: boolean;
  template?: 'spec';
  arityHints?: Readonly<Record<number, string>>;
}

/** What a level says about builtins across its table (see `buildBuiltin`). */
export interface TableTraits {
  /** Builtins usable as a function value, with the type they then have. */
  valueTypes: Readonly<Record<string, string>>;
  /** Builtins the reference verifier lets through unchecked (see `uncheckedByReference`). */
  unchecked: ReadonlySet<string>;
}

export function buildBuiltin(e: Entry, traits: TableTraits): Builtin {
  const arities = [...new Set(e.sigs.map((s) => s.params.length))].sort((x, y) => x - y);
  const b: Builtin = {
    name: e.name,
    arities,
    signatures: e.sigs,
    doc: e.doc,
    aliases: e.aliases ?? [],
    effect: e.effect ?? 'pure',
  };
  if (e.variadic) b.variadic = true;
  if (e.discardWarning) b.discardWarning = e.discardWarning;
  if (e.higherOrder) b.higherOrder = true;
  const valueType = traits.valueTypes[e.name];
  if (valueType !== undefined) b.valueType = valueType;
  if (traits.unchecked.has(e.name)) b.uncheckedByReference = true;
  if (e.effectSigil !== undefined) b.effectSigil = e.effectSigil;
  if (e.capability !== undefined) b.capability = e.capability;
  if (e.unreserved) b.unreserved = true;
  if (e.template !== undefined) b.template = e.template;
  if (e.arityHints !== undefined) b.arityHints = e.arityHints;
  return b;
}

// Frequently repeated shapes.
export const num1 = (name: string, doc: string, aliases?: string[]): Entry => ({
  name,
  sigs: [sig('x:n', 'n')],
  doc,
  aliases,
});
export const num2 = (name: string, a: string, b: string, doc: string): Entry => ({
  name,
  sigs: [sig(`${a}:n, ${b}:n`, 'n')],
  doc,
});
export const stat1 = (name: string, doc: string, aliases?: string[], check?: FormCheck): Entry => ({
  name,
  sigs: [sig('xs:L n', 'n', check)],
  doc,
  aliases,
});
export const text1 = (name: string, doc: string, aliases?: string[]): Entry => ({
  name,
  sigs: [sig('s:t', 't')],
  doc,
  aliases,
});
/** Same-shape result for a list or a text argument (rev, unq, rsrt ...). */
export const listOrText = (name: string, doc: string, aliases?: string[]): Entry => ({
  name,
  sigs: [sig('xs:L a', 'L a'), sig('s:t', 't')],
  doc,
  aliases,
});
export const matrix = 'L (L n)';

// Checks several forms share (see FormCheck).
export const ANY: ArgCheck = { accepts: 'any' };
export const NUMBERS: ArgCheck = { accepts: 'list', what: 'a list of numbers' };
export const MAP_KEY: ArgCheck = { accepts: 'key', label: 'key' };
export const MATRIX_ARG: ArgCheck = { accepts: 'matrix' };
export const VECTOR_ARG: ArgCheck = { accepts: 'vector' };
export const WIDTH: ArgCheck = { what: 'a width (n)' };
export const PATH: ArgCheck = { label: 'path', what: 'a path (t)' };
export const FORMAT: ArgCheck = { label: 'format', what: 'a format name such as "csv", "json" or "raw"' };
export const URL_ARG: ArgCheck = { label: 'url', what: 'a URL (t)' };
export const HEADERS: ArgCheck = { label: 'headers', what: 'a map of headers (M t t)' };

/** A form taking a function: the reference tests the function only (`usage` is the call its hint shows). */
export function fnForm(usage: string, more: FormCheck = {}): FormCheck {
  return { ...more, args: { fn: { usage }, xs: ANY, ...more.args } };
}

/**
 * The closure-bind form of a higher-order form: a context value `ctx:c` just
 * before the list, which the function receives last (`F a r` becomes `F a c r`).
 */
export function withContext(form: BuiltinSignature, check: FormCheck): BuiltinSignature {
  const ps = form.params.map((p) => {
    if (p.name !== 'fn') return p;
    const close = p.type.lastIndexOf(' ');
    return { name: p.name, type: `${p.type.slice(0, close)} c${p.type.slice(close)}` };
  });
  const xs = ps.findIndex((p) => p.name === 'xs');
  ps.splice(xs, 0, { name: 'ctx', type: 'c' });
  return { params: ps, returns: form.returns, check };
}

export interface HofOptions extends Omit<FormCheck, 'closure'> {
  /** The call the hint for a non-function argument shows. */
  usage: string;
  /** The closure-bind form too, with this closure check ('unchecked': none). */
  ctx?: FormCheck['closure'] | 'unchecked';
  aliases?: string[];
}

/** A builtin taking a function and then a list (`paramSpec` starts `fn:F ...`). */
export function hof(name: string, paramSpec: string, returns: string, doc: string, o: HofOptions): Entry {
  const { usage, ctx, aliases, ...how } = o;
  const plain = sig(paramSpec, returns, fnForm(usage, how));
  const sigs = [plain];
  if (ctx !== undefined) sigs.push(withContext(plain, fnForm(usage, ctx === 'unchecked' ? how : { ...how, closure: ctx })));
  return { name, sigs, doc, aliases, higherOrder: true };
}

/** `srt` / `rsrt`: a list or a text as it is, or a list by a key function (with or without a context). */
export function sorter(name: string, doc: string, aliases?: string[]): Entry {
  const byKey = sig('fn:F a k, xs:L a', 'L a', fnForm(`${name} key-fn xs`, { orElse: '_' }));
  const withCtx = withContext(byKey, fnForm(`${name} key-fn ctx xs`, { closure: 'params, swap', orElse: '_' }));
  return { name, sigs: [sig('xs:L a', 'L a'), sig('s:t', 't'), byKey, withCtx], doc, aliases, higherOrder: true };
}

/** `min xs` / `max xs`: a list of numbers, said in the reference's words. */
export const listForm = (name: string): FormCheck => ({
  args: {
    xs: {
      accepts: 'vector',
      says: 'of one argument needs',
      what: 'a list of numbers (L n)',
      hint: `\`${name} xs\` takes a list; \`${name} a b\` takes two numbers`,
      hintUnlessList: true,
    },
  },
});

// ---------------------------------------------------------------- the table

// ---------------------------------------------------------------- reading a table

/** Signatures of `b` that take exactly `argc` arguments (variadic builtins accept any count >= their least). */
export function signaturesForArity(b: Builtin, argc: number): BuiltinSignature[] {
  const exact = b.signatures.filter((s) => s.params.length === argc);
  if (exact.length > 0 || !b.variadic) return exact;
  const min = b.arities[0] ?? 0;
  return argc >= min ? b.signatures.filter((s) => s.params.length === min) : [];
}

/** Whether `argc` arguments is an accepted count for `b`. */
export function acceptsArity(b: Builtin, argc: number): boolean {
  if (b.arities.includes(argc)) return true;
  return b.variadic === true && argc >= (b.arities[0] ?? 0);
}

/** Human text of a signature in ilo declaration style: `len xs:L a>n`. */
export function formatSignature(name: string, s: BuiltinSignature): string {
  const ps = s.params.map((p) => `${p.name}:${p.type}`).join(' ');
  return ps === '' ? `${name}>${s.returns}` : `${name} ${ps}>${s.returns}`;
}

/** The builtins of one language level and the lookups over them. */
export class BuiltinTable {
  readonly builtins: readonly Builtin[];
  /** Sigil shorthands that resolve to a builtin (`$`). Not names, so not in `aliases`. */
  readonly sigils: Readonly<Record<string, string>>;
  /** Every spelling that names a builtin (canonical names and aliases), sorted. */
  readonly spellings: readonly string[];
  /**
   * Whether aliases are reserved names like canonical ones (ILO-P011 on a
   * binding, parameter or function named `head`): level 26. At 0.11 a program
   * may declare its own `contains`, and calls then reach it.
   */
  readonly aliasesReserved: boolean;
  private readonly byName = new Map<string, Builtin>();
  private readonly aliasToCanonical = new Map<string, string>();

  constructor(builtins: readonly Builtin[], opts: { sigils: Readonly<Record<string, string>>; aliasesReserved: boolean }) {
    this.builtins = Object.freeze([...builtins]);
    this.sigils = Object.freeze({ ...opts.sigils });
    this.aliasesReserved = opts.aliasesReserved;
    for (const b of builtins) {
      this.byName.set(b.name, b);
      for (const a of b.aliases) this.aliasToCanonical.set(a, b.name);
    }
    for (const [sigil, target] of Object.entries(this.sigils)) this.aliasToCanonical.set(sigil, target);
    this.spellings = Object.freeze(builtins.flatMap((b) => [b.name, ...b.aliases]).sort());
  }

  /** Canonical short name for a builtin name, alias or sigil; undefined otherwise. */
  canonical(name: string): string | undefined {
    if (this.byName.has(name)) return name;
    return this.aliasToCanonical.get(name);
  }

  /** The builtin for a canonical name, alias or sigil. */
  lookup(name: string): Builtin | undefined {
    const canonical = this.canonical(name);
    return canonical === undefined ? undefined : this.byName.get(canonical);
  }

  /** True for canonical builtin names and their aliases (not sigils). */
  isName(name: string): boolean {
    return this.byName.has(name) || (this.aliasToCanonical.has(name) && !(name in this.sigils));
  }

  /** True when `name` is an alias (so a "use the canonical name" hint applies). */
  isAlias(name: string): boolean {
    return !this.byName.has(name) && this.aliasToCanonical.has(name) && !(name in this.sigils);
  }

  /**
   * Whether a program may not use `name` for a binding, parameter or function
   * of its own (ILO-P011): canonical names always, aliases where the level
   * reserves them, never a builtin marked `unreserved`.
   */
  isReserved(name: string): boolean {
    const b = this.byName.get(name);
    if (b !== undefined) return b.unreserved !== true;
    return this.aliasesReserved && this.isAlias(name);
  }
}
