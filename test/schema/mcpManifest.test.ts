// Tool declarations → MCP `tools/list` result: the exact definition of a
// tool, the SDK's own schema accepting the manifest, a real SDK Server and
// Client agreeing on it over an in-memory transport, and the client
// validating tool results against our outputSchema.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { CallToolRequestSchema, ListToolsRequestSchema, ListToolsResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { buildManifest, manifestJson, schemaDiagnostics } from '../../server/src/schema/manifest';
import { toolDefinition, toolSummary, ILO_OPTIONS_META_KEY, type McpTool } from '../../server/src/schema/mcpTool';
import { buildSchemaEnv } from '../../server/src/schema/env';
import type { Decl } from '../../server/src/syntax/ast';
import { envOf, program, toolNamed, validator } from './helpers/fixtures';

const SOURCE = [
  '-- A user as the directory service returns it.',
  'type profile{id:t;name:t;email:t;verified:b}',
  '',
  '-- @title Get user',
  '-- @param uid The user id',
  '-- @hints readOnly idempotent',
  'tool get-user"Retrieve user by ID" uid:t>R profile t timeout:5,retry:2',
  '',
  'tool send-email"Send notification email" to:t subject:t body:t>R _ t timeout:10,retry:1',
  '',
  '-- @wire count_items',
  'tool count"Count items in a folder" path:t deep:O b>R n t',
  '',
  'tool run-hook"Run a callback" cb:F n n>R t t',
  '',
  'tool lookup"Look up" q:nosuch>R t t',
  '',
  'notify uid:t msg:t>R _ t',
  '  u=get-user! uid',
  '  send-email! u.email "Notification" msg',
].join('\n');

test('get-user becomes exactly this MCP tool', () => {
  const { decls, env } = envOf(SOURCE);
  const { tool, problems, diagnostics } = toolDefinition(toolNamed(decls, 'get-user'), env);
  assert.deepEqual(problems, []);
  assert.deepEqual(diagnostics, []);
  assert.deepEqual(tool, {
    name: 'get-user',
    title: 'Get user',
    description: 'Retrieve user by ID',
    inputSchema: {
      type: 'object',
      properties: { uid: { description: 'The user id', type: 'string' } },
      required: ['uid'],
      additionalProperties: false,
    },
    outputSchema: {
      description: 'A user as the directory service returns it.',
      type: 'object',
      properties: { id: { type: 'string' }, name: { type: 'string' }, email: { type: 'string' }, verified: { type: 'boolean' } },
      required: ['id', 'name', 'email', 'verified'],
      additionalProperties: false,
    },
    annotations: { readOnlyHint: true, idempotentHint: true },
    _meta: { [ILO_OPTIONS_META_KEY]: { timeout: 5, retry: 2 } },
  });
  assert.equal(toolSummary(toolNamed(decls, 'get-user'), tool), 'MCP tool `get-user`: uid → R profile t · timeout 5 s, retry 2');
});

test('output schema: a record directly, other ok types wrapped under `result`, `_`/`t` unstructured', () => {
  const { decls, env } = envOf(SOURCE);
  assert.equal(toolDefinition(toolNamed(decls, 'send-email'), env).tool.outputSchema, undefined);
  const count = toolDefinition(toolNamed(decls, 'count'), env).tool;
  assert.equal(count.name, 'count_items');
  assert.deepEqual(count.outputSchema, {
    type: 'object',
    properties: { result: { type: 'number' } },
    required: ['result'],
    additionalProperties: false,
  });
  const { decls: d2, env: e2 } = envOf('tool fetch"Fetch" url:t>t\ntool many"Many" q:t>R L t t');
  assert.equal(toolDefinition(toolNamed(d2, 'fetch'), e2).tool.outputSchema, undefined);
  const many = toolDefinition(toolNamed(d2, 'many'), e2).tool.outputSchema!;
  assert.equal(validator(many)({ result: ['a', 'b'] }), true);
  assert.equal(validator(many)(['a', 'b']), false);
});

test('a recursive record output keeps "type": "object" at the root', () => {
  const { decls, env } = envOf('type node{name:t;kids:L node}\ntool tree"Tree" root:t>R node t');
  const out = toolDefinition(toolNamed(decls, 'tree'), env).tool.outputSchema!;
  assert.equal(out.type, 'object');
  assert.equal(validator(out)({ name: 'a', kids: [{ name: 'b', kids: [] }] }), true);
  assert.equal(validator(out)({ name: 'a', kids: [{ name: 1, kids: [] }] }), false);
});

test('@output replaces the derived output schema', () => {
  const out = { type: 'object', properties: { content: { type: 'string' } }, required: ['content'] };
  const { decls, env } = envOf(`-- @output ${JSON.stringify(out)}\ntool rd"Read" path:t>R t t`);
  assert.deepEqual(toolDefinition(toolNamed(decls, 'rd'), env).tool.outputSchema, out);
});

test('the manifest keeps what is valid and says what was left out and why', () => {
  const manifest = buildManifest(program(SOURCE));
  assert.deepEqual(manifest.tools.map((t) => t.name), ['get-user', 'send-email', 'count_items']);
  assert.deepEqual(manifest.omitted.map((o) => o.name), ['run-hook', 'lookup']);
  assert.match(manifest.omitted[0].reason, /function type `F n n` cannot cross a tool boundary/);
  assert.match(manifest.omitted[1].reason, /unknown type `nosuch`/);
  assert.deepEqual(JSON.parse(manifestJson(manifest)), { tools: manifest.tools });
});

test('tools that failed to parse and duplicate wire names are omitted', () => {
  const decls: Decl[] = [...program('-- @wire dup\ntool a"A" x:t>R t t\n\n-- @wire dup\ntool b"B" x:t>R t t')];
  decls.push({ kind: 'ErrorDecl', intended: 'tool', name: { text: 'broken', start: 0, end: 0 }, doc: [], start: 0, end: 0 });
  const m = buildManifest(decls);
  assert.deepEqual(m.tools.map((t) => t.name), ['dup']);
  assert.deepEqual(m.omitted.map((o) => o.name), ['b', 'broken']);
  assert.match(m.omitted[1].reason, /syntax errors/);
});

test('the manifest passes the SDK\'s ListToolsResultSchema', () => {
  const manifest = buildManifest(program(SOURCE));
  const parsed = ListToolsResultSchema.safeParse({ tools: manifest.tools });
  assert.equal(parsed.success, true, parsed.success ? '' : JSON.stringify(parsed.error.issues));
});

test('the extend hook can add fields to exported tools (for behavior)', () => {
  const m = buildManifest(program(SOURCE), {
    extend: (tool) => ({ ...tool, _meta: { ...(tool._meta ?? {}), 'ilo-lang.dev/behavior': { mutability: 'PURE' } } }),
  });
  assert.ok(m.tools.every((t) => t._meta?.['ilo-lang.dev/behavior'] !== undefined));
});

async function connected(tools: McpTool[], onCall: (name: string, args: unknown) => unknown) {
  const server = new Server({ name: 'ilo-manifest-test', version: '0.0.1' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools }));
  server.setRequestHandler(CallToolRequestSchema, async (req) => onCall(req.params.name, req.params.arguments) as never);
  const client = new Client({ name: 'ilo-test-client', version: '0.0.1' });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  return { client, close: async () => { await client.close(); await server.close(); } };
}

test('a real SDK server serves the manifest and a real SDK client lists the same tools', async () => {
  const manifest = buildManifest(program(SOURCE));
  const { client, close } = await connected(manifest.tools, () => ({ content: [] }));
  try {
    const listed = await client.listTools();
    assert.deepEqual(listed.tools, manifest.tools);
  } finally {
    await close();
  }
});

test('the SDK client checks tool results against our outputSchema', async () => {
  const manifest = buildManifest(program(SOURCE));
  let reply: unknown;
  const { client, close } = await connected(manifest.tools, () => reply);
  try {
    await client.listTools(); // the client caches output validators here
    // What a server sends back for get-user, and what ilo reads as `profile`.
    reply = { content: [], structuredContent: { id: 'u1', name: 'Ann', email: 'a@x.io', verified: true } };
    const good = await client.callTool({ name: 'get-user', arguments: { uid: 'u1' } });
    assert.deepEqual(good.structuredContent, { id: 'u1', name: 'Ann', email: 'a@x.io', verified: true });
    reply = { content: [], structuredContent: { id: 'u1', name: 'Ann' } };
    await assert.rejects(client.callTool({ name: 'get-user', arguments: { uid: 'u1' } }), /structured content does not match|output schema/i);
    reply = { content: [], structuredContent: { result: 12 } };
    const counted = await client.callTool({ name: 'count_items', arguments: { path: '/tmp' } });
    assert.deepEqual(counted.structuredContent, { result: 12 });
  } finally {
    await close();
  }
});

test('arguments an ilo call would send validate against each input schema', () => {
  const manifest = buildManifest(program(SOURCE));
  const byName = new Map(manifest.tools.map((t) => [t.name, t]));
  const ok = (name: string, args: unknown) => validator(byName.get(name)!.inputSchema)(args as never);
  assert.equal(ok('send-email', { to: 'a@x.io', subject: 'Hi', body: 'Hello' }), true);
  assert.equal(ok('send-email', { to: 'a@x.io', subject: 'Hi' }), false);
  assert.equal(ok('count_items', { path: '/tmp' }), true);
  assert.equal(ok('count_items', { path: '/tmp', deep: null }), true);
  assert.equal(ok('count_items', { path: '/tmp', deep: 'yes' }), false);
});

test('schemaDiagnostics: contract errors on tools, annotation warnings everywhere, no verifier duplicates', () => {
  const src = [
    'type box{v:nosuch}',
    '-- @parm x',
    'helper x:n>n;x',
    '-- @wire same',
    'tool a"A" cb:F n n>R t t',
    '-- @wire same',
    'tool b"B" x:t>R t t',
  ].join('\n');
  const decls = program(src);
  const ds = schemaDiagnostics(decls, buildSchemaEnv(decls));
  const byCode = ds.map((d) => [d.code, src.slice(d.start, d.end)]);
  assert.deepEqual(byCode, [
    ['annotation', '@parm'],
    ['function-type', 'F n n'],
    ['duplicate-tool-name', 'b'],
  ]);
});

test('@mcp carries the definition fields ilo has no syntax for; _meta and annotations merge with what ilo derives', () => {
  const { decls, env } = envOf(
    [
      '-- @mcp {"execution": {"taskSupport": "optional"}, "icons": [{"src": "https://example.com/user.png", "mimeType": "image/png"}],',
      '--   "_meta": {"example.com/owner": "directory team"}, "annotations": {"title": "Get a user"}}',
      '-- @hints readOnly',
      'tool get-user"Retrieve a user by id" uid:t>R t t timeout:5',
    ].join('\n'),
  );
  const { tool, diagnostics } = toolDefinition(toolNamed(decls, 'get-user'), env);
  assert.deepEqual(diagnostics, []);
  assert.deepEqual(tool.execution, { taskSupport: 'optional' });
  assert.deepEqual(tool.icons, [{ src: 'https://example.com/user.png', mimeType: 'image/png' }]);
  assert.deepEqual(tool._meta, { 'example.com/owner': 'directory team', [ILO_OPTIONS_META_KEY]: { timeout: 5 } });
  assert.deepEqual(tool.annotations, { title: 'Get a user', readOnlyHint: true });
  assert.ok(ListToolsResultSchema.safeParse({ tools: [tool] }).success);
});

test('@mcp may not restate what ilo says itself, nor hints; it must be an object', () => {
  const src = [
    '-- @mcp {"name": "other", "execution": {"taskSupport": "forbidden"}, "annotations": {"readOnlyHint": true}}',
    'tool a"A tool with a clear purpose" x:t>R t t',
    '-- @mcp [1, 2]',
    'tool b"Another tool with a clear purpose" x:t>R t t',
  ].join('\n');
  const { decls, env } = envOf(src);
  const a = toolDefinition(toolNamed(decls, 'a'), env);
  assert.deepEqual(a.diagnostics.map((d) => [d.code, /`name` is said by the tool name or `@wire`|belong in `@hints`/.test(d.message)]), [
    ['bad-mcp', true],
    ['bad-mcp', true],
  ]);
  assert.equal(a.tool.name, 'a');
  assert.deepEqual(a.tool.execution, { taskSupport: 'forbidden' }, 'the valid fields are kept');
  assert.equal(a.tool.annotations, undefined);
  const b = toolDefinition(toolNamed(decls, 'b'), env);
  assert.deepEqual(b.diagnostics.map((d) => d.code), ['bad-mcp']);
});
