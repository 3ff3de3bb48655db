// Checking a call's arguments against the tool's own input schema, before
// anything runs. The server's schemas use a small subset of JSON Schema
// (an object of strings, booleans, integers and enums, no extra
// properties), and this checks exactly that subset; a test compares it with
// ajv on the real schemas. Messages name the property, never echo its value.

import { isJsonObject, type JsonObject } from '../schema/json';
import { ToolFailure } from './toolFailure';

export type Args = Record<string, string | boolean | number | undefined>;

/** The arguments, checked; throws a one-line ToolFailure when they do not fit. */
export function checkArgs(schema: JsonObject, args: unknown): Args {
  const given = args === undefined || args === null ? {} : args;
  if (!isJsonObject(given)) throw new ToolFailure('arguments must be an object');
  const props = isJsonObject(schema.properties) ? schema.properties : {};
  const out: Args = {};
  for (const key of Object.keys(given)) {
    if (!Object.hasOwn(props, key)) throw new ToolFailure(`unknown argument '${key.slice(0, 40)}'; known: ${Object.keys(props).join(', ') || 'none'}`);
  }
  const required = Array.isArray(schema.required) ? schema.required : [];
  for (const key of required) {
    if (typeof key === 'string' && given[key] === undefined) throw new ToolFailure(`missing argument '${key}'`);
  }
  for (const [key, rule] of Object.entries(props)) {
    const value = given[key];
    if (value === undefined || !isJsonObject(rule)) continue;
    out[key] = checkValue(key, rule, value);
  }
  return out;
}

function checkValue(key: string, rule: JsonObject, value: unknown): string | boolean | number {
  if (Array.isArray(rule.enum)) {
    if (!rule.enum.includes(value as never)) throw new ToolFailure(`'${key}' must be one of ${rule.enum.map((v) => JSON.stringify(v)).join(', ')}`);
    return value as string;
  }
  switch (rule.type) {
    case 'string': {
      if (typeof value !== 'string') throw new ToolFailure(`'${key}' must be a string`);
      // JSON Schema counts code points; so does this.
      const max = typeof rule.maxLength === 'number' ? rule.maxLength : undefined;
      if (max !== undefined && value.length > max && [...value].length > max) {
        throw new ToolFailure(`'${key}' has ${[...value].length} characters; the limit is ${max}`);
      }
      if (typeof rule.minLength === 'number' && [...value].length < rule.minLength) throw new ToolFailure(`'${key}' must not be empty`);
      return value;
    }
    case 'boolean':
      if (typeof value !== 'boolean') throw new ToolFailure(`'${key}' must be true or false`);
      return value;
    case 'integer': {
      if (typeof value !== 'number' || !Number.isInteger(value)) throw new ToolFailure(`'${key}' must be an integer`);
      if (typeof rule.minimum === 'number' && value < rule.minimum) throw new ToolFailure(`'${key}' must be at least ${rule.minimum}`);
      if (typeof rule.maximum === 'number' && value > rule.maximum) throw new ToolFailure(`'${key}' must be at most ${rule.maximum}`);
      return value;
    }
    default:
      throw new ToolFailure(`'${key}' has a type this server does not check`);
  }
}
