// Upstreams of every kind the config allows: a Streamable HTTP server, and a
// server that cannot be started at all (the others are still served).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { ServerConfig } from '../../server/src/contracts/mcp';
import type { JsonObject } from '../../server/src/schema/json';
import { listenLocal, statelessHttpServer } from '../helpers/statelessHttpMcp.cjs';
import { fixtureServer, lockFor, notesTools, openGate, scratchDir, textOf } from './gateHelpers';

const dir = scratchDir();
test.after(() => rmSync(dir, { recursive: true, force: true }));

const LOOKUP: JsonObject = {
  name: 'lookup_item',
  description: 'Look up an inventory item by its code.',
  inputSchema: { type: 'object', properties: { itemCode: { type: 'string' } }, required: ['itemCode'] },
  annotations: { readOnlyHint: true },
};

test('a Streamable HTTP upstream is gated like a stdio one', async () => {
  const calls: string[] = [];
  const http = statelessHttpServer({ name: 'inventory', version: '3.1.0' }, (server) => {
    server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [LOOKUP] }));
    server.setRequestHandler(CallToolRequestSchema, async (r) => {
      calls.push(r.params.name);
      return { content: [{ type: 'text', text: `item ${String((r.params.arguments as { itemCode?: unknown }).itemCode)}` }] };
    });
  });
  const url = await listenLocal(http);
  const s = await openGate(new Map<string, ServerConfig>([['inventory', { kind: 'http', url, headers: {} }]]), lockFor({ inventory: [LOOKUP] }), { readOnly: true });
  try {
    const { tools } = await s.client.listTools();
    assert.deepEqual(tools.map((t) => t.name), ['lookup_item']);
    const ok = await s.client.callTool({ name: 'lookup_item', arguments: { itemCode: 'A-7' } });
    assert.equal(textOf(ok), 'item A-7');
    const bad = await s.client.callTool({ name: 'lookup_item', arguments: { code: 'A-7' } });
    assert.match(textOf(bad), /lack the required property `itemCode`/);
    assert.deepEqual(calls, ['lookup_item']);
  } finally {
    await s.close();
    http.close();
  }
});

test('a server that cannot start has its pinned tools withheld with the reason; the others are served', async () => {
  const notes = fixtureServer(dir, 'notes-k', notesTools());
  const servers = new Map<string, ServerConfig>([
    ['ghost', { kind: 'stdio', command: 'ilo-no-such-mcp-server-binary', args: [], env: {} }],
    ['notes-k', notes.config],
  ]);
  const s = await openGate(servers, lockFor({ ghost: [LOOKUP], 'notes-k': notesTools() }));
  try {
    const { tools } = await s.client.listTools();
    assert.equal(tools.length, 4);
    const call = await s.client.callTool({ name: 'lookup_item', arguments: { itemCode: 'x' } });
    assert.equal(call.isError, true);
    assert.match(textOf(call), /server `ghost` is not available: could not start MCP server `ghost`: the command `ilo-no-such-mcp-server-binary` was not found/);
    assert.ok(s.log.entries.some((e) => e.server === 'ghost' && e.decision === 'upstream' && /not available/.test(e.reason)));
  } finally {
    await s.close();
  }
});
