// `ilo-ls mcp` as VS Code's agent mode gets it: this VS Code has MCP server
// definitions, so the extension offers one; started as VS Code would start
// it (its command, arguments and environment), it lists the ilo tools and
// checks a workspace file by its path, the workspace folder being its root.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as vscode from 'vscode';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ListRootsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { extensionId, workspaceDir } from './harness';

interface StdioDefinition {
  label: string;
  command: string;
  args: string[];
  env: Record<string, string | number | null>;
  cwd?: vscode.Uri;
}

describe('ilo-ls mcp offered to the agent mode', () => {
  it('is offered where VS Code has MCP server definitions, and the definition starts a working server', async function () {
    this.timeout(60_000);
    const ext = vscode.extensions.getExtension<{ mcpServerDefinitions: () => unknown[] | undefined }>(extensionId);
    assert.ok(ext);
    const api = await ext.activate();
    const lm = (vscode as unknown as { lm?: { registerMcpServerDefinitionProvider?: unknown } }).lm;
    assert.equal(typeof lm?.registerMcpServerDefinitionProvider, 'function', 'this VS Code is expected to have MCP server definitions');
    const defs = api.mcpServerDefinitions() as StdioDefinition[] | undefined;
    assert.ok(defs, 'the extension did not offer the server');
    assert.equal(defs.length, 1);
    const def = defs[0];
    assert.equal(def.label, 'ilo');
    assert.deepEqual(def.args, [path.join(ext.extensionPath, 'dist', 'cli.js'), 'mcp']);
    assert.equal(def.cwd?.fsPath, workspaceDir());

    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries({ ...process.env, ...def.env })) if (v !== undefined && v !== null) env[k] = String(v);
    const transport = new StdioClientTransport({ command: def.command, args: def.args, env, cwd: def.cwd?.fsPath, stderr: 'pipe' });
    const client = new Client({ name: 'e2e-agent', version: '1.0.0' }, { capabilities: { roots: {} } });
    client.setRequestHandler(ListRootsRequestSchema, async () => ({ roots: [{ uri: pathToFileURL(workspaceDir()).href, name: 'workspace' }] }));
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      assert.deepEqual(tools.map((t) => t.name), ['check', 'fix', 'format', 'explain', 'builtins', 'schema', 'contracts']);
      const r = await client.callTool({ name: 'check', arguments: { path: 'broken.ilo' } });
      assert.equal(r.isError, undefined, JSON.stringify(r.content));
      const diags = (r.structuredContent as { diags: Array<{ code: string; at: string }> }).diags;
      assert.deepEqual(diags.map((d) => `${d.at} ${d.code}`), ['2:14-17 ILO-T004', '5:11-17 ILO-T005']);
    } finally {
      await client.close();
    }
  });
});
