// The policy file (validated with ajv, clear errors) and the MCP config
// formats the gate, `import` and `verify` read: Claude Desktop / Cursor
// `mcpServers` and VS Code `.vscode/mcp.json` `servers` with comments and
// variables.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { effectivePolicy, loadGate, parsePolicy, selects } from '../../server/src/gate';
import { parseMcpConfig, readMcpConfigFile } from '../../server/src/contracts/mcp';

test('a valid policy is read as written; switches only tighten it or allow new tools', () => {
  const text = JSON.stringify({ readOnly: false, allowNew: ['memory/*'], allow: ['memory/*', 'search_*'], deny: ['*/delete_*'], expect: { 'memory/read_graph': 'PURE READ DATA' } });
  const parsed = parsePolicy(text, 'p.json');
  assert.ok('policy' in parsed);
  assert.deepEqual(parsed.policy.allowNew, ['memory/*']);
  assert.deepEqual(effectivePolicy(parsed.policy, { readOnly: true, allowNew: false }), { ...parsed.policy, readOnly: true });
  assert.equal(effectivePolicy(undefined, { allowNew: true }).allowNew, true);
});

test('policy errors name the place and what is expected', () => {
  const errors = (text: string) => {
    const r = parsePolicy(text, 'gate.json');
    return 'errors' in r ? r.errors : [];
  };
  assert.deepEqual(errors('{"allowNew": "yes"}'), ['gate.json: /allowNew must be true, false or a list of tool selectors']);
  assert.deepEqual(errors('{"expect": {"a/b/c": "PURE"}}'), ['gate.json: /expect has a key that is not a tool selector ("tool" or "server/tool"): "a/b/c"']);
  assert.deepEqual(errors('{"expect": {"read": ""}}'), ['gate.json: /expect/read must NOT have fewer than 1 characters']);
  assert.deepEqual(errors('[]'), ['gate.json: the policy must be object']);
  assert.deepEqual(errors('{"expect": {"read": "READ WRITE"}}').length, 1);
  assert.match(errors('{"expect": {"read": "READ WRITE"}}')[0], /`WRITE` is not a behavior word \(mutability PURE\|MUTATES; action READ\|/);
});

test('selectors: a bare tool name matches on every server; `*` matches any run of characters', () => {
  assert.ok(selects('read_graph', 'memory', 'read_graph'));
  assert.ok(selects('memory/*', 'memory', 'anything'));
  assert.ok(!selects('memory/*', 'files', 'anything'));
  assert.ok(selects('*/delete_*', 'files', 'delete_file'));
  assert.ok(!selects('delete_*', 'files', 'undelete_file'));
  assert.ok(!selects('read.graph', 'memory', 'readXgraph'), 'a dot is a dot');
});

test('a VS Code mcp.json: comments, trailing commas, "type", variables; SSE and ${input:} entries are reported and skipped', () => {
  const text = `{
  // VS Code
  "inputs": [{"type": "promptString", "id": "key", "password": true}],
  "servers": {
    "files": {"type": "stdio", "command": "node", "args": ["\${workspaceFolder}/server.js", "\${userHome}/data"], "env": {"LEVEL": "\${env:LOG_LEVEL}"}},
    "remote": {"type": "http", "url": "https://example.com/mcp", "headers": {"X-Key": "\${input:key}"}},
    "legacy": {"type": "sse", "url": "https://example.com/sse"},
    "shell": {"command": "sh", "args": ["-c", "echo \${HOME}"], "envFile": "\${workspaceFolder}/.env"},
  },
}`;
  const config = parseMcpConfig(text, 'mcp.json', { workspaceFolder: '/ws', userHome: '/home/me', env: { LOG_LEVEL: 'debug' } });
  assert.equal(config.shape, 'servers');
  assert.deepEqual(config.servers.get('files'), { kind: 'stdio', command: 'node', args: ['/ws/server.js', '/home/me/data'], env: { LEVEL: 'debug' } });
  assert.deepEqual(config.servers.get('shell'), { kind: 'stdio', command: 'sh', args: ['-c', 'echo ${HOME}'], env: {} }, 'a shell variable is not ours: passed on as written');
  assert.deepEqual([...config.servers.keys()], ['files', 'shell']);
  assert.deepEqual(config.problems, [
    'mcp.json: server `remote` uses ${input:key}, which only the editor that owns this config can ask for; it is skipped (write the value, or `${env:NAME}` with NAME set in the environment)',
    'mcp.json: server `legacy` uses the old SSE transport, which is not supported; use its Streamable HTTP endpoint ("type": "http")',
    'mcp.json: server `shell`: "envFile" is not read; put the variables the server needs in "env"',
  ]);
  const unset = parseMcpConfig(text, 'mcp.json', { workspaceFolder: '/ws', userHome: '/home/me', env: {} });
  assert.ok(!unset.servers.has('files'));
  assert.match(unset.problems[0], /server `files` uses \$\{env:LOG_LEVEL\}, which has no value here/);
});

test('reading a config file: ${workspaceFolder} is the folder above .vscode; the gate takes a subset of the servers', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ilo-gate-config-'));
  try {
    mkdirSync(join(dir, '.vscode'));
    const path = join(dir, '.vscode', 'mcp.json');
    writeFileSync(path, '{"servers": {"a": {"command": "node", "args": ["${workspaceFolder}/a.js", "${userHome}"]}, "b": {"command": "node"}}}');
    const config = readMcpConfigFile(path)!;
    assert.deepEqual(config.servers.get('a'), { kind: 'stdio', command: 'node', args: [join(dir, 'a.js'), homedir()], env: {} });
    const loaded = loadGate({ config: path, servers: ['b'] }, dir);
    assert.ok('servers' in loaded);
    assert.deepEqual([...loaded.servers.keys()], ['b']);
    assert.match(loaded.warnings.join('\n'), /no ilo-tools\.lock\.json in .*: no tool is pinned/);
    writeFileSync(join(dir, 'ilo-tools.lock.json'), '{not json');
    const badLock = loadGate({ config: path, servers: [] }, dir);
    assert.ok('errors' in badLock && /ilo-tools\.lock\.json is not valid JSON/.test(badLock.errors[0]));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
