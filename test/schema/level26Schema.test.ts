// Schemas from the ilo 26 type forms (programs written for these tests):
// sum types with payloads and generic sum types as tagged objects, `W`
// capability parameters left out of the input, `req` conditions as JSON
// Schema keywords, and a tool's `policy{…}` in `_meta`. Every schema
// compiles under strict ajv (2020-12) and the tools pass the MCP SDK's own
// ListToolsResultSchema.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ListToolsResultSchema } from '@modelcontextprotocol/sdk/types.js';
import type { Decl, FunctionDecl, SumTypeDecl, ToolDecl } from '../../server/src/syntax/ast';
import { parseIlo } from '../../server/src/syntax/parse';
import { LEVEL_26 } from '../../server/src/level';
import { buildSchemaEnv } from '../../server/src/schema/env';
import { functionInputSchema, typeSchema } from '../../server/src/schema/typeSchema';
import { toolDefinition, toolSummary, CAPABILITY_META_KEY } from '../../server/src/schema/mcpTool';
import { buildManifest } from '../../server/src/schema/manifest';
import { POLICY_META_KEY, hostMatches, policyFromJson, toolPolicyOf } from '../../server/src/schema/toolPolicy';
import { toOpenAITools, toAnthropicTools } from '../../server/src/schema/providerTools';
import type { JsonSchema } from '../../server/src/schema/json';
import { validator } from './helpers/fixtures';

function program26(text: string): Decl[] {
  const { program, diagnostics } = parseIlo(text, { level: LEVEL_26 });
  const errors = diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0) throw new Error(`test program does not parse: ${errors.map((e) => `${e.code} ${e.message}`).join('; ')}\n${text}`);
  return program.decls;
}
const named = <K extends Decl['kind']>(decls: Decl[], kind: K, name: string) =>
  decls.find((d) => d.kind === kind && 'name' in d && d.name?.text === name) as Extract<Decl, { kind: K }>;

const SHAPES = ['type shape = circle(n) | square(n) | label(t) | point', 'tool draw"Draw a shape" s:shape>t'].join('\n');

test('a sum type with payloads: one tagged object per variant, null for a variant without payload', () => {
  const decls = program26(SHAPES);
  const env = buildSchemaEnv(decls);
  const def = toolDefinition(named(decls, 'ToolDecl', 'draw') as ToolDecl, env);
  assert.deepEqual(def.problems, []);
  const s = (def.tool.inputSchema.properties as Record<string, JsonSchema>).s;
  assert.equal((s.oneOf as JsonSchema[]).length, 4);
  const ok = validator(def.tool.inputSchema);
  assert.ok(ok({ s: { circle: 2.5 } }));
  assert.ok(ok({ s: { label: 'hi' } }));
  assert.ok(ok({ s: { point: null } }));
  assert.ok(!ok({ s: { circle: 'big' } }), 'payload of the wrong type');
  assert.ok(!ok({ s: { circle: 1, square: 2 } }), 'two tags at once');
  assert.ok(!ok({ s: 'point' }), 'a bare text is not a variant of a payload sum');
  assert.ok(!ok({ s: { triangle: 3 } }), 'an unknown variant');
  // The declaration's own hover schema is the same.
  const own = typeSchema(named(decls, 'SumTypeDecl', 'shape') as SumTypeDecl, env);
  assert.deepEqual(own.schema, s);
  assert.deepEqual(own.diagnostics, []);
});

test('a generic sum type: its type parameters (even n, t, b) stand for any value', () => {
  const decls = program26(['type box<t> = full(t) | empty', 'type pair<a b> = both(a) | one(b)', 'tool keep"Keep a box" b:box p:pair>n'].join('\n'));
  const env = buildSchemaEnv(decls);
  const def = toolDefinition(named(decls, 'ToolDecl', 'keep') as ToolDecl, env);
  assert.deepEqual(def.problems, []);
  const ok = validator(def.tool.inputSchema);
  assert.ok(ok({ b: { full: 'text' }, p: { both: 1 } }));
  assert.ok(ok({ b: { full: 42 }, p: { one: [1, 2] } }), 't is the type parameter, not text');
  assert.ok(ok({ b: { empty: null }, p: { both: null } }));
  assert.ok(!ok({ b: { empty: 1 }, p: { both: 1 } }), 'a variant without payload carries null');
});

test('a recursive sum type goes to $defs and validates nested values; output schemas wrap it as result', () => {
  const decls = program26(['type tree = leaf(n) | node(pair)', 'type pair{l:tree;r:tree}', 'tool grow"Grow a tree" seed:n>R tree t'].join('\n'));
  const env = buildSchemaEnv(decls);
  const def = toolDefinition(named(decls, 'ToolDecl', 'grow') as ToolDecl, env);
  assert.deepEqual(def.problems, []);
  const out = def.tool.outputSchema!;
  assert.ok(out.$defs && typeof out.$defs === 'object' && 'tree' in out.$defs);
  const ok = validator(out);
  assert.ok(ok({ result: { node: { l: { leaf: 1 }, r: { node: { l: { leaf: 2 }, r: { leaf: 3 } } } } } }));
  assert.ok(!ok({ result: { node: { l: { leaf: 1 } } } }), 'a pair needs both sides');
});

test('W capability parameters are not part of a tool\'s input; _meta and the summary say which they are', () => {
  const decls = program26(['tool fetch-page"Fetch a page" w:W url:t>R t t', 'alias cap W', 'tool ping"Ping" c:cap host:t>b'].join('\n'));
  const env = buildSchemaEnv(decls);
  const fetch = toolDefinition(named(decls, 'ToolDecl', 'fetch-page') as ToolDecl, env);
  assert.deepEqual(fetch.problems, []);
  assert.deepEqual(fetch.tool.inputSchema.properties, { url: { type: 'string' } });
  assert.deepEqual(fetch.tool.inputSchema.required, ['url']);
  assert.deepEqual(fetch.tool._meta?.[CAPABILITY_META_KEY], ['w']);
  assert.match(toolSummary(named(decls, 'ToolDecl', 'fetch-page') as ToolDecl, fetch.tool), /capability `w` \(W\) supplied by the runtime, not part of the input/);
  assert.ok(validator(fetch.tool.inputSchema)({ url: 'https://example.com' }));
  assert.ok(!validator(fetch.tool.inputSchema)({ url: 'https://example.com', w: {} }), 'a caller cannot send the capability');
  // Through an alias too.
  const ping = toolDefinition(named(decls, 'ToolDecl', 'ping') as ToolDecl, env);
  assert.deepEqual(Object.keys(ping.tool.inputSchema.properties as object), ['host']);
  assert.deepEqual(ping.tool._meta?.[CAPABILITY_META_KEY], ['c']);
  // The same for a function's input schema.
  const fn = program26('get-it w:W url:t>R t t /http;get url');
  const r = functionInputSchema(fn[0] as FunctionDecl, buildSchemaEnv(fn));
  assert.deepEqual(Object.keys(r.schema.properties as object), ['url']);
});

test('W inside another type has no JSON form: the tool is left out of exports with the reason', () => {
  const decls = program26('tool many"Many worlds" ws:L W>n');
  const m = buildManifest(decls);
  assert.equal(m.tools.length, 0);
  assert.match(m.omitted[0].reason, /capability type `W` has no JSON form/);
  const def = toolDefinition(decls[0] as ToolDecl, buildSchemaEnv(decls));
  assert.deepEqual(def.diagnostics.map((d) => [d.code, d.severity]), [['capability-type', 'error']]);
});

test('req conditions become minimum/maximum/length keywords; what JSON Schema cannot say stays in the description', () => {
  const decls = program26(
    'f x:n s:t xs:L n y:n lim:n>n req x>=0 req 10>x req (len s)>0 req <=(len xs) 3 req y!=0 req x<lim req -5<=lim;x',
  );
  const env = buildSchemaEnv(decls);
  const { schema, diagnostics } = functionInputSchema(decls[0] as FunctionDecl, env);
  assert.deepEqual(diagnostics, []);
  const p = schema.properties as Record<string, JsonSchema>;
  assert.deepEqual(p.x, { description: 'Requires: x<lim.', type: 'number', minimum: 0, exclusiveMaximum: 10 });
  assert.deepEqual(p.s, { type: 'string', minLength: 1 });
  assert.deepEqual(p.xs, { type: 'array', items: { type: 'number' }, maxItems: 3 });
  assert.deepEqual(p.y, { type: 'number', not: { const: 0 } });
  assert.deepEqual(p.lim, { type: 'number', minimum: -5 });
  const ok = validator(schema);
  assert.ok(ok({ x: 0, s: 'a', xs: [1, 2, 3], y: 1, lim: -5 }));
  assert.ok(!ok({ x: -1, s: 'a', xs: [], y: 1, lim: 0 }), 'x>=0');
  assert.ok(!ok({ x: 10, s: 'a', xs: [], y: 1, lim: 0 }), '10>x');
  assert.ok(!ok({ x: 1, s: '', xs: [], y: 1, lim: 0 }), 'len s>0');
  assert.ok(!ok({ x: 1, s: 'a', xs: [1, 2, 3, 4], y: 1, lim: 0 }), 'len xs<=3');
  assert.ok(!ok({ x: 1, s: 'a', xs: [], y: 0, lim: 0 }), 'y!=0');
});

test('what a keyword would get wrong stays prose (text compared with text, byte lengths); an explicit @schema keyword wins over req', () => {
  const decls = program26(['-- @schema x {"minimum": 5}', 'f x:n name:t>n req x>=0 req name!="root" req (len name)<=8;x'].join('\n'));
  const { schema } = functionInputSchema(decls[0] as FunctionDecl, buildSchemaEnv(decls));
  const p = schema.properties as Record<string, JsonSchema>;
  assert.equal(p.x.minimum, 5);
  assert.equal(p.name.description, 'Requires: name!="root", (len name)<=8.');
  assert.equal(p.name.maxLength, undefined, 'ilo counts bytes: eight characters may be more than eight bytes');
  validator(schema);
});

test('a tool policy travels in _meta, reads back, and shows in the summary; policy{} is an empty policy', () => {
  const decls = program26(
    [
      'tool weather"Get weather" (city:t) > R _ t timeout:30,retry:2 policy{domain:"*.Weather.com",tokens:500,rate:10}',
      'tool open-door"Open" (id:t) > R _ t policy{}',
      'tool plain"Plain" id:t>t',
    ].join('\n'),
  );
  const env = buildSchemaEnv(decls);
  const weather = toolDefinition(named(decls, 'ToolDecl', 'weather') as ToolDecl, env).tool;
  assert.deepEqual(weather._meta?.[POLICY_META_KEY], { domain: '*.weather.com', tokens: 500, rate: 10 });
  assert.deepEqual(weather._meta?.['ilo-lang.dev/options'], { timeout: 30, retry: 2 });
  assert.deepEqual(policyFromJson(weather._meta?.[POLICY_META_KEY]), { domain: '*.weather.com', tokens: 500, rate: 10 });
  assert.match(toolSummary(named(decls, 'ToolDecl', 'weather') as ToolDecl, weather), /policy: domain \*\.weather\.com · 500 tokens per result · 10 calls per minute/);
  const door = toolDefinition(named(decls, 'ToolDecl', 'open-door') as ToolDecl, env).tool;
  assert.deepEqual(door._meta?.[POLICY_META_KEY], {});
  assert.deepEqual(toolPolicyOf(named(decls, 'ToolDecl', 'open-door') as ToolDecl), {});
  const plain = toolDefinition(named(decls, 'ToolDecl', 'plain') as ToolDecl, env).tool;
  assert.equal(plain._meta, undefined);
  // Unknown or ill-typed keys make a policy unreadable (a limit is never silently dropped).
  assert.equal(policyFromJson({ domain: 'a.com', burst: 3 }), undefined);
  assert.equal(policyFromJson({ rate: '10' }), undefined);
  assert.equal(policyFromJson({ domain: 'evil.com/../x' }), undefined);
});

test('domain patterns: exact host or *.domain for subdomains only, case-insensitive', () => {
  assert.ok(hostMatches('api.weather.com', 'api.weather.com'));
  assert.ok(hostMatches('API.Weather.com', 'api.weather.com'));
  assert.ok(hostMatches('eu.api.weather.com', '*.weather.com'));
  assert.ok(!hostMatches('weather.com', '*.weather.com'));
  assert.ok(!hostMatches('evilweather.com', '*.weather.com'));
  assert.ok(!hostMatches('api.weather.com.evil.io', 'api.weather.com'));
});

test('every ilo 26 form together: the manifest passes the SDK\'s ListToolsResultSchema and strict provider exports', () => {
  const decls = program26(
    [
      SHAPES,
      'type box<a> = full(a) | empty',
      'tool store"Store a box" w:W b:box at:t>R box t policy{domain:"store.example.com",rate:5}',
    ].join('\n'),
  );
  const m = buildManifest(decls);
  assert.deepEqual(m.omitted, []);
  assert.equal(m.tools.length, 2);
  const parsed = ListToolsResultSchema.safeParse({ tools: m.tools });
  assert.ok(parsed.success, JSON.stringify(parsed.error?.issues));
  for (const t of m.tools) {
    validator(t.inputSchema);
    if (t.outputSchema) validator(t.outputSchema);
  }
  const openai = toOpenAITools(decls);
  assert.equal(openai.tools.length, 2);
  for (const t of openai.tools) validator(t.parameters as JsonSchema);
  const anthropic = toAnthropicTools(decls);
  assert.equal(anthropic.tools.length, 2);
});

test('hostile input: hundreds of req clauses, ill-typed policy fields, a large sum type — bounded, never a crash', () => {
  const reqs = Array.from({ length: 300 }, (_, i) => `req x>${i}`).join(' ');
  const decls = program26(`f x:n>n ${reqs};x`);
  const { schema } = functionInputSchema(decls[0] as FunctionDecl, buildSchemaEnv(decls));
  // The first 64 are read; the largest bound among them wins as the first written (x>0), later ones never overwrite.
  assert.equal((schema.properties as Record<string, JsonSchema>).x.exclusiveMinimum, 0);
  const bad = program26('tool t1"A tool with odd limits" (u:t) > R t t policy{domain:"a b",tokens:-1,rate:5}');
  assert.deepEqual(toolPolicyOf(bad[0] as ToolDecl), { rate: 5 });
  const variants = Array.from({ length: 150 }, (_, i) => `v${i}(n)`).join(' | ');
  const big = program26(`type many = ${variants}\ntool pick"Pick a variant" (m:many)>n`);
  const def = toolDefinition(named(big, 'ToolDecl', 'pick') as ToolDecl, buildSchemaEnv(big));
  assert.equal(((def.tool.inputSchema.properties as Record<string, JsonSchema>).m.oneOf as unknown[]).length, 150);
  assert.ok(validator(def.tool.inputSchema)({ m: { v149: 3 } }));
});

test('ilo 26 has no type syntax for a generic instance: `box n` in a parameter is a parse error; the bare generic and a record holding it give valid schemas', () => {
  const { diagnostics } = parseIlo(['type box<a> = full(a) | empty', 'tool keep"Keep a box" b:box n>n'].join('\n'), { level: LEVEL_26 });
  assert.ok(diagnostics.some((d) => d.severity === 'error'), 'no `Name T` instance form: the verifier infers instances from use');
  const decls = program26(['type box<a> = full(a) | empty', 'type shelf{top:box;rest:L box}', 'tool stack"Stack boxes" s:shelf>R box t'].join('\n'));
  const m = buildManifest(decls);
  assert.deepEqual(m.omitted, []);
  const parsed = ListToolsResultSchema.safeParse({ tools: m.tools });
  assert.ok(parsed.success, JSON.stringify(parsed.error?.issues));
  const ok = validator(m.tools[0].inputSchema);
  assert.ok(ok({ s: { top: { full: 3 }, rest: [{ empty: null }, { full: 'x' }] } }), 'the payload is any value: the instance is not written');
  assert.ok(!ok({ s: { top: { full: 3 } } }), 'a record field is required');
  assert.ok(validator(m.tools[0].outputSchema!)({ result: { full: [1, 2] } }));
});

test('a generic function\'s bounded type parameters are instantiated by their bounds: numeric → number, text → string, comparable → number|string|boolean', () => {
  const decls = program26(
    [
      'lo<a:numeric> x:a y:a>a;x',
      'say<a:text> s:a k:n>t;s',
      'big<a:comparable> x:a y:a>a;x',
      'both<a:comparable+numeric> x:a>a;x',
      'any1<a> x:a xs:L a>a;x',
    ].join('\n'),
  );
  const env = buildSchemaEnv(decls);
  const schemaOf = (name: string) => {
    const r = functionInputSchema(named(decls, 'FunctionDecl', name) as FunctionDecl, env);
    assert.deepEqual(r.diagnostics, []);
    return r.schema;
  };
  const props = (name: string) => schemaOf(name).properties as Record<string, JsonSchema>;
  assert.deepEqual(props('lo').x, { type: 'number' });
  assert.deepEqual(props('say').s, { type: 'string' });
  assert.deepEqual(props('big').x, { type: ['number', 'string', 'boolean'] });
  assert.deepEqual(props('both').x, { type: 'number' }, 'two bounds: what both admit');
  assert.deepEqual(props('any1').x, {}, 'no bound: any value');
  assert.deepEqual(props('any1').xs, { type: 'array', items: {} });
  const lo = validator(schemaOf('lo'));
  assert.ok(lo({ x: 1, y: 2 }));
  assert.ok(!lo({ x: '1', y: 2 }), 'a text is not numeric');
  const big = validator(schemaOf('big'));
  assert.ok(big({ x: 'a', y: true }));
  assert.ok(!big({ x: [1], y: 1 }), 'a list is not comparable');
  // Each as a tool definition, as the `schema` tool of `ilo-ls mcp` gives a function: the SDK accepts them.
  const tools = ['lo', 'say', 'big', 'both', 'any1'].map((name) => ({ name, inputSchema: schemaOf(name) }));
  const parsed = ListToolsResultSchema.safeParse({ tools });
  assert.ok(parsed.success, JSON.stringify(parsed.error?.issues));
});
