// The collision scope setting: same-schema checks within a file and the
// files it uses, or across every .ilo file of the workspace folders.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { LanguageService, type PublishedDiagnostics } from '../../server/src/service/languageService';
import { diagnosticsFor, openMany, tempDir } from './helpers';

test('the collision scope setting extends same-schema checks across workspace files', () => {
  const dir = tempDir('ilo-scope-');
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

test('workspace scope: a tool in a file created on disk is compared; deleting the file clears it', () => {
  const dir = tempDir('ilo-scope-');
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

test('setting the scope it already has republishes nothing; going back to file scope drops the cross-file collision', () => {
  const ws = openMany(
    { 'a.ilo': 'tool get-doc"Read a document" id:t>R t t\n', 'b.ilo': 'tool drop-doc"Delete a document" id:t>R t t\n' },
    { open: ['a.ilo'], workspaceFolder: true },
  );
  const sameSchema = (published: PublishedDiagnostics[]): number | undefined =>
    diagnosticsFor(published, ws.uriOf('a.ilo'))?.filter((d) => d.code === 'same-schema').length;
  assert.deepEqual(ws.service.configure({ collisionScope: 'file' }), [], 'already file scope');
  assert.equal(sameSchema(ws.service.configure({ collisionScope: 'workspace' })), 1);
  assert.equal(sameSchema(ws.service.configure({ collisionScope: 'file' })), 0);
});
