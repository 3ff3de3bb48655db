// Just enough type inference to tell which record type a field access,
// record update or destructuring reads: the written types of parameters and
// declarations, record literals, the return types of user functions and
// tools, fields, list elements, options and results. Anything else is
// unknown, and the resolver falls back to "the one record type that has a
// field of that name".

import type { AliasDecl, Decl, Expr, TypeExpr, TypeDecl } from '../syntax/ast';
import { toTy } from '../check/typeExprs';
import { NUM, TEXT, BOOL, UNKNOWN, literalType, listOf, named, resultOf, type Ty } from '../check/types';

/** Inference gives up below this depth (pathological nesting): the answer is unknown. */
const MAX_DEPTH = 200;

/** What the inference needs to know about the program's declarations. */
export interface TypeLookup {
  /** A function or tool (or broken declaration with a header) visible under this name. */
  callable(name: string): Decl | undefined;
  /** A record type visible under this name. */
  record(name: string): TypeDecl | undefined;
  /** Every alias visible, in the order they apply. */
  aliases(): readonly AliasDecl[];
}

export class TypeFacts {
  private readonly aliasMap = new Map<string, Ty>();
  private readonly memo = new WeakMap<Expr, Ty>();

  constructor(private readonly lookup: TypeLookup) {
    // Aliases may name aliases declared later: a few passes settle them.
    const first = new Map<string, AliasDecl>();
    for (const a of lookup.aliases()) if (!first.has(a.name.text)) first.set(a.name.text, a);
    for (let pass = 0; pass < 3; pass++) {
      for (const [name, a] of first) this.aliasMap.set(name, toTy(a.target, this.aliasMap));
    }
  }

  /** A written type as the verifier sees it (aliases replaced). */
  of(te: TypeExpr): Ty {
    return toTy(te, this.aliasMap);
  }

  /** The record type a value of type `t` is (looking through `O`), if it is one. */
  recordName(t: Ty | undefined): string | undefined {
    let cur = t;
    while (cur?.kind === 'opt') cur = cur.inner;
    return cur?.kind === 'named' && this.lookup.record(cur.name) ? cur.name : undefined;
  }

  /** The declared type of a record's field. */
  fieldType(record: string, field: string): Ty {
    const f = this.lookup.record(record)?.fields.find((x) => x.name.text === field);
    return f ? this.of(f.type) : UNKNOWN;
  }

  /**
   * The type of an expression, given the types of the locals visible where it
   * is written (`local` answers undefined for a name that is not a local).
   * One TypeFacts serves one walk over one file.
   */
  infer(e: Expr, local: (name: string) => Ty | undefined, depth = 0): Ty {
    if (depth > MAX_DEPTH) return UNKNOWN;
    // An expression is always asked about in the same scope, so its answer can be kept.
    const known = this.memo.get(e);
    if (known) return known;
    const t = this.inferNew(e, local, depth);
    this.memo.set(e, t);
    return t;
  }

  private inferNew(e: Expr, local: (name: string) => Ty | undefined, depth: number): Ty {
    const sub = (x: Expr): Ty => this.infer(x, local, depth + 1);
    const literal = literalType(e.kind);
    if (literal) return literal;
    switch (e.kind) {
      case 'Ref':
        return local(e.name) ?? UNKNOWN;
      case 'Record':
        return this.lookup.record(e.typeName.text) ? named(e.typeName.text) : UNKNOWN;
      case 'With':
        return sub(e.object);
      case 'Field': {
        const owner = this.recordName(sub(e.object));
        return owner ? this.fieldType(owner, e.field.text) : UNKNOWN;
      }
      case 'Index': {
        const t = sub(e.object);
        return t.kind === 'list' ? t.elem : UNKNOWN;
      }
      case 'Call':
        return this.callResult(e, local);
      case 'Coalesce': {
        const t = sub(e.value);
        if (t.kind === 'opt') return t.inner;
        return t.kind === 'nil' || t.kind === 'unknown' ? sub(e.fallback) : t;
      }
      case 'Ok':
        return resultOf(sub(e.value), UNKNOWN);
      case 'Err':
        return resultOf(UNKNOWN, sub(e.value));
      case 'List':
        return listOf(e.items.length > 0 ? sub(e.items[0]) : UNKNOWN);
      case 'Ternary':
        return sub(e.then);
      case 'Binary':
        return e.op === '+=' ? sub(e.left) : UNKNOWN;
      default:
        return UNKNOWN;
    }
  }

  private callResult(e: Expr & { kind: 'Call' }, local: (name: string) => Ty | undefined): Ty {
    let ret: Ty = UNKNOWN;
    const asLocal = local(e.callee.text);
    const d = this.lookup.callable(e.callee.text);
    if (d && (d.kind === 'FunctionDecl' || d.kind === 'ToolDecl' || d.kind === 'ErrorDecl') && d.returnType) ret = this.of(d.returnType);
    else if (asLocal?.kind === 'fn') ret = asLocal.ret;
    if (e.unwrap !== 'none' && ret.kind === 'result') return ret.ok;
    return ret;
  }
}
