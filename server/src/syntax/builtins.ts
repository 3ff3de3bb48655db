// The table of ilo builtins (ilo 0.11.6): names, accepted argument counts,
// signatures in ilo type syntax, effects and long-form aliases, and where the
// reference verifier checks a form differently from its signature.
//
// This is pure data plus a few lookups. The parser (known-arity calls,
// ILO-P011 reserved names), the verifier (ILO-T005/T006/T013, T032/T033:
// check/builtins derives its argument and result rules from the signatures
// and their `check`), the TextMate grammar and completion/hover all read it,
// so it is the one place a builtin is described.
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
   * that returns a Result).
   */
  accepts?: 'any' | 'list' | 'map' | 'matrix' | 'vector' | 'element' | 'key' | 'fallible';
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
  | 'sleep';

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
}

// ---------------------------------------------------------------- helpers

/** Parse `'xs:L a, i:n'` into params. Types may contain spaces and parens, never commas. */
function params(spec: string): BuiltinParam[] {
  if (spec.trim() === '') return [];
  return spec.split(',').map((part) => {
    const colon = part.indexOf(':');
    return { name: part.slice(0, colon).trim(), type: part.slice(colon + 1).trim() };
  });
}

function sig(paramSpec: string, returns: string, check?: FormCheck): BuiltinSignature {
  return check === undefined ? { params: params(paramSpec), returns } : { params: params(paramSpec), returns, check };
}

interface Entry {
  name: string;
  sigs: BuiltinSignature[];
  doc: string;
  effect?: BuiltinEffect;
  aliases?: string[];
  variadic?: boolean;
  discardWarning?: 'fmt' | 'mutation';
  higherOrder?: boolean;
}

// Builtins usable as a function value, with the type they then have (the
// verifier reads it). The overloaded ones are pinned to one shape (len: list
// form; min/max: pair form).
const VALUE_TYPES: Readonly<Record<string, string>> = {
  abs: 'F n n',
  flr: 'F n n',
  cel: 'F n n',
  rou: 'F n n',
  min: 'F n n n',
  max: 'F n n n',
  mod: 'F n n n',
  sum: 'F (L n) n',
  avg: 'F (L n) n',
  median: 'F (L n) n',
  stdev: 'F (L n) n',
  variance: 'F (L n) n',
  trm: 'F t t',
  upr: 'F t t',
  lwr: 'F t t',
  cap: 'F t t',
  padl: 'F t n t',
  padr: 'F t n t',
  ord: 'F t n',
  chr: 'F n t',
  chars: 'F t (L t)',
  str: 'F n t',
  num: 'F t (R n t)',
  jdmp: 'F _ t',
  len: 'F (L _) n',
};

// Builtins the reference verifier lets through unchecked (see uncheckedByReference).
// rgxall1 has no rule in the (slightly older) verifier source we could read and
// the corpus shows no error for it, so it is assumed lenient: we would rather
// miss an error than report one the reference does not.
const UNCHECKED = new Set(['sum', 'avg', 'now', 'env', 'rgx', 'rgxall', 'rgxall1']);

function build(e: Entry): Builtin {
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
  const valueType = VALUE_TYPES[e.name];
  if (valueType !== undefined) b.valueType = valueType;
  if (UNCHECKED.has(e.name)) b.uncheckedByReference = true;
  return b;
}

// Frequently repeated shapes.
const num1 = (name: string, doc: string, aliases?: string[]): Entry => ({
  name,
  sigs: [sig('x:n', 'n')],
  doc,
  aliases,
});
const num2 = (name: string, a: string, b: string, doc: string): Entry => ({
  name,
  sigs: [sig(`${a}:n, ${b}:n`, 'n')],
  doc,
});
const stat1 = (name: string, doc: string, aliases?: string[], check?: FormCheck): Entry => ({
  name,
  sigs: [sig('xs:L n', 'n', check)],
  doc,
  aliases,
});
const text1 = (name: string, doc: string, aliases?: string[]): Entry => ({
  name,
  sigs: [sig('s:t', 't')],
  doc,
  aliases,
});
/** Same-shape result for a list or a text argument (rev, unq, rsrt ...). */
const listOrText = (name: string, doc: string, aliases?: string[]): Entry => ({
  name,
  sigs: [sig('xs:L a', 'L a'), sig('s:t', 't')],
  doc,
  aliases,
});
const matrix = 'L (L n)';

// Checks several forms share (see FormCheck).
const ANY: ArgCheck = { accepts: 'any' };
const NUMBERS: ArgCheck = { accepts: 'list', what: 'a list of numbers' };
const MAP_KEY: ArgCheck = { accepts: 'key', label: 'key' };
const MATRIX_ARG: ArgCheck = { accepts: 'matrix' };
const VECTOR_ARG: ArgCheck = { accepts: 'vector' };
const WIDTH: ArgCheck = { what: 'a width (n)' };
const PATH: ArgCheck = { label: 'path', what: 'a path (t)' };
const FORMAT: ArgCheck = { label: 'format', what: 'a format name such as "csv", "json" or "raw"' };
const URL_ARG: ArgCheck = { label: 'url', what: 'a URL (t)' };
const HEADERS: ArgCheck = { label: 'headers', what: 'a map of headers (M t t)' };

/** A form taking a function: the reference tests the function only (`usage` is the call its hint shows). */
function fnForm(usage: string, more: FormCheck = {}): FormCheck {
  return { ...more, args: { fn: { usage }, xs: ANY, ...more.args } };
}

/**
 * The closure-bind form of a higher-order form: a context value `ctx:c` just
 * before the list, which the function receives last (`F a r` becomes `F a c r`).
 */
function withContext(form: BuiltinSignature, check: FormCheck): BuiltinSignature {
  const ps = form.params.map((p) => {
    if (p.name !== 'fn') return p;
    const close = p.type.lastIndexOf(' ');
    return { name: p.name, type: `${p.type.slice(0, close)} c${p.type.slice(close)}` };
  });
  const xs = ps.findIndex((p) => p.name === 'xs');
  ps.splice(xs, 0, { name: 'ctx', type: 'c' });
  return { params: ps, returns: form.returns, check };
}

interface HofOptions extends Omit<FormCheck, 'closure'> {
  /** The call the hint for a non-function argument shows. */
  usage: string;
  /** The closure-bind form too, with this closure check ('unchecked': none). */
  ctx?: FormCheck['closure'] | 'unchecked';
  aliases?: string[];
}

/** A builtin taking a function and then a list (`paramSpec` starts `fn:F ...`). */
function hof(name: string, paramSpec: string, returns: string, doc: string, o: HofOptions): Entry {
  const { usage, ctx, aliases, ...how } = o;
  const plain = sig(paramSpec, returns, fnForm(usage, how));
  const sigs = [plain];
  if (ctx !== undefined) sigs.push(withContext(plain, fnForm(usage, ctx === 'unchecked' ? how : { ...how, closure: ctx })));
  return { name, sigs, doc, aliases, higherOrder: true };
}

/** `srt` / `rsrt`: a list or a text as it is, or a list by a key function (with or without a context). */
function sorter(name: string, doc: string, aliases?: string[]): Entry {
  const byKey = sig('fn:F a k, xs:L a', 'L a', fnForm(`${name} key-fn xs`, { orElse: '_' }));
  const withCtx = withContext(byKey, fnForm(`${name} key-fn ctx xs`, { closure: 'params, swap', orElse: '_' }));
  return { name, sigs: [sig('xs:L a', 'L a'), sig('s:t', 't'), byKey, withCtx], doc, aliases, higherOrder: true };
}

/** `min xs` / `max xs`: a list of numbers, said in the reference's words. */
const listForm = (name: string): FormCheck => ({
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

const ENTRIES: Entry[] = [
  // -- conversion
  { name: 'str', sigs: [sig('x:n', 't')], doc: 'Number to text; whole numbers print without `.0`.', aliases: ['string'] },
  { name: 'num', sigs: [sig('s:t', 'R n t')], doc: 'Parse text as a number; Err when it is not numeric.', aliases: ['number'] },

  // -- math
  num1('abs', 'Absolute value.'),
  num1('flr', 'Round down (toward negative infinity).', ['floor']),
  num1('cel', 'Round up (toward positive infinity).', ['ceil']),
  num1('rou', 'Round to the nearest integer, ties to even.', ['round']),
  {
    name: 'min',
    sigs: [sig('x:n, y:n', 'n'), sig('xs:L n', 'n', listForm('min'))],
    doc: 'Smaller of two numbers, or the smallest element of a non-empty number list.',
  },
  {
    name: 'max',
    sigs: [sig('x:n, y:n', 'n'), sig('xs:L n', 'n', listForm('max'))],
    doc: 'Larger of two numbers, or the largest element of a non-empty number list.',
  },
  num2('mod', 'x', 'y', 'Remainder of x divided by y; a zero divisor is a runtime error.'),
  { name: 'clamp', sigs: [sig('x:n, lo:n, hi:n', 'n')], doc: 'Limit x to the range [lo, hi] (lo wins if lo > hi).' },
  num2('pow', 'x', 'y', 'x raised to the power y.'),
  num1('sqrt', 'Square root.'),
  num1('exp', 'e raised to the power x.'),
  num1('log', 'Natural logarithm.'),
  num1('log10', 'Base-10 logarithm.'),
  num1('log2', 'Base-2 logarithm.'),
  num1('sin', 'Sine of an angle in radians.'),
  num1('cos', 'Cosine of an angle in radians.'),
  num1('tan', 'Tangent of an angle in radians.'),
  num1('asin', 'Arcsine in radians; NaN outside [-1, 1].'),
  num1('acos', 'Arccosine in radians; NaN outside [-1, 1].'),
  num1('atan', 'Arctangent in radians.'),
  num2('atan2', 'y', 'x', 'Angle of the point (x, y) in radians; note the y-first order.'),

  // -- statistics
  stat1('sum', 'Sum of a number list (0 when empty).'),
  stat1('avg', 'Mean of a non-empty number list.', ['average']),
  stat1('median', 'Median of a number list.', undefined, { args: { xs: NUMBERS } }),
  {
    name: 'quantile',
    sigs: [sig('xs:L n, p:n', 'n', { args: { xs: NUMBERS, p: { label: 'p' } } })],
    doc: 'Sample quantile with linear interpolation; p is clamped to [0, 1].',
  },
  stat1('stdev', 'Sample standard deviation (divides by N-1).', undefined, { args: { xs: NUMBERS } }),
  stat1('variance', 'Sample variance (divides by N-1).', undefined, { args: { xs: NUMBERS } }),
  {
    name: 'cumsum',
    sigs: [sig('xs:L n', 'L n', { args: { xs: { accepts: 'vector', says: 'needs', what: 'a list of numbers (L n)' } } })],
    doc: 'Running totals, same length as the input.',
  },

  // -- random and time
  {
    name: 'rnd',
    sigs: [sig('', 'n'), sig('lo:n, hi:n', 'n')],
    doc: 'Random float in [0, 1), or a random integer in [lo, hi] inclusive.',
    aliases: ['random'],
    effect: 'random',
  },
  { name: 'rndn', sigs: [sig('mu:n, sigma:n', 'n')], doc: 'One sample from a normal distribution N(mu, sigma).', effect: 'random' },
  { name: 'now', sigs: [sig('', 'n')], doc: 'Current Unix time in seconds.', effect: 'time' },
  {
    name: 'sleep',
    sigs: [sig('ms:n', '_', { args: { ms: { what: 'milliseconds (n)', hint: 'e.g. sleep 100' } }, result: 'nil' })],
    doc: 'Pause for ms milliseconds; returns nil.',
    effect: 'sleep',
  },
  {
    name: 'dtfmt',
    sigs: [
      sig('epoch:n, fmt:t', 'R t t', {
        args: { epoch: { label: 'first argument', what: 'a Unix time (n)' }, fmt: { label: 'second argument', what: 'a format (t)' } },
      }),
    ],
    doc: 'Format a Unix time as text with a strftime pattern (UTC).',
  },
  {
    name: 'dtparse',
    sigs: [sig('s:t, fmt:t', 'R n t', { args: { s: { label: 'first argument' }, fmt: { label: 'second argument', what: 'a format (t)' } } })],
    doc: 'Parse text with a strftime pattern into a Unix time (UTC).',
  },

  // -- lists and text
  {
    name: 'len',
    sigs: [sig('xs:L a', 'n'), sig('s:t', 'n'), sig('m:M k v', 'n')],
    doc: 'Number of list elements, text bytes or map entries.',
    aliases: ['length'],
  },
  { name: 'hd', sigs: [sig('xs:L a', 'a'), sig('s:t', 't')], doc: 'First element of a list or first character of a text.', aliases: ['head'] },
  { name: 'tl', sigs: [sig('xs:L a', 'L a'), sig('s:t', 't')], doc: 'Everything after the first element or character.', aliases: ['tail'] },
  {
    name: 'at',
    sigs: [sig('xs:L a, i:n', 'a', { args: { i: { label: 'index' } } }), sig('s:t, i:n', 't')],
    doc: 'Element or character at index i (0-based; negative counts from the end).',
  },
  listOrText('rev', 'Reverse a list or a text.', ['reverse']),
  sorter('srt', 'Sort ascending (numbers or texts, or the characters of a text), optionally by a key function.', ['sort']),
  sorter('rsrt', 'Sort descending, optionally by a key function.'),
  listOrText('unq', 'Drop duplicates, keeping first occurrences in order.', ['unique']),
  {
    name: 'slc',
    sigs: [sig('xs:L a, from:n, to:n', 'L a', { args: { from: { label: 'start index' }, to: { label: 'end index' } } }), sig('s:t, from:n, to:n', 't')],
    doc: 'Slice [from, to) of a list or text; negative indices count from the end, bounds clamp.',
    aliases: ['slice'],
  },
  {
    name: 'take',
    sigs: [sig('n:n, xs:L a', 'L a', { args: { n: { label: 'count' } } }), sig('n:n, s:t', 't')],
    doc: 'First n elements or characters (negative n drops that many from the end).',
  },
  {
    name: 'drop',
    sigs: [sig('n:n, xs:L a', 'L a', { args: { n: { label: 'count' } } }), sig('n:n, s:t', 't')],
    doc: 'Skip the first n elements or characters (negative n keeps only that many from the end).',
  },
  {
    name: 'lst',
    sigs: [sig('xs:L a, i:n, x:a', 'L a', { args: { i: { label: 'index' }, x: { accepts: 'element', label: 'value' } }, orElse: '_' })],
    doc: 'Copy of the list with index i replaced by x.',
    aliases: ['lset'],
  },
  {
    name: 'has',
    sigs: [sig('xs:L a, x:a', 'b'), sig('s:t, sub:t', 'b')],
    doc: 'Whether a list contains an element, or a text contains a substring.',
    aliases: ['contains'],
  },
  // The reference accepts any argument here (`flat 42` and `flat [1 2]` are
  // clean), so the parameter is `_` rather than `L (L a)`.
  {
    name: 'flat',
    sigs: [sig('xs:_', 'L _', { result: 'flatten' })],
    doc: 'Flatten one level of nesting (nested lists are spliced in, other elements kept).',
    aliases: ['flatten'],
  },
  { name: 'zip', sigs: [sig('xs:L a, ys:L a', 'L (L a)', { result: 'agree' })], doc: 'Pair up two lists element by element, stopping at the shorter.' },
  { name: 'enumerate', sigs: [sig('xs:L a', 'L (L _)')], doc: 'Pair each element with its index: [[i, x], ...].' },
  { name: 'range', sigs: [sig('from:n, to:n', 'L n')], doc: 'Numbers from `from` up to but excluding `to`.' },
  { name: 'window', sigs: [sig('n:n, xs:L a', 'L (L a)')], doc: 'Every run of n consecutive elements (sliding window).' },
  { name: 'chunks', sigs: [sig('n:n, xs:L a', 'L (L a)')], doc: 'Split into consecutive groups of n; the last may be shorter.' },
  { name: 'setunion', sigs: [sig('xs:L a, ys:L a', 'L a')], doc: 'Elements in either list, deduplicated and sorted.' },
  { name: 'setinter', sigs: [sig('xs:L a, ys:L a', 'L a')], doc: 'Elements in both lists, deduplicated and sorted.' },
  { name: 'setdiff', sigs: [sig('xs:L a, ys:L a', 'L a')], doc: 'Elements of xs not in ys, deduplicated and sorted.' },
  { name: 'frq', sigs: [sig('xs:L a', 'M a n', { result: 'counts' })], doc: 'Count how often each value occurs (map from value to count).' },

  // -- higher-order
  hof('map', 'fn:F a r, xs:L a', 'L r', 'Apply a function to every element.', { usage: 'map f xs', ctx: 'params, swap' }),
  hof('flt', 'fn:F a b, xs:L a', 'L a', 'Keep the elements for which the predicate is true.', {
    usage: 'flt pred xs', ctx: 'params, swap', orElse: '_', aliases: ['filter'],
  }),
  hof('ct', 'fn:F a b, xs:L a', 'n', 'Count the elements for which the predicate is true.', { usage: 'ct pred xs', ctx: 'unchecked' }),
  hof('fld', 'fn:F s a s, xs:L a, init:s', 's', 'Left fold: combine the accumulator with each element in turn, starting from init.', {
    usage: 'fld f xs init', ctx: 'params', result: 'fold', aliases: ['fold'],
  }),
  hof('grp', 'fn:F a k, xs:L a', 'M k (L a)', 'Group elements into a map keyed by the key function.', { usage: 'grp key-fn xs', aliases: ['group'] }),
  hof('uniqby', 'fn:F a k, xs:L a', 'L a', 'Drop elements whose key was already seen (first wins).', { usage: 'uniqby key-fn xs', orElse: '_' }),
  hof('partition', 'fn:F a b, xs:L a', 'L (L a)', 'Split into [passing, failing] by a predicate.', { usage: 'partition pred xs', orElse: '_' }),
  hof('flatmap', 'fn:F a (L r), xs:L a', 'L r', 'Map each element to a list and concatenate the results.', { usage: 'flatmap f xs' }),
  hof('mapr', 'fn:F a (R r e), xs:L a', 'R (L r) e', 'Map with a Result-returning function; stops at and returns the first Err.', {
    usage: 'mapr f xs',
    args: { fn: { accepts: 'fallible', usage: 'mapr f xs', hint: 'use map for functions that cannot fail' } },
  }),

  // -- text
  text1('trm', 'Strip leading and trailing whitespace.', ['trim']),
  text1('upr', 'Uppercase (ASCII letters).'),
  text1('lwr', 'Lowercase (ASCII letters).'),
  text1('cap', 'Uppercase the first character (ASCII).'),
  {
    name: 'padl',
    sigs: [
      sig('s:t, w:n', 't', { args: { w: WIDTH } }),
      sig('s:t, w:n, pc:t', 't', { args: { w: WIDTH, pc: { label: 'pad character', what: 'a one-character text (t)' } } }),
    ],
    doc: 'Pad on the left to width w with spaces or a given 1-character text.',
  },
  {
    name: 'padr',
    sigs: [
      sig('s:t, w:n', 't', { args: { w: WIDTH } }),
      sig('s:t, w:n, pc:t', 't', { args: { w: WIDTH, pc: { label: 'pad character', what: 'a one-character text (t)' } } }),
    ],
    doc: 'Pad on the right to width w with spaces or a given 1-character text.',
  },
  { name: 'ord', sigs: [sig('s:t', 'n')], doc: 'Unicode code point of the first character.' },
  { name: 'chr', sigs: [sig('n:n', 't', { args: { n: { what: 'a code point (n)' } } })], doc: 'One-character text for a Unicode code point.' },
  { name: 'chars', sigs: [sig('s:t', 'L t')], doc: 'Split a text into single-character texts.' },
  { name: 'spl', sigs: [sig('s:t, sep:t', 'L t')], doc: 'Split a text on a separator.', aliases: ['split'] },
  {
    name: 'cat',
    sigs: [
      sig('xs:L t, sep:t', 't', {
        args: {
          xs: { what: 'a list of text (L t)', hint: 'cat joins a list: `cat xs sep`; use `+a b` to join two texts' },
          sep: { what: 'the separator text (t)' },
        },
      }),
    ],
    doc: 'Join a list of texts with a separator.',
    aliases: ['concat'],
  },
  {
    name: 'fmt',
    sigs: [sig('tmpl:t', 't', { args: { tmpl: { label: 'template', what: 'a text template (t)' } } })],
    variadic: true,
    doc: 'Fill bare `{}` placeholders left to right with the following arguments (builds text, does not print).',
    aliases: ['format'],
    discardWarning: 'fmt',
  },
  {
    name: 'fmt2',
    sigs: [sig('x:n, digits:n', 't')],
    doc: 'Number as text with a fixed count of decimals (ties to even, digits clamped to 0..20).',
    discardWarning: 'fmt',
  },

  // -- regex
  { name: 'rgx', sigs: [sig('pat:t, s:t', 'L t')], doc: 'Regex: all matches, or the first match\'s groups when the pattern has groups.', aliases: ['regex'] },
  { name: 'rgxall', sigs: [sig('pat:t, s:t', 'L (L t)')], doc: 'Regex: every match as a list of its groups.', aliases: ['regex_all'] },
  { name: 'rgxall1', sigs: [sig('pat:t, s:t', 'L t')], doc: 'Regex: every whole match, or every first-group capture (at most one group).' },
  { name: 'rgxsub', sigs: [sig('pat:t, repl:t, s:t', 't')], doc: 'Regex: replace every match; `$1`, `$2` refer to groups.', aliases: ['regex_sub'] },

  // -- JSON
  { name: 'jpth', sigs: [sig('json:t, path:t', 'R t t')], doc: 'Look up a dot-separated path (keys and indices) in JSON text.' },
  { name: 'jdmp', sigs: [sig('x:_', 't')], doc: 'Serialise any value to JSON text.' },
  { name: 'jpar', sigs: [sig('s:t', 'R _ t')], doc: 'Parse JSON text into ilo values (objects become records).' },

  // -- maps
  // The verifier leaves a fresh map's key and value types open (`M _ _`),
  // so `mset mmap 7 "x"` (number key) is as valid as a text key.
  { name: 'mmap', sigs: [sig('', 'M _ _')], doc: 'A new empty map (text or number keys).' },
  { name: 'mget', sigs: [sig('m:M k v, key:k', 'O v', { args: { m: ANY, key: MAP_KEY } })], doc: 'Value at a key, or nil when missing.' },
  {
    name: 'mset',
    sigs: [sig('m:M k v, key:k, val:v', 'M k v', { args: { m: ANY, key: MAP_KEY }, result: 'update' })],
    doc: 'Copy of the map with a key set (the original is unchanged).',
    discardWarning: 'mutation',
  },
  { name: 'mhas', sigs: [sig('m:M k v, key:k', 'b', { args: { key: MAP_KEY } })], doc: 'Whether the map has the key.' },
  { name: 'mkeys', sigs: [sig('m:M k v', 'L k', { orElse: 'L t' })], doc: 'Keys in sorted order.' },
  { name: 'mvals', sigs: [sig('m:M k v', 'L v', { args: { m: ANY } })], doc: 'Values, ordered by their keys.' },
  {
    name: 'mdel',
    sigs: [sig('m:M k v, key:k', 'M k v', { args: { m: ANY, key: MAP_KEY }, orElse: 'M _ _' })],
    doc: 'Copy of the map without the key (the original is unchanged).',
    discardWarning: 'mutation',
  },

  // -- linear algebra and signal processing
  { name: 'transpose', sigs: [sig(`m:${matrix}`, matrix, { args: { m: MATRIX_ARG }, result: 'matrix' })], doc: 'Transpose a row-major matrix.' },
  { name: 'matmul', sigs: [sig(`a:${matrix}, b:${matrix}`, matrix, { args: { a: MATRIX_ARG, b: MATRIX_ARG } })], doc: 'Matrix product.' },
  { name: 'dot', sigs: [sig('xs:L n, ys:L n', 'n', { args: { xs: VECTOR_ARG, ys: VECTOR_ARG } })], doc: 'Dot product of two vectors.' },
  { name: 'solve', sigs: [sig(`a:${matrix}, b:L n`, 'L n')], doc: 'Solve A x = b (LU with pivoting); errors when singular or not square.' },
  { name: 'inv', sigs: [sig(`a:${matrix}`, matrix)], doc: 'Matrix inverse; errors when singular or not square.' },
  { name: 'det', sigs: [sig(`a:${matrix}`, 'n')], doc: 'Determinant of a square matrix.' },
  {
    name: 'fft',
    sigs: [sig('xs:L n', matrix, { args: { xs: NUMBERS } })],
    doc: 'Discrete Fourier transform of real samples into [re, im] pairs (zero-padded to a power of 2).',
  },
  {
    name: 'ifft',
    sigs: [sig(`pairs:${matrix}`, 'L n', { args: { pairs: { accepts: 'list', what: 'a list of [re, im] pairs' } } })],
    doc: 'Inverse FFT of [re, im] pairs; returns the real parts.',
  },

  // -- I/O
  {
    name: 'prnt',
    sigs: [sig('x:a', 'a')],
    doc: 'Print a value to stdout and return it unchanged.',
    aliases: ['print'],
    effect: 'print',
  },
  {
    name: 'rd',
    sigs: [sig('path:t', 'R _ t', { args: { path: { label: 'path' } } }), sig('path:t, fmt:t', 'R _ t', { args: { path: { label: 'path' }, fmt: FORMAT } })],
    doc: 'Read a file; csv/tsv/json are parsed by extension or by the explicit format.',
    aliases: ['read'],
    effect: 'read',
  },
  { name: 'rdl', sigs: [sig('path:t', 'R (L t) t', { args: { path: PATH } })], doc: 'Read a file as a list of lines.', aliases: ['readlines'], effect: 'read' },
  {
    name: 'rdb',
    sigs: [sig('s:t, fmt:t', 'R _ t', { args: { s: { label: 'input' }, fmt: FORMAT } })],
    doc: 'Parse text already in memory as csv, tsv, json or raw.',
    aliases: ['readbuf'],
  },
  {
    name: 'rdjl',
    sigs: [sig('path:t', 'L (R _ t)', { args: { path: PATH } })],
    doc: 'Read a JSON-lines file: one parse result per non-empty line.',
    effect: 'read',
  },
  {
    name: 'wr',
    sigs: [
      sig('path:t, s:t', 'R t t', { args: { path: PATH, s: { label: 'content', hint: 'to write structured data add a format: wr path data "json"' } } }),
      sig('path:t, data:_, fmt:t', 'R t t', {
        args: { path: PATH, fmt: { label: 'format', what: 'a format name (t)', hint: 'formats: "json", "csv", "tsv"' } },
      }),
    ],
    doc: 'Write text to a file, or data as csv/tsv/json with an explicit format.',
    aliases: ['write'],
    effect: 'write',
  },
  {
    name: 'wrl',
    sigs: [sig('path:t, xs:L t', 'R t t', { args: { path: PATH, xs: ANY } })],
    doc: 'Write a list of lines to a file.',
    aliases: ['writelines'],
    effect: 'write',
  },
  { name: 'env', sigs: [sig('key:t', 'R t t')], doc: 'Read an environment variable; Err when unset.', effect: 'env' },

  // -- HTTP
  {
    name: 'get',
    sigs: [sig('url:t', 'R t t', { args: { url: URL_ARG } }), sig('url:t, headers:M t t', 'R t t', { args: { url: URL_ARG, headers: HEADERS } })],
    doc: 'HTTP GET; Ok with the body or Err with the failure. `$url` is shorthand.',
    effect: 'net',
  },
  {
    name: 'post',
    sigs: [
      sig('url:t, body:t', 'R t t', { args: { url: URL_ARG, body: { label: 'body' } } }),
      sig('url:t, body:t, headers:M t t', 'R t t', { args: { url: URL_ARG, body: { label: 'body' }, headers: HEADERS } }),
    ],
    doc: 'HTTP POST with a text body; Ok with the response body or Err.',
    effect: 'net',
  },
  {
    name: 'get-many',
    sigs: [sig('urls:L t', 'L (R t t)', { args: { urls: { what: 'a list of URLs (L t)' } } })],
    doc: 'Concurrent HTTP GETs (up to 10 at a time), results in input order.',
    effect: 'net',
  },
];

export const BUILTINS: readonly Builtin[] = Object.freeze(ENTRIES.map(build));

/** Sigil shorthands that resolve to a builtin (`$url` is `get url`). Not names, so not in `aliases`. */
export const SIGIL_BUILTINS: Readonly<Record<string, string>> = Object.freeze({ $: 'get' });

const byName = new Map<string, Builtin>();
const aliasToCanonical = new Map<string, string>();
for (const b of BUILTINS) {
  byName.set(b.name, b);
  for (const a of b.aliases) aliasToCanonical.set(a, b.name);
}
for (const [sigil, target] of Object.entries(SIGIL_BUILTINS)) aliasToCanonical.set(sigil, target);

/** Every spelling that names a builtin (canonical names and long-form aliases), sorted. */
export const BUILTIN_SPELLINGS: readonly string[] = Object.freeze(
  BUILTINS.flatMap((b) => [b.name, ...b.aliases]).sort(),
);

/** Canonical short name for a builtin name, long-form alias or `$`; undefined otherwise. */
export function canonicalBuiltinName(name: string): string | undefined {
  if (byName.has(name)) return name;
  return aliasToCanonical.get(name);
}

/** The builtin for a canonical name, alias or `$`. */
export function lookupBuiltin(name: string): Builtin | undefined {
  const canonical = canonicalBuiltinName(name);
  return canonical === undefined ? undefined : byName.get(canonical);
}

/** True for canonical builtin names and their long-form aliases. */
export function isBuiltinName(name: string): boolean {
  return canonicalBuiltinName(name) !== undefined;
}

/** True when `name` is a long-form alias (so a "use the short name" hint applies). */
export function isBuiltinAlias(name: string): boolean {
  return !byName.has(name) && aliasToCanonical.has(name) && !(name in SIGIL_BUILTINS);
}

/** Signatures of `b` that take exactly `argc` arguments (variadic `fmt` accepts any count >= 1). */
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
