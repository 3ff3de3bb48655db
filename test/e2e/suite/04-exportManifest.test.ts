// "Export MCP manifest" writes a tools/list manifest of the file's tools;
// "Export tools…" does the same for every format (the format, target and
// agent URL can be passed as arguments, so it runs without dialogs).
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

  it('"Export tools…" writes Chat Completions tools and an A2A agent card', async () => {
    const { document: doc } = await showFile('tools.ilo');
    const dir = path.join(runDir(), 'exports');
    fs.mkdirSync(dir, { recursive: true });
    const chatTarget = path.join(dir, 'tools.openai-chat-tools.json');
    const cardTarget = path.join(dir, 'tools.agent-card.json');
    for (const t of [chatTarget, cardTarget]) fs.rmSync(t, { force: true });

    await vscode.commands.executeCommand('ilo.exportTools', { uri: doc.uri.toString(), format: 'openai-chat', target: chatTarget, overwrite: true });
    const chat = JSON.parse(await waitFor('the chat tools', () => (fs.existsSync(chatTarget) ? fs.readFileSync(chatTarget, 'utf8') : undefined), 10_000)) as Array<{
      type?: string;
      function?: { name?: string };
    }>;
    assert.deepEqual(chat.map((t) => [t.type, t.function?.name]).sort(), [
      ['function', 'find-customer'],
      ['function', 'send-sms'],
    ]);

    await vscode.commands.executeCommand('ilo.exportTools', {
      uri: doc.uri.toString(),
      format: 'a2a',
      baseUrl: 'https://agents.example.com/tools',
      target: cardTarget,
      overwrite: true,
    });
    const card = JSON.parse(await waitFor('the agent card', () => (fs.existsSync(cardTarget) ? fs.readFileSync(cardTarget, 'utf8') : undefined), 10_000)) as {
      supportedInterfaces?: Array<{ url?: string }>;
      skills?: Array<{ id?: string }>;
    };
    assert.equal(card.supportedInterfaces?.[0]?.url, 'https://agents.example.com/tools');
    assert.deepEqual((card.skills ?? []).map((s) => s.id).sort(), ['find-customer', 'send-sms']);
  });
});
