// The table of ilo builtins at level 26 (ilo 26.x, the newest reference
// material in ../shared/reference/ilo26): the 0.11 table's rows with what
// changed since (renames, new aliases, new signatures), and the builtins added
// since 0.11.6: HTTP verbs and streams, encoding and crypto, processes,
// capability Worlds, files and paths, dates and durations, JSON, maths and
// statistics, bitwise operations, maps, lists and Results.
//
// The same vocabulary as the 0.11 table (builtinKit.ts), plus what only level
// 26 has: the effect sigil each builtin needs (ILO-W051), the World capability
// it uses (ILO-T044), `fmt` templates with format specs, and aliases that are
// reserved names (ILO-P011).
//
// Where the documents disagree (their README lists the conflicts) the runnable
// examples and the registry win over prose, and where a check is uncertain the
// table says less rather than more: an argument the spec does not pin down is
// `_`, and builtins whose checks we cannot confirm are marked unchecked, so the
// verifier would rather miss an error than report one ilo 26 does not.

import {
  ANY,
  BuiltinTable,
  HEADERS,
  MAP_KEY,
  NUMBERS,
  PATH,
  URL_ARG,
  VECTOR_ARG,
  buildBuiltin,
  fnForm,
  matrix,
  num1,
  num2,
  sig,
  withContext,
  type ArgCheck,
  type Builtin,
  type Entry,
  type TableTraits,
} from './builtinKit';
import { ENTRIES_011, TRAITS_011 } from './builtins';

// ---------------------------------------------------------------- what changed in the 0.11 rows

/** Changes to 0.11 rows by name: a function from the old row to the new one. */
const CHANGED: Readonly<Record<string, (e: Entry) => Entry>> = {
  // `str` of a text is the text itself now (a clean upstream test).
  str: (e) => ({ ...e, sigs: [sig('x:_', 't')], doc: 'Number (or any value) to text; whole numbers print without `.0`.' }),
  // `num` takes a number too (an Ok of it), saving `num (str x)`.
  num: (e) => ({
    ...e,
    sigs: [sig('x:t', 'R n t'), sig('x:n', 'R n t')],
    doc: 'Parse text as a number (surrounding ASCII whitespace trimmed); a number comes back as Ok of itself.',
  }),
  rnd: (e) => ({ ...e, aliases: ['random', 'rand'], effectSigil: 'rand' }),
  rndn: (e) => ({ ...e, effectSigil: 'rand' }),
  range: (e) => ({ ...e, aliases: ['rng'] }),
  now: (e) => ({ ...e, effectSigil: 'time' }),
  sleep: (e) => ({ ...e, effectSigil: 'time' }),
  prnt: (e) => ({ ...e, effectSigil: 'io' }),
  env: (e) => ({ ...e, effectSigil: 'io' }),
  rd: (e) => ({ ...e, effectSigil: 'fs' }),
  rdl: (e) => ({ ...e, effectSigil: 'fs' }),
  rdb: (e) => ({ ...e, effectSigil: 'fs' }),
  rdjl: (e) => ({ ...e, effectSigil: 'fs' }),
  wr: (e) => ({ ...e, effectSigil: 'fs' }),
  wrl: (e) => ({ ...e, effectSigil: 'fs' }),
  get: (e) => ({ ...e, effectSigil: 'http', capability: 'net', doc: 'HTTP GET; Ok with the body or Err with the failure.' }),
  'get-many': (e) => ({ ...e, effectSigil: 'http', capability: 'net' }),
  // Renamed `pst` in 0.12.0 (see newEntries); `post` is an ordinary name at level 26.
  post: (e) => ({ ...e, name: 'pst', effectSigil: 'http', capability: 'net', doc: 'HTTP POST with a text body; Ok with the response body or Err (`post` before 0.12).' }),
  // Typed since 0.12.1: arrays come back as lists, objects as records.
  jpth: (e) => ({
    ...e,
    sigs: [sig('json:t, path:t', 'R _ t')],
    doc: 'Look up a dot path (keys and numeric indices, not JSONPath) in JSON text; the value comes back typed.',
  }),
  // Format specs (`{:.2f}`, `{:>8}`, `{:<8}`, `{:6d}`); a literal template's
  // placeholders must match the arguments.
  fmt: (e) => ({
    ...e,
    template: 'spec',
    doc: 'Fill `{}` placeholders (optionally with a spec: `{:.2f}`, `{:8}`, `{:<8}`, `{:6d}`) left to right with the following arguments; builds text, does not print.',
  }),
  // `lst` sets an index; `lst xs` is usually meant as "the last element".
  lst: (e) => ({ ...e, arityHints: { 1: 'lst xs i v returns a copy with index i set to v; for the last element write at xs -1' } }),
  // The closure-bind form of `ct` is checked like `map`'s now (an upstream test).
  ct: (e) => ({
    ...e,
    sigs: e.sigs.map((s, i) => (i === 0 ? s : { ...s, check: { ...s.check, closure: 'params' } })),
  }),
};

// ---------------------------------------------------------------- the builtins new since 0.11.6

const TEXT_IN: ArgCheck = { what: 'text (t)' };
const BODY: ArgCheck = { label: 'body', what: 'a text body (t)' };
const TIMEOUT: ArgCheck = { label: 'timeout', what: 'milliseconds (n)' };
const ANY_LIST: ArgCheck = { accepts: 'list' };

/** An HTTP verb with a URL, optionally a body, and optionally headers. */
function http(name: string, withBody: boolean, returns: string, doc: string, gated: boolean): Entry {
  const base = withBody ? 'url:t, body:t' : 'url:t';
  const args: Record<string, ArgCheck> = withBody ? { url: URL_ARG, body: BODY } : { url: URL_ARG };
  return {
    name,
    sigs: [sig(base, returns, { args }), sig(`${base}, headers:M t t`, returns, { args: { ...args, headers: HEADERS } })],
    doc,
    effect: 'net',
    effectSigil: 'http',
    ...(gated ? { capability: 'net' as const } : {}),
  };
}

/** A pure text → text (or → `returns`) builtin. */
const text = (name: string, returns: string, doc: string): Entry => ({ name, sigs: [sig('s:t', returns, { args: { s: TEXT_IN } })], doc });
/** A pure 32- or 64-bit bitwise builtin over numbers. */
const bits = (name: string, doc: string): Entry => ({ name, sigs: [sig('x:n, y:n', 'n')], doc });
/** A date builtin over a Unix time. */
const date1 = (name: string, doc: string): Entry => ({ name, sigs: [sig('dt:n', 'n')], doc });
/** A rolling-window statistic. */
const rolling = (name: string, doc: string): Entry => ({ name, sigs: [sig('n:n, xs:L n', 'L n', { args: { xs: VECTOR_ARG } })], doc });

/** The builtins new in ilo 26 (made when level 26's table is first built, not when this module loads). */
const newEntries = (): Entry[] => [
  // -- maths
  num2('fmod', 'x', 'y', 'Floor-mod: the remainder has the sign of y (never negative when y > 0), as Python `%`.'),
  { name: 'prod', sigs: [sig('xs:L n', 'n')], doc: 'Product of a number list (1 when empty).' },
  { name: 'cprod', sigs: [sig('xs:L n', 'L n', { args: { xs: { accepts: 'vector', says: 'needs', what: 'a list of numbers (L n)' } } })], doc: 'Running products, same length as the input.' },
  { name: 'pi', sigs: [sig('', 'n')], doc: 'The constant π (3.141592653589793).' },
  { name: 'tau', sigs: [sig('', 'n')], doc: 'The constant τ = 2π (6.283185307179586).' },
  // Runnable programs still bind `e` as a local, so it is not treated as reserved.
  { name: 'e', sigs: [sig('', 'n')], doc: "Euler's number (2.718281828459045).", unreserved: true },
  bits('band', 'Bitwise AND of two numbers taken as 32-bit unsigned integers.'),
  bits('bor', 'Bitwise OR (32-bit).'),
  bits('bxor', 'Bitwise XOR (32-bit).'),
  num1('bnot', 'Bitwise NOT: all 32 bits flipped.'),
  bits('bshl', 'Shift left by y bits (32-bit; y taken mod 32).'),
  bits('bshr', 'Logical shift right by y bits (32-bit; y taken mod 32).'),
  bits('brot', 'Rotate left by y bits (32-bit; y taken mod 32).'),
  bits('band64', 'Bitwise AND (64-bit; exact below 2^53).'),
  bits('bor64', 'Bitwise OR (64-bit).'),
  bits('bxor64', 'Bitwise XOR (64-bit).'),
  num1('bnot64', 'Bitwise NOT: all 64 bits flipped.'),
  bits('bshl64', 'Shift left by y bits (64-bit; y taken mod 64).'),
  bits('bshr64', 'Logical shift right by y bits (64-bit; y taken mod 64).'),
  bits('brot64', 'Rotate left by y bits (64-bit; y taken mod 64).'),

  // -- statistics and number lists
  { name: 'argmax', sigs: [sig('xs:L n', 'n', { args: { xs: ANY_LIST } })], doc: 'Index of the largest element (the first on ties); a runtime error on an empty list.' },
  { name: 'argmin', sigs: [sig('xs:L n', 'n', { args: { xs: ANY_LIST } })], doc: 'Index of the smallest element (the first on ties); a runtime error on an empty list.' },
  { name: 'argsort', sigs: [sig('xs:L n', 'L n', { args: { xs: ANY_LIST } })], doc: 'Indices that would sort the list ascending (stable).' },
  { name: 'bisect', sigs: [sig('xs:L n, target:n', 'n')], doc: 'Leftmost insertion point of target in a sorted number list (binary search).' },
  { name: 'ewm', sigs: [sig('xs:L n, a:n', 'L n', { args: { xs: VECTOR_ARG } })], doc: 'Exponentially weighted moving average with smoothing factor a in [0, 1].' },
  rolling('rsum', 'Rolling sums over windows of n elements (len xs - n + 1 of them).'),
  rolling('ravg', 'Rolling means over windows of n elements.'),
  rolling('rmin', 'Rolling minimums over windows of n elements.'),
  { name: 'linspace', sigs: [sig('from:n, to:n, count:n', 'L n')], doc: 'count evenly spaced numbers from `from` to `to`, both included.' },
  { name: 'ones', sigs: [sig('n:n', 'L n')], doc: 'A list of n ones.' },
  { name: 'matvec', sigs: [sig(`xm:${matrix}, ys:L n`, 'L n', { args: { ys: VECTOR_ARG } })], doc: 'Matrix-vector product as a flat list.' },
  { name: 'lstsq', sigs: [sig(`xm:${matrix}, ys:L n`, 'L n')], doc: 'Ordinary least squares: the coefficients minimising |xm·b - ys|² (normal equations).' },

  // -- lists, maps and Results
  { name: 'rep', sigs: [sig('n:n, v:a', 'L a')], doc: 'A list of n copies of v.' },
  {
    name: 'where',
    sigs: [sig('cond:L b, xs:L a, ys:L a', 'L a', { args: { cond: ANY_LIST, xs: ANY_LIST, ys: ANY_LIST } })],
    doc: 'Element-wise select: xs[i] where cond[i] is true, else ys[i] (lists of one length).',
  },
  {
    name: 'lget-or',
    sigs: [sig('xs:L a, i:n, d:a', 'a', { args: { xs: ANY_LIST, i: { label: 'index' }, d: ANY } })],
    doc: 'Element at index i (negative counts from the end), or the default when out of range.',
  },
  { name: 'mpairs', sigs: [sig('m:M k v', 'L (L _)', { args: { m: ANY } })], doc: 'The [key, value] pairs of a map, ordered by key.' },
  {
    name: 'mget-or',
    sigs: [sig('m:M k v, key:k, d:v', 'v', { args: { m: ANY, key: MAP_KEY, d: ANY } })],
    doc: 'Value at a key, or the default when missing (never nil).',
  },
  {
    name: 'default-on-err',
    sigs: [
      sig('r:R a e, d:a', 'a', {
        args: {
          r: { accepts: 'result', code: 'ILO-T040', hint: 'default-on-err takes a Result; for an optional value use ??x default' },
          d: { accepts: 'ok', label: 'default', code: 'ILO-T042' },
        },
      }),
    ],
    doc: 'The Ok value of a Result, or the default when it is an Err (`??` for Results).',
  },
  { name: 'idxof', sigs: [sig('s:t, sub:t', 'O n')], doc: 'Code-point index of the first occurrence of sub in s, or nil.' },

  // -- higher-order and concurrency
  {
    name: 'par-map',
    sigs: [
      sig('fn:F a r, xs:L a', 'L (R r t)', fnForm('par-map f xs')),
      sig('fn:F a r, xs:L a, n:n', 'L (R r t)', fnForm('par-map f xs n')),
    ],
    doc: 'Apply a function to every element in parallel (order kept); each result is Ok or the Err of that item.',
    higherOrder: true,
  },
  {
    name: 'spawn',
    sigs: [sig('fn:_', '_', { args: { fn: ANY }, result: 'nil' })],
    variadic: true,
    doc: 'Run `fn args...` on a background thread and return nil at once (fire and forget).',
    higherOrder: true,
  },

  // -- text, encoding and crypto
  { name: 'rgxall-multi', sigs: [sig('pats:L t, s:t', 'L t')], doc: 'Apply each pattern in turn and concatenate every hit (each pattern as `rgxall1`).' },
  text('urlenc', 't', 'Percent-encode text (RFC 3986 unreserved characters pass through).'),
  text('urldec', 'R t t', 'Decode percent-encoding; Err on a bad escape or bytes that are not UTF-8.'),
  text('b64u', 't', 'Base64url-encode (URL-safe alphabet, no padding).'),
  text('b64u-dec', 'R t t', 'Decode base64url; Err on bad input or bytes that are not UTF-8.'),
  text('b64', 't', 'Standard base64-encode (with `=` padding).'),
  text('b64-dec', 'R t t', 'Decode standard base64; Err on bad input or bytes that are not UTF-8.'),
  text('hex', 't', 'Lowercase hex of the UTF-8 bytes.'),
  text('hex-rev', 't', 'Reverse the byte order of a hex string (even length): little-endian ↔ big-endian.'),
  text('sha256', 't', 'SHA-256 of the UTF-8 bytes, as lowercase hex.'),
  text('sha256-hex', 't', 'SHA-256 of the bytes a hex string encodes, as lowercase hex.'),
  text('sha256d', 't', 'Double SHA-256 of the bytes a hex string encodes (Bitcoin style), as lowercase hex.'),
  { name: 'hmac-sha256', sigs: [sig('key:t, msg:t', 't')], doc: 'HMAC-SHA256 of msg under key, as lowercase hex.' },
  { name: 'ct-eq', sigs: [sig('a:t, b:t', 'b')], doc: 'Text equality in constant time (for comparing secrets).' },
  text('tokcount', 'n', 'Approximate LLM token count of a text (cl100k_base).'),
  { name: 'rand-bytes', sigs: [sig('n:n', 't')], doc: 'n cryptographically random bytes as base64url text.', effect: 'random' },
  { name: 'seed', sigs: [sig('n:n', '_', { result: 'nil' })], doc: 'Seed the random generator shared by `rnd` and `rndn`; returns nil.', effect: 'random' },

  // -- dates and durations
  { name: 'now-ms', sigs: [sig('', 'n')], doc: 'Current Unix time in milliseconds.', effect: 'time', effectSigil: 'time' },
  { name: 'dtparse-rel', sigs: [sig('s:t, now:n', 'R n t')], doc: 'Parse a relative date ("3 days ago", "next friday", an ISO date) against a Unix time.' },
  { name: 'dur-parse', sigs: [sig('s:t', 'R n t')], doc: 'Parse a human duration ("3h 30m", "1 week 2 days") into seconds.' },
  { name: 'dur-fmt', sigs: [sig('secs:n', 't')], doc: 'Seconds as a human duration ("2h 42m"); zero parts dropped.' },
  { name: 'add-mo', sigs: [sig('dt:n, n:n', 'n')], doc: 'Add n calendar months to a Unix time (clamped to the month end), at 00:00 UTC.' },
  date1('last-dom', 'The last day of the month of a Unix time, at 00:00 UTC.'),
  date1('next-business-day', 'The next weekday after a Unix time, at 00:00 UTC.'),
  date1('day-of-week', 'Day of the week of a Unix time: 0 Sunday to 6 Saturday.'),
  { name: 'tz-offset', sigs: [sig('tz:t, epoch:n', 'R n t')], doc: 'UTC offset in seconds of an IANA time zone at a Unix time (DST-aware).' },

  // -- JSON
  { name: 'jkeys', sigs: [sig('json:t, path:t', 'R (L t) t')], doc: 'Sorted keys of the JSON object at a dot path ("" for the root).' },
  { name: 'jpar-list', sigs: [sig('s:t', 'R (L _) t')], doc: 'Parse JSON text that must be an array; Ok with the list.' },

  // -- HTTP (the verbs a World without net denies: ILO-T044)
  http('put', true, 'R t t', 'HTTP PUT with a text body; Ok with the response body or Err.', true),
  http('pat', true, 'R t t', 'HTTP PATCH with a text body; Ok with the response body or Err.', true),
  http('del', false, 'R t t', 'HTTP DELETE; Ok with the response body or Err.', true),
  http('hed', false, 'R t t', 'HTTP HEAD; Ok or Err.', true),
  http('opt', false, 'R t t', 'HTTP OPTIONS; Ok with the response body or Err.', true),
  http('getx', false, 'R (M t _) t', 'HTTP GET with the whole response: Ok with a map of status, headers and body (non-2xx is still Ok).', true),
  http('pstx', true, 'R (M t _) t', 'HTTP POST with the whole response, as `getx`.', true),
  {
    name: 'get-to',
    sigs: [sig('url:t, ms:n', 'R t t', { args: { url: URL_ARG, ms: TIMEOUT } })],
    doc: 'HTTP GET with a timeout in milliseconds; Err when it runs out.',
    effect: 'net',
    effectSigil: 'http',
    capability: 'net',
  },
  {
    name: 'pst-to',
    sigs: [sig('url:t, body:t, ms:n', 'R t t', { args: { url: URL_ARG, body: BODY, ms: TIMEOUT } })],
    doc: 'HTTP POST with a timeout in milliseconds; Err when it runs out.',
    effect: 'net',
    effectSigil: 'http',
    capability: 'net',
  },
  { name: 'get-stream', sigs: [sig('url:t', 'L t', { args: { url: URL_ARG } })], doc: 'HTTP GET read lazily, line by line (`@line (get-stream url){…}`).', effect: 'net', effectSigil: 'http' },
  {
    name: 'get-stream-h',
    sigs: [sig('url:t, headers:M t t', 'L t', { args: { url: URL_ARG, headers: HEADERS } })],
    doc: 'As `get-stream`, with request headers.',
    effect: 'net',
    effectSigil: 'http',
  },
  { name: 'pst-stream', sigs: [sig('url:t, body:t', 'L t', { args: { url: URL_ARG, body: BODY } })], doc: 'HTTP POST whose response is read lazily, line by line.', effect: 'net', effectSigil: 'http' },
  {
    name: 'pst-stream-h',
    sigs: [sig('url:t, body:t, headers:M t t', 'L t', { args: { url: URL_ARG, body: BODY, headers: HEADERS } })],
    doc: 'As `pst-stream`, with request headers.',
    effect: 'net',
    effectSigil: 'http',
  },

  // -- processes (the `$` sigil is `run`)
  {
    name: 'run',
    sigs: [sig('cmd:t, argv:L t', 'R (M t t) t')],
    doc: 'Run a command with an argument list (no shell); Ok with a map of stdout, stderr and code (as text), secrets scrubbed from its environment.',
    effect: 'exec',
    effectSigil: 'net',
  },
  {
    name: 'run2',
    sigs: [sig('cmd:t, argv:L t', 'R RunResult t')],
    doc: 'As `run`, with a record: `r.stdout`, `r.stderr`, and `r.exit` as a number.',
    effect: 'exec',
    effectSigil: 'net',
  },
  { name: 'run-full-env', sigs: [sig('cmd:t, argv:L t', 'R (M t t) t')], doc: 'As `run`, passing the whole environment (secrets too).', effect: 'exec', effectSigil: 'net' },
  { name: 'run2-full-env', sigs: [sig('cmd:t, argv:L t', 'R RunResult t')], doc: 'As `run2`, passing the whole environment (secrets too).', effect: 'exec', effectSigil: 'net' },
  { name: 'env-all', sigs: [sig('', 'R (M t t) t')], doc: 'The whole process environment as a map.', effect: 'env', effectSigil: 'io' },

  // -- capability Worlds
  { name: 'world', sigs: [sig('', 'W')], doc: 'The capability World of this run (fields net, read, write, run from the --allow-* flags).' },
  { name: 'world-no-net', sigs: [sig('', 'W')], doc: 'A World whose net is false: net builtins in its scope are rejected when checked (ILO-T044).' },

  // -- files and paths
  { name: 'rdin', sigs: [sig('', 'R t t')], doc: 'Read all of stdin as text.', effect: 'read' },
  { name: 'rdinl', sigs: [sig('', 'R (L t) t')], doc: 'Read stdin as a list of lines.', effect: 'read' },
  { name: 'for-line', sigs: [sig('src:t', 'L t')], doc: 'Stdin read lazily, line by line (`@l (for-line "stdin"){…}`).', effect: 'read' },
  { name: 'lsd', sigs: [sig('dir:t', 'R (L t) t', { args: { dir: PATH } })], doc: 'Entries of a directory (names only, sorted; `ls` before 0.12.1).', effect: 'read', effectSigil: 'fs' },
  { name: 'walk', sigs: [sig('dir:t', 'R (L t) t', { args: { dir: PATH } })], doc: 'Every path under a directory, relative and sorted (symlinks not followed).', effect: 'read', effectSigil: 'fs' },
  { name: 'glob', sigs: [sig('dir:t, pat:t', 'R (L t) t', { args: { dir: PATH } })], doc: 'Paths under a directory matching a shell pattern (`*`, `?`, `[abc]`, `**`).', effect: 'read', effectSigil: 'fs' },
  { name: 'fsize', sigs: [sig('path:t', 'R n t', { args: { path: PATH } })], doc: 'Size of a file in bytes.', effect: 'read' },
  { name: 'mtime', sigs: [sig('path:t', 'R n t', { args: { path: PATH } })], doc: 'Last modification time of a file (Unix seconds).', effect: 'read' },
  { name: 'isfile', sigs: [sig('path:t', 'b', { args: { path: PATH } })], doc: 'Whether a path is a regular file (false on any failure).', effect: 'read', effectSigil: 'fs' },
  { name: 'isdir', sigs: [sig('path:t', 'b', { args: { path: PATH } })], doc: 'Whether a path is a directory (false on any failure).', effect: 'read', effectSigil: 'fs' },
  { name: 'dirname', sigs: [sig('path:t', 't')], doc: 'The directory part of a path ("" for a plain file name).' },
  { name: 'basename', sigs: [sig('path:t', 't')], doc: 'The last segment of a path.' },
  { name: 'pathjoin', sigs: [sig('parts:L t', 't')], doc: 'Join path segments with `/`, collapsing doubled separators.' },
  {
    name: 'wra',
    sigs: [sig('path:t, s:t', 'R t t', { args: { path: PATH } })],
    doc: 'Append text to a file (created if missing); Ok with the path.',
    effect: 'write',
  },
  {
    name: 'wro',
    sigs: [sig('path:t, s:t', 'R t t', { args: { path: PATH } })],
    doc: 'Truncate a file and write text to it (created if missing); Ok with the path.',
    effect: 'write',
  },
];

// ---------------------------------------------------------------- the table

// Builtins usable as a function value (`map str xs`, `fld max xs 0`), with the
// type they then have; every other builtin passed by name is an undefined
// variable (ILO-T004), as in ilo 26. The 0.11 ones, plus the new `fmod` and
// `prod`; `str` and `num` take any value now (see CHANGED).
const VALUE_TYPES_26: Readonly<Record<string, string>> = Object.freeze({
  ...TRAITS_011.valueTypes,
  fmod: 'F n n n',
  prod: 'F (L n) n',
  str: 'F _ t',
  num: 'F _ (R n t)',
});

// As at 0.11 (no rule in the reference's verifier), and `prod`, the mirror of `sum`.
const UNCHECKED_26: ReadonlySet<string> = new Set([...TRAITS_011.unchecked, 'prod']);

const TRAITS_26: TableTraits = { valueTypes: VALUE_TYPES_26, unchecked: UNCHECKED_26 };

function entries26(): Entry[] {
  const out: Entry[] = [];
  for (const e of ENTRIES_011) {
    const change = CHANGED[e.name];
    out.push(change !== undefined ? change({ ...e }) : { ...e });
  }
  return [...out, ...newEntries()];
}

let builtins26: readonly Builtin[] | undefined;

/** Every builtin of level 26 (built on first use: a check at 0.11 never needs them). */
export function builtinsOf26(): readonly Builtin[] {
  builtins26 ??= Object.freeze(entries26().map((e) => buildBuiltin(e, TRAITS_26)));
  return builtins26;
}

/** `$cmd args` is `run cmd args` at level 26 (it was `get` at 0.11). */
export const SIGIL_BUILTINS_26: Readonly<Record<string, string>> = Object.freeze({ $: 'run' });

let table26: BuiltinTable | undefined;

/** The builtins of level 26, built on first use. Aliases are reserved names here (ILO-P011), as canonical names are. */
export function builtinTable26(): BuiltinTable {
  table26 ??= new BuiltinTable(builtinsOf26(), { sigils: SIGIL_BUILTINS_26, aliasesReserved: true });
  return table26;
}
