// Name lookups for editor features: what the identifier under the cursor
// refers to (a local, a parameter, a declaration in this or a used file, a
// field, a builtin), answered by the shared resolver (./resolver.ts), and
// which names are visible at a position (for completion).

import type { Decl, FunctionDecl, LambdaExpr, Name, Program, Span, Stmt } from '../syntax/ast';
import type { Builtin } from '../syntax/builtins';
import { childrenOf, forEachNode, isArm, isParam, pathAt, type Node } from '../syntax/walk';
import { resolveFile, type FileSymbols, type LocatedDecl, type ResolveInput } from './resolver';
import type { ResolvedSymbol } from './symbolIdentity';

export type { LocatedDecl } from './resolver';

export type SymbolTarget =
  | { kind: 'decl'; decl: Decl; file?: string }
  | { kind: 'builtin'; builtin: Builtin; writtenAs: string }
  | { kind: 'local'; name: string; binding: Name; role: 'param' | 'binding' }
  | { kind: 'field'; name: string; owner?: LocatedDecl; field?: Name };

export interface SymbolHit {
  /** The range of the identifier under the cursor. */
  range: Span;
  target: SymbolTarget;
  /** The resolver's answer this target was made from. */
  symbol: ResolvedSymbol;
}

/** The name a declaration declares (a `use` or a `test` block declares none). */
export function declName(d: Decl): Name | undefined {
  return d.kind === 'UseDecl' || d.kind === 'TestDecl' ? undefined : d.name;
}

/** Declarations visible in a file: its own, then those reached through `use`. */
export function visibleDecls(program: Program, imported: readonly LocatedDecl[]): LocatedDecl[] {
  return [...program.decls.map((decl) => ({ decl })), ...imported];
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
      if (p.kind === 'OkPat' || p.kind === 'ErrPat' || p.kind === 'TypePat' || p.kind === 'VariantPat') out.push({ name: p.binding, role: 'binding' });
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

const cache = new WeakMap<Program, { input: ResolveInput; symbols: FileSymbols }>();

/** Every name in a file resolved (cached while the program, imports, text and path are the same). */
export function symbolsOf(input: ResolveInput): FileSymbols {
  const hit = cache.get(input.program);
  if (hit && hit.input.importedLocated === input.importedLocated && hit.input.text === input.text && hit.input.path === input.path) return hit.symbols;
  const symbols = resolveFile(input);
  cache.set(input.program, { input, symbols });
  return symbols;
}

/** What the identifier at `offset` refers to, if anything (definition and hover ask this). */
export function symbolAt(input: ResolveInput, offset: number): SymbolHit | undefined {
  const o = symbolsOf(input).at(offset);
  if (!o) return undefined;
  const target = targetOf(o.symbol, input.path);
  return target && { range: { start: o.start, end: o.end }, target, symbol: o.symbol };
}

function targetOf(s: ResolvedSymbol, here: string): SymbolTarget | undefined {
  const file = s.file === here ? undefined : s.file;
  switch (s.kind) {
    case 'builtin':
      return s.builtin && { kind: 'builtin', builtin: s.builtin, writtenAs: s.name };
    case 'local':
    case 'param':
      return s.declaration && { kind: 'local', name: s.name, binding: s.declaration, role: s.role ?? 'binding' };
    case 'field':
      return { kind: 'field', name: s.name, owner: s.decl && { decl: s.decl, file }, field: s.declaration };
    default:
      return s.decl && { kind: 'decl', decl: s.decl, file };
  }
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
