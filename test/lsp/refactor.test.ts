// References, document highlights, rename (with prepareRename) and type
// definition over stdio, against the bundled server: the capabilities are
// announced, the answers arrive in LSP shape, and a refused rename is an
// error response carrying its message.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DocumentHighlightKind, ResponseError, type DocumentHighlight, type Location, type ServerCapabilities, type WorkspaceEdit } from 'vscode-languageserver-protocol/node';
import { startSession, type LspSession } from './connection';

let session: LspSession;
let dir: string;
const uriOf = (name: string): string => pathToFileURL(path.join(dir, name)).toString();

// lib.ilo (not opened: read from disk) and main.ilo, which uses it.
const LIB = 'type pt{x:n;y:n}\ntwice n:n>n;*n 2\n';
const MAIN = 'use "lib.ilo"\nrun p:pt>n;a=twice p.x;b=twice a;+a b\ngreet>t;"twice"\n';

before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilo-lsp-refactor-'));
  fs.writeFileSync(path.join(dir, 'lib.ilo'), LIB);
  fs.writeFileSync(path.join(dir, 'main.ilo'), MAIN);
  session = await startSession({ workspaceFolder: dir });
  const diags = await session.open(uriOf('main.ilo'), MAIN);
  assert.deepEqual(diags.diagnostics, []);
});

after(async () => {
  await session.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

const at = (line: number, character: number) => ({ textDocument: { uri: uriOf('main.ilo') }, position: { line, character } });
/** Column of the `nth` (0-based) occurrence of `needle` on a line of main.ilo. */
function col(line: number, needle: string, nth = 0): number {
  const text = MAIN.split('\n')[line];
  let i = -1;
  for (let k = 0; k <= nth; k++) i = text.indexOf(needle, i + 1);
  assert.ok(i >= 0, `${needle} #${nth} is on line ${line}`);
  return i;
}

test('the server announces references, highlights, rename with prepare, and type definition', () => {
  const caps: ServerCapabilities = session.initialized.capabilities;
  assert.equal(caps.referencesProvider, true);
  assert.equal(caps.documentHighlightProvider, true);
  assert.deepEqual(caps.renameProvider, { prepareProvider: true });
  assert.equal(caps.typeDefinitionProvider, true);
});

test('textDocument/references lists the calls in main.ilo and the declaration in lib.ilo', async () => {
  const refs = (await session.conn.sendRequest('textDocument/references', { ...at(1, 14), context: { includeDeclaration: true } })) as Location[];
  const seen = refs.map((l) => `${path.basename(l.uri)}:${l.range.start.line}:${l.range.start.character}`).sort();
  assert.deepEqual(seen, ['lib.ilo:1:0', `main.ilo:1:${col(1, 'twice', 0)}`, `main.ilo:1:${col(1, 'twice', 1)}`]);
  const uses = (await session.conn.sendRequest('textDocument/references', { ...at(1, 14), context: { includeDeclaration: false } })) as Location[];
  assert.equal(uses.length, 2);
});

test('textDocument/documentHighlight marks the binding of a local as a write and its uses as reads', async () => {
  const marks = (await session.conn.sendRequest('textDocument/documentHighlight', at(1, col(1, '+a') + 1))) as DocumentHighlight[];
  assert.deepEqual(
    marks.map((h) => [h.range.start.character, h.kind]),
    [
      [col(1, 'a='), DocumentHighlightKind.Write],
      [col(1, 'twice a') + 6, DocumentHighlightKind.Read],
      [col(1, '+a') + 1, DocumentHighlightKind.Read],
    ],
  );
});

test('prepareRename and rename give one edit over both files; refusals are error responses with a message', async () => {
  const prepared = (await session.conn.sendRequest('textDocument/prepareRename', at(1, 14))) as { range: unknown; placeholder: string };
  assert.deepEqual(prepared, { range: { start: { line: 1, character: 13 }, end: { line: 1, character: 18 } }, placeholder: 'twice' });

  const edit = (await session.conn.sendRequest('textDocument/rename', { ...at(1, 14), newName: 'double' })) as WorkspaceEdit;
  assert.deepEqual(Object.keys(edit.changes ?? {}).sort(), [uriOf('lib.ilo'), uriOf('main.ilo')].sort());
  assert.deepEqual(edit.changes![uriOf('main.ilo')].map((e) => [e.range.start.character, e.newText]), [
    [col(1, 'twice', 0), 'double'],
    [col(1, 'twice', 1), 'double'],
  ]);
  assert.deepEqual(edit.changes![uriOf('lib.ilo')].map((e) => [e.range.start, e.newText]), [[{ line: 1, character: 0 }, 'double']]);

  await assert.rejects(session.conn.sendRequest('textDocument/prepareRename', at(2, col(2, 'twice') + 1)), (err: unknown) => {
    assert.ok(err instanceof ResponseError);
    assert.equal(err.code, -32803);
    assert.match(err.message, /inside a string/);
    return true;
  });
  await assert.rejects(session.conn.sendRequest('textDocument/rename', { ...at(1, 14), newName: 'len' }), /`len` is a builtin/);
});

test('textDocument/typeDefinition goes from a parameter to its record type in lib.ilo', async () => {
  const locs = (await session.conn.sendRequest('textDocument/typeDefinition', at(1, 4))) as Location[];
  assert.deepEqual(locs, [{ uri: uriOf('lib.ilo'), range: { start: { line: 0, character: 5 }, end: { line: 0, character: 7 } } }]);
});

test('requests at the end of a document or about a document that is not open answer empty, not an error', async () => {
  const end = at(3, 0);
  assert.deepEqual(await session.conn.sendRequest('textDocument/references', { ...end, context: { includeDeclaration: true } }), []);
  assert.deepEqual(await session.conn.sendRequest('textDocument/documentHighlight', end), []);
  assert.deepEqual(await session.conn.sendRequest('textDocument/typeDefinition', end), []);
  const closed = { textDocument: { uri: uriOf('nowhere.ilo') }, position: { line: 0, character: 0 } };
  assert.equal(await session.conn.sendRequest('textDocument/prepareRename', closed), null);
  assert.equal(await session.conn.sendRequest('textDocument/rename', { ...closed, newName: 'x' }), null);
});
