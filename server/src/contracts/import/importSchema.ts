// JSON Schema → ilo types, for importing MCP tools.
//
//   string → t             number → n            integer → n + @schema {"type":"integer"}
//   boolean → b            array → L item        object with properties → a generated record `type`
//                                                (its `$schema`, `$id` and whether it said `additionalProperties`
//                                                in the record's own `@schema {...}`)
//   object with only additionalProperties → M t V
//   string enum → S a b    (when every value is a plain ilo word; else t + @schema {"enum":…})
//   ["x","null"], anyOf/oneOf [x, null] → O x
//   anything else → _ with the whole original schema kept in @schema
//
// The mapping is chosen so that the schema layer's exporter gives back the
// original schema: constraints ilo types cannot say (minLength, default,
// format, ...) travel as `@schema` keywords at the parameter or field; those
// deeper inside (an array's items with a description) travel on a generated
// `alias`; records carry their own fields' notes. Whatever cannot be said
// that way falls back to `_` with the full schema, which is exact by
// construction. Records with the same content are generated once.

import type { Span, TypeExpr } from '../../syntax/ast';
import { isJsonObject, type JsonObject, type JsonValue } from '../../schema/json';
import { MERGEABLE } from '../../schema/typeSchema';
import { isKeyword, isReservedWord, isValidIdentifier } from '../../syntax/names';
import { NameScope, singular } from './importNames';
import { canonicalJson } from '../pins';

/** A parameter of a tool or a field of a record, as it will be written. */
export interface PlannedMember {
  ilo: string;
  wire: string;
  type: TypeExpr;
  /** Goes to `@param`/`@field` (undefined: no description). */
  description?: string;
  /** Goes to `@schema name {...}` (undefined or empty: no line). */
  patch?: JsonObject;
}

export interface PlannedRecord {
  kind: 'record';
  name: string;
  /** Prose above the declaration (the object's own description). */
  description?: string;
  fields: PlannedMember[];
  /** `@schema {...}` on the record itself: `$schema`/`$id`, and `additionalProperties` (null: the object did not say). */
  rootPatch?: JsonObject;
}

export interface PlannedAlias {
  kind: 'alias';
  name: string;
  target: TypeExpr;
  description?: string;
  /** `@schema {...}` on the alias itself. */
  patch?: JsonObject;
}

export type PlannedTypeDecl = PlannedRecord | PlannedAlias;

/** A type with the schema keywords that must be added where it is used. */
interface Typed {
  type: TypeExpr;
  /** Keywords for `@schema` at the use site (description excluded). */
  patch: JsonObject;
  /** The schema's own description, when the position cannot take it from elsewhere. */
  description?: string;
}

/**
 * Keywords `@schema` can carry for a typed (non-`_`) position: what the schema
 * layer merges, except `description`, which the importer writes as `@param`
 * / `@field` prose instead.
 */
const PATCHABLE: ReadonlySet<string> = new Set([...MERGEABLE].filter((k) => k !== 'description'));

const ZERO: Span = { start: 0, end: 0 };
export const prim = (name: 'n' | 't' | 'b' | '_'): TypeExpr => ({ kind: 'PrimType', name, ...ZERO });
const named = (name: string): TypeExpr => ({ kind: 'NamedType', name, ...ZERO });
const list = (elem: TypeExpr): TypeExpr => ({ kind: 'ListType', elem, ...ZERO });
const opt = (inner: TypeExpr): TypeExpr => ({ kind: 'OptType', inner, ...ZERO });
const map = (value: TypeExpr): TypeExpr => ({ kind: 'MapType', key: prim('t'), value, ...ZERO });
const sum = (variants: string[]): TypeExpr => ({ kind: 'SumType', variants: variants.map((text) => ({ text, ...ZERO })), ...ZERO });

/** A sum variant must read back as the same word: a plain ilo identifier that is not a keyword. */
function isVariantWord(v: JsonValue): v is string {
  return typeof v === 'string' && isValidIdentifier(v) && !isKeyword(v) && !isReservedWord(v);
}

/** Prose written as `--` lines reads back as lines trimmed and joined: only such text survives unchanged. */
export function isProseSafe(text: string): boolean {
  if (text === '' || /[\r\u2028\u2029]/.test(text)) return false;
  const lines = text.split('\n');
  return lines.every((l) => l === l.trim()) && text === text.trim() && !/[\u0000-\u0008\u000b-\u001f\u007f]/.test(text);
}

function without(s: JsonObject, ...keys: string[]): JsonObject {
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(s)) if (!keys.includes(k)) out[k] = v;
  return out;
}

function onlyPatchable(s: JsonObject): boolean {
  return Object.keys(s).every((k) => PATCHABLE.has(k));
}

/** `{type:[x,"null"]}` or `anyOf/oneOf: [x, {type:null}]` → x; undefined when the schema is not "x or null". */
export function splitNullable(s: JsonObject): JsonObject | undefined {
  if (Array.isArray(s.type) && s.type.includes('null') && s.type.length >= 2) {
    const rest = s.type.filter((t) => t !== 'null');
    if (s.type.filter((t) => t === 'null').length !== 1) return undefined;
    const inner: JsonObject = { ...s, type: rest.length === 1 ? rest[0] : rest };
    if (Array.isArray(s.enum)) {
      // The exporter puts null back at the end of an enum when it makes a type nullable.
      if (s.enum[s.enum.length - 1] !== null || s.enum.indexOf(null) !== s.enum.length - 1) return undefined;
      inner.enum = s.enum.slice(0, -1);
    }
    return inner;
  }
  for (const key of ['anyOf', 'oneOf'] as const) {
    const alts = s[key];
    if (!Array.isArray(alts) || alts.length !== 2) continue;
    const nullAt = alts.findIndex((a) => isJsonObject(a) && a.type === 'null' && Object.keys(a).length === 1);
    // The exporter writes `anyOf: [T, {type:null}]`, in that order.
    if (key !== 'anyOf' || nullAt !== 1 || !isJsonObject(alts[0])) continue;
    if (Object.keys(s).some((k) => k !== key && k !== 'description')) continue;
    return alts[0];
  }
  return undefined;
}

export interface PlannerContext {
  /** File-level names (tools, records, aliases) already used. */
  scope: NameScope;
  /** Used as a prefix when a generated type name is taken (`create-table-column`). */
  owner: string;
  /** Notes about what was approximated, for the import report. */
  notes: string[];
  /** JSON path of the schema being converted, for notes. */
  path: string;
}

/** Builds ilo types for schemas and owns the generated record/alias declarations of one import. */
export class TypePlanner {
  readonly decls: PlannedTypeDecl[] = [];
  private readonly byKey = new Map<string, string>();

  /**
   * A member (parameter or field): its type, `@schema` patch and description,
   * given whether the enclosing object requires it.
   */
  member(wire: string, ilo: string, schema: JsonValue, required: boolean, ctx: PlannerContext): PlannedMember {
    if (!isJsonObject(schema)) {
      // `true` means "any value", exactly what `_` exports as ({}); anything else cannot be said.
      if (schema !== true) ctx.notes.push(`${ctx.path}: the schema \`${JSON.stringify(schema)}\` is imported as \`_\` (any value)`);
      return { ilo, wire, type: required ? prim('_') : opt(prim('_')) };
    }
    const description = typeof schema.description === 'string' && schema.description !== '' ? schema.description : undefined;
    const rest = description !== undefined ? without(schema, 'description') : schema;
    const loose = (): PlannedMember => this.looseMember(wire, ilo, schema, required);

    const innerOfNull = splitNullable(rest);
    if (innerOfNull !== undefined && required) return loose(); // "required but may be null" has no ilo spelling
    const core = innerOfNull ?? rest;
    // An object keeps its description as the record's prose, so that the same
    // object is one record wherever it appears (as a parameter, a list item, ...).
    const asRecord = description !== undefined && innerOfNull === undefined && isRecordCandidate(core) && isProseSafe(description);
    const typed = this.typeOf(asRecord ? { ...core, description } : core, ctx, wire, true);
    if (!typed || typed.description !== undefined) return loose();
    // A record took the description; anything else gets it from `@param`/`@field`.
    const note = asRecord ? undefined : description;
    if (required) return { ilo, wire, type: typed.type, description: note, patch: nonEmpty(typed.patch) };

    // Optional: `O T` exports as T-or-null; narrow it back unless the original allowed null too.
    const patch: JsonObject = { ...typed.patch };
    if (innerOfNull !== undefined) {
      if (Array.isArray(rest.type)) patch.type = rest.type;
    } else {
      const t = core.type;
      if (typeof t !== 'string') return loose();
      patch.type = t;
    }
    return { ilo, wire, type: opt(typed.type), description: note, patch: nonEmpty(patch) };
  }

  /** A member as `_` (or `O _` when optional) with its whole schema kept in `@schema`: exact by construction. */
  looseMember(wire: string, ilo: string, schema: JsonValue, required: boolean): PlannedMember {
    const type = required ? prim('_') : opt(prim('_'));
    if (!isJsonObject(schema)) return { ilo, wire, type };
    const description = typeof schema.description === 'string' && schema.description !== '' ? schema.description : undefined;
    const rest = description !== undefined ? without(schema, 'description') : schema;
    return { ilo, wire, type, description, patch: nonEmpty(rest) };
  }

  /**
   * The ilo type of a schema that is not "x or null". `topLevel`: the
   * position takes `@schema` keywords (a parameter or field); otherwise
   * keywords and descriptions must be carried by an alias.
   */
  typeOf(s: JsonObject, ctx: PlannerContext, hint: string, topLevel: boolean): Typed | undefined {
    const typed = this.bareType(s, ctx, hint);
    if (!typed) return undefined;
    if (topLevel) return typed;
    if (Object.keys(typed.patch).length === 0 && typed.description === undefined) return typed;
    // Keywords below a parameter: put the type behind an alias that carries them.
    if (typed.description !== undefined && !isProseSafe(typed.description)) return undefined;
    const key = canonicalJson({ alias: s });
    const existing = this.byKey.get(key);
    if (existing) return { type: named(existing), patch: {} };
    const name = ctx.scope.allocate(`${hint}-item`, 'type', ctx.owner);
    this.byKey.set(key, name);
    this.decls.push({ kind: 'alias', name, target: typed.type, description: typed.description, patch: nonEmpty(typed.patch) });
    return { type: named(name), patch: {} };
  }

  /** The type for one schema, with the keywords to add where it is used. */
  private bareType(s: JsonObject, ctx: PlannerContext, hint: string): Typed | undefined {
    const description = typeof s.description === 'string' && s.description !== '' ? s.description : undefined;
    const body = description !== undefined ? without(s, 'description') : s;
    // `"type": "integer"` may narrow `n`; every other keyword must be one the schema layer merges.
    const done = (type: TypeExpr, patch: JsonObject): Typed | undefined =>
      onlyPatchable(patch.type === 'integer' ? without(patch, 'type') : patch) ? { type, patch, description } : undefined;

    if (Object.keys(body).length === 0) return description !== undefined ? { type: prim('_'), patch: {}, description } : { type: prim('_'), patch: {} };
    switch (body.type) {
      case 'string': {
        const rest = without(body, 'type');
        if (Array.isArray(body.enum) && body.enum.length > 0 && body.enum.every(isVariantWord) && new Set(body.enum).size === body.enum.length) {
          return done(sum(body.enum as string[]), without(rest, 'enum'));
        }
        return done(prim('t'), rest);
      }
      case 'number':
        return done(prim('n'), without(body, 'type'));
      case 'integer':
        return done(prim('n'), { type: 'integer', ...without(body, 'type') });
      case 'boolean':
        return done(prim('b'), without(body, 'type'));
      case 'array': {
        if (!isJsonObject(body.items)) return undefined;
        const item = this.typeOf(body.items, { ...ctx, path: `${ctx.path}.items` }, singular(hint), false);
        if (!item) return undefined;
        return done(list(item.type), without(body, 'type', 'items'));
      }
      case 'object':
        return this.objectType(body, description, ctx, hint);
      default:
        return undefined;
    }
  }

  private objectType(body: JsonObject, description: string | undefined, ctx: PlannerContext, hint: string): Typed | undefined {
    const structural = ['type', 'properties', 'required', 'additionalProperties'];
    // `$schema`/`$id` describe the object itself: a record carries them (a map cannot).
    const own: JsonObject = {};
    for (const k of RECORD_OWN) if (body[k] !== undefined) own[k] = body[k];
    const extra = without(body, ...structural, ...RECORD_OWN);
    if (!onlyPatchable(extra)) return undefined;
    const props = body.properties;
    const ap = body.additionalProperties;
    if (props === undefined || (isJsonObject(props) && Object.keys(props).length === 0 && ap === undefined)) {
      // A map: only additionalProperties describes the values.
      if (!isJsonObject(ap) || props !== undefined || body.required !== undefined || Object.keys(own).length > 0) return undefined;
      const value = this.typeOf(ap, { ...ctx, path: `${ctx.path}.additionalProperties` }, `${hint}-value`, false);
      if (!value) return undefined;
      return { type: map(value.type), patch: extra, description };
    }
    if (!isJsonObject(props) || (ap !== undefined && typeof ap !== 'boolean')) return undefined;
    // Records export `additionalProperties: false`; say so when the object said otherwise, or nothing.
    if (ap === undefined) own.additionalProperties = null;
    else if (ap === true) own.additionalProperties = true;
    if (Object.keys(props).length === 0) return undefined; // an empty record has no ilo spelling
    if (body.required !== undefined && !(Array.isArray(body.required) && body.required.every((r) => typeof r === 'string'))) return undefined;
    const required = new Set((body.required as string[] | undefined) ?? []);
    if ([...required].some((r) => !Object.hasOwn(props, r))) return undefined;
    // The record's own description becomes its prose: it must survive as comment lines.
    if (description !== undefined && !isProseSafe(description)) return undefined;
    const name = this.record(props, required, description, own, ctx, hint);
    return { type: named(name), patch: extra };
  }

  /** The record for an object's properties (reusing an identical one). */
  private record(props: JsonObject, required: Set<string>, description: string | undefined, own: JsonObject, ctx: PlannerContext, hint: string): string {
    const key = canonicalJson({ record: { props, required: [...required].sort(), description: description ?? null, own } });
    const existing = this.byKey.get(key);
    if (existing) return existing;
    const name = ctx.scope.allocate(hint, 'type', ctx.owner);
    this.byKey.set(key, name);
    const fieldScope = new NameScope();
    const decl: PlannedRecord = { kind: 'record', name, description, fields: [] };
    if (Object.keys(own).length > 0) decl.rootPatch = own;
    // Declared before its fields are planned so that records nested inside it come after.
    this.decls.push(decl);
    for (const [wire, sub] of Object.entries(props)) {
      const ilo = fieldScope.allocate(wire, 'field');
      decl.fields.push(this.member(wire, ilo, sub, required.has(wire), { ...ctx, path: `${ctx.path}.properties.${wire}` }));
    }
    return name;
  }

  /** The record for a tool's output schema; undefined when it is not a plain object with properties. */
  outputRecord(schema: JsonObject, ctx: PlannerContext, hint: string): string | undefined {
    const typed = this.bareType(schema, ctx, hint);
    if (!typed || typed.type.kind !== 'NamedType' || Object.keys(typed.patch).length > 0) return undefined;
    return typed.type.name;
  }
}

/** Keywords of an object that its record carries in its own `@schema {...}`. */
const RECORD_OWN = ['$schema', '$id'];

/** An object schema with properties: it becomes a record type when nothing else stands in the way. */
function isRecordCandidate(s: JsonObject): boolean {
  return s.type === 'object' && isJsonObject(s.properties) && Object.keys(s.properties).length > 0;
}

function nonEmpty(o: JsonObject): JsonObject | undefined {
  return Object.keys(o).length > 0 ? o : undefined;
}
