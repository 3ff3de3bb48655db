// Hover through the LanguageService facade: what the name under the cursor
// is (builtin, parameter, local, field, declaration here or in a used file).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hoverText, openAt, openMany } from './helpers';

test('hover on a builtin shows its signatures and doc; a long form names the short one', () => {
  const { service, uri, pos } = openAt('f xs:L n>n;le┆ngth xs');
  const text = hoverText(service, uri, pos);
  assert.match(text, /len /);
  assert.match(text, /`length` is a long form of `len`/);
});

test('hover on a parameter shows its declared type', () => {
  const { service, uri, pos } = openAt('area w:n h:n>n;*w ┆h');
  assert.match(hoverText(service, uri, pos), /h:n/);
});

test('hover on a record type shows its JSON Schema; on a function, its input schema', () => {
  const src = 'type pt{x:n;y:n}\nnorm p:pt>n;+p.x p.y';
  const onType = openAt(src.replace('type pt', 'type p┆t'));
  const schema = hoverText(onType.service, onType.uri, onType.pos);
  assert.match(schema, /"required": \[\n\s+"x",\n\s+"y"\n\s+\]/);
  assert.match(schema, /"additionalProperties": false/);
  const onFn = openAt(src.replace('norm p', 'no┆rm p'));
  const input = hoverText(onFn.service, onFn.uri, onFn.pos);
  assert.match(input, /Input schema as a tool/);
  assert.match(input, /"p": \{/);
});

test('hover on a local binding names it as such and spans the whole identifier', () => {
  const { service, uri, pos, ranges } = openAt('f xs:L n>n;total=0;@v xs{total=+total v};⟦to┆tal⟧');
  const h = service.hover(uri, pos);
  assert.ok(h);
  assert.match((h.contents as { value: string }).value, /```ilo\ntotal\n```\n\nlocal binding/);
  assert.deepEqual(h.range, ranges[0]);
});

test('hover on a field access shows the record type and the field type', () => {
  const { service, uri, pos, ranges } = openAt('type pt{x:n;lbl:t}\nf p:pt>t;p.⟦l┆bl⟧');
  const h = service.hover(uri, pos);
  assert.ok(h);
  assert.match((h.contents as { value: string }).value, /pt\.lbl:t/);
  assert.deepEqual(h.range, ranges[0]);
});

test('hover on a builtin with an effect says which', () => {
  const { service, uri, pos } = openAt('f a:n>n;pr┆nt a;a');
  assert.match(hoverText(service, uri, pos), /Effect: print\./);
});

test('hover on an alias shows the JSON Schema of what it stands for', () => {
  const { service, uri, pos } = openAt('alias ids L t\nf a:i┆ds>n;len a');
  const text = hoverText(service, uri, pos);
  assert.match(text, /alias ids L t/);
  assert.match(text, /"type": "array",\n\s+"items": \{\n\s+"type": "string"/);
});

test('hover on a function from a used file shows its header, its doc and the file it is declared in', () => {
  const ws = openMany({
    'lib.ilo': '-- Doubles a number.\ntwice n:n>n;*n 2\n',
    'main.ilo': 'use "lib.ilo"\nrun n:n>n;tw┆ice n',
  });
  const text = hoverText(ws.service, ws.uri, ws.pos);
  assert.match(text, /```ilo\ntwice n:n>n\n```/);
  assert.match(text, /Doubles a number\./);
  assert.match(text, /Declared in `lib\.ilo`\./);
});

test('no hover between names', () => {
  const { service, uri, pos } = openAt('f a:n>n;+a 1; ┆ ');
  assert.equal(service.hover(uri, pos), undefined);
});

test('a tool hover shows the summary and the input schema before the whole definition', () => {
  const { service, uri, pos } = openAt('-- @param uid The user id\ntool get┆-user"Retrieve user by ID" uid:t flags:L t>R t t timeout:5\n');
  const md = hoverText(service, uri, pos);
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
