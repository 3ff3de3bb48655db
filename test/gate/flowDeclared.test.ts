// Flow labels the gate reads from the pinned ilo file (issue 31): the lock
// names the file a server's tools were imported into, and what the user
// declared there (`@flow`, or `@hints`/`@behavior` inference reads) is what
// the session's flow policy applies — with the pinned definition's own risk
// claims kept (a definition can add a label, never take a declared one away).
// End to end: the official SDK client ↔ the gate ↔ an SDK server process.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { findPinnedDeclarations, type LockFile } from '../../server/src/contracts/pins';
import { loadGate } from '../../server/src/gate/gateConfig';
import type { JsonObject } from '../../server/src/schema/json';
import { lockFor, openGate, scratchDir, textOf } from './gateHelpers';
import { FETCH_PAGE, flowServer, SEND_EMAIL } from './flowHelpers';

const dir = scratchDir();
after(() => rmSync(dir, { recursive: true, force: true }));

/** Nothing in its words says private: inference gives it no label. */
const GET_STATUS: JsonObject = {
  name: 'get_status',
  description: 'Return the current status.',
  inputSchema: { type: 'object', properties: { scope: { type: 'string' } } },
  annotations: { readOnlyHint: true },
};
/** No label from its definition. */
const TIDY_CACHE: JsonObject = { name: 'tidy_cache', description: 'Tidy the cache.', inputSchema: { type: 'object', properties: { scope: { type: 'string' } } } };
/** The server says it is destructive. */
const RECORD_NOTE: JsonObject = {
  name: 'record_note',
  description: 'Record a note.',
  inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
  annotations: { readOnlyHint: false, destructiveHint: true },
};
/** The server claims a sink label in `_meta`. */
const PING_PEER: JsonObject = {
  name: 'ping_peer',
  description: 'Ping a peer.',
  inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
  _meta: { 'ilo-lang.dev/flow': { labels: ['sink'] } },
};
/** The server says it only reads and destroys nothing; the user declared otherwise. */
const SYNC_FOLDER: JsonObject = {
  name: 'sync_folder',
  description: 'List a folder.',
  inputSchema: { type: 'object', properties: { folder: { type: 'string' } } },
  annotations: { readOnlyHint: true, destructiveHint: false },
  _meta: { 'ilo-lang.dev/flow': { labels: [] } },
};
const TOOLS = [GET_STATUS, TIDY_CACHE, RECORD_NOTE, PING_PEER, SEND_EMAIL, FETCH_PAGE, SYNC_FOLDER];

const ILO = [
  '-- @wire get_status',
  '-- @flow private',
  'tool get-status"Return the current status." scope:t>R t t',
  '-- @wire tidy_cache',
  '-- @hints destructive',
  'tool tidy-cache"Tidy the cache." scope:t>R t t',
  '-- @wire record_note',
  '-- @flow none',
  'tool record-note"Record a note." text:t>R t t',
  '-- @wire ping_peer',
  '-- @flow private',
  'tool ping-peer"Ping a peer." text:t>R t t',
  '-- @wire send_email',
  'tool send-email"Send an email message to a recipient." to:t body:t>R t t',
  '-- @wire fetch_page',
  '-- @flow none',
  'tool fetch-page"Fetch a web page by URL and return its text." url:t>R t t',
  '-- @wire sync_folder',
  '-- @flow destructive sink',
  'tool sync-folder"List a folder." folder:t>R t t',
  '',
].join('\n');

function setup(name: string, ilo: string | undefined = ILO) {
  const server = flowServer(dir, name, { tools: TOOLS });
  const lock: LockFile = lockFor({ [name]: TOOLS });
  lock.servers[name].file = `${name}.ilo`;
  if (ilo !== undefined) writeFileSync(join(dir, `${name}.ilo`), ilo);
  const declarations = findPinnedDeclarations(lock, dir, (f) => {
    try {
      return readFileSync(f, 'utf8');
    } catch {
      return undefined;
    }
  });
  return { server, lock, declarations };
}

const mail = { to: 'someone@example.org', body: 'status report' };
const BLOCK = { flows: { leak: 'block', tamper: 'block' } } as const;

describe('gate flow labels from the pinned ilo declarations', () => {
  it('a label declared with @flow makes a source the definition does not show: the sink after it is blocked (and is not without the file)', async () => {
    const { server, lock, declarations } = setup('declared');
    assert.deepEqual(declarations.problems, []);
    const s = await openGate(new Map([[server.name, server.config]]), lock, BLOCK, { declarations });
    try {
      assert.equal((await s.client.callTool({ name: 'get_status', arguments: { scope: 'all' } })).isError, undefined);
      const r = await s.client.callTool({ name: 'send_email', arguments: mail });
      assert.equal(r.isError, true);
      assert.match(textOf(r), /`send_email` sends data out after `get_status` returned private data/);
      assert.equal(server.calls().filter((c) => c.name === 'send_email').length, 0);
      // The log says where the labels came from when the tool was served.
      assert.ok(s.log.entries.some((e) => e.tool === 'get_status' && e.decision === 'served' && /flows private \(declared\)/.test(e.reason)), s.log.text());
    } finally {
      await s.close();
    }
    // The same pins without the ilo file behind them: the definition alone says nothing private.
    const bare = lockFor({ [server.name]: TOOLS });
    const t = await openGate(new Map([[server.name, server.config]]), bare, BLOCK);
    try {
      await t.client.callTool({ name: 'get_status', arguments: { scope: 'all' } });
      const r = await t.client.callTool({ name: 'send_email', arguments: mail });
      assert.equal(r.isError, undefined, textOf(r));
    } finally {
      await t.close();
    }
  });

  it('@flow replaces what inference guesses, but never removes a label the pinned definition claims itself; without @flow the declaration adds what its hints imply', async () => {
    const { server, lock, declarations } = setup('merged');
    const s = await openGate(new Map([[server.name, server.config]]), lock, BLOCK, { declarations });
    try {
      await s.client.listTools();
      const labels = (name: string) => s.gate.current.served.get(name)?.flow.labels;
      assert.deepEqual(labels('get_status'), ['private']);
      // `@hints destructive` in the file: the declaration's own inference adds `destructive`.
      assert.deepEqual(labels('tidy_cache'), ['destructive']);
      // `@flow none`, but the definition says destructiveHint: true — kept (fail closed).
      assert.deepEqual(labels('record_note'), ['destructive']);
      // `@flow private` plus the definition's `_meta` claim of `sink`: both.
      assert.deepEqual(labels('ping_peer'), ['private', 'sink']);
      // No @flow: the declaration's inference and the definition's agree on `sink`.
      assert.deepEqual(labels('send_email'), ['sink']);
      // `@flow none` on a web reader the definition would call untrusted: the user's word wins over the guess.
      assert.deepEqual(labels('fetch_page'), []);
      // A definition that contradicts a declaration (read-only, not destructive, no flow labels) does not weaken it.
      assert.deepEqual(labels('sync_folder'), ['sink', 'destructive']);

      // In the session: ping_peer is a private source and a sink at once.
      await s.client.callTool({ name: 'ping_peer', arguments: { text: 'hello' } });
      const again = await s.client.callTool({ name: 'ping_peer', arguments: { text: 'hello' } });
      assert.equal(again.isError, true);
      assert.match(textOf(again), /`ping_peer` sends data out after `ping_peer` returned private data/);
      // fetch_page was declared to bring nothing in: a destructive call after it is not held back.
      await s.client.callTool({ name: 'fetch_page', arguments: { url: 'https://example.org/' } });
      assert.equal((await s.client.callTool({ name: 'tidy_cache', arguments: { scope: 'all' } })).isError, undefined);
    } finally {
      await s.close();
    }
  });

  it('a pin whose declaration cannot be read is withheld with the reason (fail closed), through the CLI loader too', async () => {
    const { server, lock } = setup('orphan', ILO.replace(/-- @wire send_email\n[^\n]*\n/, ''));
    // The CLI path: config, lock and the ilo file on disk.
    const configFile = join(dir, 'orphan.mcp.json');
    const lockFile = join(dir, 'orphan.lock.json');
    const cfg = server.config as { command: string; args: string[] };
    writeFileSync(configFile, JSON.stringify({ mcpServers: { orphan: { command: cfg.command, args: cfg.args } } }));
    writeFileSync(lockFile, JSON.stringify(lock));
    const loaded = loadGate({ config: configFile, servers: [], lock: lockFile });
    assert.ok(!('errors' in loaded), JSON.stringify(loaded));
    assert.ok(loaded.warnings.some((w) => /`send_email` of `orphan` is pinned, but orphan\.ilo declares no tool for it .*; the gate withholds that tool/.test(w)), loaded.warnings.join('\n'));
    const s = await openGate(loaded.servers, loaded.lock, BLOCK, { declarations: loaded.declarations });
    try {
      const listed = (await s.client.listTools()).tools.map((t) => t.name).sort();
      assert.ok(!listed.includes('send_email'));
      assert.ok(listed.includes('get_status'));
      const r = await s.client.callTool({ name: 'send_email', arguments: mail });
      assert.equal(r.isError, true);
      assert.match(textOf(r), /its reviewed declaration cannot be read/);
    } finally {
      await s.close();
    }
    // The file gone: every pin of the server is withheld.
    rmSync(join(dir, 'orphan.ilo'));
    const gone = loadGate({ config: configFile, servers: [], lock: lockFile });
    assert.ok(!('errors' in gone));
    const t = await openGate(gone.servers, gone.lock, {}, { declarations: gone.declarations });
    try {
      assert.deepEqual((await t.client.listTools()).tools, []);
      assert.ok(t.log.entries.some((e) => e.tool === 'get_status' && e.decision === 'withheld' && /orphan\.ilo, which cannot be read/.test(e.reason)));
    } finally {
      await t.close();
    }
  });

  it('a @flow line the gate cannot understand is a warning at start, and the tool keeps the labels inference gives', () => {
    const { declarations } = setup('badflow', ILO.replace('-- @flow private\ntool get-status', '-- @flow privat\ntool get-status'));
    assert.equal(declarations.problems.length, 1);
    assert.equal(declarations.problems[0].warningOnly, true);
    assert.match(declarations.problems[0].message, /the `@flow` line of `get_status` \(server `badflow`\) in badflow\.ilo is not understood and is ignored/);
  });
});
