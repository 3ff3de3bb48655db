// `ilo-ls gate` as an agent host runs it: a separate process speaking MCP on
// stdio (SDK client ↔ gate ↔ @modelcontextprotocol/server-memory and the
// counting fixture), configured by a VS Code `.vscode/mcp.json`, a lock, a
// policy and a decision log. And the errors that stop it from starting.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { listServerTools } from '../../server/src/contracts/mcp';
import { emptyLock, lockServerEntry, serializeLock } from '../../server/src/contracts/pins';
import { BEHAVIOR_META_KEY } from '../../server/src/contracts/behavior';
import { runCli } from '../../server/src/cli';
import { FIXTURE, notesTools, scratchDir, textOf } from './gateHelpers';

const root = join(__dirname, '..', '..');
const dir = scratchDir();
test.after(() => rmSync(dir, { recursive: true, force: true }));
const memoryEntry = require.resolve('@modelcontextprotocol/server-memory/dist/index.js');

const SECRET = 'sk-live-4f9a8b7c6d5e4f3a2b1c';

test('the gate CLI over stdio: read-only memory server, identity on each tool, refusals, and a log without argument values', async () => {
  const workspace = join(dir, 'ws');
  mkdirSync(join(workspace, '.vscode'), { recursive: true });
  writeFileSync(join(dir, 'notes.tools.json'), JSON.stringify({ tools: notesTools() }));
  // A VS Code config: comments, "type", and the memory file through ${workspaceFolder} and ${env:…}.
  const configPath = join(workspace, '.vscode', 'mcp.json');
  writeFileSync(
    configPath,
    `{
  // the knowledge graph
  "servers": {
    "memory": {"type": "stdio", "command": ${JSON.stringify(process.execPath)}, "args": [${JSON.stringify(memoryEntry)}],
               "env": {"MEMORY_FILE_PATH": "\${workspaceFolder}/\${env:ILO_GATE_TEST_MEMORY}"}},
    "notes": {"type": "stdio", "command": ${JSON.stringify(process.execPath)}, "args": [${JSON.stringify(FIXTURE)}, ${JSON.stringify(join(dir, 'notes.tools.json'))}, ${JSON.stringify(join(dir, 'notes.calls.log'))}]},
  },
}`,
  );
  const memoryConfig = { kind: 'stdio' as const, command: process.execPath, args: [memoryEntry], env: { MEMORY_FILE_PATH: join(workspace, 'memory.jsonl') } };
  const listing = await listServerTools('memory', memoryConfig, { timeoutMs: 30_000 });
  const lock = emptyLock();
  lock.servers.memory = lockServerEntry(
    listing.tools.map((t) => ({ wire: t.name, ilo: t.name.replace(/_/g, '-'), definition: t })),
    { server: listing.serverInfo },
  );
  lock.servers.notes = lockServerEntry(notesTools().map((t) => ({ wire: String(t.name), ilo: String(t.name), definition: t })));
  const lockPath = join(workspace, 'ilo-tools.lock.json');
  writeFileSync(lockPath, serializeLock(lock));
  const policyPath = join(workspace, 'gate-policy.json');
  writeFileSync(policyPath, JSON.stringify({ deny: ['notes/hang'], expect: { 'memory/open_nodes': 'PURE READ' } }));
  const logPath = join(workspace, 'gate.log');

  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--import', 'tsx', join(root, 'server', 'src', 'cli.ts'), 'gate', '--config', configPath, '--lock', lockPath, '--policy', policyPath, '--read-only', '--log', logPath],
    cwd: root,
    env: { ...process.env, ILO_GATE_TEST_MEMORY: 'memory.jsonl' } as Record<string, string>,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
  const client = new Client({ name: 'agent-host', version: '1.0.0' });
  await client.connect(transport);
  try {
    assert.deepEqual(client.getServerVersion()?.name, 'ilo-gate');
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((t) => t.name).sort(), ['open_nodes', 'read_graph', 'read_notes', 'search_nodes'], stderr);
    const search = tools.find((t) => t.name === 'search_nodes')!;
    assert.deepEqual(
      [search._meta?.[BEHAVIOR_META_KEY]].map((m) => { const b = m as Record<string, unknown>; return [b.mutability, b.action, b.source]; }),
      [['PURE', 'SEARCH', 'annotations']],
    );

    const graph = await client.callTool({ name: 'read_graph', arguments: {} });
    assert.equal(graph.isError, undefined);
    assert.deepEqual(JSON.parse(textOf(graph)), { entities: [], relations: [] });
    const found = await client.callTool({ name: 'search_nodes', arguments: { query: SECRET } });
    assert.equal(found.isError, undefined);

    const write = await client.callTool({ name: 'create_entities', arguments: { entities: [{ name: SECRET, entityType: 'key', observations: [] }] } });
    assert.equal(write.isError, true);
    assert.match(textOf(write), /read-only: the pinned definition's readOnlyHint \(false\) says it changes the world/);
    const bad = await client.callTool({ name: 'read_notes', arguments: { topic: SECRET, limit: 'all' } });
    assert.match(textOf(bad), /arguments\.limit must be integer/);
    const denied = await client.callTool({ name: 'hang', arguments: {} });
    assert.match(textOf(denied), /denied by the policy \(deny "notes\/hang"\)/);
    assert.throws(() => readFileSync(join(workspace, 'memory.jsonl'), 'utf8'), 'nothing was written to the memory file');
  } finally {
    await client.close();
  }

  const lines = readFileSync(logPath, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
  assert.ok(lines.every((l) => typeof l.time === 'string' && typeof l.decision === 'string' && typeof l.reason === 'string'));
  const calls = lines.filter((l) => l.decision === 'allowed' || l.decision === 'refused').map((l) => [l.tool, l.decision, l.arguments]);
  assert.deepEqual(calls, [
    ['read_graph', 'allowed', []],
    ['search_nodes', 'allowed', ['query']],
    ['create_entities', 'refused', ['entities']],
    ['read_notes', 'refused', ['topic', 'limit']],
    ['hang', 'refused', []],
  ]);
  assert.ok(lines.some((l) => l.decision === 'withheld' && l.tool === 'delete_entities' && /read-only/.test(String(l.reason))));
  assert.ok(!readFileSync(logPath, 'utf8').includes(SECRET), 'no argument value is in the log');
  assert.ok(!readFileSync(logPath, 'utf8').includes('4f9a8b7c'), 'not even a part of one');
});

function cli(args: string[]): Promise<{ code: number; err: string }> {
  let err = '';
  return runCli(args, { out: () => undefined, err: (s) => (err += s) }).then((code) => ({ code, err }));
}

test('a policy that does not validate stops the gate with every problem named', async () => {
  const config = join(dir, 'mcp.json');
  writeFileSync(config, JSON.stringify({ mcpServers: { notes: { command: process.execPath, args: [FIXTURE, join(dir, 'x.json')] } } }));
  const policy = join(dir, 'bad-policy.json');
  writeFileSync(policy, JSON.stringify({ readOnly: 'yes', allow: ['notes/a/b'], deny: 'delete_*', expect: { read_notes: 'PURE LOOKUP' }, alow: [] }));
  const { code, err } = await cli(['gate', '--config', config, '--policy', policy]);
  assert.equal(code, 2);
  assert.match(err, /bad-policy\.json: \/readOnly must be boolean/);
  assert.match(err, /\/allow\/0 is not a tool selector/);
  assert.match(err, /\/deny must be array/);
  assert.match(err, /unknown key "alow" \(known: readOnly, allowNew, allow, deny, expect\)/);

  writeFileSync(policy, JSON.stringify({ expect: { read_notes: 'PURE LOOKUP' } }));
  const second = await cli(['gate', '--config', config, '--policy', policy]);
  assert.equal(second.code, 2);
  assert.match(second.err, /\/expect\/read_notes: `LOOKUP` is not a behavior word/);

  writeFileSync(policy, '{"readOnly": true,');
  assert.match((await cli(['gate', '--config', config, '--policy', policy])).err, /bad-policy\.json is not valid JSON/);
});

test('the gate does not start on a server the config lacks, a missing config, or a bad switch', async () => {
  const config = join(dir, 'two.json');
  writeFileSync(config, JSON.stringify({ mcpServers: { a: { command: 'x' }, b: { url: 'https://example.com/mcp' } } }));
  const unknown = await cli(['gate', '--config', config, '--server', 'a', '--server', 'c']);
  assert.equal(unknown.code, 2);
  assert.match(unknown.err, /there is no server `c` in .*two\.json \(it has: a, b\)/);
  assert.match((await cli(['gate', '--config', join(dir, 'nope.json')])).err, /cannot read the MCP config/);
  assert.match((await cli(['gate', '--config', config, '--lock', join(dir, 'nope.lock.json')])).err, /cannot read the lock file/);
  assert.match((await cli(['gate'])).err, /--config CFG is required/);
  assert.match((await cli(['gate', '--config', config, '--readonly'])).err, /unknown option --readonly/);
});
