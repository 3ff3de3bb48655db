// ilo 26 tool policies enforced by the gate, end to end: an SDK client ↔ the
// gate ↔ a real SDK server process (the counting fixture, which records every
// call that reaches it). The policy comes from the `tool` declaration in the
// ilo file the pins name (a program written for this test), or from the
// pinned definition's `_meta` when the tool was exported from ilo.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { findPinnedDeclarations } from '../../server/src/contracts/pins';
import { admitTools } from '../../server/src/gate/admission';
import type { RawTool } from '../../server/src/contracts/mcp';
import { checkDomain, checkTokens, RateWindow } from '../../server/src/gate/toolLimits';
import type { JsonObject } from '../../server/src/schema/json';
import { fixtureServer, lockFor, openGate, scratchDir, textOf } from './gateHelpers';

const dir = scratchDir();
test.after(() => rmSync(dir, { recursive: true, force: true }));

function webTools(): JsonObject[] {
  return [
    {
      name: 'fetch_page',
      description: 'Fetch one web page and return its text.',
      inputSchema: { type: 'object', properties: { url: { type: 'string' }, note: { type: 'string' } }, required: ['url'] },
    },
    {
      name: 'dump_topic',
      description: 'Return everything known about a topic.',
      inputSchema: { type: 'object', properties: { topic: { type: 'string' } }, required: ['topic'], additionalProperties: true },
    },
  ];
}

const ILO = [
  '^26.8',
  '-- @wire fetch_page',
  'tool fetch-page"Fetch one web page and return its text." (url:t note:O t) > R t t policy{domain:"*.example.com",rate:2}',
  '-- @wire dump_topic',
  'tool dump-topic"Return everything known about a topic." (topic:t) > R t t policy{tokens:40}',
].join('\n');

function declaredSetup(name: string) {
  const server = fixtureServer(dir, name, webTools());
  const lock = lockFor({ [name]: webTools() });
  const file = `${name}.ilo`;
  writeFileSync(join(dir, file), ILO);
  lock.servers[name].file = file;
  const declarations = findPinnedDeclarations(lock, dir, (f) => readFileSync(f, 'utf8'));
  assert.deepEqual(declarations.problems, []);
  return { server, lock, declarations };
}

test('domain policy: URL-like arguments must name the allowed host; refused calls never reach the server and the log keeps no URL', async () => {
  const { server, lock, declarations } = declaredSetup('web-a');
  const s = await openGate([server], lock, {}, { declarations });
  try {
    const ok = await s.client.callTool({ name: 'fetch_page', arguments: { url: 'https://docs.example.com/guide' } });
    assert.equal(ok.isError, undefined, textOf(ok));
    for (const url of ['https://attacker.test/steal', 'example.com.attacker.test/x', 'https://example.com/', 'not a url at all']) {
      const bad = await s.client.callTool({ name: 'fetch_page', arguments: { url } });
      assert.equal(bad.isError, true, url);
      assert.match(textOf(bad), /ilo gate refused the call: policy: domain mismatch/, url);
    }
    // ilo's rule: the first text argument in parameter order is the URL, whatever order the JSON keys come in.
    const swapped = await s.client.callTool({ name: 'fetch_page', arguments: { note: 'https://docs.example.com/', url: 'https://attacker.test/x' } });
    assert.match(textOf(swapped), /domain mismatch: the first text argument names another host/);
    assert.deepEqual(server.calls().map((c) => c.arguments.url), ['https://docs.example.com/guide']);
    const refused = s.log.entries.filter((e) => e.decision === 'refused');
    assert.equal(refused.length, 5);
    assert.ok(refused.every((e) => e.tool === 'fetch_page' && /^policy: domain mismatch/.test(String(e.reason))));
    assert.ok(!JSON.stringify(s.log.entries).includes('attacker'), 'the log holds shapes, never the URLs');
  } finally {
    await s.close();
  }
});

test('a tool declared in ilo: only the first text argument is the URL (as ilo checks it), a host without scheme is read as one, and a call with no text argument is refused', async () => {
  const tools: JsonObject[] = [
    {
      name: 'crawl',
      description: 'Crawl a site to a depth.',
      inputSchema: { type: 'object', properties: { depth: { type: 'number' }, site: { type: 'string' }, note: { type: 'string' } }, required: ['depth'] },
    },
  ];
  const server = fixtureServer(dir, 'web-f', tools);
  const lock = lockFor({ 'web-f': tools });
  writeFileSync(join(dir, 'web-f.ilo'), ['^26.8', 'tool crawl"Crawl a site to a depth." (depth:n site:O t note:O t) > R t t policy{domain:"docs.example.com"}'].join('\n'));
  lock.servers['web-f'].file = 'web-f.ilo';
  const declarations = findPinnedDeclarations(lock, dir, (f) => readFileSync(f, 'utf8'));
  assert.deepEqual(declarations.found.get('web-f\u0000crawl')?.params, ['depth', 'site', 'note']);
  const s = await openGate([server], lock, {}, { declarations });
  try {
    const call = (args: Record<string, unknown>) => s.client.callTool({ name: 'crawl', arguments: args });
    // The number comes first but is no text: `site` is the first text argument; `note` is not read, as in ilo.
    assert.equal((await call({ depth: 2, site: 'docs.example.com/start', note: 'compare with https://other.test/' })).isError, undefined);
    assert.match(textOf(await call({ depth: 2, site: 'https://other.test/' })), /domain mismatch: the first text argument names another host/);
    // `site` left out: `note` is then the first text argument ilo would check.
    assert.match(textOf(await call({ depth: 1, note: 'https://other.test/' })), /domain mismatch: the first text argument names another host/);
    assert.match(textOf(await call({ depth: 1, note: 'just words' })), /domain mismatch: the first text argument \(`note`\) could not be read as a URL/);
    assert.match(textOf(await call({ depth: 1 })), /domain mismatch: the call has no text argument to check the domain against/);
    assert.equal(server.calls().length, 1, 'only the allowed call reached the server');
    assert.ok(!JSON.stringify(s.log.entries).includes('other.test'), 'the log holds no URL');
  } finally {
    await s.close();
  }
});

test('without an ilo declaration (a domain policy from the pinned _meta) every URL-looking string is read, at any depth, and one off the list refuses the call', async () => {
  const tools = webTools();
  tools[0]._meta = { 'ilo-lang.dev/policy': { domain: '*.example.com' } };
  const server = fixtureServer(dir, 'web-g', tools);
  const s = await openGate([server], lockFor({ 'web-g': tools }));
  try {
    const call = (args: Record<string, unknown>) => s.client.callTool({ name: 'fetch_page', arguments: args });
    assert.equal((await call({ url: 'https://a.example.com/', note: 'plain words' })).isError, undefined);
    const hidden = await call({ url: 'https://a.example.com/', note: 'then post it to http://attacker.test/x' });
    assert.match(textOf(hidden), /domain mismatch: an argument names another host/);
    assert.match(textOf(await call({ url: 'attacker.test/x' })), /domain mismatch/, 'a key named like a URL is read without a scheme');
    assert.equal(server.calls().length, 1);
  } finally {
    await s.close();
  }
});

test('rate policy: the third call within a minute is refused; calls refused for another reason do not count', async () => {
  const { server, lock, declarations } = declaredSetup('web-b');
  const s = await openGate([server], lock, {}, { declarations });
  try {
    const call = (url: string) => s.client.callTool({ name: 'fetch_page', arguments: { url } });
    assert.equal((await call('https://a.example.com/1')).isError, undefined);
    assert.equal((await call('https://evil.test/')).isError, true, 'refused by the domain policy');
    assert.equal((await call('https://a.example.com/2')).isError, undefined, 'the refused call did not use up the rate');
    const third = await call('https://a.example.com/3');
    assert.equal(third.isError, true);
    assert.match(textOf(third), /ilo gate refused the call: policy: rate limit exceeded \(2 calls per minute\)/);
    assert.equal(server.calls().length, 2);
    // The other tool has its own limits.
    assert.equal((await s.client.callTool({ name: 'dump_topic', arguments: { topic: 'x' } })).isError, undefined);
  } finally {
    await s.close();
  }
});

test('token policy: a result over the budget is not passed on; the call reached the server and the log says why', async () => {
  const { server, lock, declarations } = declaredSetup('web-c');
  const s = await openGate([server], lock, {}, { declarations });
  try {
    const small = await s.client.callTool({ name: 'dump_topic', arguments: { topic: 'x' } });
    assert.equal(small.isError, undefined);
    assert.equal(textOf(small), 'called dump_topic with topic');
    // The fixture answers with the argument names: 60 of them make a result of a few hundred tokens.
    const args: Record<string, string> = { topic: 'x' };
    for (let i = 0; i < 60; i++) args[`field_number_${i}`] = 'v';
    const big = await s.client.callTool({ name: 'dump_topic', arguments: args });
    assert.equal(big.isError, true);
    assert.match(textOf(big), /ilo gate refused the result: policy: token budget exceeded \(the result is over 40 tokens\)/);
    assert.equal(server.calls().length, 2);
    const entry = s.log.entries.find((e) => e.decision === 'refused' && e.tool === 'dump_topic');
    assert.match(String(entry?.reason), /the result was withheld: policy: token budget exceeded/);
  } finally {
    await s.close();
  }
});

test('a tool exported from ilo carries its policy in the pinned _meta: enforced without an ilo file; one the gate cannot read withholds the tool', async () => {
  const tools = webTools();
  tools[0]._meta = { 'ilo-lang.dev/policy': { rate: 1 } };
  tools[1]._meta = { 'ilo-lang.dev/policy': { rate: 5, burst: 9 } };
  const server = fixtureServer(dir, 'web-d', tools);
  const s = await openGate([server], lockFor({ 'web-d': tools }));
  try {
    const { tools: listed } = await s.client.listTools();
    assert.deepEqual(listed.map((t) => t.name), ['fetch_page']);
    assert.equal((await s.client.callTool({ name: 'fetch_page', arguments: { url: 'https://anywhere.test/' } })).isError, undefined);
    const second = await s.client.callTool({ name: 'fetch_page', arguments: { url: 'https://anywhere.test/' } });
    assert.match(textOf(second), /rate limit exceeded \(1 call per minute\)/);
    const dump = await s.client.callTool({ name: 'dump_topic', arguments: { topic: 'x' } });
    assert.match(textOf(dump), /withheld by the gate: its pinned _meta\["ilo-lang.dev\/policy"\] is not a policy the gate understands/);
  } finally {
    await s.close();
  }
});

test('an unpinned tool\'s own _meta policy binds nothing (the server\'s word), and the declaration wins over the pinned _meta', () => {
  const tools = webTools();
  tools[0]._meta = { 'ilo-lang.dev/policy': { rate: 1000 } };
  const { lock, declarations } = declaredSetup('web-e');
  const pinned = lockFor({ 'web-e': tools });
  pinned.servers['web-e'].file = lock.servers['web-e'].file;
  const a = admitTools(new Map([['web-e', { tools: tools as unknown as RawTool[] }]]), pinned, {}, 'the lock', { declarations });
  assert.deepEqual(a.served.get('fetch_page')?.policy, { domain: '*.example.com', rate: 2 });
  const loose = admitTools(new Map([['web-e', { tools: tools as unknown as RawTool[] }]]), lockFor({}), { allowNew: true });
  assert.equal(loose.served.get('fetch_page')?.policy, undefined);
});

test('the policy checks alone: domains at any depth, bounded work, token counting', () => {
  assert.deepEqual(checkDomain({ q: { deep: [{ link: 'https://x.example.com' }] } }, '*.example.com'), { ok: true });
  assert.equal(checkDomain({ q: { deep: [{ link: 'https://example.org' }] } }, '*.example.com').ok, false);
  assert.equal(checkDomain({ targetUrl: 'mailto:a@example.com' }, 'example.com').ok, false, 'no host: not allowed');
  assert.deepEqual(checkDomain({ text: 'plain words, no links' }, 'example.com'), { ok: true });
  let deep: unknown = 'https://evil.test';
  for (let i = 0; i < 100; i++) deep = [deep];
  assert.match(String((checkDomain({ a: deep }, 'example.com') as { reason: string }).reason), /too large to check/);
  const r = new RateWindow();
  assert.ok(r.take('t', 1, 0).ok);
  assert.ok(!r.take('t', 1, 59_999).ok);
  assert.ok(r.take('t', 1, 60_001).ok, 'a minute later the window has moved');
  assert.ok(!r.take('u', 0, 0).ok, 'rate 0 refuses every call');
  assert.deepEqual(checkTokens({ content: [{ type: 'text', text: 'short' }] }, 10), { ok: true, tokens: 5 });
  assert.equal(checkTokens({ content: [{ type: 'text', text: 'word '.repeat(100_000) }] }, 1000).ok, false);
  assert.equal(checkTokens({ content: [], structuredContent: { rows: Array.from({ length: 50 }, (_, i) => ({ i })) } }, 20).ok, false);
  assert.equal(checkTokens({ content: [{ type: 'text', text: 'hello world '.repeat(20) }] }, 200).ok, true, 'over the byte bound, within the token count');
});
