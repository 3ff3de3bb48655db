// Folding ranges through the LanguageService facade: multi-line declarations
// and blocks, comment blocks and runs of `use`. Each ⟦…⟧ in a program marks
// one expected fold (its first and last line).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FoldingRangeKind, type FoldingRange } from 'vscode-languageserver';
import { open } from './helpers';

function folds(source: string): { got: FoldingRange[]; want: Array<{ startLine: number; endLine: number }> } {
  const o = open(source);
  return {
    got: o.service.foldingRanges(o.uri),
    want: o.ranges.map((r) => ({ startLine: r.start.line, endLine: r.end.line })).sort((a, b) => a.startLine - b.startLine),
  };
}

const lines = (rs: readonly FoldingRange[]) => rs.map((r) => ({ startLine: r.startLine, endLine: r.endLine }));

test('folding: a multi-line function body and the blocks inside it', () => {
  const { got, want } = folds(
    [
      '⟦total xs:L n>n',
      '  s=0',
      '  ⟦@x xs{',
      '    s=+s x',
      '  }⟧',
      '  ⟦>s 100{',
      '    ret 100',
      '  }⟧',
      '  s⟧',
      'one>n;1',
    ].join('\n'),
  );
  assert.deepEqual(lines(got), want);
  assert.ok(got.every((r) => r.kind === undefined), 'code folds have no kind');
});

test('folding: comment blocks and runs of `use`, with their kinds', () => {
  const o = open(
    [
      '⟦use "a.ilo"',
      'use "b.ilo"',
      'use "c.ilo"⟧',
      '',
      '⟦-- Adds up a basket.',
      '-- @param xs the prices⟧',
      'sum-basket xs:L n>n;1 -- a trailing comment is not a block',
      '-- a single comment line does not fold',
      'one>n;1',
    ].join('\n'),
  );
  const got = o.service.foldingRanges(o.uri);
  assert.deepEqual(got, [
    { startLine: o.ranges[0].start.line, endLine: o.ranges[0].end.line, kind: FoldingRangeKind.Imports },
    { startLine: o.ranges[1].start.line, endLine: o.ranges[1].end.line, kind: FoldingRangeKind.Comment },
  ]);
});

test('folding: record types, lambdas and match statements spread over lines; one-line code does not fold', () => {
  const { got, want } = folds(
    [
      '⟦type point{',
      '  x:n;',
      '  y:n',
      '}⟧',
      '⟦pick x:n>t',
      '  ⟦?x{',
      '    1:"one";',
      '    _:"many"',
      '  }⟧⟧',
      '⟦dbl-all xs:L n>L n',
      '  map ⟦(x:n>n;',
      '    *x 2)⟧ xs⟧',
      'f x:n>n;+x 1',
      'g x:n>n;>x 0{1}{2}',
    ].join('\n'),
  );
  assert.deepEqual(lines(got), want);
});

test('folding: a file that does not parse still folds what it can, and an empty file has none', () => {
  const { got, want } = folds(['⟦-- notes', '-- more notes⟧', 'broken x:n>;1', '⟦ok xs:L n>n', '  len xs⟧'].join('\n'));
  assert.deepEqual(lines(got), want);
  assert.deepEqual(folds('').got, []);
});
