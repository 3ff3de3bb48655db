// Hover on a tool: what it takes comes first, the whole exported definition last.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LanguageService } from '../../server/src/service/languageService';
import { schemaHoverSections } from '../../server/src/service/schemaHover';

test('a tool hover shows the summary and the input schema before the whole definition', () => {
  const service = new LanguageService(schemaHoverSections);
  const uri = 'file:///tmp/ilo-tool-hover/a.ilo';
  const text = '-- @param uid The user id\ntool get-user"Retrieve user by ID" uid:t flags:L t>R t t timeout:5\n';
  service.setDocument(uri, text, 1);
  const hover = service.hover(uri, { line: 1, character: 7 });
  assert.ok(hover);
  const md = (hover.contents as { value: string }).value;
  const blocks = [...md.matchAll(/```json\n([\s\S]*?)\n```/g)].map((m) => ({ at: m.index ?? 0, value: JSON.parse(m[1]) }));
  assert.equal(blocks.length, 2, md);
  // First: the input schema alone, right after the one-line summary.
  assert.deepEqual(Object.keys(blocks[0].value.properties), ['uid', 'flags']);
  assert.equal(blocks[0].value.properties.uid.description, 'The user id');
  assert.ok(md.indexOf('MCP tool `get-user`: uid, flags → R t t') < blocks[0].at);
  // Last: the definition export writes, after the behavior section.
  assert.equal(blocks[1].value.name, 'get-user');
  assert.deepEqual(blocks[1].value.inputSchema, blocks[0].value);
  assert.ok(md.indexOf('**Behavior**') > blocks[0].at && md.indexOf('**Behavior**') < blocks[1].at);
});
