// The verifier's public entry points: check a parsed file (its own
// declarations plus what `use` brings in) and return diagnostics with the
// reference's codes. `IncrementalChecker` keeps per-declaration results so an
// edit re-verifies only the declarations it can affect.

import type { Diagnostic } from '../diagnostics';
import type { Decl, FunctionDecl, Program, Span } from '../syntax/ast';
import { sameTree } from '../syntax/incremental/sameTree';
import { aliasHints } from './aliasHints';
import { BodyChecker, type Dependencies } from './body';
import { sigKeyOf, type CheckEnv } from './env';
import { IncrementalEnv } from './incrementalEnv';
import { shiftDiagnostic } from '../diagnostics';
import { GlobalNames } from './suggest';
import { verifierLevel, type LanguageLevelLike, type VerifierLevel } from './level';
import { withinSuggestionDistance } from './nearest';
import { diag } from './report';
import { undeclaredEffects } from './effects';
import { testBlockDiagnostics, untestedFunctions } from './testBlocks';

export interface CheckOptions {
  /** Declarations visible through `use` (see project/imports.ts). */
  imported?: readonly Decl[];
  /** Which `use` declaration (of this file) brought each imported declaration in. */
  importedVia?: ReadonlyMap<Decl, Span>;
  /** The document text; lets the checker recognise re-parsed but unchanged declarations by their text. */
  text?: string;
  /**
   * Reference compatibility: treat a declaration that failed to parse as
   * undefined (calls to it become ILO-T005, as `ilo` reports). Off by default:
   * the editor keeps the broken declaration's header.
   */
  brokenDeclsAreUndefined?: boolean;
  /**
   * The language level to check at (a `LanguageLevel` of ../level, or just
   * its id): its builtins and which level-specific rules apply. Absent: the
   * level the program was parsed at (`program.level`), else 0.11.
   */
  level?: LanguageLevelLike;
  /**
   * `check --strict` (level 26): also report the functions without a `test`
   * block (ILO-W020), as `ilo check --strict` does.
   */
  strict?: boolean;
}

/** Check a whole program from scratch. Never throws. */
export function checkProgram(program: Program, options: CheckOptions = {}): Diagnostic[] {
  return new IncrementalChecker({ oneShot: true }).check(program, options);
}

interface CachedDecl {
  /** The declaration the result was made for (a content hit must have the same tree). */
  node: Decl;
  /** Global names the body looked up, with what they meant then. */
  deps: Map<string, string>;
  /** Unknown names the body's "did you mean"s searched the function names for. */
  queries: string[];
  /** `functionNamesVersion` when last confirmed (meaningful when there are queries). */
  functionNamesVersion: number;
  /** `typesVersion` when made, if the body looked at every record type; else -1. */
  typesVersion: number;
  /** Checking threw (absurd input): never reused. */
  failed: boolean;
  /** Diagnostics relative to the declaration's start. */
  relative: Diagnostic[];
  /** Epoch in which the entry was last confirmed valid (see IncrementalChecker.epoch). */
  validAt: number;
}

/** A declaration's result placed at its current offset (one per node: identical declarations share a CachedDecl). */
interface Placed {
  cached: CachedDecl;
  start: number;
  absolute: Diagnostic[];
}

export interface CheckStats {
  /** Function bodies verified in the last run. */
  checked: number;
  /** Function bodies whose previous result was reused. */
  reused: number;
  /** The global environment was patched for the changed declarations rather than rebuilt. */
  envPatched: boolean;
  /**
   * Only some bodies were looked at: the new ones, those that depend on a
   * name whose meaning changed, and (when function names came or went)
   * those with a "did you mean" that may change.
   */
  targeted: boolean;
}

export class IncrementalChecker {
  /** Results by declaration object: the incremental parser reuses (and shifts) unchanged declarations. */
  private byNode = new WeakMap<Decl, Placed>();
  /** Results by declaration content, for re-parsed but identical declarations (one run). */
  private byContent = new Map<string, CachedDecl>();
  /** The function declarations of the last run that have diagnostics, and how many there were in all. */
  private listed: Map<FunctionDecl, Placed> | undefined;
  private functionCount = 0;
  /** Global name → the function declarations whose result depends on it (see index/unindex). */
  private dependents = new Map<string, Set<FunctionDecl>>();
  /** Function declarations whose result holds a "did you mean" over the function names. */
  private querying = new Set<FunctionDecl>();
  /** Function declarations whose last check failed part-way (its dependencies are unknown): checked again every run. */
  private failing = new Set<FunctionDecl>();
  private readonly envs = new IncrementalEnv();
  private prevEnv: CheckEnv | undefined;
  private prevBroken: boolean | undefined;
  /** The level of the last run: another level means nothing of the last run holds. */
  private prevLevel: VerifierLevel | undefined;
  /** Bumped whenever the set of global function/tool names changes. */
  private functionNamesVersion = 0;
  /** Bumped whenever any record type (or the set of them) changes. */
  private typesVersion = 0;
  private globals: GlobalNames | undefined;
  /**
   * Bumped by every run in which something may have changed. A targeted run
   * in which no name changed meaning does not bump it: what was valid stays valid.
   */
  private epoch = 0;
  /** Counters for the last `check` call (benchmarks and tests read them). */
  lastStats: CheckStats = { checked: 0, reused: 0, envPatched: false, targeted: false };
  private readonly contentCache: boolean;
  /** Each run checks every function afresh and keeps nothing for the next one (see the constructor). */
  private readonly oneShot: boolean;

  /**
   * `oneShot: true` for a checker asked once (the CLI): each run checks every
   * function body as it is, with no dependency records, content keys or
   * per-declaration results kept to reuse (the same diagnostics, less work).
   * `contentCache: false`: declarations are not also keyed by their text.
   */
  constructor(opts: { contentCache?: boolean; oneShot?: boolean } = {}) {
    this.oneShot = opts.oneShot === true;
    this.contentCache = !this.oneShot && (opts.contentCache ?? true);
  }

  check(program: Program, options: CheckOptions = {}): Diagnostic[] {
    const out: Diagnostic[] = [];
    try {
      this.checkInto(program, options, out);
    } catch {
      // A bug or a pathological input must not take the editor down: keep what we have.
      this.prevEnv = undefined;
      this.listed = undefined;
      this.dependents.clear();
      this.querying.clear();
      this.failing.clear();
      this.envs.reset();
    }
    return out.sort((a, b) => a.start - b.start || a.end - b.end);
  }

  /** Drop everything kept from earlier runs (the level changed). */
  private forget(): void {
    this.byNode = new WeakMap();
    this.byContent = new Map();
    this.prevEnv = undefined;
    this.listed = undefined;
    this.dependents.clear();
    this.querying.clear();
    this.envs.reset();
    this.globals = undefined;
  }

  private checkInto(program: Program, options: CheckOptions, out: Diagnostic[]): void {
    const level = verifierLevel(options.level ?? (program.level !== undefined ? { id: program.level } : undefined));
    if (this.prevLevel !== undefined && this.prevLevel !== level) this.forget();
    this.prevLevel = level;
    const { env, diagnostics, delta } = this.envs.update(program.decls, {
      imported: options.imported,
      importSpan: options.importedVia !== undefined ? (d) => options.importedVia!.get(d) : undefined,
      brokenDeclsAreUndefined: options.brokenDeclsAreUndefined,
    });
    for (const x of diagnostics) out.push(x);

    // Names whose meaning changed since the previous run: from the patch when
    // the environment was patched, else by comparing with the previous one.
    // Unchanged declarations keep their converted signature objects (EnvMemo),
    // so an identity comparison finds the changes without re-rendering every type.
    const prev = this.prevBroken === !!options.brokenDeclsAreUndefined ? this.prevEnv : undefined;
    const changed = delta !== undefined && prev !== undefined ? delta.changed : prev !== undefined ? changedNames(prev, env) : undefined;
    // Function names added or removed: only "did you mean"s near one of them can change.
    const nameDelta =
      changed === undefined ? undefined : delta !== undefined ? delta.functionNames : [...changed].filter((n) => prev!.functions.has(n) !== env.functions.has(n));
    if (nameDelta === undefined || nameDelta.length > 0) this.functionNamesVersion++;
    const typesChanged = changed === undefined || [...changed].some((n) => prev!.types.has(n) || env.types.has(n));
    if (typesChanged) this.typesVersion++;
    const versions = { functionNames: this.functionNamesVersion, types: this.typesVersion };
    const globals = (this.globals ??= new GlobalNames(env, level.builtins.table));
    globals.update(env, versions.functionNames, nameDelta, versions.types);
    // Targeted run: the environment was patched (only function names can have
    // changed), so only the bodies that can see a change are looked at.
    const targeted = delta !== undefined && changed !== undefined && !typesChanged && this.listed !== undefined;
    const prevEpoch = this.epoch;
    const epoch = targeted && changed.size === 0 ? prevEpoch : ++this.epoch;

    const sigKeys = new Map<string, string>();
    const sigKey = (name: string): string => {
      let k = sigKeys.get(name);
      if (k === undefined) sigKeys.set(name, (k = sigKeyOf(env, name)));
      return k;
    };
    const fresh = (c: CachedDecl): boolean => {
      if (c.queries.length > 0 && c.functionNamesVersion !== versions.functionNames) {
        const delta = c.validAt === prevEpoch ? nameDelta : undefined;
        if (delta === undefined || delta.some((n) => c.queries.some((q) => withinSuggestionDistance(q, n)))) return false;
      }
      if (c.failed || (c.typesVersion >= 0 && c.typesVersion !== versions.types)) return false;
      if (c.validAt === prevEpoch && changed !== undefined) {
        if (changed.size === 0) return true;
        for (const n of c.deps.keys()) if (changed.has(n)) return false;
        return true;
      }
      for (const [n, k] of c.deps) if (sigKey(n) !== k) return false;
      return true;
    };

    const nextByContent = new Map<string, CachedDecl>();
    const stats: CheckStats = { checked: 0, reused: 0, envPatched: delta !== undefined, targeted };
    /** The result for `d` at its current offset, checking it when no valid result is known. */
    const resultFor = (d: FunctionDecl): Placed => {
      let placed = this.byNode.get(d);
      if (placed === undefined || !fresh(placed.cached)) {
        // Same node, stale result: the content is the same too, so only a node
        // never seen before is looked up by content.
        const key = this.contentCache && placed === undefined ? declKey(d, options.text) : undefined;
        let hit = key !== undefined ? (this.byContent.get(key) ?? nextByContent.get(key)) : undefined;
        // The same text can parse differently (calls are grouped by the arities
        // of the functions they name): a hit must also have the same tree.
        if (hit !== undefined && (!fresh(hit) || !sameTree(hit.node, d))) hit = undefined;
        if (hit === undefined) {
          hit = checkDecl(d, env, globals, sigKey, versions, level);
          stats.checked++;
        }
        if (key !== undefined) nextByContent.set(key, hit);
        placed = { cached: hit, start: d.start, absolute: absoluteAt(hit, d.start) };
        this.byNode.set(d, placed);
      }
      placed.cached.validAt = epoch;
      placed.cached.functionNamesVersion = versions.functionNames;
      placeAt(placed, d.start);
      return placed;
    };

    if (targeted) {
      const listed = this.listed!;
      for (const d of delta.removed) {
        if (d.kind !== 'FunctionDecl') continue;
        listed.delete(d);
        const placed = this.byNode.get(d);
        if (placed !== undefined) this.unindex(d, placed.cached);
        this.functionCount--;
      }
      const candidates = new Set<FunctionDecl>();
      for (const d of delta.added) {
        if (d.kind !== 'FunctionDecl') continue;
        candidates.add(d);
        this.functionCount++;
      }
      for (const n of changed) for (const d of this.dependents.get(n) ?? []) candidates.add(d);
      if (nameDelta !== undefined && nameDelta.length > 0) for (const d of this.querying) candidates.add(d);
      for (const d of this.failing) candidates.add(d);
      for (const d of candidates) {
        const before = this.byNode.get(d)?.cached;
        const placed = resultFor(d);
        if (before !== undefined && placed.cached !== before) this.unindex(d, before);
        // Always (re-)index: a declaration object can come back after a run
        // without it (the parser keeps chunks it saw before), with its old
        // result still valid but its dependencies unindexed when it left.
        this.index(d, placed.cached);
        if (placed.absolute.length > 0) listed.set(d, placed);
        else listed.delete(d);
      }
      for (const [d, placed] of listed) {
        placeAt(placed, d.start);
        for (const x of placed.absolute) out.push(x);
      }
    } else if (this.oneShot) {
      // Nothing is kept: a later run starts afresh (not targeted, no result reused).
      this.listed = undefined;
      this.byNode = new WeakMap();
      this.dependents = new Map();
      // Which functions name which globals: asked only by the collapse of calls to a broken function (level 26).
      const indexNames = level.rules.collapseBrokenCalls;
      for (const d of program.decls) {
        if (d.kind !== 'FunctionDecl') continue;
        const names = checkOnce(d, env, globals, level, out);
        if (indexNames) for (const n of names) this.dependOn(n, d);
        stats.checked++;
      }
      this.functionCount = stats.checked;
    } else {
      const listed = new Map<FunctionDecl, Placed>();
      this.dependents = new Map();
      this.querying = new Set();
      this.failing = new Set();
      let count = 0;
      for (const d of program.decls) {
        if (d.kind !== 'FunctionDecl') continue;
        count++;
        const placed = resultFor(d);
        this.index(d, placed.cached);
        if (placed.absolute.length > 0) listed.set(d, placed);
        for (const x of placed.absolute) out.push(x);
      }
      this.listed = listed;
      this.functionCount = count;
    }
    if (level.rules.collapseBrokenCalls) this.collapsedBrokenCalls(program, env, out);
    // Level-26 analyses of the whole file (each memoises per declaration).
    const all = options.imported !== undefined && options.imported.length > 0 ? [...options.imported, ...program.decls] : program.decls;
    if (level.rules.effects) undeclaredEffects(program.decls, all, env, level.builtins.table, out);
    if (level.rules.testBlocks) {
      testBlockDiagnostics(program.decls, all, level.builtins.table, out);
      if (options.strict) untestedFunctions(program.decls, out);
    }
    stats.reused = this.functionCount - stats.checked;
    this.byContent = nextByContent;
    this.prevEnv = env;
    this.prevBroken = !!options.brokenDeclsAreUndefined;
    this.lastStats = stats;
  }

  /**
   * Level 26: one ILO-T005 per function of this file whose declaration failed
   * to parse and that some body uses, at its name, instead of one per call
   * (ilo 26 collapses them so; the parse error itself is reported too).
   */
  private collapsedBrokenCalls(program: Program, env: CheckEnv, out: Diagnostic[]): void {
    for (const d of program.decls) {
      if (d.kind !== 'ErrorDecl' || d.name === undefined || (d.intended !== 'function' && d.intended !== 'tool')) continue;
      const name = d.name.text;
      if (env.functions.get(name)?.kind !== 'broken') continue;
      const users = [...(this.dependents.get(name) ?? [])].filter((f) => f.name.text !== name);
      if (users.length === 0) continue;
      out.push(
        diag('ILO-T005', d.name, `'${name}' failed to parse, so its uses in ${users.length === 1 ? `'${users[0].name.text}'` : `${users.length} functions`} cannot be checked`, {
          hint: `fix the syntax error in '${name}' first; its calls are not checked until then`,
        }),
      );
    }
  }

  /** Record what the result `c` of declaration `d` depends on. */
  private index(d: FunctionDecl, c: CachedDecl): void {
    for (const n of c.deps.keys()) this.dependOn(n, d);
    if (c.queries.length > 0) this.querying.add(d);
    if (c.failed) this.failing.add(d);
    else this.failing.delete(d);
  }

  private dependOn(name: string, d: FunctionDecl): void {
    let set = this.dependents.get(name);
    if (set === undefined) this.dependents.set(name, (set = new Set()));
    set.add(d);
  }

  private unindex(d: FunctionDecl, c: CachedDecl): void {
    for (const n of c.deps.keys()) this.dependents.get(n)?.delete(d);
    this.querying.delete(d);
    this.failing.delete(d);
  }
}

/** A result's diagnostics for its declaration starting at `start`. */
function absoluteAt(c: CachedDecl, start: number): Diagnostic[] {
  return c.relative.map((x) => shiftDiagnostic(x, start));
}

/** Move a placed result to its declaration's current start. */
function placeAt(placed: Placed, start: number): void {
  if (placed.start === start) return;
  placed.absolute = absoluteAt(placed.cached, start);
  placed.start = start;
}

/** Verify one function body; the result records what it depended on. */
function checkDecl(
  d: FunctionDecl,
  env: CheckEnv,
  globals: GlobalNames,
  sigKey: (n: string) => string,
  versions: { functionNames: number; types: number },
  level: VerifierLevel,
): CachedDecl {
  const out: Diagnostic[] = [];
  const checker = new BodyChecker(env, out, globals, level);
  let deps: Dependencies | undefined;
  try {
    checker.checkFunction(d);
    out.push(...aliasHints(d, level.builtins.table));
    deps = checker.deps;
  } catch {
    // e.g. a stack overflow on absurd nesting: keep what was found so far (marked failed below).
    deps = { names: new Set(), queries: new Set(), allTypes: true };
  }
  return {
    node: d,
    deps: new Map([...deps.names].map((n) => [n, sigKey(n)])),
    queries: [...deps.queries],
    functionNamesVersion: versions.functionNames,
    typesVersion: deps.allTypes ? versions.types : -1,
    failed: checker.deps !== deps,
    relative: out.map((x) => shiftDiagnostic(x, -d.start)),
    validAt: 0,
  };
}

/**
 * checkDecl's diagnostics, straight into `out` (at their offsets in the
 * document), with nothing recorded for reuse; the global names the body
 * looked up (none when checking it threw, as checkDecl records).
 */
function checkOnce(d: FunctionDecl, env: CheckEnv, globals: GlobalNames, level: VerifierLevel, out: Diagnostic[]): ReadonlySet<string> {
  const checker = new BodyChecker(env, out, globals, level);
  try {
    checker.checkFunction(d);
    for (const h of aliasHints(d, level.builtins.table)) out.push(h);
    return checker.deps.names;
  } catch {
    // e.g. a stack overflow on absurd nesting: keep what was found so far.
    return NO_NAMES;
  }
}

const NO_NAMES: ReadonlySet<string> = new Set();

/** Global names defined differently (or only) in one of two environments. */
function changedNames(a: CheckEnv, b: CheckEnv): Set<string> {
  const changed = new Set<string>();
  // Same object: unchanged. A new object (its declaration was re-parsed) may
  // still mean the same: compare what it says before calling it changed.
  const diff = <T>(x: ReadonlyMap<string, T>, y: ReadonlyMap<string, T>): void => {
    for (const [k, v] of x) {
      const w = y.get(k);
      if (w !== v && (w === undefined || sigKeyOf(a, k) !== sigKeyOf(b, k))) changed.add(k);
    }
    for (const k of y.keys()) if (!x.has(k)) changed.add(k);
  };
  diff(a.functions, b.functions);
  diff(a.types, b.types);
  // Aliases are values recomputed every run: compare what they stand for.
  for (const k of new Set([...a.aliases.keys(), ...b.aliases.keys()])) {
    if (sigKeyOf(a, k) !== sigKeyOf(b, k)) changed.add(k);
  }
  return changed;
}

/** Identity of a declaration's content: its text when known, else its tree with offsets made relative. */
function declKey(d: Decl, text: string | undefined): string {
  if (text !== undefined && d.end <= text.length) return text.slice(d.start, d.end);
  const base = d.start;
  try {
    return JSON.stringify(d, (k, v) => ((k === 'start' || k === 'end') && typeof v === 'number' ? v - base : v));
  } catch {
    // Too deep to serialise: a key that matches nothing else.
    return `\u0000${++uniqueKeys}`;
  }
}

let uniqueKeys = 0;
