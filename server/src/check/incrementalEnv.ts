// The verifier's global environment kept across edits. Most keystrokes change
// one function body: the parser hands back the same declaration objects for
// everything else, so instead of rebuilding every map (and re-rendering every
// signature to see what changed) the environment is patched for the few
// declarations that were added or removed, and the names whose meaning
// changed fall out of the patch. Anything the patch cannot decide locally
// (types, aliases, other imports, diagnostics placed on a `use`) takes the
// full path: collectEnv from scratch.

import type { Diagnostic } from '../diagnostics';
import type { Decl } from '../syntax/ast';
import { EnvMemo, brokenSig, collectEnv, declaredSig, duplicateFunction, sigKeyOf, typeNameDiagnostics, type CheckEnv, type CollectOptions, type FnSig } from './env';
import { sameTree } from '../syntax/incremental/sameTree';
import { shiftDiagnostic } from '../diagnostics';

export interface EnvUpdate {
  env: CheckEnv;
  /** Signature-level diagnostics (ILO-T001/T002/T003/T030/T031) at their current offsets. */
  diagnostics: Diagnostic[];
  /**
   * When the environment was patched: the names whose meaning changed and
   * the function names added or removed. Undefined after a full rebuild (the
   * caller compares with the previous environment itself).
   */
  delta?: {
    changed: Set<string>;
    functionNames: string[];
    /** Declaration objects gone since the previous update, and new ones (re-created unchanged ones included). */
    removed: readonly Decl[];
    added: readonly Decl[];
  };
}

/** Diagnostics about one own declaration, at the offsets it had when they were made. */
interface Placed {
  decl: Decl;
  start: number;
  diagnostics: Diagnostic[];
}

interface State {
  own: readonly Decl[];
  imported: readonly Decl[];
  broken: boolean;
  env: CheckEnv;
  aliasKey: string;
  byDecl: Map<Decl, Placed>;
}

type UpdateOptions = Omit<CollectOptions, 'memo'>;

const NONE: readonly Decl[] = [];

export class IncrementalEnv {
  private readonly memo = new EnvMemo();
  private state: State | undefined;

  update(own: readonly Decl[], opts: UpdateOptions = {}): EnvUpdate {
    const imported = opts.imported ?? NONE;
    const broken = !!opts.brokenDeclsAreUndefined;
    const prev = this.state;
    if (prev !== undefined && prev.broken === broken && sameDecls(prev.imported, imported)) {
      const patched = this.patch(prev, own);
      if (patched !== undefined) return patched;
    }
    return this.rebuild(own, imported, broken, opts);
  }

  /** Forget everything (after a failure): the next update rebuilds. */
  reset(): void {
    this.state = undefined;
  }

  private rebuild(own: readonly Decl[], imported: readonly Decl[], broken: boolean, opts: UpdateOptions): EnvUpdate {
    this.state = undefined;
    const { env, diagnostics, owners, aliasKey } = collectEnv(own, { ...opts, memo: this.memo });
    const ownSet = imported.length === 0 ? undefined : new Set(own);
    const byDecl = new Map<Decl, Placed>();
    let placedOnUse = false;
    for (let i = 0; i < diagnostics.length; i++) {
      const d = owners[i];
      if (ownSet !== undefined && !ownSet.has(d)) {
        placedOnUse = true;
        continue;
      }
      let p = byDecl.get(d);
      if (p === undefined) byDecl.set(d, (p = { decl: d, start: d.start, diagnostics: [] }));
      p.diagnostics.push(diagnostics[i]);
    }
    // A diagnostic about an imported declaration sits on a `use` line of this
    // file, which an edit can move: those files always take the full path.
    if (!placedOnUse) this.state = { own, imported, broken, env, aliasKey, byDecl };
    return { env, diagnostics };
  }

  /** Patch the previous environment for the declarations that changed, or undefined when it cannot. */
  private patch(prev: State, own: readonly Decl[]): EnvUpdate | undefined {
    const old = prev.own;
    const min = Math.min(old.length, own.length);
    let p = 0;
    while (p < min && old[p] === own[p]) p++;
    let s = 0;
    while (s < min - p && old[old.length - 1 - s] === own[own.length - 1 - s]) s++;
    // Inside the window an object may still be kept (a chunk between two re-parsed ones).
    const oldWindow = new Set(old.slice(p, old.length - s));
    const added: Decl[] = [];
    for (let i = p; i < own.length - s; i++) if (!oldWindow.delete(own[i])) added.push(own[i]);
    const removed = [...oldWindow];
    const renewed = this.pairRenewed(prev, removed, added);
    if (renewed === undefined) return undefined;
    if (renewed.size > 0) unpairTwins(renewed, own);
    const { env, byDecl } = prev;
    for (const [was, now] of renewed) this.carryOver(prev, was, now);
    const gone = removed.filter((d) => !renewed.has(d));
    const renewedNow = new Set(renewed.values());
    const fresh = added.filter((d) => !renewedNow.has(d));
    for (const d of gone) if (!patchable(d)) return undefined;
    for (const d of fresh) if (!patchable(d)) return undefined;

    // The names the changed declarations define are worked out again from
    // all their definitions, in order (the first one wins, later ones are
    // ILO-T002), exactly as collectEnv does; every other name stays as it is.
    const affected = new Set<string>();
    for (const list of [gone, fresh]) {
      for (const d of list) {
        const name = functionName(d);
        if (name !== undefined) affected.add(name);
      }
    }
    for (const d of gone) byDecl.delete(d);
    const before = new Map<string, { key: string; present: boolean }>();
    for (const name of affected) before.set(name, { key: sigKeyOf(env, name), present: env.functions.has(name) });
    if (affected.size > 0) this.redefine(prev, own, affected);

    const changed = new Set<string>();
    const functionNames: string[] = [];
    for (const [name, was] of before) {
      if (sigKeyOf(env, name) !== was.key) changed.add(name);
      if (env.functions.has(name) !== was.present) functionNames.push(name);
    }
    prev.own = own;

    const diagnostics: Diagnostic[] = [];
    for (const placed of byDecl.values()) {
      const at = placed.decl.start;
      if (placed.start !== at) {
        placed.diagnostics = placed.diagnostics.map((x) => shiftDiagnostic(x, at - placed.start));
        placed.start = at;
      }
      for (const x of placed.diagnostics) diagnostics.push(x);
    }
    return { env, diagnostics, delta: { changed, functionNames, removed, added } };
  }

  /** Set the table entries and signature-level diagnostics of `names` from their definitions. */
  private redefine(prev: State, own: readonly Decl[], names: ReadonlySet<string>): void {
    const { env, byDecl } = prev;
    const defs = new Map<string, Array<{ d: Decl; mine: boolean }>>();
    for (const [list, mine] of [[prev.imported, false], [own, true]] as const) {
      for (const d of list) {
        const name = functionName(d);
        if (name === undefined || !names.has(name)) continue;
        const entry = { d, mine };
        const known = defs.get(name);
        if (known === undefined) defs.set(name, [entry]);
        else known.push(entry);
      }
    }
    for (const name of names) {
      let sig: FnSig | undefined;
      for (const { d, mine } of defs.get(name) ?? []) {
        if (mine) byDecl.delete(d);
        if (d.kind === 'ErrorDecl') {
          if (!prev.broken && sig === undefined) sig = this.memo.converted(d, prev.aliasKey, () => brokenSig(d, env.aliases));
          continue;
        }
        if (d.kind !== 'FunctionDecl' && d.kind !== 'ToolDecl') continue;
        if (sig !== undefined) {
          if (mine) byDecl.set(d, { decl: d, start: d.start, diagnostics: [duplicateFunction(d, d.name)] });
          continue;
        }
        sig = this.memo.converted(d, prev.aliasKey, () => declaredSig(d, env.aliases));
        const found = mine ? typeNameDiagnostics(d, env) : [];
        if (found.length > 0) byDecl.set(d, { decl: d, start: d.start, diagnostics: found });
      }
      if (sig === undefined) env.functions.delete(name);
      else env.functions.set(name, sig);
    }
  }

  /**
   * Removed declarations that came back unchanged as new objects (their
   * chunk was parsed again, e.g. next to an error): old object → new object.
   * Undefined when there are too many to compare.
   */
  private pairRenewed(prev: State, removed: readonly Decl[], added: readonly Decl[]): Map<Decl, Decl> | undefined {
    const renewed = new Map<Decl, Decl>();
    if (removed.length === 0 || added.length === 0) return renewed;
    if (removed.length > MAX_RENEWED) return undefined;
    const byName = new Map<string, Decl[]>();
    for (const d of added) {
      const key = pairingKey(d);
      const list = byName.get(key);
      if (list === undefined) byName.set(key, [d]);
      else list.push(d);
    }
    for (const was of removed) {
      const list = byName.get(pairingKey(was));
      if (list === undefined) continue;
      const k = list.findIndex((now) => sameTree(was, now));
      if (k < 0) continue;
      renewed.set(was, list[k]);
      list.splice(k, 1);
    }
    return renewed;
  }

  /** Let `now` stand where `was` stood: same table entry, same diagnostics (moved), same memo. */
  private carryOver(prev: State, was: Decl, now: Decl): void {
    const sig = this.memo.sigs.get(was);
    if (sig !== undefined) this.memo.sigs.set(now, sig);
    const typeCheck = this.memo.typeChecks.get(was);
    if (typeCheck !== undefined) this.memo.typeChecks.set(now, typeCheck);
    // Its diagnostics were made for `was` at `placed.start`; the tree is the
    // same, so they move to `now` like any moved declaration's (see patch).
    const placed = prev.byDecl.get(was);
    if (placed !== undefined) {
      prev.byDecl.delete(was);
      prev.byDecl.set(now, { decl: now, start: placed.start, diagnostics: placed.diagnostics });
    }
  }
}

/** Beyond this many re-created declarations in one edit, rebuilding is as cheap as comparing. */
const MAX_RENEWED = 200;

/** Declarations that may be the same: same kind and name. */
function pairingKey(d: Decl): string {
  switch (d.kind) {
    case 'UseDecl':
      return 'use';
    case 'ErrorDecl':
      return `error:${d.intended ?? ''}:${d.name?.text ?? ''}`;
    case 'TestDecl':
      return `test:${d.target.text}`;
    default:
      return `${d.kind}:${d.name.text}`;
  }
}

/**
 * A renewed pair whose name is defined more than once in the file may have
 * been matched with the wrong twin (identical trees at two places): which of
 * them is the ILO-T002 duplicate depends on order, which pairing by tree does
 * not see. Such pairs are dropped, so their names are worked out again from
 * all definitions in order (see redefine).
 */
function unpairTwins(renewed: Map<Decl, Decl>, own: readonly Decl[]): void {
  const names = new Set<string>();
  for (const now of renewed.values()) {
    const name = functionName(now);
    if (name !== undefined) names.add(name);
  }
  if (names.size === 0) return;
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const d of own) {
    const name = functionName(d);
    if (name === undefined || !names.has(name)) continue;
    if (seen.has(name)) twice.add(name);
    else seen.add(name);
  }
  if (twice.size === 0) return;
  for (const [was, now] of [...renewed]) {
    const name = functionName(now);
    if (name !== undefined && twice.has(name)) renewed.delete(was);
  }
}

/** The function or tool name a declaration defines in the environment, if any. */
function functionName(d: Decl): string | undefined {
  if (d.kind === 'FunctionDecl' || d.kind === 'ToolDecl') return d.name.text;
  if (d.kind === 'ErrorDecl' && (d.intended === 'function' || d.intended === 'tool')) return d.name?.text;
  return undefined;
}

/** Declarations whose arrival or departure touches only the function table. */
function patchable(d: Decl): boolean {
  switch (d.kind) {
    case 'FunctionDecl':
    case 'ToolDecl':
    case 'UseDecl':
    case 'TestDecl':
      return true;
    case 'ErrorDecl':
      return d.intended !== 'type' && d.intended !== 'alias';
    default:
      return false;
  }
}

function sameDecls(a: readonly Decl[], b: readonly Decl[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

