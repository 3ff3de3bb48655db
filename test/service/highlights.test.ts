// Document highlight through the facade: every occurrence of the symbol in
// this file, a binding (declaration, rebinding, a field set in a literal or
// `with`) marked as a write, every other use as a read.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DocumentHighlightKind } from 'vscode-languageserver';
import { openAt } from './helpers';

const { Read, Write } = DocumentHighlightKind;

/** Asserts the highlights at ┆ are exactly the ⟦…⟧ ranges, with these kinds in order. */
function assertHighlights(source: string, kinds: DocumentHighlightKind[]): void {
  const { service, uri, pos, ranges } = openAt(source);
  assert.equal(ranges.length, kinds.length, 'one kind per marked range');
  assert.deepEqual(
    service.documentHighlights(uri, pos),
    ranges.map((range, i) => ({ range, kind: kinds[i] })),
  );
}

test('a local: its bindings are writes, its uses reads', () => {
  assertHighlights('f xs:L n>n;⟦s⟧=0;@x xs{⟦s⟧=+⟦s⟧ x};⟦┆s⟧', [Write, Write, Read, Read]);
});

test('a parameter: its declaration is a write; a same-named parameter of another function is not highlighted', () => {
  assertHighlights('f ⟦┆n⟧:n>n;*⟦n⟧ ⟦n⟧\ng n:n>n;n', [Write, Read, Read]);
});

test('a field: declared and set in literals and `with` (writes), read by access and destructuring', () => {
  assertHighlights('type pt{⟦x⟧:n;y:n}\nf a:n>n;p=pt ⟦x⟧:a y:0;q=p with ⟦x⟧:2;{⟦x⟧}=q;+q.⟦┆x⟧ x', [Write, Write, Write, Read, Read]);
});

test('a function: its declaration is a write, its calls and uses as a value are reads', () => {
  assertHighlights('⟦inc⟧ a:n>n;+a 1\nf xs:L n>L n;ys=map ⟦inc⟧ xs;⟦in┆c⟧ 1;ys', [Write, Read, Read]);
});

test('nothing is highlighted in a comment or a string', () => {
  assertHighlights('-- uses ┆x\nf x:n>n;x', []);
  assertHighlights('f x:n>t;"x is ┆x"', []);
});
