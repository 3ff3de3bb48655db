// Selection ranges through the LanguageService facade. In each program the
// ⟦…⟧ mark every range expand-selection should offer at the ┆ cursor, from
// the outermost (the first ⟦) to the innermost; the service must return
// exactly that chain, each range strictly inside its parent.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Range, SelectionRange } from 'vscode-languageserver';
import { openAt } from './helpers';

function chain(s: SelectionRange): Range[] {
  const out: Range[] = [];
  for (let r: SelectionRange | undefined = s; r; r = r.parent) out.push(r.range);
  return out;
}

function expectChain(source: string): void {
  const o = openAt(source);
  const [got] = o.service.selectionRanges(o.uri, [o.pos]);
  assert.deepEqual(chain(got), [...o.ranges].reverse(), source);
}

test('selection: token → expression → statement → body → declaration → with its doc comment', () => {
  expectChain('⟦-- Sums.\n⟦total x:n y:n>n;⟦a=1;⟦b=⟦+⟦┆x⟧ y⟧⟧;+a b⟧⟧⟧');
});

test('selection: a callee name, then its call, nested calls outwards', () => {
  // The outer call is also the whole statement and the whole body: offered once.
  expectChain('dbl x:n>n;*x 2\n⟦f x:n>n;⟦dbl ⟦⟦d┆bl⟧ x⟧⟧⟧');
});

test('selection: inside a loop body — the block and the function body are both offered', () => {
  expectChain(['⟦f xs:L n>n', '  ⟦s=0', '  ⟦@x xs{', '    ⟦s=⟦+s ⟦┆x⟧⟧⟧', '  }⟧', '  s⟧⟧'].join('\n'));
});

test('selection: a parameter type → parameter → header → declaration', () => {
  expectChain('⟦⟦area ⟦w:⟦┆n⟧⟧ h:n>n⟧;*w h⟧');
});

test('selection: a field access and a record literal field', () => {
  expectChain('type pt{x:n;y:n}\n⟦f p:pt>n;⟦p.⟦┆y⟧⟧⟧');
  expectChain('type pt{x:n;y:n}\n⟦mk>pt;⟦pt x:1 ⟦⟦┆y⟧:2⟧⟧⟧');
});

test('selection: in a doc comment, the line, the doc block, then the declaration with it', () => {
  expectChain('⟦⟦-- first line\n⟦-- sec┆ond line⟧⟧\nf>n;1⟧');
});

test('selection: one answer per position, and a position outside any declaration gets an empty range at itself', () => {
  const o = openAt('f>n;1\n\n┆\ng>n;2');
  const got = o.service.selectionRanges(o.uri, [o.pos, { line: 0, character: 4 }]);
  assert.equal(got.length, 2);
  assert.deepEqual(got[0], { range: { start: o.pos, end: o.pos } });
  assert.deepEqual(chain(got[1]).at(-1), { start: { line: 0, character: 0 }, end: { line: 0, character: 5 } });
});

test('selection: a comment inside a body, then the declaration around it', () => {
  expectChain('⟦f>n\n  ⟦-- a no┆te⟧\n  1⟧');
});
