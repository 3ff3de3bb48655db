// The requests the gate waits on, followed on the server's transport: in on
// the way out, out with their answer or the SDK's cancellation; and failed
// all at once with an error answer when the server sends a message over the
// size limit that names no request.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { CallToolRequestSchema, ListToolsRequestSchema, McpError, ResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { PendingRequests } from '../../server/src/gate/pendingRequests';

async function connected(): Promise<{ client: Client; pending: PendingRequests; release: () => void; close: () => Promise<void> }> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((r) => (release = r));
  const server = new Server({ name: 'slow', version: '1' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [] }));
  server.setRequestHandler(CallToolRequestSchema, async (req) => {
    if (req.params.name === 'wait') await held;
    return { content: [{ type: 'text', text: req.params.name }] };
  });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(b);
  const client = new Client({ name: 'gate', version: '1' });
  await client.connect(a);
  const pending = new PendingRequests();
  pending.watch(a);
  return { client, pending, release, close: async () => { await client.close(); await server.close(); } };
}

const call = (client: Client, name: string, options?: { signal?: AbortSignal; timeout?: number }) =>
  client.request({ method: 'tools/call', params: { name, arguments: {} } }, ResultSchema, options);

test('a request is followed while it waits and dropped once answered', async () => {
  const c = await connected();
  try {
    const waiting = call(c.client, 'wait');
    assert.equal(c.pending.size, 1);
    assert.deepEqual(await call(c.client, 'now'), { content: [{ type: 'text', text: 'now' }] });
    assert.equal(c.pending.size, 1, 'the answered one is gone, the waiting one stays');
    c.release();
    await waiting;
    assert.equal(c.pending.size, 0);
  } finally {
    c.release();
    await c.close();
  }
});

test('a cancelled or timed-out request is dropped (the SDK tells the server it gave up)', async () => {
  const c = await connected();
  try {
    const controller = new AbortController();
    const cancelled = call(c.client, 'wait', { signal: controller.signal });
    const late = call(c.client, 'wait', { timeout: 50 });
    assert.equal(c.pending.size, 2);
    controller.abort();
    await assert.rejects(cancelled);
    await assert.rejects(late, /timed out/i);
    assert.equal(c.pending.size, 0);
  } finally {
    c.release();
    await c.close();
  }
});

test('failAll answers every waiting request with the error at once, as the SDK fails any error answer', async () => {
  const c = await connected();
  try {
    const calls = [call(c.client, 'wait'), call(c.client, 'wait'), call(c.client, 'wait')];
    assert.equal(c.pending.size, 3);
    const started = performance.now();
    c.pending.failAll(-32099, 'over the limit');
    for (const p of calls) {
      await assert.rejects(p, (e: unknown) => e instanceof McpError && e.code === -32099 && /over the limit/.test(e.message));
    }
    assert.ok(performance.now() - started < 1000);
    assert.equal(c.pending.size, 0);
    // The connection is still good.
    assert.deepEqual(await call(c.client, 'now'), { content: [{ type: 'text', text: 'now' }] });
  } finally {
    c.release();
    await c.close();
  }
});
