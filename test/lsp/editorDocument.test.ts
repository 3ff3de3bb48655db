// The server's open-document copy (lsp/editorDocument.ts) against
// vscode-languageserver-textdocument: after the same editor changes it holds
// the same text, and every position question gets the answer a fresh
// document of that text gives.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Position, TextDocumentContentChangeEvent } from 'vscode-languageserver/node';
import { EditorDocument, editorDocuments } from '../../server/src/lsp/editorDocument';
import { mulberry32 } from '../helpers/random';

const PIECES = ['a', 'bc', ' ', 'é', '😀', '\n', '\n', '\r\n', '\r', 'x\ny', '--', '\t'];

function randomText(rand: () => number, pieces: number): string {
  let s = '';
  for (let i = 0; i < pieces; i++) s += PIECES[Math.floor(rand() * PIECES.length)];
  return s;
}

/** A position somewhere near the document: past line ends and past the last line too. */
function randomPosition(rand: () => number, lines: number): Position {
  return { line: Math.floor(rand() * (lines + 2)), character: Math.floor(rand() * 8) };
}

/** Every position question asked of both documents gets the same answer. */
function assertSameAnswers(ours: EditorDocument, fresh: TextDocument, rand: () => number, context: string): void {
  assert.equal(ours.lineCount, fresh.lineCount, `${context}: lineCount`);
  const text = fresh.getText();
  for (let off = -1; off <= text.length + 1; off++) assert.deepEqual(ours.positionAt(off), fresh.positionAt(off), `${context}: positionAt(${off})`);
  for (let line = -1; line <= fresh.lineCount; line++) {
    assert.deepEqual(ours.getLineRange(line), fresh.getLineRange(line), `${context}: getLineRange(${line})`);
    assert.equal(ours.getEOLCharacters(line), fresh.getEOLCharacters(line), `${context}: getEOLCharacters(${line})`);
    for (let ch = -1; ch < 6; ch++) {
      const p = { line, character: ch };
      assert.equal(ours.offsetAt(p), fresh.offsetAt(p), `${context}: offsetAt(${line}:${ch})`);
    }
  }
  const range = { start: randomPosition(rand, fresh.lineCount), end: randomPosition(rand, fresh.lineCount) };
  assert.equal(ours.getText(range), fresh.getText(range), `${context}: getText(range)`);
}

/** The text after `changes`, each applied by the offsets a fresh document of the text before it gives. */
function applyFresh(text: string, changes: readonly TextDocumentContentChangeEvent[]): string {
  let out = text;
  for (const c of changes) {
    if (!('range' in c) || c.range === undefined) {
      out = c.text;
      continue;
    }
    const fresh = TextDocument.create('file:///t.ilo', 'ilo', 1, out);
    const [a, b] = [fresh.offsetAt(c.range.start), fresh.offsetAt(c.range.end)].sort((x, y) => x - y);
    out = out.slice(0, a) + c.text + out.slice(b);
  }
  return out;
}

/** Seeded random editing: `inside` keeps every range within the document's lines. */
function randomEditing(seed: number, inside: boolean, each: (ours: EditorDocument, changes: TextDocumentContentChangeEvent[], before: string, rand: () => number) => void): void {
  const rand = mulberry32(seed);
  const ours = editorDocuments.create('file:///t.ilo', 'ilo', 1, randomText(rand, 20));
  for (let step = 0; step < 40; step++) {
    // Ask first on some steps, so changes meet both known and unknown line starts.
    if (rand() < 0.5) ours.positionAt(0);
    const before = ours.getText();
    const lines = TextDocument.create('file:///t.ilo', 'ilo', 1, before);
    const at = (): Position => {
      if (!inside) return randomPosition(rand, lines.lineCount);
      const line = Math.floor(rand() * lines.lineCount);
      return { line, character: Math.floor(rand() * (lines.getLineRange(line).end.character + 1)) };
    };
    const changes: TextDocumentContentChangeEvent[] = [];
    const count = inside || rand() < 0.8 ? 1 : 2 + Math.floor(rand() * 2);
    for (let k = 0; k < count; k++) {
      if (!inside && rand() < 0.03) changes.push({ text: randomText(rand, 10) });
      else changes.push({ range: { start: at(), end: at() }, text: randomText(rand, Math.floor(rand() * 4)) });
    }
    editorDocuments.update(ours, changes, step + 2);
    assert.equal(ours.version, step + 2);
    each(ours, changes, before, rand);
  }
}

test('after random changes (ranges past line ends and past the last line, reversed, several at once, whole-text) the text is each change applied in turn, and positions answer as for a fresh document', () => {
  for (let seed = 1; seed <= 60; seed++) {
    randomEditing(seed, false, (ours, changes, before, rand) => {
      const context = `seed ${seed}, ${JSON.stringify(before)} + ${JSON.stringify(changes)}`;
      const expected = applyFresh(before, changes);
      assert.equal(ours.getText(), expected, `${context}: text`);
      assertSameAnswers(ours, TextDocument.create('file:///t.ilo', 'ilo', 1, expected), rand, context);
    });
  }
});

test('for changes within the document, the text is what vscode-languageserver-textdocument makes of the same changes', () => {
  for (let seed = 1; seed <= 40; seed++) {
    let theirs: TextDocument | undefined;
    randomEditing(seed, true, (ours, changes, before) => {
      theirs = TextDocument.update(theirs ?? TextDocument.create('file:///t.ilo', 'ilo', 1, before), changes, ours.version);
      assert.equal(ours.getText(), theirs.getText(), `seed ${seed}, ${JSON.stringify(before)} + ${JSON.stringify(changes)}`);
    });
  }
});

test('a \\r typed before a \\n, or a \\n after a \\r, makes one line break of the two', () => {
  const doc = new EditorDocument('file:///t.ilo', 'ilo', 1, 'ab\ncd');
  assert.equal(doc.lineCount, 2);
  doc.apply([{ range: { start: { line: 0, character: 2 }, end: { line: 0, character: 2 } }, text: '\r' }], 2);
  assert.equal(doc.getText(), 'ab\r\ncd');
  assert.equal(doc.lineCount, 2);
  assert.deepEqual(doc.positionAt(4), { line: 1, character: 0 });
  const lone = new EditorDocument('file:///t.ilo', 'ilo', 1, 'ab\rcd');
  assert.equal(lone.lineCount, 2);
  lone.apply([{ range: { start: { line: 1, character: 0 }, end: { line: 1, character: 0 } }, text: '\n' }], 2);
  assert.equal(lone.getText(), 'ab\r\ncd');
  assert.equal(lone.lineCount, 2);
  assert.equal(lone.offsetAt({ line: 1, character: 1 }), 5);
});

test('typing at the end of a line of a long document moves only the later line starts', () => {
  const lines = Array.from({ length: 5000 }, (_, i) => `line ${i}`);
  const doc = new EditorDocument('file:///t.ilo', 'ilo', 1, lines.join('\n'));
  assert.equal(doc.lineCount, 5000);
  doc.apply([{ range: { start: { line: 2500, character: 9 }, end: { line: 2500, character: 9 } }, text: 'x' }], 2);
  assert.equal(doc.getText(doc.getLineRange(2500)), 'line 2500x');
  assert.deepEqual(doc.positionAt(doc.getText().indexOf('line 2501')), { line: 2501, character: 0 });
  assert.deepEqual(doc.positionAt(doc.getText().indexOf('line 2499')), { line: 2499, character: 0 });
});

test('pasting 200,000 lines into a document keeps every line start right', () => {
  const doc = new EditorDocument('file:///t.ilo', 'ilo', 1, 'head\ntail');
  assert.equal(doc.lineCount, 2);
  const pasted = Array.from({ length: 200_000 }, (_, i) => `p${i}`).join('\n') + '\n';
  doc.apply([{ range: { start: { line: 1, character: 0 }, end: { line: 1, character: 0 } }, text: pasted }], 2);
  const fresh = TextDocument.create('file:///t.ilo', 'ilo', 2, doc.getText());
  assert.equal(doc.lineCount, fresh.lineCount);
  for (const line of [0, 1, 2, 99_999, 200_000, 200_001]) assert.equal(doc.offsetAt({ line, character: 1 }), fresh.offsetAt({ line, character: 1 }), `line ${line}`);
  assert.equal(doc.getText(doc.getLineRange(200_001)), 'tail');
});
