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
// Builtins this table does not name (later language levels) follow their
// effect: `read`/`env` results are private, `net` results untrusted with
// every argument a sink, `write` arguments destructive.

import { lookupBuiltin } from '../../syntax/builtins';
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

const TABLE: Readonly<Record<string, BuiltinFlow>> = {
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
export function callsFirstArgument(name: string, argc: number): boolean {
  if (Object.hasOwn(TABLE, name)) return TABLE[name].calls !== undefined;
  const b = lookupBuiltin(name);
  return b !== undefined && b.signatures.some((s) => s.params.length === argc && s.params[0]?.type.startsWith('F'));
}

/** The flow behaviour of a builtin by canonical name. */
export function builtinFlow(name: string): BuiltinFlow {
  const known = TABLE[name];
  if (known && Object.hasOwn(TABLE, name)) return known;
  switch (lookupBuiltin(name)?.effect) {
    case 'read':
      return { source: { label: 'private', what: 'reads from the machine' }, result: 'propagate' };
    case 'env':
      return { source: { label: 'private', what: 'reads the environment' }, result: 'propagate' };
    case 'net':
      return { source: { label: 'untrusted', what: 'talks to a server' }, arg: () => SEND, sinkWhat: 'sends its arguments to a server', result: 'propagate' };
    case 'write':
      return { arg: () => DESTROY, sinkWhat: 'writes on the machine', result: 'clean' };
    default:
      return PROPAGATE;
  }
}
