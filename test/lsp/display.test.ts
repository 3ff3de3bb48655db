// The display features over stdio, as an editor uses them: the capabilities
// announced, then one test per request (semantic tokens full/range/delta,
// inlay hints with their settings, token-cost code lenses and their refresh,
// document links, explanations in the hover).

import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import type { CodeLens, DocumentLink, Hover, InlayHint, SemanticTokens, SemanticTokensDelta, SemanticTokensLegend } from 'vscode-languageserver-protocol';
import { startSession, type LspSession } from './connection';

let client: LspSession;
let dir: string;

before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilo-lsp-display-'));
  client = await startSession({
    capabilities: {
      workspace: {
        configuration: true,
        codeLens: { refreshSupport: true },
        inlayHint: { refreshSupport: true },
        semanticTokens: { refreshSupport: true },
      },
    },
    settings: { inlayHints: { parameterNames: true, bindingTypes: true } },
  });
});

after(async () => {
  await client.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

const WHOLE = { start: { line: 0, character: 0 }, end: { line: 100, character: 0 } };

function uriOf(name: string, text: string): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return pathToFileURL(file).toString();
}

test('initialize announces semantic tokens (full, delta, range), inlay hints, code lenses and document links', () => {
  const caps = client.capabilities as Record<string, unknown> & { semanticTokensProvider: { legend: SemanticTokensLegend; full: { delta: boolean }; range: boolean } };
  assert.deepEqual(caps.semanticTokensProvider.full, { delta: true });
  assert.equal(caps.semanticTokensProvider.range, true);
  assert.ok(caps.semanticTokensProvider.legend.tokenModifiers.includes('tool'));
  assert.ok(caps.inlayHintProvider);
  assert.ok(caps.codeLensProvider);
  assert.ok(caps.documentLinkProvider);
});

test('semantic tokens: full, range, and a delta after an edit', async () => {
  const text = 'tool ping"Check that a host answers" host:t>R t t\nrun h:t>R t t;ping! h';
  const uri = uriOf('tokens.ilo', text);
  await client.open(uri, text);
  const legend = (client.capabilities.semanticTokensProvider as { legend: SemanticTokensLegend }).legend;
  const full = (await client.conn.sendRequest('textDocument/semanticTokens/full', { textDocument: { uri } })) as SemanticTokens;
  // First token: `ping` at 0:5, a function with the tool and declaration modifiers.
  const [line, char, length, type, bits] = full.data.slice(0, 5);
  assert.deepEqual([line, char, length, legend.tokenTypes[type]], [0, 5, 4, 'function']);
  assert.deepEqual(legend.tokenModifiers.filter((_, i) => bits & (1 << i)).sort(), ['declaration', 'tool']);
  assert.equal(full.data.length / 5, 6); // ping, host | run, h | ping, h

  const ranged = (await client.conn.sendRequest('textDocument/semanticTokens/range', {
    textDocument: { uri },
    range: { start: { line: 1, character: 0 }, end: { line: 1, character: 30 } },
  })) as SemanticTokens;
  assert.equal(ranged.data.length / 5, 4);

  await client.change(uri, 2, text.replace('run h:t>R t t;ping! h', 'run h:t>R t t;v=ping! h;~v'));
  const delta = (await client.conn.sendRequest('textDocument/semanticTokens/full/delta', {
    textDocument: { uri },
    previousResultId: full.resultId,
  })) as SemanticTokensDelta;
  assert.ok(Array.isArray(delta.edits) && delta.edits.length === 1, JSON.stringify(delta));
  const patched = [...full.data];
  for (const e of delta.edits) patched.splice(e.start, e.deleteCount, ...(e.data ?? []));
  assert.equal(patched.length / 5, 8);
});

test('inlay hints: parameter names and binding types, switched off through the settings', async () => {
  const text = 'area w:n h:n>n;*w h\nmain>n;tot=area 3 4;*tot 2';
  const uri = uriOf('hints.ilo', text);
  await client.open(uri, text);
  const labels = async (): Promise<string[]> =>
    ((await client.conn.sendRequest('textDocument/inlayHint', { textDocument: { uri }, range: WHOLE })) as InlayHint[]).map(
      (h) => `${h.position.line}:${h.position.character} ${String(h.label)}`,
    );
  assert.deepEqual(await labels(), ['1:10 :n', '1:16 w:', '1:18 h:']);

  const refreshes = client.serverRequests.filter((m) => m === 'workspace/inlayHint/refresh').length;
  client.settings = { inlayHints: { parameterNames: false, bindingTypes: true } };
  await client.conn.sendNotification('workspace/didChangeConfiguration', { settings: null });
  await client.waitForServerRequest('workspace/inlayHint/refresh', refreshes + 1);
  assert.deepEqual(await labels(), ['1:10 :n']);
  client.settings = { inlayHints: { parameterNames: true, bindingTypes: true } };
  await client.conn.sendNotification('workspace/didChangeConfiguration', { settings: null });
  await client.waitForServerRequest('workspace/inlayHint/refresh', refreshes + 2);
});

test('code lenses: the token cost of a tool and of the manifest, refreshed after an edit', async () => {
  const text = 'tool ping"Check that a host answers" host:t>R t t';
  const uri = uriOf('lenses.ilo', text);
  await client.open(uri, text);
  const lenses = (await client.conn.sendRequest('textDocument/codeLens', { textDocument: { uri } })) as CodeLens[];
  const exported = (await client.conn.sendRequest('workspace/executeCommand', { command: 'ilo.server.export', arguments: [{ uri, format: 'mcp' }] })) as { content: string };
  const tools = (JSON.parse(exported.content) as { tools: unknown[] }).tools;
  assert.deepEqual(
    lenses.map((l) => l.command?.title),
    [`manifest: 1 tool, ${countTokens(JSON.stringify({ tools }))} tokens`, `${countTokens(JSON.stringify(tools[0]))} tokens per request`],
  );
  assert.match(lenses[1].command?.tooltip ?? '', /o200k_base/);

  const refreshes = client.serverRequests.filter((m) => m === 'workspace/codeLens/refresh').length;
  await client.change(uri, 2, `${text}\nrun h:t>R t t;ping! h`);
  await client.waitForServerRequest('workspace/codeLens/refresh', refreshes + 1);
  const after = (await client.conn.sendRequest('textDocument/codeLens', { textDocument: { uri } })) as CodeLens[];
  assert.equal(after.length, 3);
  assert.match(after[2].command?.title ?? '', /^\d+ source tokens$/);
});

test('document links: the path of a use opens the used file', async () => {
  const lib = uriOf('lib.ilo', 'dbl x:n>n;*x 2\n');
  const text = 'use "lib.ilo"\nf x:n>n;dbl x';
  const uri = uriOf('links.ilo', text);
  await client.open(uri, text);
  const links = (await client.conn.sendRequest('textDocument/documentLink', { textDocument: { uri } })) as DocumentLink[];
  assert.deepEqual(
    links.map((l) => [l.target, l.range.start.character, l.range.end.character]),
    [[lib, 5, 12]],
  );
});

test('hover on a diagnostic explains its code', async () => {
  const text = 'f x:n>n;dbl x';
  const uri = uriOf('explain.ilo', text);
  const diags = await client.open(uri, text);
  assert.deepEqual(diags.diagnostics.map((d) => d.code), ['ILO-T005']);
  const hover = (await client.conn.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 9 } })) as Hover;
  const value = (hover.contents as { value: string }).value;
  assert.match(value, /\*\*ILO-T005\*\*/);
  assert.match(value, /Wrong:\n```ilo\nf x:n>n;dbl x\n```/);
  assert.match(value, /Fix: /);
});
