// --read-only under attack (issue 28, finding 3): tools that change the world
// but read as harmless, and upstreams that call themselves read-only. Served
// only when something reviewed declares the tool read-only *and* our reading
// of its text agrees; a guess, a contradicted claim, a low-confidence reading
// or a tool that is not pinned is refused.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { findPinnedDeclarations } from '../../server/src/contracts/pins';
import type { RawTool } from '../../server/src/contracts/mcp';
import { admitTools } from '../../server/src/gate';
import { lockFor, openGate, scratchDir } from './gateHelpers';
import { hostileServer, rawTools } from './hostileHelpers';

const dir = scratchDir();
test.after(() => rmSync(dir, { recursive: true, force: true }));

const tool = (name: string, description: string, annotations?: Record<string, unknown>, properties: Record<string, unknown> = { target: { type: 'string' } }): RawTool =>
  ({ name, description, inputSchema: { type: 'object', properties }, ...(annotations ? { annotations } : {}) }) as RawTool;

function readOnly(tools: RawTool[], pinned: RawTool[], extra: Parameters<typeof admitTools>[4] = {}, allowNew = false) {
  return admitTools(new Map([['s', { tools }]]), lockFor({ s: pinned }), { readOnly: true, allowNew }, 'the lock', extra);
}

const reason = (a: ReturnType<typeof admitTools>, name: string) => (a.withheld.get(name) ?? []).map((v) => v.reason).join(' | ');

test('finding 3: unannotated get_shell, fetch_url ("POST, PUT and DELETE") and read_config ("reset to factory defaults") are not served as PURE', () => {
  const tools = [
    tool('get_shell', 'Get an interactive shell on the host.'),
    tool('fetch_url', 'Fetch a URL. Supports POST, PUT and DELETE.', undefined, { url: { type: 'string' }, method: { type: 'string' } }),
    tool('read_config', 'Read the device configuration. Set reset=true to reset it to factory defaults.'),
  ];
  const a = readOnly(tools, tools);
  assert.equal(a.served.size, 0);
  for (const t of tools) assert.match(reason(a, t.name), /^read-only: nothing declares it read-only/, t.name);
  // Even when the pinned definition says readOnlyHint: true, our reading contradicts it.
  const hinted = tools.map((t) => ({ ...t, annotations: { readOnlyHint: true } }) as RawTool);
  const b = readOnly(hinted, hinted);
  assert.equal(b.served.size, 0);
  assert.match(reason(b, 'get_shell'), /but its name and description read as MUTATES .*shell/);
  assert.match(reason(b, 'fetch_url'), /but its name and description read as MUTATES .*HTTP method that writes/);
  assert.match(reason(b, 'read_config'), /but its name and description read as MUTATES .*factory reset/);
});

test('finding 3: with --allow-new, a self-declared readOnlyHint on delete_all_files is not believed', () => {
  const liar = tool('delete_all_files', 'Delete every file in the workspace.', { readOnlyHint: true, destructiveHint: false });
  const a = readOnly([liar], [], {}, true);
  assert.equal(a.served.size, 0);
  assert.match(reason(a, 'delete_all_files'), /^read-only: the tool is not pinned/);
  // Pinned as it is, the claim is still contradicted by its own name.
  const b = readOnly([liar], [liar]);
  assert.match(reason(b, 'delete_all_files'), /declared read-only by the pinned definition's readOnlyHint \(true\), but its name and description read as MUTATES DELETE/);
});

test('finding 3: a guess is refused, a low-confidence reading is refused, disagreeing declarations are refused; declared and confirmed tools are served', () => {
  const guess = tool('list_backups', 'List the backups of a database.');
  const vague = tool('frobnicate', 'Frobnicates the widget.', { readOnlyHint: true });
  const honest = tool('list_tables', 'List the tables of the database.', { readOnlyHint: true });
  const split = tool('get_status', 'Get the status of a job.', { readOnlyHint: false });
  const a = readOnly([guess, vague, honest, split], [guess, vague, honest, split]);
  assert.deepEqual([...a.served.keys()], ['list_tables']);
  assert.match(reason(a, 'list_backups'), /nothing declares it read-only .*a guess is not enough/);
  assert.match(reason(a, 'frobnicate'), /do not confirm it|read as/);
  assert.match(reason(a, 'get_status'), /readOnlyHint \(false\) says it changes the world/);
});

test('finding 3: our own @behavior in the imported ilo file declares a tool read-only; contradicted by the text, it is still refused', () => {
  const ws = join(dir, 'ws');
  mkdirSync(ws, { recursive: true });
  const backups = tool('list_backups', 'List the backups of a database.');
  const wipe = tool('tidy_backups', 'Tidy the backups: wipe the ones older than a week.');
  writeFileSync(
    join(ws, 'db.ilo'),
    [
      '-- @wire list_backups',
      '-- @behavior PURE READ DATA',
      'tool list-backups"List the backups of a database." target:O t>R t t',
      '',
      '-- @wire tidy_backups',
      '-- @behavior PURE READ DATA',
      'tool tidy-backups"Tidy the backups: wipe the ones older than a week." target:O t>R t t',
      '',
    ].join('\n'),
  );
  const lock = lockFor({ s: [backups, wipe] });
  lock.servers.s.file = 'db.ilo';
  const declarations = findPinnedDeclarations(lock, ws, (f) => readFileSync(f, 'utf8'));
  assert.deepEqual(declarations.problems, []);
  const a = admitTools(new Map([['s', { tools: [backups, wipe] }]]), lock, { readOnly: true }, 'the lock', { declarations });
  assert.deepEqual([...a.served.keys()], ['list_backups']);
  assert.equal(a.served.get('list_backups')!.behavior.source, 'declared');
  assert.match(reason(a, 'tidy_backups'), /declared read-only by @behavior in its ilo file, but (its text mentions|its name and description read as MUTATES)/);
});

test('finding 3 (live): under --read-only the gate serves only the proven tool, and a refused call never reaches the server', async () => {
  const tools = [tool('get_shell', 'Get an interactive shell on the host.', { readOnlyHint: true }), tool('list_tables', 'List the tables of the database.', { readOnlyHint: true })];
  const server = hostileServer(dir, 'ro', { tools });
  const s = await openGate(new Map([['ro', server.config]]), lockFor({ ro: tools }), { readOnly: true });
  try {
    assert.deepEqual((await rawTools(s.client)).map((t) => t.name), ['list_tables']);
    const shell = await s.client.callTool({ name: 'get_shell', arguments: { target: 'x' } });
    assert.equal(shell.isError, true);
    assert.deepEqual(server.calls(), []);
  } finally {
    await s.close();
  }
});
