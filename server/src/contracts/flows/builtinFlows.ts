// How ilo's builtins move data (docs/flows.md, "Builtins").
//
// Sources: reading a file (`rd`, `rdl`, `rdjl`) or the environment (`env`)
// gives private data; what comes back over HTTP (`get`, `get-many`, `post`)
// is untrusted. Sinks: `post` sends its URL and body out (its headers are the
// credentials channel, meant for the service, and do not count); `get`'s URL
// leaks what is put in it (a GET only reads, so untrusted content choosing
// what to fetch is not tampering); `wr` and `wrl` overwrite a file, so every
// argument but the format decides what is destroyed. `prnt` shows a value to
// the user who runs the program, which is not publishing it.
//
// Everything else propagates: a builtin's result is derived from every
// argument that is data. The principled exception is a result that only
// measures or tests its input, from which no part of the content can be read
// back: `len`, `has`, `mhas`, `ct` (counts and yes/no answers), and the
// comparisons and `!` (truth values). Control flow is not followed, so a
// branch taken on such a test does not taint what the branch computes.
//
// Level 26 adds HTTP verbs (`pst`, `put`, `pat` send like `post`; `del`
// deletes what its URL names; `hed`, `opt`, `getx` and the streams read like
// `get`), programs (`run`…: untrusted content in a command decides what runs,
// so every argument is destructive; a local program is not a publication),
// directory listings (`lsd`, `walk`, `glob`: private), measures (`fsize`,
// `mtime`, `isfile`, `isdir`: clean) and writes (`wra`, `wro`: destructive).
// Standard input (`rdin`…) is what the person running the program gives it,
// like its arguments: not a source. Builtins this table does not name follow
// their effect: `read`/`env` results are private, `net` results untrusted
// with every argument a sink, `write` and `exec` arguments destructive.

import { canonicalBuiltinName, lookupBuiltin, type Builtin } from '../../syntax/builtins';
import type { SourceLabel } from '../../schema/flowWords';
import type { ArgRole } from './toolFlow';

export interface BuiltinFlow {
  /** The label of the result, and what the builtin does to get it. */
  source?: { label: SourceLabel; what: string };
  /** What an argument can do wrong, by position (undefined: nothing). */
  arg?: (index: number) => ArgRole | undefined;
  /** Words for a sink: what the builtin does with its arguments. */
  sinkWhat?: string;
  /** `clean`: the result measures or tests its input, or only acknowledges. */
  result: 'propagate' | 'clean';
  /**
   * Function arguments are called with the data arguments: their results
   * make up the result (`result`: map, fld), or only decide which input
   * elements come back (`select`: flt, srt), or are only counted (`count`: ct).
   */
  calls?: 'result' | 'select' | 'count';
}

const LEAK: ArgRole = { leak: true, tamper: false, label: 'sink' };
const SEND: ArgRole = { leak: true, tamper: true, label: 'sink' };
const DESTROY: ArgRole = { leak: false, tamper: true, label: 'destructive' };

const PROPAGATE: BuiltinFlow = { result: 'propagate' };
const CLEAN: BuiltinFlow = { result: 'clean' };

/**
 * The builtins of a language level, as the flow analysis asks about them
 * (the level's builtin table answers both): what a name means, and the
 * builtin's description (its effect decides for builtins TABLE does not name).
 */
export interface FlowBuiltins {
  canonical(name: string): string | undefined;
  lookup(name: string): Builtin | undefined;
}

/** Level 0.11's builtins. */
export const BUILTINS_011: FlowBuiltins = { canonical: canonicalBuiltinName, lookup: lookupBuiltin };

/** A program run with an argument can do anything with it: untrusted content there decides what runs (a local program is not a publication, so private data is not leaked by it). */
const EXEC: ArgRole = { leak: false, tamper: true, label: 'destructive' };

const SEND_URL_BODY = (i: number): ArgRole | undefined => (i < 2 ? SEND : undefined);
const LEAK_URL = (i: number): ArgRole | undefined => (i === 0 ? LEAK : undefined);
const FETCHED = { label: 'untrusted', what: 'fetches a URL' } as const;
const ANSWERED = { label: 'untrusted', what: 'gets an HTTP response' } as const;
const LISTS_FILES = { label: 'private', what: 'lists files' } as const;

const TABLE: Readonly<Record<string, BuiltinFlow>> = {
  // Level 26 (names a 0.11 program cannot call): the HTTP verbs, streams, processes, the file system.
  pst: { source: ANSWERED, arg: SEND_URL_BODY, sinkWhat: 'sends an HTTP POST', result: 'propagate' },
  pstx: { source: ANSWERED, arg: SEND_URL_BODY, sinkWhat: 'sends an HTTP POST', result: 'propagate' },
  'pst-to': { source: ANSWERED, arg: SEND_URL_BODY, sinkWhat: 'sends an HTTP POST', result: 'propagate' },
  'pst-stream': { source: ANSWERED, arg: SEND_URL_BODY, sinkWhat: 'sends an HTTP POST', result: 'propagate' },
  'pst-stream-h': { source: ANSWERED, arg: SEND_URL_BODY, sinkWhat: 'sends an HTTP POST', result: 'propagate' },
  put: { source: ANSWERED, arg: SEND_URL_BODY, sinkWhat: 'sends an HTTP PUT', result: 'propagate' },
  pat: { source: ANSWERED, arg: SEND_URL_BODY, sinkWhat: 'sends an HTTP PATCH', result: 'propagate' },
  del: { source: ANSWERED, arg: (i) => (i === 0 ? { leak: true, tamper: true, label: 'destructive' } : undefined), sinkWhat: 'sends an HTTP DELETE', result: 'propagate' },
  getx: { source: FETCHED, arg: LEAK_URL, sinkWhat: 'sends its URL to a server', result: 'propagate' },
  hed: { source: FETCHED, arg: LEAK_URL, sinkWhat: 'sends its URL to a server', result: 'propagate' },
  opt: { source: FETCHED, arg: LEAK_URL, sinkWhat: 'sends its URL to a server', result: 'propagate' },
  'get-to': { source: FETCHED, arg: LEAK_URL, sinkWhat: 'sends its URL to a server', result: 'propagate' },
  'get-stream': { source: FETCHED, arg: LEAK_URL, sinkWhat: 'sends its URL to a server', result: 'propagate' },
  'get-stream-h': { source: FETCHED, arg: LEAK_URL, sinkWhat: 'sends its URL to a server', result: 'propagate' },
  run: { arg: () => EXEC, sinkWhat: 'runs a program with it', result: 'propagate' },
  run2: { arg: () => EXEC, sinkWhat: 'runs a program with it', result: 'propagate' },
  'run-full-env': { arg: () => EXEC, sinkWhat: 'runs a program with it', result: 'propagate' },
  'run2-full-env': { arg: () => EXEC, sinkWhat: 'runs a program with it', result: 'propagate' },
  'env-all': { source: { label: 'private', what: 'reads the whole environment' }, result: 'propagate' },
  lsd: { source: LISTS_FILES, result: 'propagate' },
  walk: { source: LISTS_FILES, result: 'propagate' },
  glob: { source: LISTS_FILES, result: 'propagate' },
  // Standard input is what the person running the program gives it, as its arguments are.
  rdin: PROPAGATE,
  rdinl: PROPAGATE,
  'for-line': PROPAGATE,
  fsize: CLEAN,
  mtime: CLEAN,
  isfile: CLEAN,
  isdir: CLEAN,
  wra: { arg: (i) => (i < 2 ? DESTROY : undefined), sinkWhat: 'writes a file', result: 'clean' },
  wro: { arg: (i) => (i < 2 ? DESTROY : undefined), sinkWhat: 'overwrites a file', result: 'clean' },
  'par-map': { result: 'propagate', calls: 'result' },
  // Level 0.11 (and 26).
  rd: { source: { label: 'private', what: 'reads a file' }, result: 'propagate' },
  rdl: { source: { label: 'private', what: 'reads a file' }, result: 'propagate' },
  rdjl: { source: { label: 'private', what: 'reads a file' }, result: 'propagate' },
  env: { source: { label: 'private', what: 'reads an environment variable' }, result: 'propagate' },
  get: { source: { label: 'untrusted', what: 'fetches a URL' }, arg: (i) => (i === 0 ? LEAK : undefined), sinkWhat: 'sends its URL to a server', result: 'propagate' },
  'get-many': { source: { label: 'untrusted', what: 'fetches URLs' }, arg: (i) => (i === 0 ? LEAK : undefined), sinkWhat: 'sends its URLs to servers', result: 'propagate' },
  post: { source: { label: 'untrusted', what: 'gets an HTTP response' }, arg: (i) => (i < 2 ? SEND : undefined), sinkWhat: 'sends an HTTP POST', result: 'propagate' },
  wr: { arg: (i) => (i < 2 ? DESTROY : undefined), sinkWhat: 'overwrites a file', result: 'clean' },
  wrl: { arg: (i) => (i < 2 ? DESTROY : undefined), sinkWhat: 'overwrites a file', result: 'clean' },
  len: CLEAN,
  has: CLEAN,
  mhas: CLEAN,
  sleep: CLEAN,
  ct: { result: 'clean', calls: 'count' },
  map: { result: 'propagate', calls: 'result' },
  fld: { result: 'propagate', calls: 'result' },
  flatmap: { result: 'propagate', calls: 'result' },
  mapr: { result: 'propagate', calls: 'result' },
  grp: { result: 'propagate', calls: 'result' },
  flt: { result: 'propagate', calls: 'select' },
  srt: { result: 'propagate', calls: 'select' },
  rsrt: { result: 'propagate', calls: 'select' },
  uniqby: { result: 'propagate', calls: 'select' },
  partition: { result: 'propagate', calls: 'select' },
};

/** Whether the builtin's first argument is a function it calls (`map f xs`), for this many arguments. */
export function callsFirstArgument(name: string, argc: number, builtins: FlowBuiltins = BUILTINS_011): boolean {
  if (Object.hasOwn(TABLE, name)) return TABLE[name].calls !== undefined;
  const b = builtins.lookup(name);
  return b !== undefined && b.signatures.some((s) => s.params.length === argc && s.params[0]?.type.startsWith('F'));
}

/** The flow behaviour of a builtin by canonical name. */
export function builtinFlow(name: string, builtins: FlowBuiltins = BUILTINS_011): BuiltinFlow {
  const known = TABLE[name];
  if (known && Object.hasOwn(TABLE, name)) return known;
  switch (builtins.lookup(name)?.effect as string | undefined) {
    case 'read':
      return { source: { label: 'private', what: 'reads from the machine' }, result: 'propagate' };
    case 'env':
      return { source: { label: 'private', what: 'reads the environment' }, result: 'propagate' };
    case 'net':
      return { source: { label: 'untrusted', what: 'talks to a server' }, arg: () => SEND, sinkWhat: 'sends its arguments to a server', result: 'propagate' };
    case 'write':
      return { arg: () => DESTROY, sinkWhat: 'writes on the machine', result: 'clean' };
    case 'exec':
      return { arg: () => EXEC, sinkWhat: 'runs a program with it', result: 'propagate' };
    default:
      return PROPAGATE;
  }
}
