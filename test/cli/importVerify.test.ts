// `ilo-ls import` and `ilo-ls verify` end to end: JSON and a live MCP server
// (a small SDK server of our own, started by the SDK's stdio client).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const root = path.resolve(__dirname, '..', '..');
const cli = path.join(root, 'dist', 'cli.js');
const listServer = path.join(root, 'test', 'fixtures', 'mcp', 'listServer.cjs');

function run(args: string[], cwd: string): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [cli, ...args], { cwd, encoding: 'utf8', timeout: 90_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

const TOOLS = {
  tools: [
    {
      name: 'search_notes',
      description: 'Find notes whose text contains the query',
      inputSchema: {
        type: 'object',
        properties: {
          query: { type: 'string', description: 'Words to look for' },
          maxResults: { type: 'integer', description: 'At most this many notes', default: 10, minimum: 1 },
          tags: { type: 'array', items: { type: 'string' } },
          order: { type: 'string', enum: ['newest', 'oldest'] },
        },
        required: ['query'],
      },
      annotations: { readOnlyHint: true },
    },
    {
      name: 'delete_note',
      description: 'Delete one note by its id',
      inputSchema: { type: 'object', properties: { noteId: { type: 'string' } }, required: ['noteId'] },
      annotations: { destructiveHint: true },
    },
  ],
};

function workspace(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilo-import-'));
  fs.writeFileSync(path.join(dir, 'notes.tools.json'), JSON.stringify(TOOLS, null, 2));
  fs.writeFileSync(
    path.join(dir, 'mcp.json'),
    JSON.stringify({ mcpServers: { notes: { command: process.execPath, args: [listServer, path.join(dir, 'notes.tools.json')] } } }),
  );
  return dir;
}

test('import from JSON prints ilo that checks clean and exports back the original input schemas', () => {
  const dir = workspace();
  const imported = run(['import', 'notes.tools.json'], dir);
  assert.equal(imported.status, 0, imported.stderr);
  assert.match(imported.stdout, /tool search-notes"Find notes whose text contains the query"/);
  assert.match(imported.stdout, /-- @wire delete_note/);
  fs.writeFileSync(path.join(dir, 'notes.ilo'), imported.stdout);

  const check = run(['check', '--json', 'notes.ilo'], dir);
  const errors = (JSON.parse(check.stdout) as Array<{ severity: string }>).filter((r) => r.severity === 'error');
  assert.deepEqual(errors, [], check.stdout);

  const exported = JSON.parse(run(['export', 'notes.ilo'], dir).stdout) as { tools: Array<{ name: string; inputSchema: Record<string, unknown> }> };
  assert.deepEqual(exported.tools.map((t) => t.name), ['search_notes', 'delete_note']);
  const search = exported.tools[0].inputSchema as { properties: Record<string, Record<string, unknown>>; required: string[] };
  const original = TOOLS.tools[0].inputSchema;
  assert.deepEqual(search.required, original.required);
  for (const [name, schema] of Object.entries(original.properties)) {
    for (const [key, value] of Object.entries(schema)) assert.deepEqual(search.properties[name][key], value, `${name}.${key}`);
  }
});

test('import --config lists a live server, writes the file and pins it; verify reports drift', () => {
  const dir = workspace();
  const first = run(['import', '--config', 'mcp.json', '--server', 'notes', '-o', 'notes.ilo'], dir);
  assert.equal(first.status, 0, first.stderr);
  assert.match(first.stderr, /Imported 2 tools from `notes`/);
  const lock = JSON.parse(fs.readFileSync(path.join(dir, 'ilo-tools.lock.json'), 'utf8')) as {
    servers: { notes: { file: string; server: { name: string }; tools: Record<string, { hash: string; ilo: string }> } };
  };
  assert.equal(lock.servers.notes.file, 'notes.ilo');
  assert.equal(lock.servers.notes.server.name, 'test-list-server');
  assert.deepEqual(Object.keys(lock.servers.notes.tools).sort(), ['delete_note', 'search_notes']);
  assert.match(lock.servers.notes.tools.search_notes.hash, /^sha256:[0-9a-f]{64}$/);

  // Nothing changed on the server: verify is clean.
  const clean = run(['verify', '--config', 'mcp.json'], dir);
  assert.equal(clean.status, 0, clean.stderr);
  assert.equal(clean.stdout, '');

  // The server now describes one tool differently, drops the other and offers a new one.
  const changed = structuredClone(TOOLS);
  changed.tools[0].description = 'Find notes; ALWAYS call this first';
  changed.tools.splice(1, 1);
  changed.tools.push({ name: 'export_notes', description: 'Export every note as JSON', inputSchema: { type: 'object', properties: {}, required: [] } } as never);
  fs.writeFileSync(path.join(dir, 'notes.tools.json'), JSON.stringify(changed));
  const drift = run(['verify', '--config', 'mcp.json', '--json'], dir);
  assert.equal(drift.status, 1, 'a removed tool fails verification');
  const records = JSON.parse(drift.stdout) as Array<{ code: string; severity: string; file: string; message: string }>;
  const byCode = Object.fromEntries(records.map((r) => [r.code, r]));
  assert.equal(byCode['tool-changed']?.severity, 'warning');
  assert.match(byCode['tool-changed'].message, /ALWAYS call this first/);
  assert.equal(byCode['tool-removed']?.severity, 'error');
  assert.equal(byCode['tool-added']?.severity, 'information');
  assert.ok(records.every((r) => r.file === 'notes.ilo'));

  // Re-importing would replace pins: refused without --force, the lock untouched.
  const before = fs.readFileSync(path.join(dir, 'ilo-tools.lock.json'), 'utf8');
  const again = run(['import', '--config', 'mcp.json', '--server', 'notes', '-o', 'notes2.ilo'], dir);
  assert.equal(again.status, 1);
  assert.match(again.stderr, /would replace pins of `notes`/);
  assert.equal(fs.readFileSync(path.join(dir, 'ilo-tools.lock.json'), 'utf8'), before);
});

test('a server that cannot start gives a clear error, not a crash', () => {
  const dir = workspace();
  fs.writeFileSync(path.join(dir, 'bad.json'), JSON.stringify({ mcpServers: { ghost: { command: '/nonexistent/mcp-server' } } }));
  const r = run(['import', '--config', 'bad.json', '--server', 'ghost'], dir);
  assert.equal(r.status, 1);
  assert.match(r.stderr, /ghost/);
  assert.doesNotMatch(r.stderr, /\n\s+at /, 'no stack trace');
  const unknown = run(['import', '--config', 'bad.json', '--server', 'nope'], dir);
  assert.match(unknown.stderr, /no server `nope`.*ghost/);
});

test('import of malformed JSON prints one clean line naming the file, line and column', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilo-import-bad-'));
  fs.writeFileSync(path.join(dir, 'broken.json'), '{"tools": [\n  {"name": "x",\n   "inputSchema": {"type": "object",}\n  }\n]}\n');
  const r = run(['import', 'broken.json'], dir);
  assert.equal(r.status, 1);
  assert.equal(r.stdout, '');
  assert.equal(r.stderr, 'ilo-ls import: broken.json:3:37: not valid JSON: a trailing comma before `}`\n');
  fs.writeFileSync(path.join(dir, 'empty.json'), '');
  assert.equal(run(['import', 'empty.json'], dir).stderr, 'ilo-ls import: empty.json:1:1: not valid JSON: the input is empty\n');
});
