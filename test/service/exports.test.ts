// Tool exports of an open document through the LanguageService facade: its
// own tools and those of the files it uses, in each format.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openMany } from './helpers';

const FILES = {
  'admin.ilo': '-- @behavior MUTATES DELETE DATA\ntool drop-doc"Delete a document" id:t>R t t\n',
  'docs.ilo': 'use "admin.ilo"\ntool get-doc"Read a document" id:t>R t t\nlen2 xs:L n>n;len xs\n',
};

test('the export covers the tools of the file and of the files it uses; the tool count tells its own from the used ones', () => {
  const ws = openMany(FILES, { open: ['docs.ilo'] });
  const uri = ws.uriOf('docs.ilo');
  const mcp = ws.service.exportTools(uri, 'mcp');
  assert.ok(mcp);
  const manifest = JSON.parse(mcp.content) as { tools: Array<{ name: string; annotations?: Record<string, boolean> }> };
  assert.deepEqual(manifest.tools.map((t) => t.name), ['get-doc', 'drop-doc']);
  assert.equal(mcp.toolCount, 2);
  assert.deepEqual(mcp.omitted, []);
  assert.deepEqual(ws.service.toolCount(uri), { own: 1, used: 1 }, 'docs.ilo declares one tool and uses one');

  const openai = JSON.parse(ws.service.exportTools(uri, 'openai')!.content) as Array<{ type: string; name: string }>;
  assert.deepEqual(openai.map((t) => [t.type, t.name]), [['function', 'get-doc'], ['function', 'drop-doc']]);
});

test('declared behavior goes into the exported hints unless turned off', () => {
  const ws = openMany(FILES, { open: ['docs.ilo'] });
  const uri = ws.uriOf('docs.ilo');
  type Tool = { name: string; annotations?: Record<string, boolean>; _meta?: Record<string, unknown> };
  const dropDoc = (includeBehavior: boolean): Tool =>
    (JSON.parse(ws.service.exportTools(uri, 'mcp', includeBehavior)!.content) as { tools: Tool[] }).tools.find((t) => t.name === 'drop-doc')!;
  const withBehavior = dropDoc(true);
  assert.equal(withBehavior.annotations?.destructiveHint, true);
  assert.ok(withBehavior._meta?.['ilo-lang.dev/behavior']);
  const without = dropDoc(false);
  assert.equal(without.annotations, undefined);
  assert.equal(without._meta, undefined);
});

test('the export follows the unsaved buffer, and a document that is not open has none', () => {
  const ws = openMany(FILES, { open: ['docs.ilo'] });
  const uri = ws.uriOf('docs.ilo');
  ws.edit('docs.ilo', 'tool get-doc"Read a document" id:t>R t t\ntool put-doc"Write a document" id:t body:t>R t t\n');
  const names = (JSON.parse(ws.service.exportTools(uri, 'anthropic')!.content) as Array<{ name: string }>).map((t) => t.name);
  assert.deepEqual(names, ['get-doc', 'put-doc']);
  assert.deepEqual(ws.service.toolCount(uri), { own: 2, used: 0 });
  assert.equal(ws.service.exportTools(ws.uriOf('admin.ilo'), 'mcp'), undefined);
  assert.deepEqual(ws.service.toolCount(ws.uriOf('admin.ilo')), { own: 0, used: 0 });
});
