// ilo types → JSON Schema (draft 2020-12). The mapping table is in
// docs/schema-mapping.md; in short:
//   n number · t string · b boolean · _ {} · L T array · M t V / M n V object
//   with additionalProperties (integer-shaped keys for n) · S a b string enum ·
//   O T T-or-null (and not required as a parameter or field) · records inline
//   objects with additionalProperties:false · aliases resolved · type
//   variables {} · R ok err {"ok":…} | {"err":…} (ilo's value↔JSON mapping) ·
//   level-26 sum types `type s = a(n) | b` the same way, one tagged object per
//   variant: {"a": 1} | {"b": null}; a generic sum's type parameters are {} ·
//   `W` capability parameters are not part of the input (capabilityParams).
// Named types on a cycle (recursive records/aliases) go to `$defs` of the
// root schema and are referenced with `$ref`; everything else is inlined.
//
// Function types (`F …`) have no JSON form: they are reported, never turned
// into a silent `{}`. Problems found inside a declaration other than the one
// being converted (a record used by a tool) are reported on the place in the
// current declaration that led there.

import type { AliasDecl, Decl, FunctionDecl, Param, Span, SumTypeDecl, ToolDecl, TypeDecl, TypeExpr, TypeParam } from '../syntax/ast';
import type { Diagnostic, Severity } from '../diagnostics';
import { isTypeVariable } from '../syntax/names';
import type { Annotations, SchemaPatch } from './annotations';
import { contractDiagnostic, type SchemaDiagnosticCode } from './contractDiagnostic';
import { lookupNamed, type SchemaEnv } from './env';
import { requiredConditions, withConditions } from './requires';
import { cloneJson, isJsonObject, schemaTypes, type JsonObject, type JsonSchema, type JsonValue } from './json';
import { typeText } from '../syntax/typeText';

/** What the schema is for: decides how serious an unrepresentable type is. */
export type SchemaPurpose = 'tool' | 'function' | 'type';

export interface SchemaResult {
  schema: JsonSchema;
  diagnostics: Diagnostic[];
  /** Why this schema does not faithfully describe the type (empty when it does). */
  problems: string[];
}

/** Where the conversion currently is, for reporting. */
interface Site {
  /** Span in the current declaration to report on when the problem lies elsewhere. */
  anchor: Span;
  /** True while walking type expressions written in the current declaration. */
  local: boolean;
  /** Human path for messages, e.g. `uid` or `profile.address`. */
  path: string;
}

/** Keywords `@schema` may add to a typed (non-`_`) property. */
export const MERGEABLE: ReadonlySet<string> = new Set([
  'default',
  'examples',
  'const',
  'enum',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
  'contentMediaType',
  'contentEncoding',
  'description',
  'title',
  'deprecated',
  'readOnly',
  'writeOnly',
  '$comment',
]);

/** Integer-shaped map keys as JSON object keys (`jdmp` writes them as decimal strings). */
export const INTEGER_KEY_PATTERN = '^-?[0-9]+$';

export const DEFS_PREFIX = '#/$defs/';

/**
 * Inlining copies a record at every use, which grows exponentially when
 * records reuse each other at many levels. Past this many generated nodes,
 * named types are referenced through `$defs` instead, keeping output linear.
 */
export const INLINE_BUDGET = 1000;

/** Converts type expressions for one root schema; collects `$defs`, diagnostics and problems. */
export class SchemaConverter {
  readonly diagnostics: Diagnostic[] = [];
  readonly problems: string[] = [];
  private readonly defs = new Map<string, JsonSchema | null>();
  private nodes = 0;
  /** Level 26: the schemas of the type parameters of the function being converted (`<a:numeric>` → number). */
  typeBounds?: ReadonlyMap<string, JsonSchema>;

  constructor(
    readonly env: SchemaEnv,
    readonly purpose: SchemaPurpose,
  ) {}

  /** Attach the collected `$defs` to a root schema. */
  finish(root: JsonSchema): SchemaResult {
    const schema: JsonSchema = { ...root };
    if (this.defs.size > 0) {
      const defs: JsonObject = {};
      for (const [name, s] of this.defs) defs[name] = s ?? {};
      schema.$defs = defs;
    }
    return { schema, diagnostics: this.diagnostics, problems: this.problems };
  }

  localSite(t: Span, path: string): Site {
    return { anchor: { start: t.start, end: t.end }, local: true, path };
  }

  private report(code: SchemaDiagnosticCode, severity: Severity, site: Site, node: Span, message: string, blocking: boolean, hint?: string): void {
    const span = site.local ? node : site.anchor;
    const where = site.local ? message : `${message} (reached through \`${site.path}\`)`;
    this.diagnostics.push(contractDiagnostic(code, severity, span, where, hint ? { hint } : undefined));
    if (blocking) this.problems.push(`${site.path}: ${message}`);
  }

  convert(t: TypeExpr, site: Site): JsonSchema {
    this.nodes++;
    switch (t.kind) {
      case 'PrimType':
        return primSchema(t.name);
      case 'ListType':
        return { type: 'array', items: this.convert(t.elem, site) };
      case 'OptType':
        return nullable(this.convert(t.inner, site));
      case 'SumType':
        return { type: 'string', enum: t.variants.map((v) => v.text) };
      case 'ResultType':
        return {
          oneOf: [wrapper('ok', this.convert(t.ok, site)), wrapper('err', this.convert(t.err, site))],
        };
      case 'MapType':
        return this.mapSchema(t, site);
      case 'FnType': {
        const severity: Severity = this.purpose === 'tool' ? 'error' : 'information';
        this.report(
          'function-type',
          severity,
          site,
          t,
          `the function type \`${typeText(t)}\` cannot cross a tool boundary: JSON has no functions`,
          true,
          'pass data instead (a name, a list, a record) and let the other side choose the behaviour',
        );
        return {};
      }
      case 'NamedType':
        return this.named(t.name, t, site);
      default:
        return {};
    }
  }

  private mapSchema(t: Extract<TypeExpr, { kind: 'MapType' }>, site: Site): JsonSchema {
    const value = this.convert(t.value, site);
    const key = this.resolveShallow(t.key);
    const out: JsonSchema = { type: 'object' };
    if (key.kind === 'PrimType' && key.name === 'n') {
      out.propertyNames = { pattern: INTEGER_KEY_PATTERN };
    } else if (key.kind === 'SumType') {
      out.propertyNames = { enum: key.variants.map((v) => v.text) };
    } else if (!(key.kind === 'PrimType' && (key.name === 't' || key.name === '_')) && !(key.kind === 'NamedType' && isTypeVariable(key.name))) {
      this.report('map-key', 'warning', site, t.key, `map keys are text or numbers; \`${typeText(t.key)}\` keys are described as plain strings`, false);
    }
    out.additionalProperties = value;
    return out;
  }

  /** Follow aliases (not records) until a non-alias type; stops on cycles. */
  resolveShallow(t: TypeExpr): TypeExpr {
    const seen = new Set<string>();
    let cur = t;
    while (cur.kind === 'NamedType' && !this.env.types.has(cur.name)) {
      const alias = this.env.aliases.get(cur.name);
      if (!alias || seen.has(cur.name)) break;
      seen.add(cur.name);
      cur = alias.target;
    }
    return cur;
  }

  private named(name: string, node: Span, site: Site): JsonSchema {
    // A function's own type parameter shadows any type of the same name.
    const bound = this.typeBounds?.get(name);
    if (bound !== undefined) return { ...bound };
    const record = this.env.types.get(name);
    if (record) {
      if (this.env.recursive.has(name) || this.nodes > INLINE_BUDGET) return this.ref(name, site);
      return this.recordSchema(record, { ...site, local: false });
    }
    const sum = this.env.sums.get(name);
    if (sum) {
      if (this.env.recursive.has(name) || this.nodes > INLINE_BUDGET) return this.ref(name, site);
      return this.sumSchema(sum, { ...site, local: false });
    }
    const alias = this.env.aliases.get(name);
    if (alias) {
      if (isDegenerateAliasCycle(name, this.env)) {
        this.report('recursive-alias', 'warning', site, node, `alias \`${name}\` only names itself through other aliases and describes no value`, true);
        return {};
      }
      if (this.env.recursive.has(name) || this.nodes > INLINE_BUDGET) return this.ref(name, site);
      return this.aliasSchema(alias, { ...site, local: false });
    }
    if (isTypeVariable(name)) return {};
    if (name === CAPABILITY_TYPE) {
      this.report(
        'capability-type',
        this.purpose === 'tool' ? 'error' : 'information',
        site,
        node,
        'the capability type `W` has no JSON form: a World token is the runtime\'s, never sent or received as data',
        true,
        'take the World as a parameter of its own (`w:W`): such parameters are left out of a tool\'s input',
      );
      return {};
    }
    this.report('unknown-type', 'warning', site, node, `unknown type \`${name}\`: no \`type\` or \`alias\` declares it here or in the files this one uses`, true);
    return {};
  }

  private ref(name: string, site: Site): JsonSchema {
    if (!this.defs.has(name)) {
      this.defs.set(name, null); // placeholder: recursion stops here
      const record = this.env.types.get(name);
      const alias = this.env.aliases.get(name);
      const sum = this.env.sums.get(name);
      const inner = { ...site, local: false, path: `${site.path}→${name}` };
      const built = record ? this.recordSchema(record, inner) : alias ? this.aliasSchema(alias, inner) : sum ? this.sumSchema(sum, inner) : {};
      this.defs.set(name, built);
    }
    return { $ref: DEFS_PREFIX + name };
  }

  /** An alias: its target's schema, plus the alias's own `@schema` and prose description. */
  aliasSchema(alias: AliasDecl, site: Site): JsonSchema {
    const { annotations } = this.env.annotationsOf(alias);
    let s = this.convert(alias.target, site);
    const patch = annotations.schemas.get('');
    if (patch) s = this.patch(s, patch, alias.target, site);
    if (annotations.description) s = withDescription(s, annotations.description);
    return s;
  }

  /** A record type, always inline at this level (fields may `$ref` recursive types). */
  recordSchema(decl: TypeDecl, site: Site): JsonSchema {
    const { annotations } = this.env.annotationsOf(decl);
    const fieldSite = (f: Param): Site =>
      site.local ? this.localSite(f.type, f.name.text) : { ...site, path: `${site.path}.${f.name.text}` };
    const body = this.objectOf(decl.fields, annotations, fieldSite, site.local);
    const described = annotations.description ? withDescription(body, annotations.description) : body;
    return this.rootPatch(described, annotations, site.local);
  }

  /**
   * A level-26 sum type: one tagged object per variant, as ilo writes `R`
   * (`{"ok": v}`): the variant's name is the only key, its payload the value,
   * `null` for a variant without payload. A generic sum's type parameters
   * (any letter, `n`/`t`/`b` included) stand for any value.
   */
  sumSchema(decl: SumTypeDecl, site: Site): JsonSchema {
    const params = new Set(decl.typeParams.map((p) => p.name.text));
    const branches: JsonSchema[] = decl.variants.map((v) => {
      const payload = v.payload;
      let value: JsonSchema;
      if (payload === undefined) value = { type: 'null' };
      else if ((payload.kind === 'NamedType' || payload.kind === 'PrimType') && params.has(payload.kind === 'NamedType' ? payload.name : payload.name)) value = {};
      else value = this.convert(payload, { ...site, path: `${site.path}.${v.name.text}` });
      return wrapper(v.name.text, value);
    });
    const { annotations } = this.env.annotationsOf(decl);
    const out: JsonSchema = { oneOf: branches };
    return annotations.description ? withDescription(out, annotations.description) : out;
  }

  /** The declaration's own `@schema {...}` (no name) on the object it produces; problems reported where it is written. */
  rootPatch(base: JsonSchema, annotations: Annotations, local: boolean): JsonSchema {
    const patch = annotations.schemas.get('');
    if (!patch) return base;
    const { schema, issues } = applyRootPatch(base, patch.keywords);
    if (local) for (const issue of issues) this.diagnostics.push(contractDiagnostic('bad-schema', 'warning', patch, issue));
    return schema;
  }

  /**
   * An object schema for named members (tool/function parameters or record
   * fields), in declaration order, with wire names, descriptions and
   * `@schema` patches applied. `O T` members are not required.
   */
  objectOf(members: readonly Param[], annotations: Annotations, siteOf: (p: Param) => Site, local: boolean, extra?: (m: Param, s: JsonSchema) => JsonSchema): JsonSchema {
    const properties: JsonObject = {};
    const required: string[] = [];
    for (const m of members) {
      const site = siteOf(m);
      const note = annotations.properties.get(m.name.text);
      const wire = wireNameOf(m, annotations);
      let s = this.convert(m.type, site);
      const patch = annotations.schemas.get(m.name.text);
      if (patch) s = this.patch(s, patch, m.type, { ...site, local });
      if (extra) s = extra(m, s);
      if (note?.description) s = withDescription(s, note.description);
      if (Object.hasOwn(properties, wire)) {
        if (local) this.diagnostics.push(duplicateWireName(m, wire));
        continue;
      }
      properties[wire] = s;
      if (!this.isOptional(m.type)) required.push(wire);
    }
    const out: JsonSchema = { type: 'object', properties };
    if (required.length > 0) out.required = required;
    out.additionalProperties = false;
    return out;
  }

  isOptional(t: TypeExpr): boolean {
    return this.resolveShallow(t).kind === 'OptType';
  }

  /** Merge an `@schema` patch; problems are reported only for patches written in the current declaration. */
  patch(base: JsonSchema, patch: SchemaPatch, type: TypeExpr, site: Site): JsonSchema {
    const { schema, issues } = applySchemaPatch(base, patch.keywords, typeText(this.resolveShallow(type)));
    if (site.local) {
      for (const issue of issues) this.diagnostics.push(contractDiagnostic('bad-schema', 'warning', patch, issue));
    }
    return schema;
  }
}

function primSchema(name: 'n' | 't' | 'b' | '_'): JsonSchema {
  switch (name) {
    case 'n':
      return { type: 'number' };
    case 't':
      return { type: 'string' };
    case 'b':
      return { type: 'boolean' };
    default:
      return {};
  }
}

/** `{"ok": v}` / `{"err": v}`: exactly one key, as ilo reads and writes results. */
function wrapper(key: string, inner: JsonSchema): JsonSchema {
  return { type: 'object', properties: { [key]: inner }, required: [key], additionalProperties: false };
}

/** True when a schema constrains nothing (only annotations like description). */
export function acceptsAnything(s: JsonSchema): boolean {
  return Object.keys(s).every((k) => k === 'description' || k === 'title' || k === '$comment' || k === 'default' || k === 'examples');
}

function acceptsNull(s: JsonSchema): boolean {
  if (acceptsAnything(s) || schemaTypes(s).includes('null')) return true;
  return Array.isArray(s.anyOf) && s.anyOf.some((m) => isJsonObject(m) && m.type === 'null');
}

/** `T` or null: a type array when T has a plain `type`, otherwise `anyOf`. */
export function nullable(s: JsonSchema): JsonSchema {
  if (acceptsNull(s)) return s;
  if (s.type !== undefined && s.const === undefined) {
    const out: JsonSchema = { ...s, type: [...schemaTypes(s), 'null'] };
    if (Array.isArray(s.enum) && !s.enum.includes(null)) out.enum = [...s.enum, null];
    return out;
  }
  const { description, ...rest } = s;
  const out: JsonSchema = description !== undefined ? { description } : {};
  out.anyOf = [rest, { type: 'null' }];
  return out;
}

/** Put a description first (reads best in hovers); replaces an existing one. */
export function withDescription(s: JsonSchema, description: string): JsonSchema {
  const { description: _old, ...rest } = s;
  return { description, ...rest };
}

/**
 * Merge `@schema` keywords into a generated schema. On `_` (any) the patch
 * is the whole schema; otherwise only value constraints and documentation
 * keywords may be added, and `type` may only narrow (integer for number,
 * dropping null).
 */
export function applySchemaPatch(base: JsonSchema, keywords: JsonObject, typeLabel: string): { schema: JsonSchema; issues: string[] } {
  if (acceptsAnything(base)) return { schema: { ...base, ...cloneJson(keywords) }, issues: [] };
  const issues: string[] = [];
  const out: JsonSchema = { ...base };
  for (const [k, v] of Object.entries(keywords)) {
    if (k === 'type') {
      const narrowed = narrowType(base, v);
      if (narrowed === undefined) {
        issues.push(`"type": ${JSON.stringify(v)} does not narrow \`${typeLabel}\` (${JSON.stringify(base.type ?? 'no type')}); only integer for number, or dropping null, is allowed`);
      } else {
        out.type = narrowed;
        if (Array.isArray(out.enum) && !schemaTypes(out).includes('null')) out.enum = out.enum.filter((e) => e !== null);
      }
    } else if (MERGEABLE.has(k)) {
      out[k] = cloneJson(v);
    } else {
      issues.push(`\`${k}\` cannot be added to a \`${typeLabel}\` value; declare it \`_\` to give a free-form schema`);
    }
  }
  if (Array.isArray(out.enum) && acceptsNull(out) && !out.enum.includes(null) && schemaTypes(out).includes('null')) {
    out.enum = [...out.enum, null];
  }
  return { schema: out, issues };
}

/** Keywords `@schema {...}` may add to an object it describes as a whole (a record, a tool's input). */
export const ROOT_MERGEABLE: ReadonlySet<string> = new Set([
  '$schema',
  '$id',
  '$comment',
  'title',
  'description',
  'examples',
  'default',
  'deprecated',
  'readOnly',
  'writeOnly',
  'minProperties',
  'maxProperties',
]);

/**
 * Merge a declaration's own `@schema {...}` into the object schema it
 * produces. Documentation keywords and `$schema`/`$id` are added;
 * `"additionalProperties"` may be `true` (open the object) or `null` (leave
 * the keyword out, as a schema that did not say); nothing structural changes.
 */
export function applyRootPatch(base: JsonSchema, keywords: JsonObject): { schema: JsonSchema; issues: string[] } {
  const issues: string[] = [];
  const out: JsonSchema = { ...base };
  for (const [k, v] of Object.entries(keywords)) {
    if (k === 'additionalProperties') {
      if (v === null) delete out.additionalProperties;
      else if (typeof v === 'boolean') out.additionalProperties = v;
      else issues.push('`additionalProperties` here may only be true, false, or null (leave it out); declare a map type `M t V` for typed extra properties');
    } else if (ROOT_MERGEABLE.has(k)) {
      out[k] = cloneJson(v);
    } else {
      issues.push(`\`${k}\` cannot be added to the object as a whole; allowed: ${[...ROOT_MERGEABLE].join(', ')}, additionalProperties`);
    }
  }
  return { schema: out, issues };
}

function narrowType(base: JsonSchema, v: JsonValue): JsonValue | undefined {
  const baseTypes = schemaTypes(base);
  const wanted = typeof v === 'string' ? [v] : Array.isArray(v) && v.every((x) => typeof x === 'string') ? (v as string[]) : undefined;
  if (!wanted || wanted.length === 0 || baseTypes.length === 0) return undefined;
  const fits = wanted.every((w) => baseTypes.includes(w) || (w === 'integer' && baseTypes.includes('number')));
  return fits ? (wanted.length === 1 ? wanted[0] : wanted) : undefined;
}

/** `alias a b` + `alias b a`: a chain of bare names leading back to itself. */
function isDegenerateAliasCycle(name: string, env: SchemaEnv): boolean {
  const seen = new Set<string>();
  let cur = name;
  for (;;) {
    const alias = env.aliases.get(cur);
    if (!alias || alias.target.kind !== 'NamedType') return false;
    if (seen.has(cur)) return true;
    seen.add(cur);
    cur = alias.target.name;
    if (cur === name) return true;
  }
}

// ---------------------------------------------------------------- public API

/**
 * The JSON Schema of a `type` declaration, an `alias`, or any type
 * expression (for hover). Never throws; problems come back as diagnostics.
 */
export function typeSchema(target: TypeDecl | AliasDecl | SumTypeDecl | TypeExpr, env: SchemaEnv, purpose: SchemaPurpose = 'type'): SchemaResult {
  const conv = new SchemaConverter(env, purpose);
  try {
    if (target.kind === 'SumTypeDecl') return withAnnotationDiagnostics(conv.finish(conv.sumSchema(target, conv.localSite(target.name, target.name.text))), env, target);
    if (target.kind === 'TypeDecl' || target.kind === 'AliasDecl') {
      const body =
        target.kind === 'TypeDecl'
          ? conv.recordSchema(target, conv.localSite(target.name, target.name.text))
          : conv.aliasSchema(target, conv.localSite(target.target, target.name.text));
      return withAnnotationDiagnostics(conv.finish(body), env, target);
    }
    return conv.finish(conv.convert(target, conv.localSite(target, typeText(target))));
  } catch (e) {
    return internalFailure(target, e);
  }
}

/**
 * The input schema a function's or tool's parameters have as a tool:
 * `{type:"object", properties, required, additionalProperties:false}` in
 * parameter order, with `@param` descriptions/wire names and `@schema` keywords.
 */
export function functionInputSchema(fn: FunctionDecl | ToolDecl, env: SchemaEnv): SchemaResult {
  const conv = new SchemaConverter(env, fn.kind === 'ToolDecl' ? 'tool' : 'function');
  if (fn.kind === 'FunctionDecl' && fn.typeParams && fn.typeParams.length > 0) conv.typeBounds = typeParamSchemas(fn.typeParams);
  try {
    return withAnnotationDiagnostics(conv.finish(paramsObject(conv, fn)), env, fn);
  } catch (e) {
    return internalFailure(fn, e);
  }
}

/** JSON types each ilo 26 generic bound admits (spec: "Bounded generics"). */
const BOUND_TYPES: Readonly<Record<string, readonly string[]>> = {
  numeric: ['number'],
  text: ['string'],
  comparable: ['number', 'string', 'boolean'],
};

/**
 * The schema each type parameter of a generic function stands for: any value
 * without a bound (or `any`), else the JSON types every bound admits
 * (`<a:numeric>` → number, `<a:comparable>` → number, string or boolean,
 * `<a:comparable+numeric>` → number). Bounds that admit nothing in common, or
 * one ilo does not have, leave the parameter any value (the verifier reports them).
 */
export function typeParamSchemas(params: readonly TypeParam[]): Map<string, JsonSchema> {
  const out = new Map<string, JsonSchema>();
  for (const p of params) {
    let types: readonly string[] | undefined;
    for (const b of p.bounds ?? []) {
      if (b.text === 'any') continue;
      const admits = Object.hasOwn(BOUND_TYPES, b.text) ? BOUND_TYPES[b.text] : undefined;
      if (admits === undefined) {
        types = undefined;
        break;
      }
      types = types === undefined ? admits : types.filter((t) => admits.includes(t));
    }
    out.set(p.name.text, types === undefined || types.length === 0 ? {} : { type: types.length === 1 ? types[0] : [...types] });
  }
  return out;
}

/** A member's name on the wire: its `@param`/`@field` wire name, else its ilo name. */
function wireNameOf(m: Param, annotations: Annotations): string {
  return annotations.properties.get(m.name.text)?.wire ?? m.name.text;
}

function duplicateWireName(m: Param, wire: string): Diagnostic {
  return contractDiagnostic('duplicate-wire-name', 'warning', m.name, `two members are sent as \`${wire}\`; this one is left out of the schema`);
}

/**
 * What functionInputSchema reports about a function's own doc comment and
 * parameter names (annotation problems, members sent under one wire name,
 * bad `@schema` patches), leaving out type problems. Without a `@schema`
 * patch none of it needs the schema, which is then not built: this runs for
 * every function on every edit.
 */
export function functionAnnotationDiagnostics(fn: FunctionDecl, env: SchemaEnv): Diagnostic[] {
  const { annotations, diagnostics } = env.annotationsOf(fn);
  if (annotations.schemas.size > 0) return functionInputSchema(fn, env).diagnostics.filter((d) => !TYPE_PROBLEMS.has(d.code));
  let out: Diagnostic[] | undefined;
  const params = fn.params;
  for (let i = 1; i < params.length; i++) {
    const wire = wireNameOf(params[i], annotations);
    let taken = false;
    for (let j = 0; j < i && !taken; j++) taken = wireNameOf(params[j], annotations) === wire;
    if (taken) (out ??= [...diagnostics]).push(duplicateWireName(params[i], wire));
  }
  return out ?? diagnostics;
}

/** Type problems: reported where the type is written, not again for every schema that reaches it. */
export const TYPE_PROBLEMS: ReadonlySet<string> = new Set(['unknown-type', 'function-type', 'recursive-alias', 'map-key', 'capability-type']);

/** The type `W`: a capability (World) token. */
export const CAPABILITY_TYPE = 'W';

/**
 * The parameters of a function or tool that take a capability token (`w:W`,
 * also through an alias): the runtime supplies them, so they are not part of
 * the input a caller sends.
 */
export function capabilityParams(decl: FunctionDecl | ToolDecl, env: SchemaEnv): Param[] {
  return decl.params.filter((p) => isCapabilityType(p.type, env));
}

export function isCapabilityType(t: TypeExpr, env: SchemaEnv): boolean {
  const seen = new Set<string>();
  let cur = t;
  while (cur.kind === 'NamedType') {
    if (cur.name === CAPABILITY_TYPE && lookupNamed(env, cur.name) === undefined) return true;
    const alias = env.aliases.get(cur.name);
    if (!alias || seen.has(cur.name)) return false;
    seen.add(cur.name);
    cur = alias.target;
  }
  return false;
}

/** Shared by functionInputSchema and the MCP tool builder. */
export function paramsObject(conv: SchemaConverter, decl: FunctionDecl | ToolDecl): JsonSchema {
  const { annotations } = conv.env.annotationsOf(decl);
  const sent = decl.params.filter((p) => !isCapabilityType(p.type, conv.env));
  const conditions = decl.kind === 'FunctionDecl' ? requiredConditions(decl) : undefined;
  const extra = conditions && conditions.size > 0 ? (m: Param, s: JsonSchema) => withConditions(s, conditions.get(m.name.text)) : undefined;
  return conv.rootPatch(conv.objectOf(sent, annotations, (p) => conv.localSite(p.type, p.name.text), true, extra), annotations, true);
}

/** Problems in the declaration's own doc comment come first. */
function withAnnotationDiagnostics(r: SchemaResult, env: SchemaEnv, decl: Decl): SchemaResult {
  return { ...r, diagnostics: [...env.annotationsOf(decl).diagnostics, ...r.diagnostics] };
}

/** A guard for bugs: a malformed tree must not take the editor down. */
function internalFailure(node: Span | Decl, e: unknown): SchemaResult {
  const message = `schema generation failed: ${e instanceof Error ? e.message : String(e)}`;
  return {
    schema: {},
    diagnostics: [contractDiagnostic('unknown-type', 'warning', { start: node.start, end: node.end }, message)],
    problems: [message],
  };
}
