// Token-cost code lenses through the language service. The expected counts
// are made here, independently of the lens code: the exported manifest (the
// "Export MCP manifest" content) counted with gpt-tokenizer's o200k_base.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import type { CodeLens } from 'vscode-languageserver';
import { open, openMany } from '../helpers';

const SOURCE = [
  'type user{id:t;name:t}',
  '-- @param uid The user id',
  'tool get-user"Look a user up by their id" uid:t>R user t timeout:5',
  'tool send"Send a short text message to a phone number" phone:t body:t>R _ t',
  'greet uid:t>R t t;u=get-user! uid;~+"hi " u.name',
].join('\n');

/** Lenses as `line: title`. */
const titles = (lenses: readonly CodeLens[]): string[] => lenses.map((l) => `${l.range.start.line}: ${l.command?.title}`);

/** The exported MCP tools of a document, as the export command writes them. */
function exportedTools(service: ReturnType<typeof open>['service'], uri: string, includeBehavior = true): Array<{ name: string }> {
  const res = service.exportTools(uri, 'mcp', includeBehavior);
  assert.ok(res);
  return (JSON.parse(res.content) as { tools: Array<{ name: string }> }).tools;
}

describe('code lenses: what tools and functions cost in tokens', () => {
  it('a lens above each tool (its MCP definition), the manifest total above the first declaration, source tokens above functions', async () => {
    const { service, uri, text } = open(SOURCE);
    const tools = exportedTools(service, uri);
    const [getUser, send] = tools.map((t) => countTokens(JSON.stringify(t)));
    const manifest = countTokens(JSON.stringify({ tools }));
    const greet = countTokens(text.split('\n')[4]);
    assert.deepEqual(titles(await service.codeLenses(uri)), [
      `0: manifest: 2 tools, ${manifest} tokens`,
      `2: ${getUser} tokens per request`,
      `3: ${send} tokens per request`,
      `4: ${greet} source tokens`,
    ]);
    assert.ok(getUser > 20 && send > 20, 'a tool definition costs tens of tokens');
  });

  it('says which tokenizer counted, in the tooltip', async () => {
    const { service, uri } = open(SOURCE);
    for (const lens of await service.codeLenses(uri)) assert.match(lens.command?.tooltip ?? '', /o200k_base encoding \(gpt-tokenizer\)/);
  });

  it('follows the text as it is edited', async () => {
    const { service, uri } = open('tool ping"Check a host" host:t>R t t');
    const before = titles(await service.codeLenses(uri));
    service.setDocument(uri, 'tool ping"Check that a host answers, and how long it takes to answer" host:t>R t t', 2);
    const after = titles(await service.codeLenses(uri));
    assert.notDeepEqual(after, before);
    const tool = exportedTools(service, uri)[0];
    assert.equal(after[1], `0: ${countTokens(JSON.stringify(tool))} tokens per request`);
  });

  it('counts without the behavior metadata when exports leave it out', async () => {
    const { service, uri } = open(SOURCE.replace('-- @param uid', '-- @behavior PURE READ USER\n-- @param uid'));
    const withBehavior = titles(await service.codeLenses(uri));
    assert.equal(service.configureDisplay({ includeBehavior: false }), true);
    const plain = titles(await service.codeLenses(uri));
    const tools = exportedTools(service, uri, false);
    assert.equal(plain[1], `3: ${countTokens(JSON.stringify(tools[0]))} tokens per request`);
    assert.notDeepEqual(plain, withBehavior);
  });

  it('the manifest counts the tools of used files too; their own lenses stay in their file', async () => {
    const ws = openMany(
      {
        'lib.ilo': 'tool ping"Check that a host answers" host:t>R t t\n',
        'main.ilo': 'use "lib.ilo"\ntool send"Send a short text message" phone:t body:t>R _ t',
      },
      { open: ['main.ilo'] },
    );
    const uri = ws.uriOf('main.ilo');
    const tools = exportedTools(ws.service, uri);
    assert.deepEqual(titles(await ws.service.codeLenses(uri)), [
      `0: manifest: 2 tools, ${countTokens(JSON.stringify({ tools }))} tokens`,
      `1: ${countTokens(JSON.stringify(tools[0]))} tokens per request`,
    ]);
  });

  it('a tool that cannot be exported says so instead of a count', async () => {
    const { service, uri } = open('tool apply"Apply a function to a number" f:F n n x:n>n');
    const lenses = await service.codeLenses(uri);
    assert.deepEqual(titles(lenses), ['0: not exported']);
    assert.match(lenses[0].command?.tooltip ?? '', /Left out of exports/);
  });

  it('a file without tools has only function lenses', async () => {
    const { service, uri } = open('dbl x:n>n;*x 2\n\ntype pt{x:n;y:n}');
    assert.deepEqual(titles(await service.codeLenses(uri)), [`0: ${countTokens('dbl x:n>n;*x 2')} source tokens`]);
  });
});
