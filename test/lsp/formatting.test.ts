// textDocument/formatting and rangeFormatting over stdio: the capability,
// the `ilo.format.style` setting read through workspace/configuration, the
// edits, and the refusal of a file that does not parse.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { TextEdit } from 'vscode-languageserver-protocol';
import { startSession, type LspSession } from './connection';

let client: LspSession;

before(async () => {
  client = await startSession({ capabilities: { workspace: { configuration: true } }, settings: { format: { style: 'expanded' } } });
});

after(async () => {
  await client.stop();
});

/** Applies LSP edits to a text (positions are line/character). */
function apply(text: string, edits: readonly TextEdit[]): string {
  const lines = text.split('\n');
  const offset = (p: { line: number; character: number }): number =>
    lines.slice(0, p.line).reduce((n, l) => n + l.length + 1, 0) + p.character;
  let out = text;
  for (const e of [...edits].sort((a, b) => offset(b.range.start) - offset(a.range.start))) {
    out = out.slice(0, offset(e.range.start)) + e.newText + out.slice(offset(e.range.end));
  }
  return out;
}

const OPTIONS = { tabSize: 2, insertSpaces: true };

test('the server offers document and range formatting', () => {
  assert.equal(client.capabilities.documentFormattingProvider, true);
  assert.equal(client.capabilities.documentRangeFormattingProvider, true);
});

test('formatting follows the ilo.format.style setting (expanded by default, dense when set)', async () => {
  const uri = 'file:///tmp/ilo-lsp-format/style.ilo';
  const text = '-- doubles\nf x:n>n;a=*x 2;>a 10 a;+a 1\n';
  await client.open(uri, text);
  client.settings.format = { style: 'expanded' };
  const expanded = (await client.conn.sendRequest('textDocument/formatting', { textDocument: { uri }, options: OPTIONS })) as TextEdit[];
  assert.equal(apply(text, expanded), '-- doubles\nf x:n > n\n  a = * x 2\n  > a 10 a\n  + a 1\n');

  client.settings.format = { style: 'dense' };
  const dense = (await client.conn.sendRequest('textDocument/formatting', { textDocument: { uri }, options: OPTIONS })) as TextEdit[];
  assert.deepEqual(dense, [], 'the text is dense already');
  client.settings.format = { style: 'expanded' };
  await client.conn.sendNotification('textDocument/didClose', { textDocument: { uri } });
});

test('range formatting formats only the declarations in the range', async () => {
  const uri = 'file:///tmp/ilo-lsp-format/range.ilo';
  const text = 'a x:n>n;+x 1\nb x:n>n;*x 2\nc x:n>n;-x 3\n';
  await client.open(uri, text);
  const edits = (await client.conn.sendRequest('textDocument/rangeFormatting', {
    textDocument: { uri },
    range: { start: { line: 1, character: 3 }, end: { line: 1, character: 5 } },
    options: OPTIONS,
  })) as TextEdit[];
  assert.equal(apply(text, edits), 'a x:n>n;+x 1\nb x:n > n\n  * x 2\nc x:n>n;-x 3\n');
  for (const e of edits) assert.equal(e.range.start.line, 1, 'no edit outside the declaration');
  await client.conn.sendNotification('textDocument/didClose', { textDocument: { uri } });
});

test('a file with a syntax error is refused with a message saying where', async () => {
  const uri = 'file:///tmp/ilo-lsp-format/broken.ilo';
  await client.open(uri, 'f>n;1\ng x:n>n;+x\n');
  await assert.rejects(
    client.conn.sendRequest('textDocument/formatting', { textDocument: { uri }, options: OPTIONS }),
    (err: { code?: number; message?: string }) => {
      assert.equal(err.code, -32803, 'RequestFailed');
      assert.match(String(err.message), /not formatted: syntax error at line 2/);
      return true;
    },
  );
  await client.conn.sendNotification('textDocument/didClose', { textDocument: { uri } });
});

test('without workspace/configuration support the style is expanded', async () => {
  const plain = await startSession();
  try {
    const uri = 'file:///tmp/ilo-lsp-format/plain.ilo';
    await plain.open(uri, 'f>n;1\n');
    const edits = (await plain.conn.sendRequest('textDocument/formatting', { textDocument: { uri }, options: OPTIONS })) as TextEdit[];
    assert.equal(apply('f>n;1\n', edits), 'f > n\n  1\n');
  } finally {
    await plain.stop();
  }
});
