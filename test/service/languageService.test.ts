// The LanguageService facade without a connection: each editor feature on
// small programs. The cursor is marked with ┆ in the source.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Position } from 'vscode-languageserver';
import { LanguageService } from '../../server/src/service/languageService';
import { schemaHoverSections } from '../../server/src/service/schemaHover';

const CURSOR = '┆';

/** Opens `source` (with one ┆) and returns the service, uri and cursor position. */
function openAt(source: string, opts: { uri?: string; service?: LanguageService } = {}): { service: LanguageService; uri: string; pos: Position } {
  const offset = source.indexOf(CURSOR);
  assert.ok(offset >= 0, 'the source marks the cursor with ┆');
  const text = source.slice(0, offset) + source.slice(offset + CURSOR.length);
  const before = text.slice(0, offset).split('\n');
  const pos = { line: before.length - 1, character: before[before.length - 1].length };
  const service = opts.service ?? new LanguageService(schemaHoverSections);
  const uri = opts.uri ?? 'file:///tmp/ilo-service-test/a.ilo';
  service.setDocument(uri, text, 1);
  return { service, uri, pos };
}

function hoverText(service: LanguageService, uri: string, pos: Position): string {
  const h = service.hover(uri, pos);
  assert.ok(h, 'a hover is returned');
  return (h.contents as { value: string }).value;
}

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

test('go to definition: a local binding, a function, and a function in a used file', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilo-def-'));
  fs.writeFileSync(path.join(dir, 'lib.ilo'), '-- helpers\ntwice n:n>n;*n 2\n');
  const uri = pathToFileURL(path.join(dir, 'main.ilo')).toString();
  const local = openAt('f x:n>n;y=+x 1;*y ┆y', { uri });
  const loc = local.service.definition(local.uri, local.pos);
  assert.deepEqual(loc?.range.start, { line: 0, character: 8 });

  const used = openAt('use "lib.ilo"\nrun n:n>n;tw┆ice n', { uri });
  const target = used.service.definition(used.uri, used.pos);
  assert.equal(target?.uri, pathToFileURL(path.join(dir, 'lib.ilo')).toString());
  assert.deepEqual(target?.range.start, { line: 1, character: 0 });
});

test('completion offers locals, declared functions and builtins; fields after a dot', () => {
  const { service, uri, pos } = openAt('type pt{x:n;y:n}\nhelper a:n>n;+a 1\nf p:pt>n;q=p.x;┆');
  const labels = service.completion(uri, pos).map((c) => c.label);
  for (const expected of ['p', 'q', 'helper', 'len', 'wh']) assert.ok(labels.includes(expected), `${expected} offered`);
  const dot = openAt('type pt{x:n;y:n}\nf p:pt>n;p.┆');
  assert.deepEqual(dot.service.completion(dot.uri, dot.pos).map((c) => c.label).sort(), ['x', 'y']);
});

test('document symbols list declarations with record fields as children', () => {
  const { service, uri } = openAt('type pt{x:n;y:n}\ntool ping"Check" >R t t\nf a:n>n;+a 1┆');
  const symbols = service.documentSymbols(uri);
  assert.deepEqual(symbols.map((s) => s.name), ['pt', 'ping', 'f']);
  assert.deepEqual(symbols[0].children?.map((c) => c.name), ['x', 'y']);
});

test('a did-you-mean diagnostic becomes a quick fix that replaces the name', () => {
  const text = 'f total:n>n;+totl 1';
  const service = new LanguageService();
  const uri = 'file:///tmp/ilo-service-test/fix.ilo';
  const [published] = service.setDocument(uri, text, 1);
  const undefinedVar = published.diagnostics.find((d) => d.code === 'ILO-T004');
  assert.ok(undefinedVar, JSON.stringify(published.diagnostics));
  const actions = service.codeActions(uri, [undefinedVar]);
  const fix = actions.find((a) => /total/.test(a.title));
  assert.ok(fix, JSON.stringify(actions));
  const edits = fix.edit!.changes![uri];
  assert.equal(edits[0].newText, 'total');
  assert.deepEqual(edits[0].range, { start: { line: 0, character: 13 }, end: { line: 0, character: 17 } });
});

test('the collision scope setting extends same-schema checks across workspace files', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilo-scope-'));
  fs.writeFileSync(path.join(dir, 'a.ilo'), 'tool get-doc"Read a document" id:t>R t t\n');
  fs.writeFileSync(path.join(dir, 'b.ilo'), 'tool drop-doc"Delete a document" id:t>R t t\n');
  const service = new LanguageService();
  service.setWorkspaceFolders([dir]);
  const uri = pathToFileURL(path.join(dir, 'a.ilo')).toString();
  const [fileScope] = service.setDocument(uri, fs.readFileSync(path.join(dir, 'a.ilo'), 'utf8'), 1);
  assert.equal(fileScope.diagnostics.filter((d) => d.code === 'same-schema').length, 0, 'alone in its file: no collision');
  const republished = service.configure({ collisionScope: 'workspace' });
  const mine = republished.find((p) => p.uri === uri)!;
  const same = mine.diagnostics.filter((d) => d.code === 'same-schema');
  assert.equal(same.length, 1, 'the tool in b.ilo now collides');
  assert.equal(same[0].severity, 2, 'read vs delete is ranked critical (warning)');
  assert.equal(same[0].relatedInformation?.[0].location.uri, pathToFileURL(path.join(dir, 'b.ilo')).toString());
});

test('editing an open imported file re-checks the file that uses it', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilo-deps-'));
  const libUri = pathToFileURL(path.join(dir, 'lib.ilo')).toString();
  const mainUri = pathToFileURL(path.join(dir, 'main.ilo')).toString();
  const service = new LanguageService();
  service.setDocument(libUri, 'twice n:n>n;*n 2\n', 1);
  const [main] = service.setDocument(mainUri, 'use "lib.ilo"\nrun n:n>n;twice n\n', 1);
  assert.deepEqual(main.diagnostics, []);
  const published = service.setDocument(libUri, 'double n:n>n;*n 2\n', 2);
  const again = published.find((p) => p.uri === mainUri);
  assert.ok(again, 'the dependant is republished');
  assert.deepEqual(again.diagnostics.map((d) => d.code), ['ILO-T005']);
});

test('workspace scope: a tool in a file created on disk is compared; deleting the file clears it', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilo-scope-'));
  fs.writeFileSync(path.join(dir, 'a.ilo'), 'tool get-doc"Read a document" id:t>R t t\n');
  const service = new LanguageService();
  service.setWorkspaceFolders([dir]);
  service.configure({ collisionScope: 'workspace' });
  const uri = pathToFileURL(path.join(dir, 'a.ilo')).toString();
  const [first] = service.setDocument(uri, fs.readFileSync(path.join(dir, 'a.ilo'), 'utf8'), 1);
  assert.equal(first.diagnostics.filter((d) => d.code === 'same-schema').length, 0);

  const created = path.join(dir, 'b.ilo');
  fs.writeFileSync(created, 'tool drop-doc"Delete a document" id:t>R t t\n');
  const afterCreate = service.fileChangedOnDisk(pathToFileURL(created).toString()).find((p) => p.uri === uri);
  assert.equal(afterCreate?.diagnostics.filter((d) => d.code === 'same-schema').length, 1);

  fs.rmSync(created);
  const afterDelete = service.fileChangedOnDisk(pathToFileURL(created).toString()).find((p) => p.uri === uri);
  assert.equal(afterDelete?.diagnostics.filter((d) => d.code === 'same-schema').length, 0);
});

test('calls to a used function group by its arity, and re-group when that arity changes', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilo-arity-'));
  const libUri = pathToFileURL(path.join(dir, 'lib.ilo')).toString();
  const mainUri = pathToFileURL(path.join(dir, 'main.ilo')).toString();
  const service = new LanguageService();
  service.setDocument(libUri, 'inc x:n>n;+x 1\n', 1);
  // `+inc n 1` is (inc n) + 1 only because `inc` takes one argument.
  const [first] = service.setDocument(mainUri, 'use "lib.ilo"\nrun n:n>n;+inc n 1\n', 1);
  assert.deepEqual(first.diagnostics, []);
  const [edited] = service.setDocument(mainUri, 'use "lib.ilo"\nrun n:n>n;+inc n 2\n', 2);
  assert.deepEqual(edited.diagnostics, [], 'still grouped by the imported arity after an edit');
  const published = service.setDocument(libUri, 'inc x:n y:n>n;+x y\n', 2);
  const regrouped = published.find((p) => p.uri === mainUri);
  assert.ok(regrouped && regrouped.diagnostics.some((d) => d.severity === 1), JSON.stringify(regrouped?.diagnostics));
});
