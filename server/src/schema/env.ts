// The naming environment the schema generators resolve types in: record
// types and aliases from the file and the files it `use`s, plus a cache of
// every declaration's parsed annotations.
import type { AliasDecl, Comment, Decl, TypeDecl } from '../syntax/ast';
import { annotatedKind, emptyAnnotations, parseAnnotations, relocateAnnotations, type AnnotationsResult, type ParseAnnotationsOptions } from './annotations';

export interface SchemaEnv {
  readonly types: ReadonlyMap<string, TypeDecl>;
  readonly aliases: ReadonlyMap<string, AliasDecl>;
  /** Names (records or aliases) that can reach themselves: these go to `$defs`. */
  readonly recursive: ReadonlySet<string>;
  /** The parsed doc-comment annotations of a declaration (cached per node). */
  annotationsOf(decl: Decl): AnnotationsResult;
}

/**
 * Build the environment from every declaration in scope (the file's own and
 * those of the files it uses). When a name is declared twice, the first
 * declaration wins (the verifier reports the clash).
 */
export function buildSchemaEnv(decls: readonly Decl[], options: ParseAnnotationsOptions = {}): SchemaEnv {
  const types = new Map<string, TypeDecl>();
  const aliases = new Map<string, AliasDecl>();
  for (const d of decls) {
    if (d.kind === 'TypeDecl' && !types.has(d.name.text) && !aliases.has(d.name.text)) types.set(d.name.text, d);
    if (d.kind === 'AliasDecl' && !types.has(d.name.text) && !aliases.has(d.name.text)) aliases.set(d.name.text, d);
  }
  const cache = new WeakMap<Decl, AnnotationsResult>();
  return {
    types,
    aliases,
    recursive: findRecursiveNames(types, aliases),
    annotationsOf(decl: Decl): AnnotationsResult {
      let r = cache.get(decl);
      if (!r) {
        r = annotatedKind(decl) ? keptAnnotations(decl, options) : { annotations: emptyAnnotations(), diagnostics: [] };
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

function namedRefs(t: import('../syntax/ast').TypeExpr, out: Set<string>): void {
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
function findRecursiveNames(types: ReadonlyMap<string, TypeDecl>, aliases: ReadonlyMap<string, AliasDecl>): Set<string> {
  const edges = new Map<string, string[]>();
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
