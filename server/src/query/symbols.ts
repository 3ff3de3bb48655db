// Name resolution for editor features: what the identifier under the cursor
// refers to (a local, a parameter, a declaration in this or a used file, a
// builtin), and which names are visible at a position.

import type { Decl, FunctionDecl, LambdaExpr, Name, Program, Span, Stmt } from '../syntax/ast';
import { lookupBuiltin, type Builtin } from '../syntax/builtins';
import { childrenOf, forEachNode, isArm, isParam, pathAt, type Node } from '../syntax/walk';

/** A declaration together with the file it lives in (undefined = the current file). */
export interface LocatedDecl {
  decl: Decl;
  file?: string;
}

export type SymbolTarget =
  | { kind: 'decl'; decl: Decl; file?: string }
  | { kind: 'builtin'; builtin: Builtin; writtenAs: string }
  | { kind: 'local'; name: string; binding: Name; role: 'param' | 'binding' }
  | { kind: 'field'; name: string; owner?: LocatedDecl; field?: Name };

export interface SymbolHit {
  /** The range of the identifier under the cursor. */
  range: Span;
  target: SymbolTarget;
}

export function declName(d: Decl): Name | undefined {
  switch (d.kind) {
    case 'UseDecl':
      return undefined;
    case 'ErrorDecl':
      return d.name;
    default:
      return d.name;
  }
}

/** Declarations visible in a file: its own, then those reached through `use`. */
export function visibleDecls(program: Program, imported: readonly LocatedDecl[]): LocatedDecl[] {
  return [...program.decls.map((decl) => ({ decl })), ...imported];
}

export function findDecl(decls: readonly LocatedDecl[], name: string): LocatedDecl | undefined {
  return decls.find((d) => declName(d.decl)?.text === name && d.decl.kind !== 'ErrorDecl') ??
    decls.find((d) => declName(d.decl)?.text === name);
}

type Callable = FunctionDecl | LambdaExpr;

/** Every local name a function or lambda binds, in source order (params first). */
export function localBindings(fn: Callable): Array<{ name: Name; role: 'param' | 'binding' }> {
  const out: Array<{ name: Name; role: 'param' | 'binding' }> = fn.params.map((p) => ({ name: p.name, role: 'param' }));
  const visitStmt = (s: Stmt): void => {
    switch (s.kind) {
      case 'Bind':
        out.push({ name: s.name, role: 'binding' });
        break;
      case 'Destructure':
        for (const n of s.names) out.push({ name: n, role: 'binding' });
        break;
      case 'ForEach':
      case 'ForRange':
        out.push({ name: s.binding, role: 'binding' });
        break;
      default:
        break;
    }
  };
  forEachNode(fn.body, (n) => {
    if (isArm(n)) {
      const p = n.pattern;
      if (p.kind === 'OkPat' || p.kind === 'ErrPat' || p.kind === 'TypePat') out.push({ name: p.binding, role: 'binding' });
    } else if (!isParam(n) && 'kind' in n && n.kind !== 'Lambda') {
      visitStmt(n as Stmt);
    }
  });
  return out;
}

/** The innermost function or lambda on a node path. */
function enclosingCallable(path: readonly Node[]): Callable | undefined {
  for (let i = path.length - 1; i >= 0; i--) {
    const n = path[i];
    if ('kind' in n && (n.kind === 'FunctionDecl' || n.kind === 'Lambda')) return n as Callable;
  }
  return undefined;
}

function within(s: Span, offset: number): boolean {
  return s.start <= offset && offset <= s.end;
}

function resolveName(
  name: string,
  offset: number,
  path: readonly Node[],
  decls: readonly LocatedDecl[],
  preferCallable: boolean,
): SymbolTarget | undefined {
  const fn = enclosingCallable(path);
  if (fn && !preferCallable) {
    const local = localBindings(fn).find((b) => b.name.text === name && b.name.start <= offset);
    if (local) return { kind: 'local', name, binding: local.name, role: local.role };
  }
  const decl = findDecl(decls, name);
  if (decl) return { kind: 'decl', decl: decl.decl, file: decl.file };
  const builtin = lookupBuiltin(name);
  if (builtin) return { kind: 'builtin', builtin, writtenAs: name };
  if (fn && preferCallable) {
    const local = localBindings(fn).find((b) => b.name.text === name);
    if (local) return { kind: 'local', name, binding: local.name, role: local.role };
  }
  return undefined;
}

/** What the identifier at `offset` refers to, if anything. */
export function symbolAt(program: Program, imported: readonly LocatedDecl[], offset: number): SymbolHit | undefined {
  const decls = visibleDecls(program, imported);
  const path = pathAt(program.decls, offset);
  if (path.length === 0) return undefined;
  const leaf = path[path.length - 1];

  // Declaration names resolve to themselves.
  const top = path[0] as Decl;
  const ownName = declName(top);
  if (ownName && within(ownName, offset)) return { range: ownName, target: { kind: 'decl', decl: top } };

  if (isParam(leaf)) {
    if (within(leaf.name, offset)) {
      if (top.kind === 'TypeDecl') return { range: leaf.name, target: { kind: 'field', name: leaf.name.text, owner: { decl: top }, field: leaf.name } };
      return { range: leaf.name, target: { kind: 'local', name: leaf.name.text, binding: leaf.name, role: 'param' } };
    }
    return undefined;
  }
  if (isArm(leaf)) {
    const p = leaf.pattern;
    if ((p.kind === 'OkPat' || p.kind === 'ErrPat' || p.kind === 'TypePat') && within(p.binding, offset)) {
      return { range: p.binding, target: { kind: 'local', name: p.binding.text, binding: p.binding, role: 'binding' } };
    }
    return undefined;
  }
  switch (leaf.kind) {
    case 'NamedType': {
      const target = resolveName(leaf.name, offset, [], decls, true);
      return target ? { range: leaf, target } : undefined;
    }
    case 'Ref': {
      const target = resolveName(leaf.name, offset, path, decls, false);
      return target ? { range: leaf, target } : undefined;
    }
    case 'Call': {
      if (!within(leaf.callee, offset)) return undefined;
      const target = resolveName(leaf.callee.text, offset, path, decls, true);
      return target ? { range: leaf.callee, target } : undefined;
    }
    case 'Record': {
      if (within(leaf.typeName, offset)) {
        const target = resolveName(leaf.typeName.text, offset, [], decls, true);
        return target ? { range: leaf.typeName, target } : undefined;
      }
      const init = leaf.fields.find((f) => within(f.name, offset));
      if (init) {
        const owner = findDecl(decls, leaf.typeName.text);
        const field = owner?.decl.kind === 'TypeDecl' ? owner.decl.fields.find((f) => f.name.text === init.name.text)?.name : undefined;
        return { range: init.name, target: { kind: 'field', name: init.name.text, owner, field } };
      }
      return undefined;
    }
    case 'Field':
      if (within(leaf.field, offset)) {
        const owner = recordOwningField(decls, leaf.field.text);
        const field = owner?.decl.kind === 'TypeDecl' ? owner.decl.fields.find((f) => f.name.text === leaf.field.text)?.name : undefined;
        return { range: leaf.field, target: { kind: 'field', name: leaf.field.text, owner, field } };
      }
      return undefined;
    case 'Bind':
      if (within(leaf.name, offset)) return { range: leaf.name, target: { kind: 'local', name: leaf.name.text, binding: leaf.name, role: 'binding' } };
      return undefined;
    case 'ForEach':
    case 'ForRange':
      if (within(leaf.binding, offset)) return { range: leaf.binding, target: { kind: 'local', name: leaf.binding.text, binding: leaf.binding, role: 'binding' } };
      return undefined;
    case 'Destructure': {
      const n = leaf.names.find((x) => within(x, offset));
      if (!n) return undefined;
      return { range: n, target: { kind: 'local', name: n.text, binding: n, role: 'binding' } };
    }
    default:
      return undefined;
  }
}

/**
 * The record type that declares a field of this name, when exactly one does
 * (without types at hand that is the best unambiguous answer).
 */
function recordOwningField(decls: readonly LocatedDecl[], field: string): LocatedDecl | undefined {
  const owners = decls.filter((d) => d.decl.kind === 'TypeDecl' && d.decl.fields.some((f) => f.name.text === field));
  return owners.length === 1 ? owners[0] : undefined;
}

/** Names of locals visible at `offset` (params and bindings written before it). */
export function localsAt(program: Program, offset: number): Array<{ name: Name; role: 'param' | 'binding' }> {
  const path = pathAt(program.decls, offset);
  const fn = enclosingCallable(path);
  if (!fn) return [];
  const seen = new Set<string>();
  return localBindings(fn).filter((b) => {
    if (b.name.start > offset || seen.has(b.name.text)) return false;
    seen.add(b.name.text);
    return true;
  });
}

export { childrenOf };
