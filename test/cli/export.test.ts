// `ilo-ls export`: the formats, writing files safely, files with errors, and
// tools a format cannot express (left out or not strict, always said why).

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

function tempDir(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilo-export-'));
  for (const [name, content] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), content);
  return dir;
}

const NOTES = [
  '-- @param title A short title',
  'tool add-note"Add a note" title:t body:O t>R t t',
  'tool list-notes"List all notes" >R (L t) t',
  '',
].join('\n');

test('mcp is the default format and prints a tools/list result on stdout', () => {
  const dir = tempDir({ 'notes.ilo': NOTES });
  const r = run(['export', 'notes.ilo'], dir);
  assert.equal(r.status, 0, r.stderr);
  const m = JSON.parse(r.stdout) as { tools: Array<{ name: string; inputSchema: { required?: string[]; properties: Record<string, unknown> } }> };
  assert.deepEqual(m.tools.map((t) => t.name), ['add-note', 'list-notes']);
  assert.deepEqual(m.tools[0].inputSchema.required, ['title'], 'the optional `body` is not required');
  assert.match(r.stderr, /Exported 2 tools\./);
});

test('openai and anthropic formats use their own field names', () => {
  const dir = tempDir({ 'notes.ilo': NOTES });
  const openai = JSON.parse(run(['export', '--format', 'openai', 'notes.ilo'], dir).stdout) as Array<Record<string, unknown>>;
  assert.equal(openai[0].type, 'function');
  assert.equal(openai[0].strict, true);
  const params = openai[0].parameters as { required: string[]; properties: { body: { type: unknown } } };
  assert.deepEqual(params.required, ['title', 'body'], 'strict mode requires every property');
  assert.deepEqual(params.properties.body.type, ['string', 'null'], 'the optional one becomes a null-union');
  const anthropic = JSON.parse(run(['export', '--format=anthropic', 'notes.ilo'], dir).stdout) as Array<Record<string, unknown>>;
  assert.deepEqual(Object.keys(anthropic[0]).sort(), ['description', 'input_schema', 'name']);
});

test('-o writes the file and never replaces a different one without --force', () => {
  const dir = tempDir({ 'notes.ilo': NOTES, 'mine.json': '{"hand": "written"}\n' });
  const fresh = run(['export', '-o', 'out.json', 'notes.ilo'], dir);
  assert.equal(fresh.status, 0, fresh.stderr);
  assert.equal(JSON.parse(fs.readFileSync(path.join(dir, 'out.json'), 'utf8')).tools.length, 2);

  const refused = run(['export', '-o', 'mine.json', 'notes.ilo'], dir);
  assert.equal(refused.status, 1);
  assert.match(refused.stderr, /exists and differs; not overwriting/);
  assert.equal(fs.readFileSync(path.join(dir, 'mine.json'), 'utf8'), '{"hand": "written"}\n');

  const forced = run(['export', '-o', 'mine.json', '--force', 'notes.ilo'], dir);
  assert.equal(forced.status, 0, forced.stderr);
  assert.equal(JSON.parse(fs.readFileSync(path.join(dir, 'mine.json'), 'utf8')).tools.length, 2);
});

test('tools reached through `use` are included once, even when their file is also given', () => {
  const dir = tempDir({ 'notes.ilo': NOTES, 'app.ilo': 'use "notes.ilo"\ntool ping"Check the service" >R t t\n' });
  const r = run(['export', 'app.ilo', 'notes.ilo'], dir);
  assert.equal(r.status, 0, r.stderr);
  const names = (JSON.parse(r.stdout) as { tools: Array<{ name: string }> }).tools.map((t) => t.name).sort();
  assert.deepEqual(names, ['add-note', 'list-notes', 'ping']);
});

test('a file with a broken tool still exports the valid ones and says what it left out', () => {
  const dir = tempDir({
    'mixed.ilo': 'tool good"Fine" x:n>R n t\ntool apply-fn"Takes a function" f:F n n>R n t\n',
  });
  const r = run(['export', 'mixed.ilo'], dir);
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual((JSON.parse(r.stdout) as { tools: Array<{ name: string }> }).tools.map((t) => t.name), ['good']);
  assert.match(r.stderr, /left out 1: apply-fn \(.*function/);
});

test('bad arguments are usage errors', () => {
  const dir = tempDir({ 'notes.ilo': NOTES });
  assert.equal(run(['export', '--format', 'yaml', 'notes.ilo'], dir).status, 2);
  assert.equal(run(['export'], dir).status, 2);
  assert.equal(run(['export', 'missing.ilo'], dir).status, 2);
  const noUrl = run(['export', '--format', 'a2a', 'notes.ilo'], dir);
  assert.equal(noUrl.status, 2);
  assert.match(noUrl.stderr, /needs the URL the agent is served at \(--base-url URL\)/);
  assert.equal(noUrl.stdout, '', 'no card without a URL');
  assert.match(run(['export', '--format', 'a2a', '--base-url', 'notes', 'notes.ilo'], dir).stderr, /`notes` is not a URL/);
  assert.match(run(['export', '--format', 'mcp', '--base-url', 'http://x/', 'notes.ilo'], dir).stderr, /only applies to --format a2a/);
});

test('openai-chat nests each Responses tool under `function`; a2a writes an agent card with one skill per tool', () => {
  const dir = tempDir({ 'notes.ilo': NOTES });
  const chat = JSON.parse(run(['export', '--format', 'openai-chat', 'notes.ilo'], dir).stdout) as Array<{ type: string; function: Record<string, unknown> }>;
  const responses = JSON.parse(run(['export', '--format', 'openai', 'notes.ilo'], dir).stdout) as Array<Record<string, unknown>>;
  assert.deepEqual(chat.map((t) => ({ type: t.type, ...t.function })), responses);
  assert.deepEqual(Object.keys(chat[0].function), ['name', 'description', 'parameters', 'strict']);

  const r = run(['export', '--format', 'a2a', '--base-url', 'https://agents.example.com/notes', '-o', 'agent-card.json', 'notes.ilo'], dir);
  assert.equal(r.status, 0, r.stderr);
  const card = JSON.parse(fs.readFileSync(path.join(dir, 'agent-card.json'), 'utf8')) as {
    name: string;
    supportedInterfaces: Array<{ url: string }>;
    skills: Array<{ id: string; description: string }>;
  };
  assert.equal(card.name, 'notes');
  assert.equal(card.supportedInterfaces[0].url, 'https://agents.example.com/notes');
  assert.deepEqual(card.skills.map((s) => [s.id, s.description]), [
    ['add-note', 'Add a note'],
    ['list-notes', 'List all notes'],
  ]);
});

test('a tool a format cannot express is never written silently: left out, or not strict, with the reason', () => {
  const dir = tempDir({
    'mixed.ilo': 'tool good"Fine" x:n>R n t\ntool tally"Count per key" counts:M t n>R n t\ntool apply-fn"Takes a function" f:F n n>R n t\n',
  });
  for (const format of ['openai', 'openai-chat']) {
    const r = run(['export', '--format', format, 'mixed.ilo'], dir);
    assert.equal(r.status, 0, r.stderr);
    const tools = JSON.parse(r.stdout) as Array<Record<string, unknown>>;
    const flat = tools.map((t) => (format === 'openai' ? t : { type: t.type, ...(t.function as object) })) as Array<{ name: string; strict: boolean }>;
    assert.deepEqual(flat.map((t) => [t.name, t.strict]), [
      ['good', true],
      ['tally', false],
    ], `${format}: the map tool is marked non-strict, the function tool is left out`);
    assert.match(r.stderr, /1 not strict \(strict mode cannot express them\): tally \(`counts` allows arbitrary keys \(a map\)/);
    assert.match(r.stderr, /left out 1: apply-fn \(.*function type/);
  }
  for (const format of ['mcp', 'anthropic']) {
    const r = run(['export', '--format', format, 'mixed.ilo'], dir);
    assert.match(r.stderr, /^Exported 2 tools; left out 1: apply-fn \(/m, `${format} can express the map`);
    assert.doesNotMatch(r.stderr, /not strict/, `${format} has no strict mode`);
  }
});
