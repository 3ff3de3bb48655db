// The naming environment the schema generators resolve types in: record
// types and aliases from the file and the files it `use`s, plus a cache of
// every declaration's parsed annotations.
import type { AliasDecl, Comment, Decl, SumTypeDecl, TypeDecl, TypeExpr } from '../syntax/ast';
import { annotatedKind, parseAnnotations, proseOnlyAnnotations, relocateAnnotations, type AnnotationsResult, type ParseAnnotationsOptions } from './annotations';
import { sameDocText } from './declMemo';

export interface SchemaEnv {
  readonly types: ReadonlyMap<string, TypeDecl>;
  readonly aliases: ReadonlyMap<string, AliasDecl>;
  /** Level 26: sum types with payloads (`type shape = circle(n) | point`), generic ones included. */
  readonly sums: ReadonlyMap<string, SumTypeDecl>;
  /** Names (records, sums or aliases) that can reach themselves: these go to `$defs`. */
  readonly recursive: ReadonlySet<string>;
  /** The parsed doc-comment annotations of a declaration (cached per node). */
  annotationsOf(decl: Decl): AnnotationsResult;
  /**
   * Identity of how names resolve: two environments with the same key have
   * the same record types and aliases (the same declaration objects, whose
   * doc comments say the same), so whatever a declaration's schema is in one
   * it is in the other. A fresh environment gets a new key; an `EnvBuilder`
   * keeps it across edits that change no type or alias.
   */
  readonly key: object;
}

/**
 * Build the environment from every declaration in scope (the file's own and
 * those of the files it uses). When a name is declared twice, the first
 * declaration wins (the verifier reports the clash).
 */
export function buildSchemaEnv(decls: readonly Decl[], options: ParseAnnotationsOptions = {}): SchemaEnv {
  const { types, aliases, sums } = namedTypes(decls);
  return makeEnv(types, aliases, sums, findRecursiveNames(types, aliases, sums), {}, options);
}

interface NamedTypes {
  types: Map<string, TypeDecl>;
  aliases: Map<string, AliasDecl>;
  sums: Map<string, SumTypeDecl>;
}

function namedTypes(decls: readonly Decl[]): NamedTypes {
  const types = new Map<string, TypeDecl>();
  const aliases = new Map<string, AliasDecl>();
  const sums = new Map<string, SumTypeDecl>();
  const taken = (name: string) => types.has(name) || aliases.has(name) || sums.has(name);
  for (const d of decls) {
    if (d.kind === 'TypeDecl' && !taken(d.name.text)) types.set(d.name.text, d);
    if (d.kind === 'AliasDecl' && !taken(d.name.text)) aliases.set(d.name.text, d);
    if (d.kind === 'SumTypeDecl' && !taken(d.name.text)) sums.set(d.name.text, d);
  }
  return { types, aliases, sums };
}

/**
 * buildSchemaEnv for one document edit after edit: the environment's key
 * (and its set of recursive names) is kept while the record types and
 * aliases are the same declaration objects with doc comments that say the
 * same, so results cached by key stay valid (see SchemaEnv.key).
 */
export class EnvBuilder {
  private last?: { named: Array<readonly [string, Decl, readonly Comment[]]>; recursive: ReadonlySet<string>; key: object };

  build(decls: readonly Decl[]): SchemaEnv {
    const { types, aliases, sums } = namedTypes(decls);
    const named: Array<readonly [string, Decl, readonly Comment[]]> = [];
    for (const [name, d] of types) named.push([name, d, d.doc ?? NO_DOC]);
    for (const [name, d] of aliases) named.push([name, d, d.doc ?? NO_DOC]);
    for (const [name, d] of sums) named.push([name, d, d.doc ?? NO_DOC]);
    const last = this.last;
    if (last !== undefined && sameNamed(last.named, named)) {
      this.last = { ...last, named };
      return makeEnv(types, aliases, sums, last.recursive, last.key, {});
    }
    const recursive = findRecursiveNames(types, aliases, sums);
    const key = {};
    this.last = { named, recursive, key };
    return makeEnv(types, aliases, sums, recursive, key, {});
  }
}

function sameNamed(a: ReadonlyArray<readonly [string, Decl, readonly Comment[]]>, b: ReadonlyArray<readonly [string, Decl, readonly Comment[]]>): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    if (a[i][0] !== b[i][0] || a[i][1] !== b[i][1] || !sameDocText(a[i][2], b[i][2])) return false;
  }
  return true;
}

function makeEnv(
  types: ReadonlyMap<string, TypeDecl>,
  aliases: ReadonlyMap<string, AliasDecl>,
  sums: ReadonlyMap<string, SumTypeDecl>,
  recursive: ReadonlySet<string>,
  key: object,
  options: ParseAnnotationsOptions,
): SchemaEnv {
  const cache = new WeakMap<Decl, AnnotationsResult>();
  return {
    types,
    aliases,
    sums,
    recursive,
    key,
    annotationsOf(decl: Decl): AnnotationsResult {
      let r = cache.get(decl);
      if (!r) {
        r = annotatedKind(decl) ? keptAnnotations(decl, options) : { annotations: proseOnlyAnnotations(), diagnostics: [] };
        cache.set(decl, r);
      }
      return r;
    },
  };
}

const NO_DOC: readonly Comment[] = [];

/**
 * Parsed annotations by declaration, kept from one environment to the next:
 * an edit gets a new environment, but the incremental parser hands back the
 * same declaration object (and doc comment array) while their text is
 * unchanged, moving them in place when text before them changes; the result
 * is then moved along instead of parsed again. Results are shared: readers
 * must not change them.
 */
const kept = new WeakMap<Decl, { doc: readonly Comment[]; declStart: number; docStart: number; extraKeys: string; result: AnnotationsResult }>();

function keptAnnotations(decl: Decl, options: ParseAnnotationsOptions): AnnotationsResult {
  const doc = decl.doc ?? NO_DOC;
  const extraKeys = (options.extraKeys ?? []).join(' ');
  const docStart = doc.length > 0 ? doc[0].start : decl.start;
  const hit = kept.get(decl);
  if (hit && hit.doc === doc && hit.extraKeys === extraKeys) {
    const delta = decl.start - hit.declStart;
    if (docStart - hit.docStart === delta) {
      if (delta === 0) return hit.result;
      const result = relocateAnnotations(hit.result, delta);
      kept.set(decl, { doc, declStart: decl.start, docStart, extraKeys, result });
      return result;
    }
  }
  const result = parseAnnotations(doc, decl, options);
  kept.set(decl, { doc, declStart: decl.start, docStart, extraKeys, result });
  return result;
}

/**
 * What a declaration's schemas can depend on in an environment: every name
 * its type expressions mention, and, through the records and aliases those
 * resolve to, every name reachable from them, each with the declaration it
 * resolves to (undefined: none) and that declaration's doc comment. Schema
 * conversion looks up no other name, and whether a name is recursive depends
 * only on what is reachable from it; so while every name here resolves to the
 * same declaration with a doc comment that says the same (sameEnvDeps), the
 * declaration's schemas and their diagnostics are the same.
 */
export type EnvDeps = ReadonlyArray<readonly [name: string, decl: NamedTypeDecl | undefined, doc: readonly Comment[]]>;

/** A declaration a type name can resolve to. */
export type NamedTypeDecl = TypeDecl | AliasDecl | SumTypeDecl;

/** What `name` means in `env`: a record, an alias, a sum type, or nothing. */
export function lookupNamed(env: SchemaEnv, name: string): NamedTypeDecl | undefined {
  return env.types.get(name) ?? env.aliases.get(name) ?? env.sums.get(name);
}

function typeExprsOf(decl: Decl): TypeExpr[] {
  switch (decl.kind) {
    case 'ToolDecl':
    case 'FunctionDecl':
      return [...(decl.params ?? []).map((p) => p.type), decl.returnType].filter((t) => t !== undefined);
    case 'TypeDecl':
      return (decl.fields ?? []).map((f) => f.type).filter((t) => t !== undefined);
    case 'AliasDecl':
      return decl.target ? [decl.target] : [];
    case 'SumTypeDecl':
      return (decl.variants ?? []).map((v) => v.payload).filter((t) => t !== undefined);
    default:
      return [];
  }
}

export function envDepsOf(decl: Decl, env: SchemaEnv): EnvDeps {
  const names = new Set<string>();
  for (const t of typeExprsOf(decl)) namedRefs(t, names);
  const out: Array<readonly [string, NamedTypeDecl | undefined, readonly Comment[]]> = [];
  // `names` grows while it is walked: a Set iterates over what is added meanwhile.
  for (const name of names) {
    const d = lookupNamed(env, name);
    out.push([name, d, d?.doc ?? NO_DOC]);
    if (d !== undefined) for (const t of typeExprsOf(d)) namedRefs(t, names);
  }
  return out;
}

export function sameEnvDeps(deps: EnvDeps, env: SchemaEnv): boolean {
  for (const [name, decl, doc] of deps) {
    const now = lookupNamed(env, name);
    if (now !== decl || (now !== undefined && !sameDocText(now.doc ?? NO_DOC, doc))) return false;
  }
  return true;
}

function namedRefs(t: TypeExpr, out: Set<string>): void {
  switch (t.kind) {
    case 'NamedType':
      out.add(t.name);
      break;
    case 'ListType':
      namedRefs(t.elem, out);
      break;
    case 'OptType':
      namedRefs(t.inner, out);
      break;
    case 'MapType':
      namedRefs(t.key, out);
      namedRefs(t.value, out);
      break;
    case 'ResultType':
      namedRefs(t.ok, out);
      namedRefs(t.err, out);
      break;
    case 'FnType':
      t.params.forEach((p) => namedRefs(p, out));
      namedRefs(t.ret, out);
      break;
    default:
      break;
  }
}

/**
 * Every declared name that lies on a cycle of the "mentions" graph: the
 * members of strongly connected components with more than one node, plus
 * names that mention themselves. Tarjan's algorithm, iterative (no deep
 * recursion on long chains of types).
 */
function findRecursiveNames(types: ReadonlyMap<string, TypeDecl>, aliases: ReadonlyMap<string, AliasDecl>, sums: ReadonlyMap<string, SumTypeDecl>): Set<string> {
  const edges = new Map<string, string[]>();
  for (const [name, decl] of sums) {
    const out = new Set<string>();
    for (const v of decl.variants) if (v.payload) namedRefs(v.payload, out);
    // A sum's own type parameters are variables, not names of types.
    for (const p of decl.typeParams) out.delete(p.name.text);
    edges.set(name, [...out]);
  }
  for (const [name, decl] of types) {
    const out = new Set<string>();
    decl.fields.forEach((f) => namedRefs(f.type, out));
    edges.set(name, [...out]);
  }
  for (const [name, decl] of aliases) {
    const out = new Set<string>();
    namedRefs(decl.target, out);
    edges.set(name, [...out]);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const recursive = new Set<string>();
  let counter = 0;
  for (const root of edges.keys()) {
    if (index.has(root)) continue;
    const work: { node: string; next: number }[] = [{ node: root, next: 0 }];
    index.set(root, counter);
    low.set(root, counter++);
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const succ = (edges.get(frame.node) ?? []).filter((m) => edges.has(m));
      if (frame.next < succ.length) {
        const m = succ[frame.next++];
        if (m === frame.node) recursive.add(m);
        if (!index.has(m)) {
          index.set(m, counter);
          low.set(m, counter++);
          stack.push(m);
          onStack.add(m);
          work.push({ node: m, next: 0 });
        } else if (onStack.has(m)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(m)!));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent)!, low.get(frame.node)!));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let m: string;
        do {
          m = stack.pop()!;
          onStack.delete(m);
          component.push(m);
        } while (m !== frame.node);
        if (component.length > 1) component.forEach((c) => recursive.add(c));
      }
    }
  }
  return recursive;
}
