// `ilo-ls contracts --json` and the ilo-contracts diagnostics in `check`.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const cli = path.join(path.resolve(__dirname, '..', '..'), 'dist', 'cli.js');

function run(args: string[], cwd: string): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [cli, ...args], { cwd, encoding: 'utf8', timeout: 60_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

const KV = [
  '-- @behavior PURE READ DATA',
  'tool fetch-value"Return the value stored under a key" key:t>R t t',
  '',
  'tool remove-value"Delete the value stored under a key" key:t>R t t',
  '',
].join('\n');

test('contracts --json lists each tool with its identity and the collision group', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilo-contracts-'));
  fs.writeFileSync(path.join(dir, 'kv.ilo'), KV);
  const r = run(['contracts', '--json', 'kv.ilo'], dir);
  assert.equal(r.status, 0, r.stderr);
  const report = JSON.parse(r.stdout) as {
    tools: Array<{ name: string; file: string; wireName: string; schemaHash: string; behavior: { mutability: string; action: string; domain: string; source: string }; behaviorId: string }>;
    collisions: Array<{ tools: Array<{ name: string }>; pairs: Array<{ rank?: string }> }>;
  };
  const fetch = report.tools.find((t) => t.name === 'fetch-value')!;
  assert.equal(fetch.file, 'kv.ilo');
  assert.equal(fetch.wireName, 'fetch-value');
  assert.equal(fetch.behavior.source, 'declared');
  const expectedId = createHash('sha256').update('PURE|READ|DATA').digest('hex').slice(0, 16);
  assert.equal(fetch.behaviorId, expectedId, 'the identity hash is SHA-256 of MUTABILITY|ACTION|DOMAIN, 16 hex chars');
  const remove = report.tools.find((t) => t.name === 'remove-value')!;
  assert.equal(remove.behavior.mutability, 'MUTATES');
  assert.equal(remove.behavior.action, 'DELETE');
  assert.equal(remove.behavior.source, 'inferred');
  assert.equal(fetch.schemaHash, remove.schemaHash);
  assert.equal(report.collisions.length, 1);
  assert.deepEqual(report.collisions[0].tools.map((t) => t.name).sort(), ['fetch-value', 'remove-value']);
  assert.equal(report.collisions[0].pairs[0].rank, 'critical');
});

test('check includes the same-schema warnings and a quick-fixable unknown behavior', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilo-contracts-'));
  fs.writeFileSync(path.join(dir, 'kv.ilo'), KV);
  const r = run(['check', '--json', 'kv.ilo'], dir);
  assert.equal(r.status, 0, 'warnings alone do not fail the check');
  const records = JSON.parse(r.stdout) as Array<{ source: string; code: string; severity: string; line: number }>;
  const same = records.filter((x) => x.code === 'same-schema');
  assert.deepEqual(same.map((x) => [x.source, x.severity, x.line]), [
    ['ilo-contracts', 'warning', 2],
    ['ilo-contracts', 'warning', 4],
  ]);
});

test('200 copies of one contract file in the workspace scope: output stays well under 1 MB, one line per group', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilo-copies-'));
  const src = [
    'tool read-doc"Read a document and return its text" path:t>R t t',
    'tool list-dir"List the entries of a directory" path:t>R (L t) t',
    'tool delete-doc"Delete a document" path:t>R t t',
    '',
  ].join('\n');
  for (let i = 1; i <= 200; i++) fs.writeFileSync(path.join(dir, `copy${i}.ilo`), src);
  const check = run(['check', '--scope=workspace', '.'], dir);
  assert.equal(check.status, 0, check.stderr);
  const lines = check.stdout.trim().split('\n');
  assert.equal(lines.length, 600, 'one diagnostic per tool');
  assert.ok(check.stdout.length < 500_000, `check printed ${check.stdout.length} bytes`);
  assert.match(lines[0], /and \d+ more/);
  const contracts = run(['contracts', '--scope=workspace', '.'], dir);
  assert.equal(contracts.status, 0, contracts.stderr);
  const groups = contracts.stdout.split('\n').filter((l) => l.startsWith('same schema'));
  assert.deepEqual(groups, [
    'same schema {path: string}: 600 tools (read-doc ×200, list-dir ×200, delete-doc ×200); worst: read-doc / delete-doc critical: read vs write (PURE READ CONTENT vs MUTATES DELETE ACK)',
  ]);
  assert.ok(contracts.stdout.length < 200_000, `contracts printed ${contracts.stdout.length} bytes`);
});

test('one name, one story: a tool named like a builtin that also collides gets one line in check', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilo-story-'));
  fs.writeFileSync(
    path.join(dir, 'a.ilo'),
    ['tool len"Count the characters of a stored document" doc:t>R n t', 'tool wc"Count the words of a stored document" doc:t>R n t', ''].join('\n'),
  );
  const r = run(['check', '--json', 'a.ilo'], dir);
  const records = JSON.parse(r.stdout) as Array<{ code: string; line: number; col: number; message: string }>;
  const onLen = records.filter((x) => x.line === 1 && x.col === 6);
  assert.equal(onLen.length, 1, JSON.stringify(onLen));
  assert.equal(onLen[0].code, 'shadowed-by-builtin');
  assert.match(onLen[0].message, /Also \((same-schema|same-behavior)\): /);
});

// ---------------------------------------------------------------- flow labels and tool-set risks

const listServer = path.join(path.resolve(__dirname, '..', '..'), 'test', 'fixtures', 'mcp', 'listServer.cjs');

const WEB = {
  tools: [
    { name: 'fetch_page', description: 'Fetch a web page by URL', inputSchema: { type: 'object', properties: { url: { type: 'string' } } }, annotations: { readOnlyHint: true, openWorldHint: true } },
  ],
};
const FILES = {
  tools: [
    { name: 'read_file', description: 'Read the complete contents of a file', inputSchema: { type: 'object', properties: { path: { type: 'string' } } }, annotations: { readOnlyHint: true } },
    { name: 'delete_file', description: 'Delete a file', inputSchema: { type: 'object', properties: { path: { type: 'string' } } }, annotations: { readOnlyHint: false, destructiveHint: true } },
  ],
};
const CHAT = {
  tools: [
    { name: 'post_message', description: 'Post a message to a channel', inputSchema: { type: 'object', properties: { channel: { type: 'string' }, text: { type: 'string' } } } },
  ],
};

function flowWorkspace(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilo-flows-'));
  for (const [name, tools] of Object.entries({ web: WEB, files: FILES, chat: CHAT })) fs.writeFileSync(path.join(dir, `${name}.tools.json`), JSON.stringify(tools));
  const servers = Object.fromEntries(['web', 'files', 'chat'].map((n) => [n, { command: process.execPath, args: [listServer, path.join(dir, `${n}.tools.json`)] }]));
  fs.writeFileSync(path.join(dir, 'mcp.json'), JSON.stringify({ mcpServers: servers }));
  return dir;
}

test('contracts on MCP tools/list files names the lethal trifecta and the tamper risk, tool by tool', () => {
  const dir = flowWorkspace();
  const r = run(['contracts', 'web.tools.json', 'files.tools.json', 'chat.tools.json'], dir);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /^web {2}fetch_page .* flow=untrusted \(inferred\)$/m);
  assert.match(r.stdout, /^files {2}read_file .* flow=private \(inferred\)$/m);
  assert.match(r.stdout, /^files {2}delete_file .* flow=destructive \(inferred\)$/m);
  assert.match(r.stdout, /^chat {2}post_message .* flow=sink \(inferred\)$/m);
  assert.match(r.stdout, /^MCP tools: lethal trifecta: untrusted content \(`web\/fetch_page`\) can steer an agent to move private data \(`files\/read_file`\) out through `chat\/post_message`$/m);
  assert.match(r.stdout, /^MCP tools: tamper risk: untrusted content \(`web\/fetch_page`\) can steer destructive tools \(`files\/delete_file`\)$/m);
  const without = run(['contracts', 'web.tools.json', 'files.tools.json'], dir);
  assert.doesNotMatch(without.stdout, /trifecta/, 'no way out, no trifecta');
});

test('contracts --config lists the servers live; --json carries the labels and the tool set', () => {
  const dir = flowWorkspace();
  const r = run(['contracts', '--json', '--config', 'mcp.json'], dir);
  assert.equal(r.status, 0, r.stderr);
  const out = JSON.parse(r.stdout) as { mcp: { tools: Array<{ name: string; origin: string; flow: { labels: string[] } }>; toolSet: { trifecta: Record<string, string[]> } } };
  assert.deepEqual(
    out.mcp.tools.map((t) => `${t.origin}/${t.name}:${t.flow.labels.join(',')}`),
    ['web/fetch_page:untrusted', 'files/read_file:private', 'files/delete_file:destructive', 'chat/post_message:sink'],
  );
  assert.deepEqual(out.mcp.toolSet.trifecta, { untrusted: ['web/fetch_page'], private: ['files/read_file'], sink: ['chat/post_message'] });
  const some = run(['contracts', '--config', 'mcp.json', '--server', 'web', '--server', 'chat'], dir);
  assert.equal(some.status, 0, some.stderr);
  assert.doesNotMatch(some.stdout, /read_file|trifecta/, 'only the servers asked for');
});

test('contracts on ilo files: flow labels per tool and the tool sets that combine into a risk', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilo-flows-'));
  fs.writeFileSync(
    path.join(dir, 'agent.ilo'),
    [
      'tool fetch-page"Fetch a web page" url:t>R t t',
      'tool read-file"Read the complete contents of a file" path:t>R t t',
      '-- @flow sink',
      'tool notify"Tell the team" text:t>R _ t',
      '',
    ].join('\n'),
  );
  const r = run(['contracts', '--json', 'agent.ilo'], dir);
  assert.equal(r.status, 0, r.stderr);
  const report = JSON.parse(r.stdout) as { tools: Array<{ name: string; flow: { labels: string[]; source: string } }>; toolSets: Array<{ files: string[]; trifecta?: Record<string, string[]> }> };
  assert.deepEqual(report.tools.map((t) => [t.name, t.flow.labels.join(','), t.flow.source]), [
    ['fetch-page', 'untrusted', 'inferred'],
    ['read-file', 'private', 'inferred'],
    ['notify', 'sink', 'declared'],
  ]);
  assert.deepEqual(report.toolSets, [{ files: ['agent.ilo'], roles: { private: ['read-file'], untrusted: ['fetch-page'], sink: ['notify'], destructive: [] }, trifecta: { untrusted: ['fetch-page'], private: ['read-file'], sink: ['notify'] } }]);
  const text = run(['contracts', 'agent.ilo'], dir);
  assert.match(text.stdout, /^agent\.ilo: lethal trifecta:/m);
});

test('contracts refuses --server without --config, a tools file that is not JSON, and a server that cannot start', () => {
  const dir = flowWorkspace();
  const noConfig = run(['contracts', '--server', 'web', 'web.tools.json'], dir);
  assert.equal(noConfig.status, 2);
  assert.match(noConfig.stderr, /--server needs --config/);
  fs.writeFileSync(path.join(dir, 'broken.json'), '{"tools": [');
  const broken = run(['contracts', 'broken.json'], dir);
  assert.equal(broken.status, 2);
  assert.match(broken.stderr, /^ilo-ls contracts: .*not valid JSON/m);
  fs.writeFileSync(path.join(dir, 'ghost.json'), JSON.stringify({ mcpServers: { ghost: { command: path.join(dir, 'no-such-program') } } }));
  const ghost = run(['contracts', '--config', 'ghost.json', '--timeout', '10'], dir);
  assert.equal(ghost.status, 2);
  assert.match(ghost.stderr, /server `ghost` not listed/);
  assert.equal(run(['contracts'], dir).status, 2, 'nothing to look at');
});

test('contracts prints names a server sent without their control characters', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilo-flows-'));
  const hostile = { tools: [{ name: 'read_file\u001b[2J\u0007', description: 'Read the complete contents of a file', annotations: { readOnlyHint: true } }] };
  fs.writeFileSync(path.join(dir, 'evil.tools.json'), JSON.stringify(hostile));
  const r = run(['contracts', 'evil.tools.json'], dir);
  assert.equal(r.status, 0, r.stderr);
  assert.doesNotMatch(r.stdout, /[\u0000-\u0008\u000b-\u001f\u007f]/);
  assert.match(r.stdout, /read_file\?\[2J\? /);
});
