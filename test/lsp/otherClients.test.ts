// Editors other than VS Code, simulated over stdio the way Neovim and Helix
// talk to the server: code lenses whose command the server runs itself
// (workspace/executeCommand), settings pushed with didChangeConfiguration or
// given in initializationOptions (no workspace/configuration), suppressions
// and the baseline as such a client sees them.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ClientCapabilities, CodeLens, Hover, PublishDiagnosticsParams, TextEdit } from 'vscode-languageserver-protocol';
import { startSession, type LspSession } from './connection';

/** A client that only pushes its settings (it answers no workspace/configuration) and refreshes code lenses when asked. */
const NEOVIM_CAPABILITIES = {
  workspace: { configuration: false, didChangeConfiguration: { dynamicRegistration: false }, codeLens: { refreshSupport: true } },
  textDocument: { codeLens: { dynamicRegistration: false }, hover: { contentFormat: ['markdown', 'plaintext'] } },
} as ClientCapabilities;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilo-clients-'));
const uriOf = (name: string, text: string): string => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return pathToFileURL(file).toString();
};
const codes = (p: PublishDiagnosticsParams): string[] => p.diagnostics.map((d) => String(d.code));

// Files of the workspace before the server starts (it lists the folder's .ilo files once, at initialize).
const A_TEXT = 'tool read-doc"Read a document by its path" path:t>R t t';
const A_URI = uriOf('a.ilo', A_TEXT);
uriOf('b.ilo', 'tool drop-doc"Delete a document by its path" path:t>R t t');

let client: LspSession;
before(async () => {
  client = await startSession({ workspaceFolder: dir, capabilities: NEOVIM_CAPABILITIES });
});
after(async () => {
  await client.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

test('every code lens names a command the server announced, and running it shows the lens detail', async () => {
  const text = 'tool ping"Check that a host answers" host:t>R t t\nrun h:t>R t t;ping! h';
  const uri = uriOf('lenses.ilo', text);
  await client.open(uri, text);
  const commands = client.capabilities.executeCommandProvider?.commands ?? [];
  const lenses = (await client.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri } })) ?? [];
  assert.equal(lenses.length, 3);
  for (const lens of lenses) {
    assert.ok(lens.command, 'a lens without a command would need codeLens/resolve');
    assert.ok(commands.includes(lens.command.command), `${lens.command.command} is not among ${commands.join(', ')}`);
  }
  // What Neovim's vim.lsp.codelens.run() does with the lens under the cursor.
  const before = client.shown.length;
  const lens = lenses[1];
  const answer: string = await client.request<string>('workspace/executeCommand', { command: lens.command!.command, arguments: lens.command!.arguments });
  assert.match(answer, /tokens per request: .*o200k_base/);
  await waitFor(() => client.shown.length > before);
  assert.equal(client.shown[before].message, answer);
  assert.equal(client.shown[before].type, 3, 'an information message');
});

test('settings pushed with didChangeConfiguration apply without workspace/configuration', async () => {
  const uriA = A_URI;
  const first = await client.open(uriA, A_TEXT);
  assert.deepEqual(codes(first), [], 'the file scope compares a.ilo only with what it uses');
  // Neovim sends `settings` from its config table, Helix its `config`.
  const pending = client.nextDiagnostics(uriA);
  await client.conn.sendNotification('workspace/didChangeConfiguration', { settings: { ilo: { collisions: { scope: 'workspace' } } } });
  assert.deepEqual(codes(await pending), ['same-schema'], 'b.ilo on disk is compared now');
  assert.equal(client.serverRequests.filter((m) => m === 'workspace/configuration').length, 0, 'nothing was pulled');
  // Dotted keys, as some clients flatten them.
  const back = client.nextDiagnostics(uriA);
  await client.conn.sendNotification('workspace/didChangeConfiguration', { settings: { 'ilo.collisions.scope': 'file' } });
  assert.deepEqual(codes(await back), []);
});

test('formatting reads the pushed ilo.format.style when the client cannot be asked', async () => {
  const text = 'f x:n>n;y=+x 1;*y 2\n';
  const uri = uriOf('fmt.ilo', text);
  await client.open(uri, text);
  const expanded = await client.request<TextEdit[]>('textDocument/formatting', { textDocument: { uri }, options: { tabSize: 2, insertSpaces: true } });
  assert.ok(expanded.length > 0, 'expanded layout changes the dense line');
  await client.conn.sendNotification('workspace/didChangeConfiguration', { settings: { ilo: { format: { style: 'dense' } } } });
  const dense = await client.request<TextEdit[]>('textDocument/formatting', { textDocument: { uri }, options: { tabSize: 2, insertSpaces: true } });
  assert.deepEqual(dense, [], 'the dense line is already dense');
});

test('an ilo-ignore comment silences its finding, shows it on hover and reports a suppression that matches nothing', async () => {
  const text = [
    '-- @behavior PURE READ DATA',
    'tool query"Run a read-only SQL query" sql:t>R t t -- ilo-ignore same-schema only admins can reach execute',
    '-- @behavior MUTATES UPDATE ACK',
    'tool execute"Run a SQL statement that changes data" sql:t>R t t',
    '-- ilo-ignore effect-gate nothing calls a tool here',
    'f x:n>n;+x 1',
  ].join('\n');
  const uri = uriOf('suppress.ilo', text);
  const published = await client.open(uri, text);
  assert.deepEqual(
    published.diagnostics.map((d) => `${d.range.start.line} ${d.code}`),
    ['3 same-schema', '4 unused-suppression'],
    'query is silenced, execute is not; the effect-gate suppression has nothing to silence',
  );
  const unused = published.diagnostics[1];
  assert.equal(unused.source, 'ilo-contracts');
  assert.match(String(unused.message), /`effect-gate` is suppressed here but nothing on the next line is reported with that code/);
  const hover = await client.request<Hover>('textDocument/hover', { textDocument: { uri }, position: { line: 1, character: 7 } });
  const value = (hover.contents as { value: string }).value;
  assert.match(value, /\*\*Suppressed\*\* by `-- ilo-ignore` on line 2: `same-schema`/);
  assert.match(value, /Reason: only admins can reach execute/);
  const onComment = await client.request<Hover>('textDocument/hover', { textDocument: { uri }, position: { line: 1, character: 60 } });
  assert.match((onComment.contents as { value: string }).value, /Suppressed/);
  // The quick fix removes the unused comment line.
  const actions = await client.request<Array<{ title: string; edit?: { changes?: Record<string, TextEdit[]> } }>>('textDocument/codeAction', {
    textDocument: { uri },
    range: unused.range,
    context: { diagnostics: [unused] },
  });
  const removal = actions.find((a) => /Remove the `ilo-ignore` comment/.test(a.title));
  assert.ok(removal, actions.map((a) => a.title).join('; '));
  assert.deepEqual(removal.edit?.changes?.[uri], [{ range: { start: { line: 4, character: 0 }, end: { line: 5, character: 0 } }, newText: '' }]);
});

test('the baseline named by a pushed ilo.check.baseline is applied, and re-read when it changes', async () => {
  const text = 'tool get-a"Read the value a" key:t>R t t\ntool get-b"Read the value b" key:t>R t t';
  const uri = uriOf('base.ilo', text);
  const first = await client.open(uri, text);
  assert.deepEqual(codes(first), ['same-behavior', 'same-behavior']);
  const cli = path.join(__dirname, '..', '..', 'dist', 'cli.js');
  const { spawnSync } = await import('node:child_process');
  const made = spawnSync(process.execPath, [cli, 'check', '--baseline', 'ilo-baseline.json', '--update-baseline', 'base.ilo'], { cwd: dir, encoding: 'utf8' });
  assert.equal(made.status, 0, made.stderr);
  const pending = client.nextDiagnostics(uri);
  await client.conn.sendNotification('workspace/didChangeConfiguration', { settings: { ilo: { check: { baseline: 'ilo-baseline.json' } } } });
  assert.deepEqual(codes(await pending), [], 'both findings are in the baseline');
  const hover = await client.request<Hover>('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 6 } });
  assert.match((hover.contents as { value: string }).value, /\*\*Accepted in the baseline\*\* `ilo-baseline\.json`: `same-behavior`/);

  // Someone drops one entry from the baseline: the next analysis reports that finding again.
  const file = path.join(dir, 'ilo-baseline.json');
  const baseline = JSON.parse(fs.readFileSync(file, 'utf8')) as { findings: Array<{ line: number }> };
  baseline.findings = baseline.findings.filter((f) => f.line !== 2);
  fs.writeFileSync(file, JSON.stringify(baseline));
  await new Promise((r) => setTimeout(r, 1100));
  const edited = await client.change(uri, 2, `${text}\n`);
  assert.deepEqual(edited.diagnostics.map((d) => `${d.range.start.line} ${d.code}`), ['1 same-behavior']);

  // A baseline that cannot be read is said once, not applied.
  const shownBefore = client.shown.length;
  fs.writeFileSync(path.join(dir, 'broken-baseline.json'), '{"findings": 3}');
  const again = client.nextDiagnostics(uri);
  await client.conn.sendNotification('workspace/didChangeConfiguration', { settings: { ilo: { check: { baseline: 'broken-baseline.json' } } } });
  assert.deepEqual(codes(await again), ['same-behavior', 'same-behavior']);
  await waitFor(() => client.shown.length > shownBefore);
  assert.match(client.shown[shownBefore].message, /baseline .*not applied: \S*broken-baseline\.json: not a baseline file: "findings" must be an array/);
});

test('settings in initializationOptions apply from the start (a client that never pushes nor answers)', async () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'ilo-init-'));
  fs.writeFileSync(path.join(folder, 'other.ilo'), 'tool drop-doc"Delete a document by its path" path:t>R t t');
  const text = 'tool read-doc"Read a document by its path" path:t>R t t';
  const file = path.join(folder, 'main.ilo');
  fs.writeFileSync(file, text);
  const session = await startSession({ workspaceFolder: folder, capabilities: NEOVIM_CAPABILITIES, initializationOptions: { ilo: { collisions: { scope: 'workspace' } } } });
  try {
    const published = await session.open(pathToFileURL(file).toString(), text);
    assert.deepEqual(codes(published), ['same-schema']);
  } finally {
    await session.stop();
    fs.rmSync(folder, { recursive: true, force: true });
  }
});

async function waitFor(probe: () => boolean): Promise<void> {
  const start = Date.now();
  while (!probe()) {
    if (Date.now() - start > 10_000) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}
