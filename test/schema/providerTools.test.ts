// OpenAI (Responses API, strict) and Anthropic tool shapes: golden outputs,
// and OpenAI's strict-mode rules checked on every schema we emit.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { toAnthropicTools, toOpenAIChatTools, toOpenAITools } from '../../server/src/schema/providerTools';
import { toStrictSchema } from '../../server/src/schema/strictSchema';
import type { JsonValue } from '../../server/src/schema/json';
import { program, validator } from './helpers/fixtures';

const SOURCE = [
  'type addr{city:t;zip:O t}',
  '',
  '-- @param uid The user id',
  '-- @param limit=maxResults How many to return',
  '-- @schema limit {"default":10,"minimum":1}',
  'tool find-users"Find users near an address" uid:t near:addr limit:O n tags:L S new old>R t t timeout:5',
  '',
  'tool tally"Count per key" counts:M t n>R n t',
  '',
  'tool stash"Store anything" value:_>R _ t',
  '',
  '-- @wire ns.ping',
  'tool ping"Ping" host:t>R t t',
].join('\n');

/** OpenAI strict-mode rules, checked independently of how the schema was made. */
function assertStrict(schema: JsonValue, path = '$'): void {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return;
  const s = schema as Record<string, JsonValue>;
  for (const banned of ['oneOf', 'allOf', 'not', 'default', 'patternProperties', 'propertyNames']) {
    assert.ok(!(banned in s), `${path}: strict mode forbids ${banned}`);
  }
  assert.ok('type' in s || '$ref' in s || 'anyOf' in s || 'enum' in s || 'const' in s, `${path}: every schema needs a type`);
  const types = Array.isArray(s.type) ? s.type : [s.type];
  if (types.includes('object') || 'properties' in s) {
    assert.equal(s.additionalProperties, false, `${path}: additionalProperties must be false`);
    assert.deepEqual(s.required, Object.keys((s.properties ?? {}) as object), `${path}: every property must be required`);
  }
  for (const [k, v] of Object.entries(s)) {
    if (k === 'properties' || k === '$defs') {
      for (const [pk, pv] of Object.entries(v as object)) assertStrict(pv as JsonValue, `${path}.${pk}`);
    } else if (k === 'items') assertStrict(v, `${path}[]`);
    else if (k === 'anyOf') (v as JsonValue[]).forEach((m, i) => assertStrict(m, `${path}|${i}`));
  }
}

test('OpenAI golden: strict function tool, optional parameters required but nullable', () => {
  const out = toOpenAITools(program(SOURCE));
  const find = out.tools.find((t) => t.name === 'find-users');
  assert.deepEqual(find, {
    type: 'function',
    name: 'find-users',
    description: 'Find users near an address',
    parameters: {
      type: 'object',
      properties: {
        uid: { description: 'The user id', type: 'string' },
        near: {
          type: 'object',
          properties: { city: { type: 'string' }, zip: { type: ['string', 'null'] } },
          required: ['city', 'zip'],
          additionalProperties: false,
        },
        maxResults: { description: 'How many to return Default: 10.', type: ['number', 'null'], minimum: 1 },
        tags: { type: 'array', items: { type: 'string', enum: ['new', 'old'] } },
      },
      required: ['uid', 'near', 'maxResults', 'tags'],
      additionalProperties: false,
    },
    strict: true,
  });
  assertStrict(find!.parameters);
  // The model's strict answer (nulls for what it leaves out) is valid ilo input.
  assert.equal(validator(find!.parameters)({ uid: 'u', near: { city: 'Oslo', zip: null }, maxResults: null, tags: ['new'] }), true);
});

test('tools that strict mode cannot express are exported with strict:false and listed as relaxed', () => {
  const out = toOpenAITools(program(SOURCE));
  const byName = new Map(out.tools.map((t) => [t.name, t]));
  assert.equal(byName.get('tally')!.strict, false);
  assert.equal(byName.get('stash')!.strict, false);
  assert.deepEqual(out.relaxed.map((r) => r.name), ['tally', 'stash']);
  assert.match(out.relaxed[0].reason, /arbitrary keys/);
  assert.match(out.relaxed[1].reason, /any JSON value/);
  for (const t of out.tools.filter((x) => x.strict)) assertStrict(t.parameters);

  const strictOnly = toOpenAITools(program(SOURCE), { nonStrict: 'omit' });
  assert.deepEqual(strictOnly.tools.map((t) => t.name), ['find-users']);
  assert.ok(strictOnly.omitted.some((o) => o.name === 'tally' && /strict mode/.test(o.reason)));
});

test('Chat Completions golden: the Responses tool nested under `function`, same strictness, same omissions', () => {
  const responses = toOpenAITools(program(SOURCE));
  const chat = toOpenAIChatTools(program(SOURCE));
  const find = chat.tools.find((t) => t.function.name === 'find-users')!;
  assert.deepEqual(find, {
    type: 'function',
    function: {
      name: 'find-users',
      description: 'Find users near an address',
      parameters: responses.tools.find((t) => t.name === 'find-users')!.parameters,
      strict: true,
    },
  });
  assert.deepEqual(chat.relaxed, responses.relaxed);
  assert.deepEqual(chat.omitted, responses.omitted);
  assert.deepEqual(toOpenAIChatTools(program(SOURCE), { nonStrict: 'omit' }).tools.map((t) => t.function.name), ['find-users']);
});

test('names the model APIs reject are omitted with a reason', () => {
  const openai = toOpenAITools(program(SOURCE));
  assert.ok(!openai.tools.some((t) => t.name === 'ns.ping'));
  assert.match(openai.omitted.find((o) => o.name === 'ns.ping')!.reason, /not a valid OpenAI function name/);
  const anthropic = toAnthropicTools(program(SOURCE));
  assert.match(anthropic.omitted.find((o) => o.name === 'ns.ping')!.reason, /not a valid Anthropic tool name/);
});

test('Anthropic golden: name, description, input_schema (the MCP input schema unchanged)', () => {
  const out = toAnthropicTools(program('-- @param q The query\ntool search"Search the index" q:t page:O n>R t t'));
  assert.deepEqual(out, {
    tools: [
      {
        name: 'search',
        description: 'Search the index',
        input_schema: {
          type: 'object',
          properties: { q: { description: 'The query', type: 'string' }, page: { type: ['number', 'null'] } },
          required: ['q'],
          additionalProperties: false,
        },
      },
    ],
    omitted: [],
  });
});

test('strict conversion: results become anyOf, recursive $defs stay strict', () => {
  const src = 'type node{v:n;kids:L node}\ntool walk"Walk" root:node outcome:R n t>R t t';
  const [tool] = toOpenAITools(program(src)).tools;
  assert.equal(tool.strict, true);
  assertStrict(tool.parameters);
  const ok = validator(tool.parameters);
  assert.equal(ok({ root: { v: 1, kids: [{ v: 2, kids: [] }] }, outcome: { ok: 3 } }), true);
  assert.equal(ok({ root: { v: 1, kids: [] }, outcome: { ok: 3, err: 'x' } }), false);
});

test('strict conversion of an imported-style schema: optional properties become nullable, unknown keywords go', () => {
  const { schema, problems } = toStrictSchema({
    type: 'object',
    properties: { path: { type: 'string' }, head: { type: 'number', description: 'First N lines', minLength: 2 } },
    required: ['path'],
  });
  assert.deepEqual(problems, []);
  assert.deepEqual(schema, {
    type: 'object',
    properties: { path: { type: 'string' }, head: { type: ['number', 'null'], description: 'First N lines' } },
    required: ['path', 'head'],
    additionalProperties: false,
  });
});
