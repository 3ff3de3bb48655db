// `ilo-ls import agent-card.json`: an A2A agent card (v1.0 or v0.3) becomes
// commented tool stubs; nothing is pinned; the stubs check clean.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const root = path.resolve(__dirname, '..', '..');
const cli = path.join(root, 'dist', 'cli.js');

function run(args: string[], cwd: string): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [cli, ...args], { cwd, encoding: 'utf8', timeout: 60_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

const CARD = {
  name: 'Travel desk',
  description: 'Books trips',
  supportedInterfaces: [{ url: 'https://travel.example.com/a2a', protocolBinding: 'JSONRPC', protocolVersion: '1.0' }],
  version: '3.0.0',
  capabilities: {},
  defaultInputModes: ['text/plain'],
  defaultOutputModes: ['text/plain'],
  skills: [
    { id: 'bookFlight', name: 'Book a flight', description: 'Books one flight for a traveller', tags: ['travel', 'MUTATES', 'CREATE', 'DATA'] },
    { id: 'list_trips', name: 'List trips', description: 'Lists the trips of a traveller', tags: ['travel'] },
  ],
};

test('an agent card becomes one commented stub per skill, written with -o, pinned nowhere, checking clean', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilo-card-'));
  fs.writeFileSync(path.join(dir, 'agent-card.json'), JSON.stringify(CARD, null, 2));
  const r = run(['import', 'agent-card.json', '-o', 'travel.ilo'], dir);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stderr, /Imported 2 skills of the A2A agent `Travel desk` as tool stubs into travel\.ilo; A2A skills carry no input schema/);
  const source = fs.readFileSync(path.join(dir, 'travel.ilo'), 'utf8');
  assert.match(source, /-- @wire bookFlight\n-- @title Book a flight\n-- @param request The request, as text[^\n]*\n-- @behavior MUTATES CREATE DATA\ntool book-flight"Books one flight for a traveller" request:t>R t t\n/);
  assert.match(source, /tool list-trips"Lists the trips of a traveller" request:t>R t t\n/);
  assert.ok(!fs.existsSync(path.join(dir, 'ilo-tools.lock.json')), 'skills have no schema to pin');

  const check = run(['check', '--json', 'travel.ilo'], dir);
  const records = JSON.parse(check.stdout) as Array<{ severity: string; code: string }>;
  assert.deepEqual(records.filter((x) => x.severity === 'error'), []);
  assert.equal(check.status, 0);

  // The exported manifest carries the skill ids as wire names.
  const manifest = JSON.parse(run(['export', 'travel.ilo'], dir).stdout) as { tools: Array<{ name: string }> };
  assert.deepEqual(manifest.tools.map((t) => t.name), ['bookFlight', 'list_trips']);

  // Re-importing over a file that differs needs --force.
  fs.writeFileSync(path.join(dir, 'travel.ilo'), '-- mine\n');
  assert.equal(run(['import', 'agent-card.json', '-o', 'travel.ilo'], dir).status, 1);
  assert.equal(fs.readFileSync(path.join(dir, 'travel.ilo'), 'utf8'), '-- mine\n');
  assert.equal(run(['import', 'agent-card.json', '-o', 'travel.ilo', '--force'], dir).status, 0);
});

test('a card without usable skills fails with a message; MCP tool lists still import as before', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilo-card-'));
  fs.writeFileSync(path.join(dir, 'empty.json'), JSON.stringify({ name: 'x', version: '1', skills: [{ name: 'no id' }] }));
  const r = run(['import', 'empty.json'], dir);
  assert.equal(r.status, 1);
  assert.match(r.stderr, /skills\[0\] has no id/);
  assert.match(r.stderr, /no usable skills in the agent card/);

  fs.writeFileSync(path.join(dir, 'tools.json'), JSON.stringify({ tools: [{ name: 'ping', description: 'Check the service', inputSchema: { type: 'object' } }] }));
  const mcp = run(['import', 'tools.json'], dir);
  assert.equal(mcp.status, 0, mcp.stderr);
  assert.match(mcp.stdout, /^tool ping"Check the service"/m);
});
