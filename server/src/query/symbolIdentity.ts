// What a name in a program refers to, as an identity that can be compared
// across files: the resolver (./resolver.ts) maps every identifier occurrence
// to one of these, and definition, references, rename and highlights all read
// the same answer.

import type { Decl, Name, Span, TypeExpr } from '../syntax/ast';
import type { Builtin } from '../syntax/builtins';
import type { Ty } from '../check/types';

export type SymbolKind = 'function' | 'tool' | 'type' | 'alias' | 'field' | 'param' | 'local' | 'builtin' | 'variant';

export interface ResolvedSymbol {
  /**
   * The identity: equal keys mean the same symbol, in any file. Declarations
   * are keyed by their declaring file, namespace and name; fields by their
   * record type; locals by their file and first binding; builtins by their
   * canonical name.
   */
  key: string;
  kind: SymbolKind;
  name: string;
  /** Absolute path of the declaring file ('' for builtins and unresolved fields). */
  file: string;
  /** The declaring name, a span in `file` (absent for builtins and unresolved fields). */
  declaration?: Name;
  /**
   * function/tool/type/alias: the declaration itself; param: its function or
   * tool (absent for a lambda's); field: its record type.
   */
  decl?: Decl;
  builtin?: Builtin;
  /** Locals: bound as a parameter or by a statement/pattern. */
  role?: 'param' | 'binding';
  /** Params and fields: the written type. */
  typeExpr?: TypeExpr;
  /** Locals: the type inferred at the first binding (unknown when not known). */
  ty?: Ty;
  /** Fields: the record type's name; variants: the sum type's name. */
  owner?: string;
  /** A local bound by destructuring (`{a;b}=r`): the field it takes its name from. */
  destructures?: ResolvedSymbol;
}

/** A declaring name, a rebinding (`x=` again, a record literal's field) or a use. */
export type OccurrenceRole = 'declaration' | 'write' | 'read';

/**
 * Where the name is written: program code, a doc-comment annotation
 * (`@param x`, `@field x`, `@schema x`) or the name list of a `use`.
 */
export type OccurrencePlace = 'code' | 'annotation' | 'use';

export interface Occurrence extends Span {
  symbol: ResolvedSymbol;
  role: OccurrenceRole;
  place: OccurrencePlace;
}

/** Top-level names live in two namespaces: values (functions, tools) and types (records, aliases). */
export type Namespace = 'value' | 'type';

export function namespaceOf(kind: SymbolKind): Namespace | undefined {
  if (kind === 'function' || kind === 'tool') return 'value';
  if (kind === 'type' || kind === 'alias') return 'type';
  return undefined;
}

/** The symbol kind a top-level declaration defines (undefined for `use` and nameless broken ones). */
export function declSymbolKind(d: Decl): SymbolKind | undefined {
  switch (d.kind) {
    case 'FunctionDecl':
      return 'function';
    case 'ToolDecl':
      return 'tool';
    case 'TypeDecl':
    case 'SumTypeDecl':
      return 'type';
    case 'AliasDecl':
      return 'alias';
    case 'UseDecl':
    case 'TestDecl':
      return undefined;
    case 'ErrorDecl':
      if (!d.name || d.intended === 'use') return undefined;
      return d.intended === 'tool' ? 'tool' : d.intended === 'type' ? 'type' : d.intended === 'alias' ? 'alias' : 'function';
  }
}

export const declKey = (file: string, ns: Namespace, name: string): string => `${file}#${ns}:${name}`;
export const fieldKey = (file: string, typeName: string, field: string): string => `${file}#type:${typeName}.${field}`;
export const unresolvedFieldKey = (field: string): string => `?field:${field}`;
export const localKey = (file: string, start: number): string => `${file}@${start}`;
export const builtinKey = (canonical: string): string => `builtin:${canonical}`;
/** Level 26: a variant of a sum type (`circle` of `type shape = circle(n) | dot`). */
export const variantKey = (file: string, typeName: string, variant: string): string => `${file}#type:${typeName}|${variant}`;

/** How a symbol is named in messages: "function `f`", "field `x` of `pt`". */
export function describeSymbol(s: ResolvedSymbol): string {
  switch (s.kind) {
    case 'field':
      return s.owner ? `field \`${s.name}\` of \`${s.owner}\`` : `field \`${s.name}\``;
    case 'type':
      return s.decl?.kind === 'SumTypeDecl' ? `sum type \`${s.name}\`` : `record type \`${s.name}\``;
    case 'variant':
      return s.owner ? `variant \`${s.name}\` of \`${s.owner}\`` : `variant \`${s.name}\``;
    case 'local':
      return `local \`${s.name}\``;
    case 'param':
      return `parameter \`${s.name}\``;
    default:
      return `${s.kind} \`${s.name}\``;
  }
}
