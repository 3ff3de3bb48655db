// Semantic tokens through the language service: what each marked name is
// coloured as, in full, for a range and as a delta after an edit.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { SemanticTokens, SemanticTokensDelta } from 'vscode-languageserver';
import { open, openMany } from '../helpers';
import { decodeTokens, kindText, tokenAt, tokensOf } from './helpers';
import { SEMANTIC_TOKENS_LEGEND, tokenEdits } from '../../../server/src/service/display';

/** The kinds of the ⟦marked⟧ names, in marker order. */
function markedKinds(source: string): string[] {
  const { service, uri, ranges } = open(source);
  const tokens = tokensOf(service, uri);
  return ranges.map((r) => {
    const t = tokenAt(tokens, r.start);
    assert.ok(!t || t.length === r.end.character - r.start.character, `token at ${r.start.line}:${r.start.character} has length ${t?.length}`);
    return kindText(t);
  });
}

/** Applies LSP semantic-token edits to an old encoding. */
function applyEdits(data: readonly number[], delta: SemanticTokensDelta): number[] {
  const out = [...data];
  for (const e of [...delta.edits].sort((a, b) => b.start - a.start)) out.splice(e.start, e.deleteCount, ...(e.data ?? []));
  return out;
}

describe('semantic tokens', () => {
  it('classifies declarations, parameters, locals, fields, types and builtins', () => {
    const kinds = markedKinds(
      [
        'type ⟦pt⟧{⟦x⟧:n;y:n}',
        'tool ⟦send⟧"Send a note to someone" ⟦to⟧:t>R _ t',
        '⟦move⟧ ⟦p⟧:⟦pt⟧ ⟦d⟧:n>⟦pt⟧',
        '  e=+⟦p⟧.⟦x⟧ ⟦d⟧',
        '  ⟦q⟧=⟦p⟧ with ⟦x⟧:e',
        '  r=⟦send⟧ "a"',
        '  n=⟦length⟧ [1 2]',
        '  ⟦q⟧',
      ].join('\n'),
    );
    assert.deepEqual(kinds, [
      'struct[declaration]',
      'property[declaration]',
      'function[declaration,tool]',
      'parameter[declaration,readonly]',
      'function[declaration]',
      'parameter[declaration,readonly]',
      'struct',
      'parameter[declaration,readonly]',
      'struct',
      'parameter[readonly]',
      'property',
      'parameter[readonly]',
      'variable[declaration,readonly]',
      'parameter[readonly]',
      'property',
      'function[tool]',
      'function[defaultLibrary,deprecated]',
      'variable[readonly]',
    ]);
  });

  it('a rebound local loses readonly; the rebinding is a modification, a loop variable a declaration', () => {
    const kinds = markedKinds('f xs:L n>n;⟦s⟧=0;@⟦x⟧ xs{⟦s⟧=+⟦s⟧ ⟦x⟧};⟦s⟧');
    assert.deepEqual(kinds, [
      'variable[declaration]',
      'variable[declaration,readonly]',
      'variable[modification]',
      'variable',
      'variable[readonly]',
      'variable',
    ]);
  });

  it('a lambda has its own parameters and sees the enclosing ones', () => {
    const kinds = markedKinds('f xs:L n k:n>L n;map (⟦x⟧:n>n;+⟦x⟧ ⟦k⟧) xs');
    assert.deepEqual(kinds, ['parameter[declaration,readonly]', 'parameter[readonly]', 'parameter[readonly]']);
  });

  it('a parameter that is rebound is not readonly', () => {
    assert.deepEqual(markedKinds('f ⟦x⟧:n>n;⟦x⟧=+x 1;⟦x⟧'), ['parameter[declaration]', 'parameter[modification]', 'parameter']);
  });

  it('names brought in by use are classified by what they are in their file', () => {
    const ws = openMany(
      {
        'lib.ilo': 'type pt{x:n;y:n}\ntool ping"Check that a host answers" host:t>R t t\ndbl x:n>n;*x 2\n',
        'main.ilo': 'use "lib.ilo" [⟦dbl⟧ ⟦ping⟧ ⟦pt⟧]\nf h:t p:⟦pt⟧>R n t;r=⟦ping⟧! h;~⟦dbl⟧ p.x',
      },
      { open: ['main.ilo'] },
    );
    const tokens = tokensOf(ws.service, ws.uriOf('main.ilo'));
    assert.deepEqual(
      ws.file('main.ilo').ranges.map((r) => kindText(tokenAt(tokens, r.start))),
      ['function', 'function[tool]', 'struct', 'struct', 'function[tool]', 'function'],
    );
  });

  it('counts positions in UTF-16 code units, as LSP does', () => {
    const { service, uri, ranges } = open('f>t;s="🦀é";⟦s⟧');
    assert.equal(kindText(tokenAt(tokensOf(service, uri), ranges[0].start)), 'variable[readonly]');
    assert.equal(ranges[0].start.character, 12);
  });

  it('still colours what it can in a file with errors', () => {
    const kinds = markedKinds('⟦ok⟧ x:n>n;+x 1\n⟦bad⟧ y:n>n;*y )\n⟦g⟧>n;⟦ok⟧ 2');
    assert.deepEqual(kinds, ['function[declaration]', 'function[declaration]', 'function[declaration]', 'function']);
  });

  it('a range request returns only the tokens inside the range', () => {
    const { service, uri } = open('a x:n>n;+x 1\nb y:n>n;*y 2\nc z:n>n;-z 3');
    const ranged = decodeTokens(service.semanticTokensRange(uri, { start: { line: 1, character: 0 }, end: { line: 1, character: 20 } }).data);
    assert.deepEqual(
      ranged.map((t) => `${t.line}:${t.character}`),
      ['1:0', '1:2', '1:9'],
    );
    assert.equal(tokensOf(service, uri).length, 9);
  });

  it('a delta after an edit turns the previous tokens into the new ones', () => {
    const { service, uri } = open('a x:n>n;+x 1\nb y:n>n;*y 2\nc z:n>n;-z 3');
    const first = service.semanticTokens(uri) as SemanticTokens;
    service.setDocument(uri, 'a x:n>n;+x 1\nb y:n w:n>n;*y w\nc z:n>n;-z 3', 2);
    const delta = service.semanticTokensDelta(uri, first.resultId!) as SemanticTokensDelta;
    assert.ok('edits' in delta, 'a delta, not full tokens');
    const full = service.semanticTokens(uri) as SemanticTokens;
    assert.deepEqual(applyEdits(first.data, delta), full.data);
    // Only the changed middle travels.
    const sent = delta.edits.reduce((n, e) => n + (e.data?.length ?? 0), 0);
    assert.ok(sent < full.data.length / 2, `${sent} of ${full.data.length} integers sent`);
    assert.notEqual(delta.resultId, first.resultId);
  });

  it('a delta against an unknown result id sends the full tokens', () => {
    const { service, uri } = open('a x:n>n;+x 1');
    const res = service.semanticTokensDelta(uri, 'no-such-id') as SemanticTokens;
    assert.ok('data' in res);
    assert.equal(decodeTokens(res.data).length, 3);
  });

  it('edits between encodings: nothing for equal ones, one edit otherwise', () => {
    assert.deepEqual(tokenEdits([1, 2, 3, 4, 5], [1, 2, 3, 4, 5]), []);
    assert.deepEqual(tokenEdits([1, 2, 3, 4, 5], [1, 2, 9, 4, 5]), [{ start: 2, deleteCount: 1, data: [9] }]);
    assert.deepEqual(tokenEdits([1, 2], [1, 2, 3, 4, 5]), [{ start: 2, deleteCount: 0, data: [3, 4, 5] }]);
    assert.deepEqual(tokenEdits([1, 2, 3, 4, 5], []), [{ start: 0, deleteCount: 5, data: [] }]);
  });

  it('the legend lists standard types and our tool modifier', () => {
    assert.ok(SEMANTIC_TOKENS_LEGEND.tokenTypes.includes('function'));
    assert.ok(SEMANTIC_TOKENS_LEGEND.tokenModifiers.includes('tool'));
    assert.ok(SEMANTIC_TOKENS_LEGEND.tokenModifiers.includes('defaultLibrary'));
  });
});
