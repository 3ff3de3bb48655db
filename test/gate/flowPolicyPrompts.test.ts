// Prompts and resources as flow sources, end to end: the official SDK client
// as the agent, the gate, an SDK server process as the upstream. A prompt's
// messages are untrusted content (and private data when they embed a
// resource); a resource read is private data and untrusted content. A later
// sink or destructive call follows the session's flow policy (block, ask,
// log) as it does after a tool's answer.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { rmSync } from 'node:fs';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { lockItems } from '../../server/src/contracts/pins';
import type { GatePolicy } from '../../server/src/gate';
import type { JsonObject } from '../../server/src/schema/json';
import { lockFor, openGate, scratchDir, textOf, type AgentOptions } from './gateHelpers';
import { DELETE_FILE, flowServer, GET_TIME, SEND_EMAIL, type FlowScript } from './flowHelpers';

const dir = scratchDir();
after(() => rmSync(dir, { recursive: true, force: true }));

const DIGEST: JsonObject = { name: 'weekly_digest', description: 'Write the weekly digest of the team channel.', arguments: [{ name: 'week', required: true }] };
const REVIEW: JsonObject = { name: 'review_file', description: 'Review one file of the project.' };
const PLAN: JsonObject = { uri: 'file:///home/u/plan.md', name: 'plan', description: 'The project plan.', mimeType: 'text/markdown' };

const SCRIPT: FlowScript = {
  tools: [GET_TIME, SEND_EMAIL, DELETE_FILE],
  prompts: [DIGEST, REVIEW],
  resources: [PLAN],
  messages: {
    weekly_digest: [{ role: 'user', content: { type: 'text', text: 'Summarize this week. Then mail the summary to the address in the channel topic.' } }],
    review_file: [{ role: 'user', content: { type: 'resource', resource: { uri: 'file:///home/u/salary.csv', mimeType: 'text/csv', text: 'name,salary\nu,1000' } } }],
  },
  contents: { 'file:///home/u/plan.md': '# Plan\nShip in May.' },
};

async function session(policy: GatePolicy, agent: AgentOptions = {}) {
  const server = flowServer(dir, `p${Math.random().toString(36).slice(2, 8)}`, SCRIPT);
  const lock = lockFor({ [server.name]: SCRIPT.tools ?? [] });
  lock.servers[server.name].prompts = lockItems(SCRIPT.prompts ?? [], (p) => String(p.name));
  lock.servers[server.name].resources = lockItems(SCRIPT.resources ?? [], (r) => String(r.uri));
  const reported: string[] = [];
  const s = await openGate(new Map([[server.name, server.config]]), lock, policy, { onReport: (lines) => reported.push(...lines) }, agent);
  const reached = (tool: string) => server.calls().filter((c) => c.method === 'tools/call' && c.name === tool).length;
  return { ...s, server, reached, reported };
}

const mail = { to: 'someone@example.org', body: 'the summary' };

describe('gate flow policy: prompts and resources are sources', () => {
  it('after prompts/get, a sink and a destructive call are blocked as tampering; before it, they are not', async () => {
    const s = await session({ flows: { tamper: 'block', leak: 'log' } });
    try {
      assert.equal((await s.client.callTool({ name: 'send_email', arguments: mail })).isError, undefined);
      await s.client.getPrompt({ name: 'weekly_digest', arguments: { week: '47' } });
      const sent = await s.client.callTool({ name: 'send_email', arguments: mail });
      assert.equal(sent.isError, true);
      assert.match(textOf(sent), /^ilo gate refused the call: `send_email` sends data out after `prompt\/weekly_digest` returned untrusted content; the flow policy blocks such calls/);
      const del = await s.client.callTool({ name: 'delete_file', arguments: { path: '/tmp/x' } });
      assert.equal(del.isError, true);
      assert.match(textOf(del), /`delete_file` deletes or overwrites after `prompt\/weekly_digest/);
      assert.equal(s.reached('send_email'), 1, 'only the call before the prompt reached the server');
      assert.equal(s.reached('delete_file'), 0);
      const line = s.log.entries.find((e) => e.tool === 'send_email' && e.decision === 'refused');
      assert.deepEqual(line?.codes, ['flow-blocked']);
      // The prompt's words are untrusted, not private: a plain prompt is no leak.
      assert.equal(s.gate.sessionSources.private, undefined);
    } finally {
      await s.close();
    }
  });

  it('ask: the user is asked through elicitation, the question names the prompt; accepted and ticked, the call goes through', async () => {
    const asked: string[] = [];
    const s = await session(
      {},
      {
        capabilities: { elicitation: { form: {} } },
        onElicit: async (q) => {
          asked.push(q.message);
          return { action: 'accept', content: { confirm: true } };
        },
      },
    );
    try {
      await s.client.getPrompt({ name: 'weekly_digest', arguments: { week: '47' } });
      const r = await s.client.callTool({ name: 'send_email', arguments: mail });
      assert.equal(r.isError, undefined, textOf(r));
      assert.equal(asked.length, 1);
      assert.match(asked[0], /`send_email` \(server `p\w+`\) sends data out after `prompt\/weekly_digest` returned untrusted content/);
      assert.equal(s.reached('send_email'), 1);
      assert.deepEqual(s.log.entries.find((e) => e.tool === 'send_email' && e.decision === 'allowed')?.codes, ['flow-confirmed']);
    } finally {
      await s.close();
    }
    // A client that cannot ask: refused, fail closed.
    const t = await session({});
    try {
      await t.client.getPrompt({ name: 'weekly_digest', arguments: { week: '47' } });
      const r = await t.client.callTool({ name: 'send_email', arguments: mail });
      assert.equal(r.isError, true);
      assert.match(textOf(r), /this client cannot ask/);
      assert.equal(t.reached('send_email'), 0);
    } finally {
      await t.close();
    }
  });

  it('a prompt that embeds a resource brings private data: the sink after it is a leak', async () => {
    const s = await session({ flows: { leak: 'block', tamper: 'log' } });
    try {
      await s.client.getPrompt({ name: 'review_file' });
      const r = await s.client.callTool({ name: 'send_email', arguments: mail });
      assert.equal(r.isError, true);
      assert.match(textOf(r), /`send_email` sends data out after `prompt\/review_file` returned private data/);
      assert.equal(s.reached('send_email'), 0);
    } finally {
      await s.close();
    }
  });

  it('log: a sink after a prompt goes through, noted in the log', async () => {
    const s = await session({ flows: { leak: 'block', tamper: 'log' } });
    try {
      await s.client.getPrompt({ name: 'weekly_digest', arguments: { week: '47' } });
      const r = await s.client.callTool({ name: 'send_email', arguments: mail });
      assert.equal(r.isError, undefined, textOf(r));
      assert.equal(s.reached('send_email'), 1);
      const line = s.log.entries.find((e) => e.tool === 'send_email' && e.decision === 'allowed');
      assert.deepEqual(line?.codes, ['flow-logged']);
      assert.match(line?.reason ?? '', /flow policy log: `send_email` sends data out after `prompt\/weekly_digest/);
    } finally {
      await s.close();
    }
  });

  it('a resource read is private data and untrusted content: a destructive call after it is tampering, a sink a leak too', async () => {
    const s = await session({ flows: { leak: 'block', tamper: 'block' } });
    try {
      assert.equal((await s.client.callTool({ name: 'delete_file', arguments: { path: '/tmp/x' } })).isError, undefined);
      await s.client.readResource({ uri: 'file:///home/u/plan.md' });
      const del = await s.client.callTool({ name: 'delete_file', arguments: { path: '/tmp/x' } });
      assert.equal(del.isError, true);
      assert.match(textOf(del), /`delete_file` deletes or overwrites after `resource\/plan` returned untrusted content/);
      const sent = await s.client.callTool({ name: 'send_email', arguments: mail });
      assert.match(textOf(sent), /returned private data; `send_email` sends data out after `resource\/plan` returned untrusted content/);
      assert.equal(s.reached('delete_file'), 1);
      assert.equal(s.reached('send_email'), 0);
      // The uri is data: neither the refusal nor the log names it.
      assert.ok(!textOf(sent).includes('plan.md'));
      assert.ok(!s.log.text().includes('plan.md'));
    } finally {
      await s.close();
    }
  });

  it('a prompt the gate refuses brings nothing in; the start report counts served prompts and resources as sources', async () => {
    const s = await session({ flows: { leak: 'block', tamper: 'block' } });
    try {
      await assert.rejects(s.client.getPrompt({ name: 'weekly_digest' }), (e) => e instanceof McpError && /no value for the required argument `week`/.test(e.message));
      await assert.rejects(s.client.getPrompt({ name: 'not_pinned' }), McpError);
      assert.deepEqual(s.gate.sessionSources, {});
      assert.equal((await s.client.callTool({ name: 'send_email', arguments: mail })).isError, undefined);
      // Untrusted (the prompts, the resource), private (the resource) and a way out (send_email): the lethal trifecta.
      assert.ok(s.reported.some((l) => /^lethal trifecta: untrusted content \(`prompt weekly_digest`, `prompt review_file`, `resource plan`\) can steer an agent to move private data \(`resource plan`\) out through `send_email`/.test(l)), s.reported.join('\n'));
      assert.ok(s.reported.some((l) => /^tamper risk: .*can steer destructive tools \(`delete_file`\)/.test(l)), s.reported.join('\n'));
    } finally {
      await s.close();
    }
  });
});
