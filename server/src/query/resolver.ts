// The name resolver shared by definition, hover, references, rename and
// highlights: walks one file and maps every identifier occurrence to the
// symbol it names (./symbolIdentity.ts).
//
// Scoping follows the verifier (check/body.ts): a function or lambda starts a
// frame holding its parameters; guard, loop and match-arm bodies open a block
// (a `wh` body does not); `x=…` rebinds a local of the same frame when one is
// visible and declares a new local otherwise; loop variables, pattern
// bindings and lambda parameters are always new. A name read in code is a
// local first (captured locals included), then a function or tool, then a
// builtin; a callee is a builtin first, then a function or tool, then a local
// holding a function. Names inside strings and comments are never
// occurrences, except the member names of doc-comment annotations, which are
// kept apart (`place: 'annotation'`).
//
// The walk is iterative (an explicit task stack), so deeply nested input
// cannot overflow the call stack.
//
// Level 26 adds: sum-type variants (value names: `circle 5` constructs,
// `circle(r):` and `dot:` match), labelled arguments (`f(lo: 1)` names the
// parameter `lo` of `f`), `req`/`ens` conditions (in the function's frame),
// test blocks (their function), anonymous record fields, and a bare
// zero-argument name such as `e` reading a local of that name when one is
// bound. Builtins are those of the file's level.

import type { AliasDecl, Decl, Expr, LambdaExpr, MatchArm, Name, Param, Pattern, Program, Span, Stmt, SumTypeDecl, TypeDecl, TypeExpr, Variant } from '../syntax/ast';
import type { BuiltinTable } from '../syntax/builtinKit';
import { levelById } from '../level';
import { forEachNode } from '../syntax/walk';
import { NUM, TEXT, BOOL, UNKNOWN, listOf, type Ty } from '../check/types';
import { annotationNames } from './annotationNames';
import { TypeFacts } from './recordTypes';
import {
  builtinKey,
  declKey,
  declSymbolKind,
  fieldKey,
  localKey,
  namespaceOf,
  unresolvedFieldKey,
  variantKey,
  type Namespace,
  type Occurrence,
  type OccurrencePlace,
  type OccurrenceRole,
  type ResolvedSymbol,
} from './symbolIdentity';
import { declName } from './symbols';

/** A declaration together with the file it lives in (undefined = the current file). */
export interface LocatedDecl {
  decl: Decl;
  file?: string;
}

export interface ResolveInput {
  /** Absolute path of the file (the identity of its own declarations and locals). */
  path: string;
  text: string;
  program: Program;
  /** Declarations visible through `use`, with their files (a FileAnalysis is a ResolveInput). */
  importedLocated: readonly LocatedDecl[];
}

/** Every occurrence in one file, in source order, with lookups. */
export class FileSymbols {
  private readonly byKey = new Map<string, Occurrence[]>();

  constructor(
    readonly path: string,
    /** Sorted by start. */
    readonly occurrences: readonly Occurrence[],
  ) {
    for (const o of occurrences) {
      const list = this.byKey.get(o.symbol.key);
      if (list) list.push(o);
      else this.byKey.set(o.symbol.key, [o]);
    }
  }

  /**
   * The occurrence at `offset` among names in code and `use` lists (or, when
   * asked, among names in annotations). A cursor touching either end of a
   * name counts; one that the name contains wins. Of two occurrences on the
   * same name (a destructured name is a local and a field), the local wins.
   */
  at(offset: number, which: 'names' | 'annotations' = 'names'): Occurrence | undefined {
    let touching: Occurrence | undefined;
    for (const o of this.occurrences) {
      if (o.start > offset) break;
      if ((o.place === 'annotation') !== (which === 'annotations')) continue;
      if (offset < o.end) return o;
      if (offset === o.end && !touching) touching = o;
    }
    return touching;
  }

  /** Every occurrence of a symbol in this file. */
  of(key: string): readonly Occurrence[] {
    return this.byKey.get(key) ?? [];
  }

  /** Distinct symbols with occurrences in this file. */
  symbols(): ResolvedSymbol[] {
    return [...this.byKey.values()].map((list) => list[0].symbol);
  }
}

interface Scope {
  names: Map<string, ResolvedSymbol>;
  /** The first scope of a function or lambda: rebinding stops here. */
  frame: boolean;
}

type Task = () => void;

/** Resolves every name in a file. Pure: the same input gives the same answer. */
export function resolveFile(input: ResolveInput): FileSymbols {
  return new Resolver(input).run();
}

class Resolver {
  private readonly out: Occurrence[] = [];
  private readonly symbols = new Map<string, ResolvedSymbol>();
  private readonly values = new Map<string, { decl: Decl; file: string }>();
  private readonly types = new Map<string, { decl: Decl; file: string }>();
  private readonly facts: TypeFacts;
  private readonly fieldOwners = new Map<string, string[]>();
  /** Level 26: variant name → its sum type (first wins, as for other globals). */
  private readonly variants = new Map<string, { decl: SumTypeDecl; variant: Variant; file: string }>();
  private readonly builtins: BuiltinTable;
  private scopes: Scope[] = [];
  private readonly tasks: Task[] = [];

  constructor(private readonly input: ResolveInput) {
    this.builtins = levelById(input.program.level ?? '0.11').builtins;
    for (const d of input.program.decls) this.addGlobal(d, input.path);
    for (const l of input.importedLocated) this.addGlobal(l.decl, l.file ?? input.path);
    const aliases = [...this.types.values()].map((v) => v.decl).filter((d): d is AliasDecl => d.kind === 'AliasDecl');
    this.facts = new TypeFacts({
      callable: (name) => this.values.get(name)?.decl,
      record: (name) => this.record(name),
      aliases: () => aliases,
    });
    for (const [name, { decl }] of this.types) {
      if (decl.kind !== 'TypeDecl') continue;
      for (const f of decl.fields) this.fieldOwners.set(f.name.text, [...(this.fieldOwners.get(f.name.text) ?? []), name]);
    }
  }

  run(): FileSymbols {
    for (const d of this.input.program.decls) {
      this.push(() => this.decl(d));
      this.drain();
    }
    const sorted = this.out.sort((a, b) => a.start - b.start || rank(a) - rank(b));
    return new FileSymbols(this.input.path, sorted);
  }

  // ------------------------------------------------------------ plumbing

  /** Schedules tasks to run next, in the order given. */
  private push(...tasks: Task[]): void {
    for (let i = tasks.length - 1; i >= 0; i--) this.tasks.push(tasks[i]);
  }

  private drain(): void {
    while (this.tasks.length > 0) this.tasks.pop()!();
  }

  private emit(span: Span, symbol: ResolvedSymbol, role: OccurrenceRole, place: OccurrencePlace = 'code'): void {
    // Only names written as such (`$url` is a call of `get`, but `get` is not written there).
    if (this.input.text.slice(span.start, span.end) !== symbol.name) return;
    this.out.push({ start: span.start, end: span.end, symbol, role, place });
  }

  /** Where a reference's name is written: its span may include parentheses, `(dbl )`. */
  private refName(e: Span & { name: string }): Span {
    const text = this.input.text;
    let i = e.start;
    while (i < e.end && (text[i] === '(' || text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r')) i++;
    return { start: i, end: i + e.name.length };
  }

  private intern(key: string, make: () => Omit<ResolvedSymbol, 'key'>): ResolvedSymbol {
    let s = this.symbols.get(key);
    if (!s) {
      s = { key, ...make() };
      this.symbols.set(key, s);
    }
    return s;
  }

  // ------------------------------------------------------------ globals

  private addGlobal(d: Decl, file: string): void {
    const kind = declSymbolKind(d);
    const name = declName(d);
    if (!kind || !name) return;
    const table = namespaceOf(kind) === 'value' ? this.values : this.types;
    // First wins: the file's own declarations, then imports in order.
    if (!table.has(name.text)) table.set(name.text, { decl: d, file });
    if (d.kind === 'SumTypeDecl') {
      for (const v of d.variants) if (!this.variants.has(v.name.text)) this.variants.set(v.name.text, { decl: d, variant: v, file });
    }
  }

  private variantSymbol(name: string): ResolvedSymbol | undefined {
    const hit = this.variants.get(name);
    if (!hit) return undefined;
    return this.intern(variantKey(hit.file, hit.decl.name.text, name), () => ({
      kind: 'variant',
      name,
      file: hit.file,
      declaration: hit.variant.name,
      decl: hit.decl,
      owner: hit.decl.name.text,
      typeExpr: hit.variant.payload,
    }));
  }

  /** A function, tool or variant named `name` (values). */
  private value(name: string): ResolvedSymbol | undefined {
    return this.global('value', name) ?? this.variantSymbol(name);
  }

  private record(name: string): TypeDecl | undefined {
    const d = this.types.get(name)?.decl;
    return d?.kind === 'TypeDecl' ? d : undefined;
  }

  private declSymbol(decl: Decl, file: string): ResolvedSymbol | undefined {
    const kind = declSymbolKind(decl);
    const name = declName(decl);
    if (!kind || !name) return undefined;
    return this.intern(declKey(file, namespaceOf(kind) as Namespace, name.text), () => ({ kind, name: name.text, file, declaration: name, decl }));
  }

  private global(ns: Namespace, name: string): ResolvedSymbol | undefined {
    const hit = (ns === 'value' ? this.values : this.types).get(name);
    return hit && this.declSymbol(hit.decl, hit.file);
  }

  private builtin(name: string): ResolvedSymbol | undefined {
    const canonical = this.builtins.canonical(name);
    const b = canonical === undefined ? undefined : this.builtins.lookup(canonical);
    if (!b) return undefined;
    // Keyed by canonical name; `name` is how this occurrence spells it (long forms allowed).
    return { key: builtinKey(b.name), kind: 'builtin', name, file: '', builtin: b };
  }

  /** The field `field` of record type `owner`; with no owner, of the one record type that has such a field. */
  private fieldSymbol(field: string, owner: string | undefined): ResolvedSymbol {
    const typeName = owner ?? (this.fieldOwners.get(field)?.length === 1 ? this.fieldOwners.get(field)![0] : undefined);
    const hit = typeName !== undefined ? this.types.get(typeName) : undefined;
    const decl = hit?.decl.kind === 'TypeDecl' ? hit.decl : undefined;
    const f = decl?.fields.find((x) => x.name.text === field);
    if (!hit || !decl || !f) return this.intern(unresolvedFieldKey(field), () => ({ kind: 'field', name: field, file: '' }));
    return this.intern(fieldKey(hit.file, decl.name.text, field), () => ({
      kind: 'field',
      name: field,
      file: hit.file,
      declaration: f.name,
      decl,
      owner: decl.name.text,
      typeExpr: f.type,
    }));
  }

  // ------------------------------------------------------------ scopes

  private open(frame: boolean): Task {
    return () => this.scopes.push({ names: new Map(), frame });
  }

  private close: Task = () => {
    this.scopes.pop();
  };

  private local(name: string): ResolvedSymbol | undefined {
    for (let i = this.scopes.length - 1; i >= 0; i--) {
      const s = this.scopes[i].names.get(name);
      if (s) return s;
    }
    return undefined;
  }

  /** A local of the current function or lambda (what `name=` rebinds). */
  private frameLocal(name: string): ResolvedSymbol | undefined {
    for (let i = this.scopes.length - 1; i >= 0; i--) {
      const s = this.scopes[i].names.get(name);
      if (s) return s;
      if (this.scopes[i].frame) break;
    }
    return undefined;
  }

  private localTy = (name: string): Ty | undefined => {
    const s = this.local(name);
    if (!s) return undefined;
    if (s.typeExpr) return this.facts.of(s.typeExpr);
    return s.ty ?? UNKNOWN;
  };

  private infer(e: Expr): Ty {
    return this.facts.infer(e, this.localTy);
  }

  /** A new local (param or binding) in the innermost scope. */
  private declareLocal(name: Name, role: 'param' | 'binding', extra: Partial<ResolvedSymbol> = {}): ResolvedSymbol {
    const s = this.intern(localKey(this.input.path, name.start), () => ({
      kind: role === 'param' ? 'param' : 'local',
      name: name.text,
      file: this.input.path,
      declaration: name,
      role,
      ...extra,
    }));
    this.scopes[this.scopes.length - 1]?.names.set(name.text, s);
    this.emit(name, s, 'declaration');
    return s;
  }

  /** `name=` : rebinds a local of this frame, or declares one. */
  private bind(name: Name, ty: Ty, extra: Partial<ResolvedSymbol> = {}): void {
    if (name.text === '_') return; // `_=expr` (level 26) discards the value
    const existing = this.frameLocal(name.text);
    if (existing) this.emit(name, existing, 'write');
    else this.declareLocal(name, 'binding', { ty, ...extra });
  }

  // ------------------------------------------------------------ declarations

  private decl(d: Decl): void {
    const file = this.input.path;
    const own = this.declSymbol(d, file);
    const ownName = declName(d);
    if (own && ownName) this.emit(ownName, own, 'declaration');
    switch (d.kind) {
      case 'FunctionDecl': {
        const contracts = [...(d.requires ?? []), ...(d.ensures ?? [])].map((e) => this.expr(e));
        this.push(this.open(true), () => this.params(d.params, d), () => this.type(d.returnType), ...contracts, ...this.stmts(d.body), this.close);
        return;
      }
      case 'SumTypeDecl':
        for (const v of d.variants) {
          const s = this.variantSymbol(v.name.text);
          if (s && s.declaration === v.name) this.emit(v.name, s, 'declaration');
          if (v.payload) this.type(v.payload);
        }
        return;
      case 'TestDecl': {
        const target = this.global('value', d.target.text);
        if (target) this.emit(d.target, target, 'read');
        for (const c of d.cases) {
          const callee = this.global('value', c.callee.text);
          if (callee) this.emit(c.callee, callee, 'read');
        }
        return;
      }
      case 'ToolDecl':
      case 'ErrorDecl': {
        const ret = d.returnType;
        this.push(this.open(true), () => this.params(d.params ?? [], d), () => ret && this.type(ret), this.close);
        return;
      }
      case 'TypeDecl':
        for (const f of d.fields) {
          this.emit(f.name, this.fieldSymbol(f.name.text, d.name.text), 'declaration');
          this.type(f.type);
        }
        for (const a of annotationNames(d, this.input.text)) this.emit(a, this.fieldSymbol(a.name, d.name.text), 'read', 'annotation');
        return;
      case 'AliasDecl':
        this.type(d.target);
        return;
      case 'UseDecl':
        for (const n of d.only ?? []) {
          const hit = this.input.importedLocated.find((l) => declName(l.decl)?.text === n.text);
          const s = hit && this.declSymbol(hit.decl, hit.file ?? file);
          if (s) this.emit(n, s, 'read', 'use');
        }
        return;
    }
  }

  /** Declares parameters; those of a function or tool also carry the names its annotations give them. */
  private params(ps: readonly Param[], owner: Decl | undefined): void {
    const declared = new Map<string, ResolvedSymbol>();
    for (const p of ps) {
      const s = this.declareLocal(p.name, 'param', { typeExpr: p.type, decl: owner });
      if (!declared.has(p.name.text)) declared.set(p.name.text, s);
      this.type(p.type);
    }
    if (owner?.kind !== 'FunctionDecl' && owner?.kind !== 'ToolDecl') return;
    for (const a of annotationNames(owner, this.input.text)) {
      const s = declared.get(a.name);
      if (s) this.emit(a, s, 'read', 'annotation');
    }
  }

  /** Names of record types and aliases in a written type. */
  private type(te: TypeExpr): void {
    forEachNode([te], (n) => {
      if ('kind' in n && n.kind === 'NamedType') {
        const s = this.global('type', n.name);
        if (s) this.emit(n, s, 'read');
      }
    });
  }

  // ------------------------------------------------------------ statements

  private stmts(body: readonly Stmt[]): Task[] {
    return body.map((s) => () => this.stmt(s));
  }

  private block(body: readonly Stmt[], before: Task[] = []): Task[] {
    return [this.open(false), ...before, ...this.stmts(body), this.close];
  }

  private stmt(s: Stmt): void {
    switch (s.kind) {
      case 'Bind':
        this.push(this.expr(s.value), () => this.bind(s.name, this.infer(s.value)));
        return;
      case 'Destructure':
        this.push(this.expr(s.value), () => {
          const owner = this.facts.recordName(this.infer(s.value));
          for (const n of s.names) {
            const field = this.fieldSymbol(n.text, owner);
            const ty = field.owner ? this.facts.fieldType(field.owner, n.text) : UNKNOWN;
            this.bind(n, ty, { destructures: field });
            this.emit(n, field, 'read');
          }
        });
        return;
      case 'Guard':
        this.push(this.expr(s.cond), ...this.block(s.body), ...(s.elseBody ? this.block(s.elseBody) : []));
        return;
      case 'Match':
        this.push(...this.match(s.subject, s.arms));
        return;
      case 'ForEach':
        this.push(
          this.expr(s.collection),
          ...this.block(s.body, [
            () => {
              const coll = this.infer(s.collection);
              this.declareLocal(s.binding, 'binding', { ty: coll.kind === 'list' ? coll.elem : UNKNOWN });
            },
          ]),
        );
        return;
      case 'ForRange':
        this.push(this.expr(s.from), this.expr(s.to), ...this.block(s.body, [() => this.declareLocal(s.binding, 'binding', { ty: NUM })]));
        return;
      case 'While':
        this.push(this.expr(s.cond), ...this.stmts(s.body));
        return;
      case 'Return':
        this.push(this.expr(s.value));
        return;
      case 'Break':
        if (s.value) this.push(this.expr(s.value));
        return;
      case 'Continue':
        return;
      case 'ExprStmt':
        this.push(this.expr(s.expr));
        return;
    }
  }

  private match(subject: Expr | undefined, arms: readonly MatchArm[]): Task[] {
    const tasks: Task[] = subject ? [this.expr(subject)] : [];
    for (const arm of arms) {
      tasks.push(
        ...this.block(arm.body, [
          () => {
            const p = arm.pattern;
            this.patternNames(p);
            if (p.kind === 'VariantPat') {
              const v = this.variants.get(p.tag.text);
              this.declareLocal(p.binding, 'binding', { ty: v?.variant.payload ? this.facts.of(v.variant.payload) : UNKNOWN });
              return;
            }
            if (p.kind !== 'OkPat' && p.kind !== 'ErrPat' && p.kind !== 'TypePat') return;
            const st = subject ? this.infer(subject) : UNKNOWN;
            let ty: Ty = UNKNOWN;
            if (p.kind === 'OkPat' && st.kind === 'result') ty = st.ok;
            else if (p.kind === 'ErrPat' && st.kind === 'result') ty = st.err;
            else if (p.kind === 'TypePat') ty = p.type === 'n' ? NUM : p.type === 't' ? TEXT : p.type === 'b' ? BOOL : listOf(UNKNOWN);
            this.declareLocal(p.binding, 'binding', { ty });
          },
        ]),
      );
    }
    return tasks;
  }

  /** Level 26: the variant names a pattern mentions (`circle(r):`, a bare `dot:`, `a|b:`). */
  private patternNames(p: Pattern): void {
    if (p.kind === 'VariantPat') {
      const s = this.variantSymbol(p.tag.text);
      if (s) this.emit(p.tag, s, 'read');
    } else if (p.kind === 'LitPat' && p.value.kind === 'Text') {
      // Only a bare name: `emit` skips the quoted text pattern `"dot":`.
      const s = this.variantSymbol(p.value.value);
      if (s) this.emit(p, s, 'read');
    } else if (p.kind === 'OrPat') {
      for (const a of p.alternatives) this.patternNames(a);
    }
  }

  // ------------------------------------------------------------ expressions

  /** A task that resolves the names in an expression. */
  private expr(e: Expr): Task {
    return () => this.visit(e);
  }

  private visit(e: Expr): void {
    switch (e.kind) {
      case 'Ref': {
        const s = this.local(e.name) ?? this.value(e.name) ?? this.builtin(e.name);
        if (s) this.emit(this.refName(e), s, 'read');
        return;
      }
      case 'Call': {
        const c = e.callee;
        // A bare name without arguments (`e`, `now`) reads a local of that name when one is bound.
        const bareLocal = e.args.length === 0 && e.parens !== true ? this.local(c.text) : undefined;
        const s = bareLocal ?? this.builtin(c.text) ?? this.value(c.text) ?? this.local(c.text);
        if (s) this.emit(c, s, 'read');
        if (e.labels) this.labels(c.text, e.labels);
        this.push(...e.args.map((a) => this.expr(a)));
        return;
      }
      case 'AnonRecord':
        for (const f of e.fields) this.emit(f.name, this.intern(unresolvedFieldKey(f.name.text), () => ({ kind: 'field', name: f.name.text, file: '' })), 'write');
        this.push(...e.fields.map((f) => this.expr(f.value)));
        return;
      case 'Field': {
        // `xs.i` with `i` a local (and no record has a field `i`) indexes a list.
        const asIndex = this.local(e.field.text);
        if (asIndex && !this.fieldOwners.has(e.field.text)) {
          this.emit(e.field, asIndex, 'read');
        } else {
          this.emit(e.field, this.fieldSymbol(e.field.text, this.facts.recordName(this.infer(e.object))), 'read');
        }
        this.push(this.expr(e.object));
        return;
      }
      case 'Record': {
        const t = this.global('type', e.typeName.text);
        if (t) this.emit(e.typeName, t, 'read');
        const owner = this.record(e.typeName.text) ? e.typeName.text : undefined;
        for (const f of e.fields) if (owner) this.emit(f.name, this.fieldSymbol(f.name.text, owner), 'write');
        this.push(...e.fields.map((f) => this.expr(f.value)));
        return;
      }
      case 'With': {
        const owner = this.facts.recordName(this.infer(e.object));
        for (const u of e.updates) this.emit(u.name, this.fieldSymbol(u.name.text, owner), 'write');
        this.push(this.expr(e.object), ...e.updates.map((u) => this.expr(u.value)));
        return;
      }
      case 'Match':
        this.push(...this.match(e.subject, e.arms));
        return;
      case 'Lambda':
        this.push(...this.lambda(e));
        return;
      case 'Index':
        this.push(this.expr(e.object));
        return;
      case 'Binary':
        this.push(this.expr(e.left), this.expr(e.right));
        return;
      case 'Unary':
        this.push(this.expr(e.operand));
        return;
      case 'Ok':
      case 'Err':
        this.push(this.expr(e.value));
        return;
      case 'List':
        this.push(...e.items.map((x) => this.expr(x)));
        return;
      case 'Coalesce':
        this.push(this.expr(e.value), this.expr(e.fallback));
        return;
      case 'Ternary':
        this.push(this.expr(e.cond), this.expr(e.then), this.expr(e.else));
        return;
      default:
        return;
    }
  }

  /** Level 26: `f(lo: 1)` / `f lo:1`: each label names a parameter of the function called. */
  private labels(callee: string, labels: ReadonlyArray<Name | undefined>): void {
    const hit = this.values.get(callee);
    if (!hit || hit.decl.kind !== 'FunctionDecl') return;
    const decl = hit.decl;
    for (const l of labels) {
      const p = l && decl.params.find((x) => x.name.text === l.text);
      if (!l || !p) continue;
      const s = this.intern(localKey(hit.file, p.name.start), () => ({
        kind: 'param',
        name: p.name.text,
        file: hit.file,
        declaration: p.name,
        role: 'param',
        typeExpr: p.type,
        decl,
      }));
      this.emit(l, s, 'read');
    }
  }

  private lambda(e: LambdaExpr): Task[] {
    return [this.open(true), () => this.params(e.params, undefined), () => this.type(e.returnType), ...this.stmts(e.body), this.close];
  }
}

/** Of two occurrences at the same place, the local (or param) first, then the rest. */
function rank(o: Occurrence): number {
  return o.symbol.kind === 'local' || o.symbol.kind === 'param' ? 0 : 1;
}
