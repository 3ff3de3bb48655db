// The facade's formatting: whole document and range (⟦…⟧ and ┆ markers),
// the style, refusal of a file that does not parse, arities of used files,
// and random ranges in randomly edited documents.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Position, Range, TextEdit } from 'vscode-languageserver';
import { formatStyleSetting } from '../../server/src/service/formatting';
import { open, openMany, offsetOf } from './helpers';
import { mulberry32 } from '../helpers/random';

function apply(text: string, edits: readonly TextEdit[]): string {
  const at = (p: Position): number => offsetOf(text, p);
  let out = text;
  for (const e of [...edits].sort((a, b) => at(b.range.start) - at(a.range.start))) {
    out = out.slice(0, at(e.range.start)) + e.newText + out.slice(at(e.range.end));
  }
  return out;
}

function editsOf(outcome: { edits: TextEdit[] } | { refused: string }): TextEdit[] {
  assert.ok('edits' in outcome, `refused: ${'refused' in outcome ? outcome.refused : ''}`);
  return outcome.edits;
}

test('formatting a document in each style', () => {
  const o = open('-- note\nf x:n>n;a=*x 2;+a 1\n');
  assert.equal(apply(o.text, editsOf(o.service.format(o.uri, 'expanded'))), '-- note\nf x:n > n\n  a = * x 2\n  + a 1\n');
  assert.deepEqual(editsOf(o.service.format(o.uri, 'dense')), [], 'already dense: nothing to change');
});

test('the edits leave unchanged lines alone', () => {
  const o = open('a>n;1\nb x:n>n;x + 1\nc>n;3\n');
  const edits = editsOf(o.service.format(o.uri, 'dense'));
  assert.equal(edits.length, 1);
  assert.deepEqual(edits[0].range, { start: { line: 1, character: 0 }, end: { line: 2, character: 0 } });
  assert.equal(edits[0].newText, 'b x:n>n;+x 1\n');
});

test('range formatting formats the declarations the range touches', () => {
  const o = open('a x:n>n;+x 1\nb x:n>n;⟦*x 2\nc x:n>n;-x⟧ 3\nd>n;4\n');
  const out = apply(o.text, editsOf(o.service.formatRange(o.uri, o.ranges[0], 'expanded')));
  assert.equal(out, 'a x:n>n;+x 1\nb x:n > n\n  * x 2\nc x:n > n\n  - x 3\nd>n;4\n');
});

test('range formatting at a cursor formats that declaration only', () => {
  const o = open('a x:n>n;+x 1\nb x:n>n;*x ┆2\n');
  const cursor: Range = { start: o.cursors[0], end: o.cursors[0] };
  assert.equal(apply(o.text, editsOf(o.service.formatRange(o.uri, cursor, 'expanded'))), 'a x:n>n;+x 1\nb x:n > n\n  * x 2\n');
});

test('a document with a syntax error is refused with the position of the error', () => {
  const o = open('f>n;1\ng x:n>n;+x\n');
  const out = o.service.format(o.uri, 'expanded');
  assert.ok('refused' in out);
  assert.match(out.refused, /not formatted: syntax error at line 2, col \d+: ILO-P\d+/);
  assert.ok('refused' in o.service.formatRange(o.uri, { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } }, 'dense'));
});

test('functions of a used file group no arguments at level 0.11: their calls keep their parentheses', () => {
  const w = openMany({
    'lib.ilo': 'twice x:n>n;*x 2\n',
    'main.ilo': 'use "lib.ilo"\nf x:n>n;+(twice x)  1┆\n',
  });
  const text = w.file('main.ilo').text;
  assert.equal(apply(text, editsOf(w.service.format(w.uri, 'dense'))), 'use "lib.ilo"\nf x:n>n;+(twice x) 1\n');
});

test('an unknown document gives no edits', () => {
  const o = open('f>n;1\n');
  assert.deepEqual(editsOf(o.service.format('file:///nowhere.ilo', 'dense')), []);
});

test('the setting: `dense` or `expanded`, anything else is `expanded`', () => {
  assert.equal(formatStyleSetting('dense'), 'dense');
  assert.equal(formatStyleSetting('expanded'), 'expanded');
  assert.equal(formatStyleSetting('compact'), 'expanded');
  assert.equal(formatStyleSetting(undefined), 'expanded');
});

test('random ranges of randomly edited documents: no exception, edits inside the document, applying them keeps a parse', () => {
  const r = mulberry32(4242);
  const bases = [
    'f x:n>n -- c\n  a=*x 2\n  >a 1{ret a}\n  +a 1\ng>t;"a -- b"\n',
    'type pt{x:n;y:n}\nf p:pt>n;{x;y}=p;?x{0:y;_:+x y}\n',
    'cls sp:n>t;>=sp 1000 "gold";"bronze"\n-- end\n',
  ];
  for (let i = 0; i < 120; i++) {
    let text = bases[i % bases.length];
    const cut = Math.floor(r() * (text.length + 1));
    if (r() < 0.5) text = text.slice(0, cut) + ['{', '"', '-', ';', '\n', ' '][Math.floor(r() * 6)] + text.slice(cut);
    else text = text.slice(0, cut) + text.slice(cut + 2);
    const o = open(text);
    const lineCount = text.split('\n').length;
    const pos = (): Position => {
      const line = Math.floor(r() * lineCount);
      return { line, character: Math.floor(r() * ((text.split('\n')[line]?.length ?? 0) + 1)) };
    };
    const a = pos();
    const b = pos();
    const range = a.line < b.line || (a.line === b.line && a.character <= b.character) ? { start: a, end: b } : { start: b, end: a };
    for (const style of ['expanded', 'dense'] as const) {
      for (const out of [o.service.format(o.uri, style), o.service.formatRange(o.uri, range, style)]) {
        if ('refused' in out) continue;
        for (const e of out.edits) {
          assert.ok(e.range.start.line < lineCount && e.range.end.line < lineCount, JSON.stringify(text));
          assert.ok(offsetOf(text, e.range.start) <= offsetOf(text, e.range.end));
        }
        const after = apply(text, out.edits);
        const again = open(after);
        assert.ok(!again.diagnostics.some((d) => String(d.code).startsWith('ILO-P') || String(d.code).startsWith('ILO-L')), `${style} edits of ${JSON.stringify(text)} give ${JSON.stringify(after)}`);
      }
    }
  }
});
