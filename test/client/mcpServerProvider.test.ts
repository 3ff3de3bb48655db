// The extension offers `ilo-ls mcp` to VS Code's agent mode only where the
// running VS Code has MCP server definitions, and says nothing elsewhere.
// Tested with stand-ins for the `vscode` module: an old one (1.91, no API),
// a half one, and a new one whose definition is started for real.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { MCP_PROVIDER_ID, offerMcpServer, serverArgs, type McpApi, type McpProvider } from '../../client/src/mcpServerProvider';

const root = path.join(__dirname, '..', '..');
const cli = path.join(root, 'dist', 'cli.js');

class FakeDefinition {
  cwd?: unknown;
  constructor(
    readonly label: string,
    readonly command: string,
    readonly args?: string[],
    readonly env?: Record<string, string | number | null>,
    readonly version?: string,
  ) {}
}

function newApi(): { api: McpApi; registered: Array<{ id: string; provider: McpProvider; disposed: boolean }> } {
  const registered: Array<{ id: string; provider: McpProvider; disposed: boolean }> = [];
  const api: McpApi = {
    lm: {
      registerMcpServerDefinitionProvider(id, provider) {
        const entry = { id, provider, disposed: false };
        registered.push(entry);
        return { dispose: () => (entry.disposed = true) };
      },
    },
    McpStdioServerDefinition: FakeDefinition,
  };
  return { api, registered };
}

function options(trusted: { value: boolean }, grant: Array<() => unknown> = []) {
  return {
    cliPath: cli,
    execPath: process.execPath,
    version: '9.9.9',
    isTrusted: () => trusted.value,
    onDidGrantTrust: (l: () => unknown) => {
      grant.push(l);
      return { dispose: () => grant.splice(grant.indexOf(l), 1) };
    },
    cwd: () => 'file:///workspace',
  };
}

test('VS Code without MCP server definitions (1.91): nothing is registered, nothing is thrown', () => {
  for (const api of [{}, { lm: {} }, { lm: { registerMcpServerDefinitionProvider: () => ({ dispose() {} }) } }, { McpStdioServerDefinition: FakeDefinition }] as McpApi[]) {
    assert.equal(offerMcpServer(api, options({ value: true })), undefined);
  }
});

test('the provider id is the one package.json contributes', () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { contributes: { mcpServerDefinitionProviders?: Array<{ id: string }> } };
  assert.deepEqual(manifest.contributes.mcpServerDefinitionProviders?.map((p) => p.id), [MCP_PROVIDER_ID]);
});

test('with the API: one stdio definition running the bundled CLI; none while untrusted, offered again when trust is granted', () => {
  const { api, registered } = newApi();
  const trusted = { value: false };
  const grants: Array<() => unknown> = [];
  const offer = offerMcpServer(api, options(trusted, grants));
  assert.ok(offer);
  assert.equal(registered.length, 1);
  assert.equal(registered[0].id, MCP_PROVIDER_ID);
  const provider = registered[0].provider;
  assert.deepEqual(provider.provideMcpServerDefinitions(), []);
  let changed = 0;
  provider.onDidChangeMcpServerDefinitions(() => changed++);
  trusted.value = true;
  for (const g of grants) g();
  assert.equal(changed, 1);
  const [def] = provider.provideMcpServerDefinitions() as FakeDefinition[];
  assert.equal(def.label, 'ilo');
  assert.equal(def.command, process.execPath);
  assert.deepEqual(def.args, [cli, 'mcp']);
  assert.deepEqual(def.env, { ELECTRON_RUN_AS_NODE: '1' });
  assert.equal(def.version, '9.9.9');
  assert.equal(def.cwd, 'file:///workspace');
  offer.dispose();
  assert.equal(registered[0].disposed, true);
  assert.equal(grants.length, 0);
});

test('the server reads at the level the ilo.languageVersion setting gives the editor, offered again when it changes', () => {
  assert.deepEqual(serverArgs('/x/cli.js', undefined), ['/x/cli.js', 'mcp']);
  assert.deepEqual(serverArgs('/x/cli.js', 'auto'), ['/x/cli.js', 'mcp']);
  assert.deepEqual(serverArgs('/x/cli.js', '0.11'), ['/x/cli.js', 'mcp', '--language-version', '0.11']);
  assert.deepEqual(serverArgs('/x/cli.js', '26'), ['/x/cli.js', 'mcp', '--language-version', '26']);
  assert.deepEqual(serverArgs('/x/cli.js', '--help; rm -rf'), ['/x/cli.js', 'mcp'], 'a value that is no level is not passed on');
  const { api, registered } = newApi();
  const setting = { value: '0.11' };
  const settingListeners: Array<() => unknown> = [];
  offerMcpServer(api, {
    ...options({ value: true }),
    languageVersion: () => setting.value,
    onDidChangeLanguageVersion: (l) => {
      settingListeners.push(l);
      return { dispose() {} };
    },
  });
  const provider = registered[0].provider;
  assert.deepEqual((provider.provideMcpServerDefinitions() as FakeDefinition[])[0].args, [cli, 'mcp', '--language-version', '0.11']);
  let changed = 0;
  provider.onDidChangeMcpServerDefinitions(() => changed++);
  setting.value = '26';
  for (const l of settingListeners) l();
  assert.equal(changed, 1);
  assert.deepEqual((provider.provideMcpServerDefinitions() as FakeDefinition[])[0].args, [cli, 'mcp', '--language-version', '26']);
});

test('the offered definition starts a server that lists the ilo tools', async () => {
  assert.ok(fs.existsSync(cli), 'dist/cli.js must be built (npm run build) before this test');
  const { api, registered } = newApi();
  offerMcpServer(api, options({ value: true }));
  const [def] = registered[0].provider.provideMcpServerDefinitions() as FakeDefinition[];
  const transport = new StdioClientTransport({
    command: def.command,
    args: def.args,
    env: { ...(process.env as Record<string, string>), ...(def.env as Record<string, string>) },
    stderr: 'pipe',
  });
  const client = new Client({ name: 'vscode-stand-in', version: '1.0.0' });
  await client.connect(transport);
  try {
    assert.equal(client.getServerVersion()?.name, 'ilo');
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((t) => t.name), ['check', 'fix', 'format', 'explain', 'builtins', 'schema', 'contracts']);
  } finally {
    await client.close();
  }
});
