// Results computed per declaration, kept from one edit to the next. The
// incremental parser hands back the same declaration object while its chunk's
// text is unchanged, moving its offsets in place when text before it changes.
// A result is reused while the object, its doc comment (the comments' texts and
// their places relative to the declaration) and what it looked up in the
// schema environment (EnvDeps: the environment's key is the same, or every
// name it depends on resolves alike) are the same; a declaration that moved
// gets its result moved by the caller's `move` (a copy: results already
// handed out are never changed).

import type { Comment, Decl } from '../syntax/ast';
import { sameEnvDeps, type EnvDeps, type SchemaEnv } from './env';

const NO_DOC: readonly Comment[] = [];
const NO_DEPS: EnvDeps = [];

interface Entry<T> {
  /** The key of the last environment the value was known to be right in. */
  envKey: object;
  deps: EnvDeps;
  declStart: number;
  /** The doc comments the value was computed with (or found to say the same), and their start/end relative to the declaration's start. */
  comments: readonly Comment[];
  readonly rel: number[];
  value: T;
}

export class DeclMemo<T> {
  private readonly entries = new WeakMap<Decl, Entry<T>>();

  /**
   * `move(value, delta)`: the value of the same declaration `delta`
   * characters further on (a new object when anything in it moves).
   * `depsOf(decl, env)`: what the value depends on in the environment, asked
   * after computing it; by default nothing.
   */
  constructor(
    private readonly move: (value: T, delta: number) => T,
    private readonly depsOf: (decl: Decl, env: SchemaEnv) => EnvDeps = () => NO_DEPS,
    /** false: compute every time and keep nothing (a one-shot analysis never asks twice). */
    private readonly remember = true,
  ) {}

  /** `compute(decl, env)` unless the declaration, its doc and what it depends on in `env` are what they were last time. */
  get(decl: Decl, env: SchemaEnv, compute: (decl: Decl, env: SchemaEnv) => T): T {
    if (!this.remember) return compute(decl, env);
    const doc = decl.doc ?? NO_DOC;
    const start = decl.start;
    const e = this.entries.get(decl);
    if (e !== undefined && sameDoc(e, doc, start) && (e.envKey === env.key || sameEnvDeps(e.deps, env))) {
      // The entry is this memo's own: updated in place; only the value handed out is new when it moved.
      e.envKey = env.key;
      e.comments = doc;
      if (e.declStart !== start) {
        e.value = this.move(e.value, start - e.declStart);
        e.declStart = start;
      }
      return e.value;
    }
    const value = compute(decl, env);
    const rel: number[] = [];
    for (const c of doc) rel.push(c.start - start, c.end - start);
    // The parser gives a declaration a new doc array rather than changing one: keeping it is keeping its comments.
    this.entries.set(decl, { envKey: env.key, deps: this.depsOf(decl, env), declStart: start, comments: doc, rel, value });
    return value;
  }
}

function sameDoc(e: Entry<unknown>, doc: readonly Comment[], start: number): boolean {
  if (doc.length !== e.comments.length) return false;
  for (let i = 0; i < doc.length; i++) {
    const c = doc[i];
    const was = e.comments[i];
    if (c !== was && c.text !== was.text) return false;
    if (c.start - start !== e.rel[2 * i] || c.end - start !== e.rel[2 * i + 1]) return false;
  }
  return true;
}

/** Whether two doc blocks say the same (their comments' texts; places do not matter). */
export function sameDocText(a: readonly Comment[], b: readonly Comment[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i] && a[i].text !== b[i].text) return false;
  return true;
}
