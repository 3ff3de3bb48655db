// Quick fixes through the LanguageService facade: each suggestion a
// diagnostic carries becomes a code action with its edits.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CodeActionKind } from 'vscode-languageserver';
import { open, openMany } from './helpers';

test('a did-you-mean diagnostic becomes a quick fix that replaces the name', () => {
  const { service, uri, diagnostics, ranges } = open('f total:n>n;+⟦totl⟧ 1', { uri: 'file:///tmp/ilo-service-test/fix.ilo' });
  const undefinedVar = diagnostics.find((d) => d.code === 'ILO-T004');
  assert.ok(undefinedVar, JSON.stringify(diagnostics));
  const actions = service.codeActions(uri, [undefinedVar]);
  const fix = actions.find((a) => /total/.test(a.title));
  assert.ok(fix, JSON.stringify(actions));
  const edits = fix.edit!.changes![uri];
  assert.equal(edits[0].newText, 'total');
  assert.deepEqual(edits[0].range, { start: { line: 0, character: 13 }, end: { line: 0, character: 17 } });
  assert.deepEqual(edits[0].range, ranges[0]);
});

test('a diagnostic with several fixes offers each of them, none preferred', () => {
  const { service, uri, diagnostics, ranges } = open('f xs:L n>R t t;wr "out.txt" xs ⟦"xml"⟧');
  const actions = service.codeActions(uri, diagnostics);
  assert.deepEqual(actions.map((a) => a.title), ['Change to "json"', 'Change to "csv"', 'Change to "tsv"']);
  for (const a of actions) {
    assert.equal(a.kind, CodeActionKind.QuickFix);
    assert.equal(a.isPreferred, false);
    assert.deepEqual(a.diagnostics, [diagnostics[0]]);
    assert.deepEqual(a.edit?.changes?.[uri].map((e) => e.range), [ranges[0]]);
  }
});

test('a fix that wraps an argument applies both of its edits', () => {
  const { service, uri, diagnostics, ranges } = open('g s:t>t;s\nf n:n>t;g ⟦n⟧');
  const [wrap] = service.codeActions(uri, diagnostics);
  assert.equal(wrap?.title, "Convert with 'str'");
  assert.equal(wrap.isPreferred, true);
  const arg = ranges[0];
  assert.deepEqual(wrap.edit?.changes?.[uri], [
    { range: { start: arg.start, end: arg.start }, newText: '(str ' },
    { range: { start: arg.end, end: arg.end }, newText: ')' },
  ]);
});

test('a misspelt name in a scoped `use` is fixed to the name the used file declares', () => {
  const ws = openMany({
    'lib.ilo': 'twice n:n>n;*n 2\n',
    'main.ilo': 'use "lib.ilo" [⟦twise⟧]\nrun n:n>n;twice n┆',
  });
  const diagnostics = ws.diagnostics('main.ilo');
  const p019 = diagnostics.find((d) => d.code === 'ILO-P019');
  assert.ok(p019, JSON.stringify(diagnostics));
  const [fix] = ws.service.codeActions(ws.uri, [p019]);
  assert.equal(fix?.title, "Change to 'twice'");
  assert.deepEqual(fix.edit?.changes, { [ws.uri]: [{ range: ws.file('main.ilo').ranges[0], newText: 'twice' }] });
});

test('no actions for a diagnostic without suggestions, nor for a document that is not open', () => {
  const { service, uri, diagnostics } = open('f n:n>t;upr n');
  assert.equal(diagnostics.length, 1, JSON.stringify(diagnostics));
  assert.deepEqual(service.codeActions(uri, diagnostics), []);
  const fixable = open('f total:n>n;+totl 1');
  assert.deepEqual(fixable.service.codeActions('file:///tmp/ilo-service-test/closed.ilo', fixable.diagnostics), []);
});

test('the effect gate\'s @behavior fix for a tool in a used file edits that file', () => {
  const ws = openMany({
    'tools.ilo': '⟦⟧tool frob-widget"Frobnicate the widget" id:t>R t t\n',
    'main.ilo': 'use "tools.ilo"\n-- @behavior PURE\nlook id:t>R t t;frob-widget! id┆\n',
  });
  const gate = ws.diagnostics('main.ilo').find((d) => d.code === 'effect-gate');
  assert.ok(gate, JSON.stringify(ws.diagnostics('main.ilo')));
  const actions = ws.service.codeActions(ws.uri, [gate]);
  const mutating = actions.find((a) => a.title.startsWith('Declare `frob-widget` mutating'));
  assert.ok(mutating, JSON.stringify(actions.map((a) => a.title)));
  const at = ws.file('tools.ilo').ranges[0].start;
  assert.deepEqual(mutating.edit?.changes, {
    [ws.uriOf('tools.ilo')]: [{ range: { start: at, end: at }, newText: '-- @behavior MUTATES UPDATE DATA\n' }],
  });
});
