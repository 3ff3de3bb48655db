// Shared helpers for the schema tests: ilo source → declarations, and an
// ajv 2020-12 instance that every generated schema must compile under.
import Ajv2020 from 'ajv/dist/2020';
import type { Decl, ToolDecl, TypeDecl, FunctionDecl, AliasDecl } from '../../../server/src/syntax/ast';
import { buildSchemaEnv, type SchemaEnv } from '../../../server/src/schema/env';
import type { JsonSchema, JsonValue } from '../../../server/src/schema/json';
import { parseIlo } from '../../../server/src/syntax/parse';

/** Parse ilo source with the real parser; the test programs must be free of syntax errors. */
export function program(text: string): Decl[] {
  const { program: prog, diagnostics } = parseIlo(text);
  const errors = diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0) {
    throw new Error(`test program does not parse: ${errors.map((e) => `${e.code} ${e.message} @${e.start}`).join('; ')}\n${text}`);
  }
  return prog.decls;
}

export function envOf(text: string): { decls: Decl[]; env: SchemaEnv } {
  const decls = program(text);
  return { decls, env: buildSchemaEnv(decls) };
}

function find<K extends Decl['kind']>(decls: Decl[], kind: K, name: string): Extract<Decl, { kind: K }> {
  const d = decls.find((x) => x.kind === kind && 'name' in x && x.name?.text === name);
  if (!d) throw new Error(`no ${kind} ${name}`);
  return d as Extract<Decl, { kind: K }>;
}
export const toolNamed = (decls: Decl[], name: string): ToolDecl => find(decls, 'ToolDecl', name);
export const typeNamed = (decls: Decl[], name: string): TypeDecl => find(decls, 'TypeDecl', name);
export const fnNamed = (decls: Decl[], name: string): FunctionDecl => find(decls, 'FunctionDecl', name);
export const aliasNamed = (decls: Decl[], name: string): AliasDecl => find(decls, 'AliasDecl', name);

/** Strict ajv: unknown keywords and formats are errors, so every schema we emit must be clean 2020-12. */
export function newAjv(): Ajv2020 {
  const fail = (...args: unknown[]) => {
    throw new Error(`ajv: ${args.map(String).join(' ')}`);
  };
  // Any strict-mode warning (unknown keyword, ignored keyword, ...) fails the test.
  return new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true, validateFormats: false, logger: { log: () => {}, warn: fail, error: fail } });
}

/** Compile (throws on an invalid schema) and return a checker. */
export function validator(schema: JsonSchema): (value: JsonValue) => boolean {
  const validate = newAjv().compile(schema);
  return (value) => validate(value) as boolean;
}
