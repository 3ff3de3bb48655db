// The workspace collision scope through the LanguageService facade: the
// service keeps an index of the workspace files' tools and compares only the
// edited file's tools with it. Its diagnostics must be those of comparing
// every workspace file at once (the computation it replaces, done here from
// scratch), and the index must follow files created, changed and deleted.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Diagnostic as LspDiagnostic } from 'vscode-languageserver';
import { LanguageService } from '../../server/src/service/languageService';
import { Analyzer, contractsFor, sortDiagnostics } from '../../server/src/service/analysis';
import { OverlayFileHost } from '../../server/src/service/documents';
import { toLspDiagnostics } from '../../server/src/service/lspDiagnostics';
import { expandInputs } from '../../server/src/service/workspace';

/** Every diagnostic of `file` (with `text` as its buffer) when all workspace files are analysed and compared afresh. */
function fromScratch(dir: string, file: string, text: string): LspDiagnostic[] {
  const host = new OverlayFileHost();
  host.set(file, text);
  const analyzer = new Analyzer(host);
  const mine = analyzer.analyze(file, text);
  const others = expandInputs([dir])
    .files.filter((p) => p !== file)
    .map((p) => analyzer.analyze(p, host.readFile(p)!));
  const contracts = contractsFor([mine, ...others], 'workspace').get(file) ?? [];
  const all = sortDiagnostics([...mine.diagnostics, ...contracts]);
  return toLspDiagnostics(all, text, pathToFileURL(file).toString(), (p) => host.readFile(p));
}

function workspace(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilo-index-'));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

const codes = (ds: readonly LspDiagnostic[]): string[] => ds.map((d) => String(d.code));

const OTHERS = {
  // The same input as get-doc, a write: same-schema, critical.
  'b.ilo': 'tool drop-doc"Delete a document" id:t>R t t\n',
  // Only an optional property more than get-doc: near-schema.
  'c.ilo': '-- @behavior PURE READ DATA\ntool fetch-doc"Fetch a document" id:t limit:O n>R t t\n',
  // A tool seen through `use` from a sub-folder.
  'd.ilo': 'use "lib/e.ilo"\nrun x:n>n;*x 2\n',
  'lib/e.ilo': 'tool erase-doc"Erase a document" id:t>R t t\ntool count-docs"Count documents" q:t>R n t\n',
  // No tools at all.
  'f.ilo': 'dbl x:n>n;*x 2\n',
};

test('edits compared with the index give the diagnostics of comparing every workspace file afresh', () => {
  const start = 'tool get-doc"Read a document" id:t>R t t\ntool find-doc"Search documents" q:t>R n t\n';
  const dir = workspace({ 'a.ilo': start, ...OTHERS });
  const file = path.join(dir, 'a.ilo');
  const uri = pathToFileURL(file).toString();
  const service = new LanguageService();
  service.setWorkspaceFolders([dir]);
  service.configure({ collisionScope: 'workspace' });

  const versions = [
    start,
    // a line above the tools: every tool moves
    `-- docs\n${start}`,
    // a character typed in a description
    'tool get-doc"Read a documentx" id:t>R t t\ntool find-doc"Search documents" q:t>R n t\n',
    // the schema changes: no partner any more
    'tool get-doc"Read a document" id:n>R t t\ntool find-doc"Search documents" q:t>R n t\n',
    // declared behavior, and a third tool near fetch-doc
    '-- @behavior PURE READ DATA\ntool get-doc"Read a document" id:t>R t t\ntool list-docs"List documents" id:t limit:O n>R t t\n',
    // a broken tool declaration and a verifier error elsewhere
    'tool get-doc"Read a document" id:t>\nbad x:n>n;+x zz\n',
  ];
  let sawCollision = false;
  versions.forEach((text, i) => {
    const published = service.setDocument(uri, text, i + 1).find((p) => p.uri === uri)!;
    assert.deepEqual(published.diagnostics, fromScratch(dir, file, text), `version ${i + 1}`);
    sawCollision ||= codes(published.diagnostics).some((c) => c === 'same-schema' || c === 'near-schema');
  });
  assert.ok(sawCollision, 'the versions exercise collisions across files');
});

test('the index follows files created, changed and deleted on disk, not the disk on every keystroke', () => {
  const text = 'tool get-doc"Read a document" id:t>R t t\n';
  const dir = workspace({ 'a.ilo': text, 'f.ilo': OTHERS['f.ilo'] });
  const file = path.join(dir, 'a.ilo');
  const uri = pathToFileURL(file).toString();
  const service = new LanguageService();
  service.setWorkspaceFolders([dir]);
  service.configure({ collisionScope: 'workspace' });
  let version = 1;
  const type = (t: string): LspDiagnostic[] => service.setDocument(uri, t, version++).find((p) => p.uri === uri)!.diagnostics;
  const event = (p: string): LspDiagnostic[] | undefined => service.fileChangedOnDisk(pathToFileURL(p).toString()).find((x) => x.uri === uri)?.diagnostics;
  assert.deepEqual(codes(type(text)), []);

  // Created: compared from the watched-file event on.
  const created = path.join(dir, 'sub', 'b.ilo');
  fs.mkdirSync(path.dirname(created));
  fs.writeFileSync(created, OTHERS['b.ilo']);
  assert.deepEqual(event(created), fromScratch(dir, file, text));
  assert.deepEqual(codes(type(`${text}\n`)), ['same-schema']);

  // Changed on disk without an event: keystrokes keep the indexed tools (the disk is not read per keystroke) ...
  fs.writeFileSync(created, 'tool drop-doc"Delete a document" id:n>R t t\n');
  assert.deepEqual(codes(type(text)), ['same-schema']);
  // ... and the event brings the new schema in.
  assert.deepEqual(event(created), fromScratch(dir, file, text));
  assert.deepEqual(codes(type(`${text}\n`)), []);

  // Changed back, then deleted.
  fs.writeFileSync(created, OTHERS['b.ilo']);
  assert.deepEqual(codes(event(created) ?? []), ['same-schema']);
  fs.rmSync(created);
  assert.deepEqual(event(created), fromScratch(dir, file, text));
  assert.deepEqual(codes(type(text)), []);
});

test('an open file’s unsaved tools are compared by the other open files, and revert to the disk when it closes', () => {
  const dir = workspace({ 'a.ilo': 'tool get-doc"Read a document" id:t>R t t\n', 'b.ilo': 'tool other"Other" q:n>R t t\n' });
  const a = pathToFileURL(path.join(dir, 'a.ilo')).toString();
  const b = pathToFileURL(path.join(dir, 'b.ilo')).toString();
  const service = new LanguageService();
  service.setWorkspaceFolders([dir]);
  service.configure({ collisionScope: 'workspace' });
  service.setDocument(a, fs.readFileSync(path.join(dir, 'a.ilo'), 'utf8'), 1);
  // b's buffer now declares a tool with get-doc's input: a is published again with the collision.
  const published = service.setDocument(b, 'tool drop-doc"Delete a document" id:t>R t t\n', 2);
  assert.deepEqual(codes(published.find((p) => p.uri === a)!.diagnostics), ['same-schema']);
  // Closing b without saving: its tools are those on disk again.
  const closed = service.closeDocument(b);
  assert.deepEqual(codes(closed.find((p) => p.uri === a)!.diagnostics), []);
});
