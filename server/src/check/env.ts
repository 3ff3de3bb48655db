// The global environment a function body is checked against: every function,
// tool, record type and alias visible in the file (own declarations plus the
// ones brought in by `use`), and the signature-level diagnostics found while
// collecting it (ILO-T001/T002/T003/T030/T031).

import type { Diagnostic } from '../diagnostics';
import type { AliasDecl, Decl, ErrorDecl, FunctionDecl, Param, Span, SumTypeDecl, ToolDecl, TypeDecl, TypeExpr } from '../syntax/ast';
import { typeParamSigs, type TypeParamSig } from './generics';
import { readRequirements, type Requirement } from './preconditions';
import { nearestWithDistance } from './nearest';
import { diag, didYouMean } from './report';
import { shiftDiagnostic } from '../diagnostics';
import { namedRefs, toTy, validatedNamedTypes } from './typeExprs';
import { UNKNOWN, named, showTy, type Ty } from './types';

export interface ParamSig {
  name: string;
  ty: Ty;
}

export interface FnSig {
  name: string;
  /** Undefined when the header is incomplete (a declaration that failed to parse): any call is accepted. */
  params?: ParamSig[];
  ret: Ty;
  /** 'variant': a constructor of a level-26 sum type (`circle 5`, `point`). */
  kind: 'function' | 'tool' | 'broken' | 'variant';
  /** Level 26: the declared type parameters (`<a:comparable>`). */
  typeParams?: TypeParamSig[];
  /** With `typeParams`: the type variable each parameter is written as (undefined when another type). */
  paramVars?: (string | undefined)[];
  /** Level 26: the `req` preconditions the verifier can read (ILO-W030). */
  requires?: Requirement[];
}

/** A variant of a level-26 sum type: `circle(n)` (payload n) or `point`. */
export interface VariantDef {
  name: string;
  payload?: Ty;
}

export interface RecordDef {
  name: string;
  /** Undefined for a broken type declaration: fields are not known. */
  fields?: ParamSig[];
  /** Level 26: the type is a sum type (`type shape = circle(n) | point`) with these variants (no fields). */
  variants?: VariantDef[];
}

export interface CheckEnv {
  functions: Map<string, FnSig>;
  types: Map<string, RecordDef>;
  aliases: Map<string, Ty>;
}

export interface CollectOptions {
  /** Declarations brought in by `use` (checked for collisions, never re-reported). */
  imported?: readonly Decl[];
  /** For an imported declaration, the range of the `use` that brought it in. */
  importSpan?: (d: Decl) => Span | undefined;
  /** Reference compatibility: a declaration that failed to parse defines nothing. */
  brokenDeclsAreUndefined?: boolean;
  /** Per-declaration results kept between runs (incremental checking). */
  memo?: EnvMemo;
}

/**
 * What collecting an unchanged declaration produced last time: its converted
 * signature (valid while the aliases are the same) and its ILO-T003
 * diagnostics (valid while the aliases and record names are the same).
 */
export class EnvMemo {
  readonly sigs = new WeakMap<Decl, { key: string; value: FnSig | RecordDef }>();
  readonly typeChecks = new WeakMap<Decl, { key: string; start: number; diagnostics: Diagnostic[] }>();

  /** The converted signature of `d`: the same object while the aliases (`aliasKey`) hold. */
  converted<T extends FnSig | RecordDef>(d: Decl, aliasKey: string, make: () => T): T {
    const m = this.sigs.get(d);
    if (m !== undefined && m.key === aliasKey) return m.value as T;
    const value = make();
    this.sigs.set(d, { key: aliasKey, value });
    return value;
  }
}

/** Alias names that would hide a builtin type. */
const BUILTIN_TYPE_NAMES = new Set(['n', 't', 'b', 'L', 'R', '_']);

/**
 * Collect the environment. Imported declarations come first (as if spliced in
 * at the top), so a local declaration that collides with an imported one is
 * the one reported.
 */
export function collectEnv(own: readonly Decl[], opts: CollectOptions = {}): CollectedEnv {
  const imported = opts.imported ?? [];
  // Without imports every declaration is the file's own: no need to index them.
  const ownSet = imported.length === 0 ? undefined : new Set<Decl>(own);
  const all: readonly Decl[] = imported.length === 0 ? own : [...imported, ...own];
  const out: Diagnostic[] = [];
  const owners: Decl[] = [];
  const env: CheckEnv = { functions: new Map(), types: new Map(), aliases: new Map() };

  // Where a diagnostic about declaration `d` goes: its name when it is ours,
  // the `use` that imported it otherwise; undefined means "not ours to report".
  const place = (d: Decl, span: Span): Span | undefined => (ownSet === undefined || ownSet.has(d) ? span : opts.importSpan?.(d));
  const report = (d: Decl, span: Span, make: (s: Span) => Diagnostic): void => {
    const at = place(d, span);
    if (at !== undefined) {
      out.push(make(at));
      owners.push(d);
    }
  };

  // Aliases first: record fields and signatures may use them.
  const rawAliases = new Map<string, AliasDecl>();
  for (let k = 0; k < all.length; k++) {
    const d = all[k];
    if (d.kind !== 'AliasDecl') continue;
    const name = d.name.text;
    if (BUILTIN_TYPE_NAMES.has(name)) {
      report(d, d.name, (s) =>
        diag('ILO-T031', s, `alias '${name}' would hide the builtin type '${name}'`, {
          hint: 'pick another name for the alias',
        }),
      );
      continue;
    }
    if (rawAliases.has(name)) {
      report(d, d.name, (s) => diag('ILO-T001', s, `type alias '${name}' is already defined`));
      continue;
    }
    rawAliases.set(name, d);
  }
  resolveAliases(rawAliases, env.aliases, (d, cycleNames) =>
    report(d, d.name, (s) =>
      diag('ILO-T030', s, `type alias '${d.name.text}' is part of a cycle`, {
        hint: `aliases cannot refer back to themselves: ${cycleNames}`,
      }),
    ),
  );

  const memo = opts.memo;
  const aliasKey = memo === undefined ? '' : aliasKeyOf(env);
  /** The converted signature of `d`, reused when the aliases did not change. */
  const converted = <T extends FnSig | RecordDef>(d: Decl, make: () => T): T => (memo === undefined ? make() : memo.converted(d, aliasKey, make));

  // Sum types (level 26): the type, and a constructor per variant.
  for (let k = 0; k < all.length; k++) {
    const d = all[k];
    if (d.kind !== 'SumTypeDecl') continue;
    const name = d.name.text;
    if (env.types.has(name) || env.aliases.has(name)) {
      report(d, d.name, (s) => diag('ILO-T001', s, `type '${name}' is already defined`));
      continue;
    }
    const def = converted(d, () => sumTypeDef(d, env.aliases));
    env.types.set(name, def);
  }

  // Record types.
  for (let k = 0; k < all.length; k++) {
    const d = all[k];
    const name = d.kind === 'TypeDecl' ? d.name.text : d.kind === 'ErrorDecl' && d.intended === 'type' ? d.name?.text : undefined;
    if (name === undefined) continue;
    const nameSpan = (d as TypeDecl).name as Span;
    if (d.kind === 'ErrorDecl') {
      if (!opts.brokenDeclsAreUndefined && !env.types.has(name) && !env.aliases.has(name)) env.types.set(name, converted(d, () => ({ name })));
      continue;
    }
    if (env.aliases.has(name)) {
      report(d, nameSpan, (s) => diag('ILO-T001', s, `type '${name}' has the same name as a type alias`));
      continue;
    }
    if (env.types.has(name)) {
      report(d, nameSpan, (s) => diag('ILO-T001', s, `type '${name}' is already defined`));
      continue;
    }
    env.types.set(name, converted(d, () => ({ name, fields: (d as TypeDecl).fields.map((f) => paramSig(f, env.aliases)) })));
  }

  const typesKey = memo === undefined ? '' : `${aliasKey}|${[...env.types.keys()].join(',')}`;
  /** ILO-T003 for the types written in `d`, reused when aliases and record names did not change. */
  const typeNames = (d: FunctionDecl | ToolDecl | TypeDecl): void => {
    const m = memo?.typeChecks.get(d);
    if (m !== undefined && m.key === typesKey) {
      for (const x of m.diagnostics) {
        out.push(shiftDiagnostic(x, d.start - m.start));
        owners.push(d);
      }
      return;
    }
    const found = typeNameDiagnostics(d, env);
    for (const x of found) {
      out.push(x);
      owners.push(d);
    }
    memo?.typeChecks.set(d, { key: typesKey, start: d.start, diagnostics: found });
  };

  // Functions and tools.
  for (let k = 0; k < all.length; k++) {
    const d = all[k];
    if (d.kind === 'FunctionDecl' || d.kind === 'ToolDecl') {
      const name = d.name.text;
      if (env.functions.has(name)) {
        report(d, d.name, (s) => duplicateFunction(d, s));
        continue;
      }
      if (ownSet === undefined || ownSet.has(d)) typeNames(d);
      env.functions.set(name, converted(d, () => declaredSig(d, env.aliases)));
    } else if (d.kind === 'ErrorDecl' && (d.intended === 'function' || d.intended === 'tool') && d.name !== undefined) {
      // Keep the header of a declaration whose body failed to parse, so its
      // callers are not flooded with "undefined function".
      if (opts.brokenDeclsAreUndefined || env.functions.has(d.name.text)) continue;
      env.functions.set(d.name.text, converted(d, () => brokenSig(d, env.aliases)));
    }
  }

  // Variant constructors: after functions and tools, which win a shared name.
  for (let k = 0; k < all.length; k++) {
    const d = all[k];
    if (d.kind !== 'SumTypeDecl' || env.types.get(d.name.text)?.variants === undefined) continue;
    for (const v of env.types.get(d.name.text)!.variants!) {
      if (env.functions.has(v.name)) continue;
      env.functions.set(v.name, { name: v.name, params: v.payload !== undefined ? [{ name: 'payload', ty: v.payload }] : [], ret: named(d.name.text), kind: 'variant' });
    }
  }

  // Field types of our own records.
  for (const d of own) if (d.kind === 'TypeDecl') typeNames(d);

  return { env, diagnostics: out, owners, aliasKey };
}

export interface CollectedEnv {
  env: CheckEnv;
  diagnostics: Diagnostic[];
  /** owners[i]: the declaration diagnostics[i] is about (own or imported). */
  owners: Decl[];
  /** Fingerprint of the resolved aliases ('' without a memo): converted signatures are valid while it holds. */
  aliasKey: string;
}

/** Fingerprint of the resolved aliases. */
export function aliasKeyOf(env: CheckEnv): string {
  return [...env.aliases].map(([k, v]) => `${k}=${showTy(v)}`).join(';');
}

/** ILO-T002: a function or tool whose name an earlier declaration took. */
export function duplicateFunction(d: FunctionDecl | ToolDecl, at: Span): Diagnostic {
  return diag('ILO-T002', at, `${d.kind === 'ToolDecl' ? 'tool' : 'function'} '${d.name.text}' is already defined`);
}

/** The signature a function or tool declaration gives its name. */
export function declaredSig(d: FunctionDecl | ToolDecl, aliases: ReadonlyMap<string, Ty>): FnSig {
  const sig: FnSig = {
    name: d.name.text,
    params: d.params.map((p) => paramSig(p, aliases)),
    ret: toTy(d.returnType, aliases),
    kind: d.kind === 'ToolDecl' ? 'tool' : 'function',
  };
  if (d.kind !== 'FunctionDecl') return sig;
  const tps = typeParamSigs(d);
  if (tps !== undefined) {
    const vars = new Set(tps.map((t) => t.name));
    sig.typeParams = tps;
    sig.paramVars = d.params.map((p) => (p.type.kind === 'NamedType' && vars.has(p.type.name) ? p.type.name : undefined));
  }
  const reqs = readRequirements(d.requires, d.params.map((p) => p.name.text));
  if (reqs.length > 0) sig.requires = reqs;
  return sig;
}

/** A sum type's definition: its variants, payload types read with its type parameters as variables. */
export function sumTypeDef(d: SumTypeDecl, aliases: ReadonlyMap<string, Ty>): RecordDef {
  const vars = new Set(d.typeParams.map((t) => t.name.text));
  const payloadTy = (te: TypeExpr): Ty => ((te.kind === 'NamedType' || te.kind === 'PrimType') && vars.has(te.name) ? UNKNOWN : toTy(te, aliases));
  return { name: d.name.text, variants: d.variants.map((v) => (v.payload !== undefined ? { name: v.name.text, payload: payloadTy(v.payload) } : { name: v.name.text })) };
}

/** The signature kept for a function or tool whose declaration failed to parse (its header, when complete). */
export function brokenSig(d: ErrorDecl, aliases: ReadonlyMap<string, Ty>): FnSig {
  const complete = d.params !== undefined && d.returnType !== undefined;
  return {
    name: d.name?.text ?? '',
    params: complete ? d.params!.map((p) => paramSig(p, aliases)) : undefined,
    ret: complete ? toTy(d.returnType!, aliases) : UNKNOWN,
    kind: 'broken',
  };
}

/** ILO-T003 for the types written in a declaration's header or fields. */
export function typeNameDiagnostics(d: FunctionDecl | ToolDecl | TypeDecl, env: CheckEnv): Diagnostic[] {
  const found: Diagnostic[] = [];
  // The types written in the header (parameters, then the return type) or the fields, in order.
  if (d.kind === 'TypeDecl') {
    for (let i = 0; i < d.fields.length; i++) checkTypeNames(d.fields[i].type, env, found);
  } else {
    for (let i = 0; i < d.params.length; i++) checkTypeNames(d.params[i].type, env, found);
    checkTypeNames(d.returnType, env, found);
  }
  return found;
}

function paramSig(p: Param, aliases: ReadonlyMap<string, Ty>): ParamSig {
  return { name: p.name.text, ty: toTy(p.type, aliases) };
}

/** ILO-T003 for every named type (in the positions the reference checks) that is not a record. */
export function checkTypeNames(te: TypeExpr, env: CheckEnv, out: Diagnostic[]): void {
  // A primitive type names nothing (most parameters): nothing to look up.
  if (te.kind === 'PrimType') return;
  const named = validatedNamedTypes(te, env.aliases);
  for (let i = 0; i < named.length; i++) {
    const { name, node } = named[i];
    if (env.types.has(name)) continue;
    const near = nearestWithDistance(name, [env.types.keys()], 'least')?.name;
    out.push(
      diag('ILO-T003', node, `type '${name}' is not defined`, {
        hint: near !== undefined ? `did you mean '${near}'?` : undefined,
        suggestions: near !== undefined && node.kind === 'NamedType' && node.name === name ? [didYouMean(node, near)] : undefined,
      }),
    );
  }
}

/**
 * Expand aliases in dependency order. An alias that reaches a cycle (directly
 * or through other aliases) is reported and left undefined. Iterative, so a
 * chain of thousands of aliases cannot overflow the stack.
 */
function resolveAliases(
  raw: ReadonlyMap<string, AliasDecl>,
  resolved: Map<string, Ty>,
  onCycle: (d: AliasDecl, cycleNames: string) => void,
): void {
  const deps = new Map<string, string[]>();
  for (const [name, d] of raw) deps.set(name, [...new Set(namedRefs(d.target).filter((r) => raw.has(r)))]);

  // Colour DFS: 0 = new, 1 = on stack, 2 = done. `bad` = reaches a cycle.
  const state = new Map<string, number>();
  const bad = new Map<string, string>();
  const order: string[] = [];
  for (const root of raw.keys()) {
    if (state.get(root)) continue;
    const stack: { name: string; next: number }[] = [{ name: root, next: 0 }];
    state.set(root, 1);
    while (stack.length > 0) {
      const top = stack[stack.length - 1];
      const ds = deps.get(top.name)!;
      if (top.next < ds.length) {
        const dep = ds[top.next++];
        const st = state.get(dep) ?? 0;
        if (st === 0) {
          state.set(dep, 1);
          stack.push({ name: dep, next: 0 });
        } else if (st === 1) {
          const from = stack.findIndex((f) => f.name === dep);
          const loop = [...stack.slice(from).map((f) => f.name), dep].join(' → ');
          for (const f of stack.slice(from)) if (!bad.has(f.name)) bad.set(f.name, loop);
        } else if (bad.has(dep) && !bad.has(top.name)) {
          bad.set(top.name, bad.get(dep)!);
        }
      } else {
        stack.pop();
        state.set(top.name, 2);
        order.push(top.name);
        const parent = stack[stack.length - 1];
        if (parent !== undefined && bad.has(top.name) && !bad.has(parent.name)) bad.set(parent.name, bad.get(top.name)!);
      }
    }
  }
  for (const name of order) {
    const d = raw.get(name)!;
    if (bad.has(name)) onCycle(d, bad.get(name)!);
    else resolved.set(name, toTy(d.target, resolved));
  }
}

/** Fingerprint of a global name's meaning, for incremental re-checking. */
export function sigKeyOf(env: CheckEnv, name: string): string {
  const f = env.functions.get(name);
  const t = env.types.get(name);
  const a = env.aliases.get(name);
  let key = '';
  if (f !== undefined) {
    key += `f:${f.kind}:${f.params === undefined ? '*' : f.params.map((p) => `${p.name}:${showTy(p.ty)}`).join(',')}>${showTy(f.ret)};`;
    if (f.typeParams !== undefined) key += `<${f.typeParams.map((p) => `${p.name}:${p.bounds.join('+')}`).join(' ')}>`;
    if (f.requires !== undefined) key += `req ${f.requires.map((r) => r.text).join(' ')};`;
  }
  if (t !== undefined) key += `t:${t.fields === undefined ? '*' : t.fields.map((p) => `${p.name}:${showTy(p.ty)}`).join(',')};`;
  if (t?.variants !== undefined) key += `v:${t.variants.map((v) => (v.payload !== undefined ? `${v.name}(${showTy(v.payload)})` : v.name)).join('|')};`;
  if (a !== undefined) key += `a:${showTy(a)};`;
  return key;
}
