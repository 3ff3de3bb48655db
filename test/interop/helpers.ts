// Shared by the framework proof tests: one ilo program with tools of every
// kind, its exports as a user gets them (the file content of `ilo-ls export`),
// a local HTTP server standing in for a model API, and the checks a model
// API applies to the tools it is sent.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { behaviorExtender } from '../../server/src/contracts';
import { exportTools, type ExportFormat } from '../../server/src/service/exports';
import type { JsonSchema, JsonValue } from '../../server/src/schema/json';
import { newAjv, program } from '../schema/helpers/fixtures';

/**
 * Three tools strict mode can express (records, optional parameters, enums,
 * lists, results), one it cannot (a map), one no format can (a function type).
 */
export const TOOLS_SOURCE = [
  'type addr{city:t;zip:O t}',
  '',
  '-- @param uid The user id',
  '-- @param limit How many to return',
  '-- @behavior PURE SEARCH USER',
  'tool find-users"Find users near an address" uid:t near:addr limit:O n tags:L S new old>R (L t) t timeout:5',
  '',
  '-- @behavior MUTATES CREATE DATA',
  'tool add-note"Add a note" title:t body:O t>R t t',
  '',
  'tool tally"Count per key" counts:M t n>R n t',
  '',
  'tool apply-fn"Apply a function" f:F n n x:n>R n t',
].join('\n');

/** A valid call of `find-users` in strict form (every property present, nulls for the optional ones). */
export const FIND_USERS_ARGS = { uid: 'u-17', near: { city: 'Oslo', zip: null }, limit: null, tags: ['new'] };
/** A call the schema must reject: `near.city` is a number. */
export const FIND_USERS_BAD_ARGS = { uid: 'u-17', near: { city: 42, zip: null }, limit: null, tags: ['new'] };

/** What `ilo-ls export --format FORMAT` writes for TOOLS_SOURCE, parsed. */
export function exported<T>(format: ExportFormat, baseUrl?: string): { value: T; omitted: { name: string; reason: string }[]; relaxed: { name: string; reason: string }[] } {
  const r = exportTools(program(TOOLS_SOURCE), format, { extend: behaviorExtender(), baseUrl, agentName: 'people' });
  return { value: JSON.parse(r.content) as T, omitted: r.omitted, relaxed: r.relaxed };
}

/** ajv's verdict on arguments: undefined when valid, else one message naming the failing fields. */
export function argumentErrors(schema: JsonSchema, args: unknown): string | undefined {
  const ajv = newAjv();
  const validate = ajv.compile(schema);
  if (validate(args)) return undefined;
  return ajv.errorsText(validate.errors, { dataVar: 'arguments' });
}

/**
 * OpenAI's strict-mode rules, checked on a schema independently of how we
 * built it: every object closed and listing all its properties as required,
 * no keywords outside the subset.
 */
export function strictViolations(schema: JsonValue, path = '$'): string[] {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return [];
  const s = schema as Record<string, JsonValue>;
  const out: string[] = [];
  for (const banned of ['oneOf', 'allOf', 'not', 'default', 'patternProperties', 'propertyNames', 'if', 'then', 'else']) {
    if (banned in s) out.push(`${path}: ${banned} is not allowed`);
  }
  const types = Array.isArray(s.type) ? s.type : [s.type];
  if (types.includes('object') || 'properties' in s) {
    if (s.additionalProperties !== false) out.push(`${path}: additionalProperties must be false`);
    const props = Object.keys((s.properties ?? {}) as object);
    if (JSON.stringify(s.required ?? []) !== JSON.stringify(props)) out.push(`${path}: every property must be required`);
  }
  for (const [k, v] of Object.entries(s)) {
    if (k === 'properties' || k === '$defs') for (const [pk, pv] of Object.entries(v as object)) out.push(...strictViolations(pv as JsonValue, `${path}.${pk}`));
    else if (k === 'items') out.push(...strictViolations(v, `${path}[]`));
    else if (k === 'anyOf') (v as JsonValue[]).forEach((m, i) => out.push(...strictViolations(m, `${path}|${i}`)));
  }
  return out;
}

/** Keys of an object that are not in `allowed`. */
export function unknownKeys(value: object, allowed: readonly string[]): string[] {
  return Object.keys(value).filter((k) => !allowed.includes(k));
}

export interface SeenRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

/**
 * A local HTTP server standing in for a model API: `answer` sees each request
 * (body parsed as JSON) and returns the status and JSON body to send back.
 */
export async function fakeApi(answer: (req: SeenRequest) => { status: number; body: unknown }): Promise<{ url: string; seen: SeenRequest[]; close: () => Promise<void> }> {
  const seen: SeenRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = text === '' ? undefined : JSON.parse(text);
      } catch {
        body = text;
      }
      const request = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body };
      seen.push(request);
      let reply: { status: number; body: unknown };
      try {
        reply = answer(request);
      } catch (err) {
        reply = { status: 400, body: { error: { type: 'invalid_request_error', message: (err as Error).message } } };
      }
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
