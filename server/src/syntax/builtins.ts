// The table of ilo builtins at level 0.11 (ilo 0.11.6): names, accepted
// argument counts, signatures in ilo type syntax, effects and long-form
// aliases, and where the reference verifier checks a form differently from its
// signature. Level 26 has its own table (builtins26.ts); both are written
// with the vocabulary of builtinKit.ts and read through a `BuiltinTable`.
//
// This is pure data plus a few lookups. The parser (known-arity calls,
// ILO-P011 reserved names), the verifier (ILO-T005/T006/T013, T032/T033:
// check/builtins derives its argument and result rules from the signatures
// and their `check`), the TextMate grammar and completion/hover all read it,
// so it is the one place a builtin is described.
//
// The free functions at the end (`lookupBuiltin`, `canonicalBuiltinName`, ...)
// read this 0.11 table; code that knows the file's level reads its table.

import {
  ANY,
  BuiltinTable,
  FORMAT,
  HEADERS,
  MAP_KEY,
  MATRIX_ARG,
  NUMBERS,
  PATH,
  URL_ARG,
  VECTOR_ARG,
  WIDTH,
  buildBuiltin,
  hof,
  listForm,
  listOrText,
  matrix,
  num1,
  num2,
  sig,
  sorter,
  stat1,
  text1,
  type Builtin,
  type Entry,
  type TableTraits,
} from './builtinKit';

export type {
  ArgCheck,
  Builtin,
  BuiltinEffect,
  BuiltinParam,
  BuiltinSignature,
  EffectSigil,
  FormCheck,
  ResultRule,
} from './builtinKit';
export { acceptsArity, BuiltinTable, formatSignature, signaturesForArity } from './builtinKit';


// Builtins usable as a function value, with the type they then have (the
// verifier reads it). The overloaded ones are pinned to one shape (len: list
// form; min/max: pair form).
const VALUE_TYPES: Readonly<Record<string, string>> = Object.freeze({
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
});

// Builtins the reference verifier lets through unchecked (see uncheckedByReference).
// rgxall1 has no rule in the (slightly older) verifier source we could read and
// the corpus shows no error for it, so it is assumed lenient: we would rather
// miss an error than report one the reference does not.
const UNCHECKED: ReadonlySet<string> = new Set(['sum', 'avg', 'now', 'env', 'rgx', 'rgxall', 'rgxall1']);

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


/**
 * The 0.11 builtins as their table-wide traits give them. Exported for the
 * level-26 table, which starts from these (builtins26.ts) and lists only what
 * ilo 26 adds or changes; frozen, so a level derives its own, never edits these.
 */
export const TRAITS_011: Readonly<TableTraits> = Object.freeze({ valueTypes: VALUE_TYPES, unchecked: UNCHECKED });

/**
 * The 0.11 table's rows as written, for the level-26 table, which starts from
 * them (builtins26.ts). Frozen: a level derives its own rows, never edits these.
 */
export const ENTRIES_011: readonly Readonly<Entry>[] = Object.freeze(ENTRIES.map((e) => Object.freeze(e)));

export const BUILTINS: readonly Builtin[] = Object.freeze(ENTRIES.map((e) => buildBuiltin(e, TRAITS_011)));

/** Sigil shorthands that resolve to a builtin (`$url` is `get url`). Not names, so not in `aliases`. */
export const SIGIL_BUILTINS: Readonly<Record<string, string>> = Object.freeze({ $: 'get' });

/** The builtins of level 0.11. */
export const BUILTIN_TABLE_011 = new BuiltinTable(BUILTINS, { sigils: SIGIL_BUILTINS, aliasesReserved: false });

/** Every spelling that names a builtin (canonical names and long-form aliases), sorted. */
export const BUILTIN_SPELLINGS: readonly string[] = BUILTIN_TABLE_011.spellings;

/** Canonical short name for a builtin name, long-form alias or `$`; undefined otherwise (level 0.11). */
export function canonicalBuiltinName(name: string): string | undefined {
  return BUILTIN_TABLE_011.canonical(name);
}

/** The builtin for a canonical name, alias or `$` (level 0.11). */
export function lookupBuiltin(name: string): Builtin | undefined {
  return BUILTIN_TABLE_011.lookup(name);
}

/** True for canonical builtin names and their long-form aliases (level 0.11). */
export function isBuiltinName(name: string): boolean {
  return BUILTIN_TABLE_011.canonical(name) !== undefined;
}

/** True when `name` is a long-form alias, so a "use the short name" hint applies (level 0.11). */
export function isBuiltinAlias(name: string): boolean {
  return BUILTIN_TABLE_011.isAlias(name);
}
