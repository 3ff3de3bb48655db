// "Route an MCP server through the gate" in a real VS Code: the chosen entry
// of a VS Code mcp.json (with comments) now launches `ilo-ls gate`, the other
// entry and the comments are byte for byte as they were, a backup is kept and
// the original entry sits in the gate config. (Arguments skip the pickers and
// the confirmation, so the test runs without dialogs.)
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { runDir } from './harness';

describe('route an MCP server through the gate', () => {
  it('rewrites one entry, keeps a backup and leaves the rest of the file alone', async () => {
    const dir = path.join(runDir(), 'gate-route');
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    const configPath = path.join(dir, 'mcp.json');
    const original = `{
  // servers for the agent
  "servers": {
    "memory": { "type": "stdio", "command": "npx", "args": ["-y", "@modelcontextprotocol/server-memory"], "env": { "MEMORY_FILE_PATH": "/tmp/m.jsonl" } },
    "other": { "type": "http", "url": "https://example.com/mcp" }
  }
}
`;
    fs.writeFileSync(configPath, original);
    const lockPath = path.join(dir, 'ilo-tools.lock.json');
    fs.writeFileSync(lockPath, '{"lockfileVersion": 1, "servers": {}}\n');

    const done = await vscode.commands.executeCommand('ilo.routeThroughGate', { configPath, server: 'memory', lockPath, gateArgs: ['--read-only'], confirm: true });
    assert.equal(done, true);

    const text = fs.readFileSync(configPath, 'utf8');
    assert.ok(text.startsWith('{\n  // servers for the agent\n  "servers": {\n    "memory": {'), text);
    assert.ok(text.includes('"other": { "type": "http", "url": "https://example.com/mcp" }'), text);
    assert.match(text, /"gate",\s*"--config",/);
    assert.match(text, /"--read-only"\s*\]/);
    assert.equal(fs.readFileSync(`${configPath}.ilo-backup`, 'utf8'), original);
    const gateConfig = JSON.parse(fs.readFileSync(path.join(dir, 'ilo-gate.memory.json'), 'utf8'));
    assert.deepEqual(gateConfig.mcpServers.memory.args, ['-y', '@modelcontextprotocol/server-memory']);
    assert.equal(gateConfig.mcpServers.memory.env.MEMORY_FILE_PATH, '${env:MEMORY_FILE_PATH}');
  });
});
