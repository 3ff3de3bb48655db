// "Export MCP manifest" writes a tools/list manifest of the file's tools.
// The command takes an optional argument so it runs without dialogs.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { runDir, showFile, waitFor } from './harness';

interface Manifest {
  tools?: { name?: string; inputSchema?: { type?: string; properties?: Record<string, unknown> } }[];
}

describe('export MCP manifest', () => {
  it('writes every tool of the active file with its input schema', async () => {
    const { document: doc } = await showFile('tools.ilo');
    const target = path.join(runDir(), 'exports', 'tools.mcp.json');
    fs.rmSync(path.dirname(target), { recursive: true, force: true });
    fs.mkdirSync(path.dirname(target), { recursive: true });

    await vscode.commands.executeCommand('ilo.exportMcpManifest', { uri: doc.uri.toString(), target, overwrite: true });

    const text = await waitFor('the manifest file', () => (fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : undefined), 10_000);
    const manifest = JSON.parse(text) as Manifest;
    const tools = manifest.tools ?? [];
    assert.deepEqual(tools.map((t) => t.name).sort(), ['find-customer', 'send-sms']);
    const find = tools.find((t) => t.name === 'find-customer');
    assert.equal(find?.inputSchema?.type, 'object');
    assert.deepEqual(Object.keys(find?.inputSchema?.properties ?? {}), ['cid']);
  });
});
