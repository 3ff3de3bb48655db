// Checking a call's arguments against the pinned input schema with ajv,
// before anything is sent upstream. The draft follows the schema's
// `$schema` (MCP's default, 2020-12, when it names none). Messages name the
// offending property paths and what the schema asks, never the values sent.

import Ajv from 'ajv';
import Ajv2019 from 'ajv/dist/2019';
import Ajv2020 from 'ajv/dist/2020';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { isJsonObject, type JsonObject } from '../schema/json';
import { canonicalJson } from '../contracts/pins';

export type ArgsCheck = (args: unknown) => string | undefined;

type AnyAjv = { compile: (schema: object) => ValidateFunction };
const engines = new Map<string, AnyAjv>();

function engine(schema: JsonObject): AnyAjv {
  const draft = typeof schema.$schema === 'string' ? schema.$schema : '';
  const key = /draft-0[4-7]/.test(draft) ? '07' : /2019-09/.test(draft) ? '2019' : '2020';
  let ajv = engines.get(key);
  if (!ajv) {
    const options = { allErrors: true, strict: false, validateFormats: false, addUsedSchema: false };
    ajv = key === '07' ? new Ajv(options) : key === '2019' ? new Ajv2019(options) : new Ajv2020(options);
    engines.set(key, ajv);
  }
  return ajv;
}

/** Compiled checks by canonical schema text: a re-verification does not compile again. */
const compiled = new Map<string, ArgsCheck>();

function describe(e: ErrorObject): string {
  const at = e.instancePath === '' ? 'arguments' : `arguments${e.instancePath.replace(/\//g, '.')}`;
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required':
      return `${at} lack the required property \`${String(p.missingProperty)}\``;
    case 'additionalProperties':
      return `${at} have a property the schema does not allow: \`${String(p.additionalProperty)}\``;
    case 'type':
      return `${at} must be ${String(p.type)}`;
    default:
      return `${at} ${e.message ?? 'do not match the schema'}`;
  }
}

/** A check for a tool's input schema (a missing schema accepts any object), or why it cannot be compiled. */
export function compileArgsCheck(inputSchema: unknown): { check: ArgsCheck } | { error: string } {
  const schema: JsonObject = isJsonObject(inputSchema) ? inputSchema : { type: 'object' };
  const key = canonicalJson(schema);
  const cached = compiled.get(key);
  if (cached) return { check: cached };
  let validate: ValidateFunction;
  try {
    validate = engine(schema).compile(schema);
  } catch (e) {
    return { error: `its input schema cannot be compiled: ${e instanceof Error ? e.message : String(e)}` };
  }
  const check: ArgsCheck = (args) => {
    if (validate(args)) return undefined;
    const errors = (validate.errors ?? []).slice(0, 5).map(describe);
    const more = (validate.errors?.length ?? 0) > 5 ? `; and ${validate.errors!.length - 5} more` : '';
    return [...new Set(errors)].join('; ') + more;
  };
  compiled.set(key, check);
  return { check };
}
