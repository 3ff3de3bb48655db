// The editor command's rewrite: one entry of a Claude Desktop or VS Code
// config becomes a launch of `ilo-ls gate`; every other byte stays.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { backupPathFor, gateConfigPathFor, gateRouteRequest, listConfigEntries, planGateRoute } from '../../server/src/gate';
import { parseMcpConfig } from '../../server/src/contracts/mcp';

const claude = `{
    "mcpServers": {
        "memory": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-memory"], "env": {"MEMORY_FILE_PATH": "/home/me/m.jsonl", "API_TOKEN": "s3cr3t"}},
        "github": {
            "url": "https://api.example.com/mcp",
            "headers": {"Authorization": "Bearer ghp_abc"}
        }
    },
    "globalShortcut": "Ctrl+Space"
}
`;

const base = { configPath: '/home/me/.config/Claude/claude_desktop_config.json', nodeCommand: 'node', cliPath: '/ext/dist/cli.js', lockPath: '/work/ilo-tools.lock.json' };

test('a Claude Desktop entry is rewritten in place; the other entry and the rest of the file are untouched', () => {
  const plan = planGateRoute({ ...base, configText: claude, server: 'memory' });
  assert.ok(plan.ok, plan.ok ? '' : plan.error);
  const gateConfigPath = '/home/me/.config/Claude/ilo-gate.memory.json';
  assert.equal(plan.gateConfigPath, gateConfigPath);
  assert.deepEqual(plan.after, {
    command: 'node',
    args: ['/ext/dist/cli.js', 'gate', '--config', gateConfigPath, '--server', 'memory', '--lock', '/work/ilo-tools.lock.json'],
    env: { MEMORY_FILE_PATH: '/home/me/m.jsonl', API_TOKEN: 's3cr3t' },
  });
  // Text before and after the entry's value is the same, byte for byte.
  const start = claude.indexOf('{"command": "npx"');
  const end = claude.indexOf('\n        "github"');
  assert.equal(plan.configText.slice(0, start), claude.slice(0, start));
  assert.ok(plan.configText.endsWith(claude.slice(end - 1)));
  // Indented like the file (four spaces), starting at the entry's own indentation.
  assert.match(plan.configText, /"memory": \{\n            "command": "node",\n            "args": \[\n                "\/ext\/dist\/cli.js",/);
  // The gate config holds the original entry, its secrets replaced by references to the environment the host passes on.
  assert.deepEqual(JSON.parse(plan.gateConfigText), {
    mcpServers: { memory: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'], env: { MEMORY_FILE_PATH: '${env:MEMORY_FILE_PATH}', API_TOKEN: '${env:API_TOKEN}' } } },
  });
  assert.ok(!plan.gateConfigText.includes('s3cr3t'));
  // And the gate reads it back as the original server when the host sets the env.
  const read = parseMcpConfig(plan.gateConfigText, 'gate config', { env: { MEMORY_FILE_PATH: '/home/me/m.jsonl', API_TOKEN: 's3cr3t' } });
  assert.deepEqual(read.servers.get('memory'), { kind: 'stdio', command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'], env: { MEMORY_FILE_PATH: '/home/me/m.jsonl', API_TOKEN: 's3cr3t' } });
});

test('an HTTP entry keeps its headers with the host, passed to the gate through the environment', () => {
  const plan = planGateRoute({ ...base, configText: claude, server: 'github', gateArgs: ['--read-only'] });
  assert.ok(plan.ok);
  assert.deepEqual(plan.after.env, { ILO_GATE_HEADER_AUTHORIZATION: 'Bearer ghp_abc' });
  assert.equal((plan.after.args as string[]).at(-1), '--read-only');
  const gate = JSON.parse(plan.gateConfigText).mcpServers.github;
  assert.deepEqual(gate, { url: 'https://api.example.com/mcp', headers: { Authorization: '${env:ILO_GATE_HEADER_AUTHORIZATION}' } });
  assert.ok(plan.configText.includes('"memory": {"command": "npx"'), 'the other entry is as it was');
});

test('a VS Code mcp.json with comments and trailing commas: the entry gets "type": "stdio", comments stay', () => {
  const vscodeConfig = `{
\t// inputs the editor asks for
\t"inputs": [{"type": "promptString", "id": "token", "password": true}],
\t"servers": {
\t\t"files": {"type": "stdio", "command": "npx", "args": ["-y", "some-files-server", "\${workspaceFolder}"], "env": {"TOKEN": "\${input:token}"}}, // local
\t\t/* remote */ "remote": {"type": "http", "url": "https://example.com/mcp"},
\t},
}`;
  const plan = planGateRoute({ ...base, configPath: '/ws/.vscode/mcp.json', configText: vscodeConfig, server: 'files' });
  assert.ok(plan.ok, plan.ok ? '' : plan.error);
  assert.equal(plan.after.type, 'stdio');
  assert.deepEqual(plan.after.env, { TOKEN: '${input:token}' });
  assert.ok(plan.configText.includes('}, // local\n\t\t/* remote */ "remote": {"type": "http", "url": "https://example.com/mcp"},\n\t},\n}'));
  assert.match(plan.configText, /"files": \{\n\t\t\t"type": "stdio",\n\t\t\t"command": "node",/);
  assert.equal(plan.gateConfigPath, '/ws/.vscode/ilo-gate.files.json');
});

test('refusals: an unknown server, one already routed, a broken config', () => {
  assert.deepEqual(planGateRoute({ ...base, configText: claude, server: 'nope' }), { ok: false, error: `${base.configPath} has no server \`nope\`` });
  const routed = planGateRoute({ ...base, configText: claude, server: 'memory' });
  assert.ok(routed.ok);
  const again = planGateRoute({ ...base, configText: routed.configText, server: 'memory' });
  assert.deepEqual(again, { ok: false, error: '`memory` already goes through the gate' });
  const broken = planGateRoute({ ...base, configText: '{"mcpServers": {"a": ', server: 'a' });
  assert.ok(!broken.ok && /is not valid JSON/.test(broken.error));
  const entries = listConfigEntries(routed.configText);
  assert.ok('entries' in entries);
  assert.deepEqual(entries.entries.map((e) => [e.name, e.routed]), [['memory', true], ['github', false]]);
  assert.equal(entries.entries[1].launches, 'https://api.example.com/mcp');
});

test('file names: the gate config beside the original, a backup name that is free', () => {
  assert.equal(gateConfigPathFor('/a/b/mcp.json', 'my server/1'), '/a/b/ilo-gate.my_server_1.json');
  const taken = new Set(['/a/mcp.json.ilo-backup', '/a/mcp.json.ilo-backup-2']);
  assert.equal(backupPathFor('/a/mcp.json', (p) => taken.has(p)), '/a/mcp.json.ilo-backup-3');
  assert.equal(backupPathFor('/a/mcp.json', () => false), '/a/mcp.json.ilo-backup');
});

test('the language server side reads the config from disk: entries, then a plan with a free backup name', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ilo-route-'));
  try {
    const configPath = join(dir, 'claude_desktop_config.json');
    writeFileSync(configPath, claude);
    writeFileSync(`${configPath}.ilo-backup`, 'older backup');
    const listed = gateRouteRequest({ configPath });
    assert.equal(listed.kind, 'entries');
    const planned = gateRouteRequest({ configPath, server: 'github', cliPath: '/ext/dist/cli.js', lockPath: '/w/lock.json', gateArgs: ['--read-only', '--log', '/tmp/x'] });
    assert.equal(planned.kind, 'plan');
    if (planned.kind === 'plan') {
      assert.equal(planned.backupPath, `${configPath}.ilo-backup-2`);
      assert.equal(planned.originalText, claude);
      assert.deepEqual((planned.plan.after.args as string[]).slice(-2), ['/w/lock.json', '--read-only'], 'only the known switches are added');
    }
    assert.deepEqual(gateRouteRequest({ configPath: join(dir, 'missing.json') }), { kind: 'error', error: `cannot read ${join(dir, 'missing.json')}` });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
