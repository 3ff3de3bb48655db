// Which class (tokenClasses.ts) every name in a file belongs to: declaration
// names, parameters and local bindings (with where they are declared and
// whether they are ever rebound), calls and references resolved the way go
// to definition resolves them (query/symbols.ts), record types and fields,
// type variables, builtins and their long forms. One pass over the tree;
// the semantic tokens are this list encoded.

import type { Decl, Expr, FunctionDecl, LambdaExpr, MatchArm, Name, Param, Program, Span, Stmt, TypeExpr } from '../../syntax/ast';
import type { BuiltinTable } from '../../syntax/builtinKit';
import { levelById } from '../../level';
import { declName, visibleDecls, type LocatedDecl } from '../../query/symbols';
import { childrenOf, forEachNode, isArm, isParam, type Node } from '../../syntax/walk';
import type { TokenClass } from './tokenClasses';
import { declSymbolKind } from '../../query/symbolIdentity';

export interface ClassifiedName extends Span {
  cls: TokenClass;
  /** The name is declared here (a declaration, a parameter, a binding's first site). */
  declaration?: boolean;
  /** A local that is never rebound after its first binding. */
  readonly?: boolean;
  /** A binding that rebinds a local declared earlier. */
  modification?: boolean;
}

/**
 * Every classified name of `program`, sorted by position, without overlaps.
 * With the document `text`, sum-type variants in match arms (`red:…`) are
 * told apart from quoted text patterns.
 */
export function classifyNames(program: Program, imported: readonly LocatedDecl[], text?: string): ClassifiedName[] {
  const out: ClassifiedName[] = [];
  const c = new Classifier(globalNames(program, imported), out, text, levelById(program.level ?? '0.11').builtins, variantNames(program, imported));
  for (const d of program.decls) c.decl(d);
  out.sort((a, b) => a.start - b.start || a.end - b.end);
  const unique: ClassifiedName[] = [];
  for (const t of out) {
    const last = unique[unique.length - 1];
    if (t.end <= t.start || (last !== undefined && t.start < last.end)) continue;
    unique.push(t);
  }
  return unique;
}

/** What each global name means (as findDecl resolves it: a well-formed declaration wins over a broken one). */
function globalNames(program: Program, imported: readonly LocatedDecl[]): Map<string, Decl> {
  const out = new Map<string, Decl>();
  for (const { decl } of visibleDecls(program, imported)) {
    const name = declName(decl)?.text;
    if (name === undefined) continue;
    const had = out.get(name);
    if (had === undefined || (had.kind === 'ErrorDecl' && decl.kind !== 'ErrorDecl')) out.set(name, decl);
  }
  return out;
}

/** Level 26: the variants of the visible sum types. */
function variantNames(program: Program, imported: readonly LocatedDecl[]): Set<string> {
  const out = new Set<string>();
  for (const { decl } of visibleDecls(program, imported)) if (decl.kind === 'SumTypeDecl') for (const v of decl.variants) out.add(v.name.text);
  return out;
}

/** The class of a declaration's name: its symbol kind (a broken declaration of unknown intent has none). */
function declClass(d: Decl): TokenClass | undefined {
  if (d.kind === 'ErrorDecl' && !(d.intended === 'function' || d.intended === 'tool' || d.intended === 'type' || d.intended === 'alias')) return undefined;
  const kind = declSymbolKind(d);
  return kind === 'type' ? 'recordType' : kind === 'function' || kind === 'tool' || kind === 'alias' ? kind : undefined;
}

type SiteKind = 'param' | 'bind' | 'fresh';

interface Site {
  name: Name;
  kind: SiteKind;
}

/** The names a function or lambda binds (not those of the lambdas inside it), grouped by name. */
class Scope {
  readonly sites = new Map<string, Site[]>();
  /** Per name: whether any rebinding follows its first site. */
  private readonly rebound = new Map<string, boolean>();

  constructor(
    fn: FunctionDecl | LambdaExpr,
    readonly outer: Scope | undefined,
  ) {
    for (const p of fn.params) this.add(p.name, 'param');
    const stack: Node[] = [...fn.body].reverse();
    while (stack.length > 0) {
      const n = stack.pop()!;
      if (isArm(n)) {
        const b = armBinding(n);
        if (b) this.add(b, 'fresh');
      } else if (!isParam(n) && 'kind' in n) {
        if (n.kind === 'Lambda') continue; // its own scope
        const s = n as Stmt;
        if (s.kind === 'Bind') this.add(s.name, 'bind');
        else if (s.kind === 'Destructure') for (const x of s.names) this.add(x, 'bind');
        else if (s.kind === 'ForEach' || s.kind === 'ForRange') this.add(s.binding, 'fresh');
      }
      const kids = childrenOf(n);
      for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
    }
    for (const [name, list] of this.sites) {
      list.sort((a, b) => a.name.start - b.name.start);
      this.rebound.set(name, list.slice(1).some((s) => s.kind === 'bind'));
    }
  }

  private add(name: Name, kind: SiteKind): void {
    if (name.text === '_' || name.text === '') return;
    let list = this.sites.get(name.text);
    if (!list) this.sites.set(name.text, (list = []));
    list.push({ name, kind });
  }

  /** The class and modifiers of a use of local `name`, when this scope (or an outer one) binds it. */
  use(name: string, offset: number, boundBefore: boolean): Omit<ClassifiedName, 'start' | 'end'> | undefined {
    for (let s: Scope | undefined = this; s; s = s.outer) {
      const list = s.sites.get(name);
      if (!list || (boundBefore && list[0].name.start > offset)) continue;
      return { cls: list[0].kind === 'param' ? 'parameter' : 'variable', readonly: !s.rebound.get(name) };
    }
    return undefined;
  }

  /** The modifiers of a binding site of this scope. */
  site(name: Name): ClassifiedName {
    const list = this.sites.get(name.text) ?? [];
    const first = list[0];
    const kind = list.find((s) => s.name.start === name.start)?.kind ?? 'fresh';
    const cls: TokenClass = first?.kind === 'param' ? 'parameter' : 'variable';
    const rebinding = kind === 'bind' && first !== undefined && first.name.start < name.start;
    return {
      start: name.start,
      end: name.end,
      cls,
      declaration: rebinding ? undefined : true,
      modification: rebinding ? true : undefined,
      readonly: !this.rebound.get(name.text),
    };
  }
}

function armBinding(arm: MatchArm): Name | undefined {
  const p = arm.pattern;
  return p.kind === 'OkPat' || p.kind === 'ErrPat' || p.kind === 'TypePat' || p.kind === 'VariantPat' ? p.binding : undefined;
}

class Classifier {
  constructor(
    private readonly globals: ReadonlyMap<string, Decl>,
    private readonly out: ClassifiedName[],
    private readonly text: string | undefined,
    private readonly builtins: BuiltinTable,
    private readonly variants: ReadonlySet<string>,
  ) {}

  private push(span: Span, cls: TokenClass, extra: Partial<ClassifiedName> = {}): void {
    this.out.push({ start: span.start, end: span.end, cls, ...extra });
  }

  decl(d: Decl): void {
    const name = declName(d);
    const cls = declClass(d);
    if (name && cls) this.push(name, cls, { declaration: true });
    switch (d.kind) {
      case 'FunctionDecl':
        for (const tp of d.typeParams ?? []) this.push(tp.name, 'typeVariable', { declaration: true });
        for (const n of d.errorSet ?? []) this.push(n, 'variant');
        this.callable(d, undefined);
        break;
      case 'SumTypeDecl':
        for (const tp of d.typeParams) this.push(tp.name, 'typeVariable', { declaration: true });
        for (const v of d.variants) {
          this.push(v.name, 'variant', { declaration: true });
          if (v.payload) this.type(v.payload);
        }
        break;
      case 'TestDecl':
        for (const n of [d.target, ...d.cases.map((c) => c.callee)]) {
          const target = this.globals.get(n.text);
          const c = target && declClass(target);
          if (c) this.push(n, c);
        }
        break;
      case 'ToolDecl':
        for (const p of d.params) this.param(p, { readonly: true });
        this.type(d.returnType);
        break;
      case 'TypeDecl':
        for (const f of d.fields) {
          this.push(f.name, 'field', { declaration: true });
          this.type(f.type);
        }
        break;
      case 'AliasDecl':
        this.type(d.target);
        break;
      case 'UseDecl':
        for (const n of d.only ?? []) {
          const target = this.globals.get(n.text);
          const c = target && declClass(target);
          if (c) this.push(n, c);
        }
        break;
      case 'ErrorDecl':
        for (const p of d.params ?? []) this.param(p, {});
        if (d.returnType) this.type(d.returnType);
        break;
    }
  }

  private param(p: Param, extra: Partial<ClassifiedName>): void {
    this.push(p.name, 'parameter', { declaration: true, ...extra });
    this.type(p.type);
  }

  /** A function or lambda: its header, then its body with its own scope. */
  private callable(fn: FunctionDecl | LambdaExpr, outer: Scope | undefined): void {
    const scope = new Scope(fn, outer);
    for (const p of fn.params) {
      const site = scope.site(p.name);
      this.push(p.name, 'parameter', { declaration: true, readonly: site.readonly });
      this.type(p.type);
    }
    this.type(fn.returnType);
    // Level 26: `req`/`ens` conditions read the parameters.
    if (fn.kind === 'FunctionDecl' && (fn.requires || fn.ensures)) {
      this.body([...(fn.requires ?? []), ...(fn.ensures ?? [])].map((e): Stmt => ({ kind: 'ExprStmt', expr: e, start: e.start, end: e.end })), scope);
    }
    this.body(fn.body, scope);
  }

  private type(root: TypeExpr): void {
    forEachNode([root], (n) => {
      if (!('kind' in n)) return;
      if (n.kind === 'NamedType') {
        const target = this.globals.get(n.name);
        const cls = target && declClass(target);
        if (cls === 'recordType' || cls === 'alias') this.push(n, cls);
        else if (/^[a-z]$/.test(n.name) && !'ntb'.includes(n.name)) this.push(n, 'typeVariable');
      } else if (n.kind === 'SumType') {
        for (const v of n.variants) this.push(v, 'variant');
      }
    });
  }

  private body(stmts: readonly Stmt[], scope: Scope): void {
    const stack: Node[] = [...stmts].reverse();
    while (stack.length > 0) {
      const n = stack.pop()!;
      if (isArm(n)) {
        const b = armBinding(n);
        if (b && b.text !== '_') this.out.push(scope.site(b));
        this.pattern(n.pattern);
      } else if (!isParam(n) && 'kind' in n) {
        if (n.kind === 'Lambda') {
          this.callable(n, scope);
          continue;
        }
        this.node(n as Stmt | Expr, scope);
      }
      const kids = childrenOf(n);
      for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
    }
  }

  private pattern(p: MatchArm['pattern']): void {
    // A variant arm (`red:`) is a text pattern written as a bare name.
    if (p.kind === 'LitPat' && p.value.kind === 'Text' && this.text !== undefined && /^[a-z]/.test(this.text.slice(p.start, p.start + 1))) {
      this.push(p, 'variant');
    } else if (p.kind === 'VariantPat') {
      this.push(p.tag, 'variant');
    } else if (p.kind === 'OrPat') {
      for (const a of p.alternatives) this.pattern(a);
    }
  }

  /** The names a statement or expression carries itself (its children are visited by `body`). */
  private node(n: Stmt | Expr, scope: Scope): void {
    switch (n.kind) {
      case 'Bind':
        this.out.push(scope.site(n.name));
        break;
      case 'Destructure':
        for (const x of n.names) this.out.push(scope.site(x));
        break;
      case 'ForEach':
      case 'ForRange':
        this.out.push(scope.site(n.binding));
        break;
      case 'Ref':
        this.reference(n, n.name, scope, false);
        break;
      case 'Call': {
        // A bare name without arguments (level 26 `e`) reads a local of that name when one is bound.
        const bare = n.args.length === 0 && n.parens !== true;
        this.reference(n.callee, n.callee.text, scope, !bare || scope.use(n.callee.text, n.callee.start, true) === undefined);
        this.labels(n);
        break;
      }
      case 'AnonRecord':
        for (const f of n.fields) this.push(f.name, 'field');
        break;
      case 'Field':
        this.push(n.field, 'field');
        break;
      case 'Record': {
        const target = this.globals.get(n.typeName.text);
        const cls = target && declClass(target);
        if (cls === 'recordType') this.push(n.typeName, cls);
        for (const f of n.fields) this.push(f.name, 'field');
        break;
      }
      case 'With':
        for (const u of n.updates) this.push(u.name, 'field');
        break;
      default:
        break;
    }
  }

  /** Level 26: labelled arguments name parameters of the function called. */
  private labels(call: Extract<Expr, { kind: 'Call' }>): void {
    if (!call.labels) return;
    const target = this.globals.get(call.callee.text);
    for (const l of call.labels) {
      if (l && target?.kind === 'FunctionDecl' && target.params.some((p) => p.name.text === l.text)) this.push(l, 'parameter');
    }
  }

  /**
   * A name in a body: a local bound before it, a declaration, a builtin, or
   * a local bound later (a loop reads it before the binding). A callee looks
   * for a declaration or builtin first, as go to definition does.
   */
  private reference(span: Span, name: string, scope: Scope, callee: boolean): void {
    if (!callee) {
      const local = scope.use(name, span.start, true);
      if (local) return this.push(span, local.cls, { readonly: local.readonly });
    }
    const target = this.globals.get(name);
    const cls = target && declClass(target);
    if (cls === 'function' || cls === 'tool') return this.push(span, cls);
    if (this.variants.has(name)) return this.push(span, 'variant');
    if (this.builtins.lookup(name)) return this.push(span, this.builtins.isAlias(name) ? 'builtinAlias' : 'builtin');
    const local = scope.use(name, span.start, false);
    if (local) this.push(span, local.cls, { readonly: local.readonly });
  }
}
