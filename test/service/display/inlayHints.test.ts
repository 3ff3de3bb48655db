// Inlay hints through the language service: parameter names before the
// arguments of calls, and the inferred types of bindings. Each ┆ marks where
// a hint is expected; the test lists the labels in the same order.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { InlayHintKind, type InlayHint } from 'vscode-languageserver';
import { open, openMany } from '../helpers';
import { hintTexts, WHOLE } from './helpers';

/** Hints of a marked program: every ┆ must carry one hint, and no hint may be anywhere else. */
function expectHints(source: string, labels: string[], settings?: { parameterNameHints?: boolean; bindingTypeHints?: boolean }): InlayHint[] {
  const { service, uri, cursors } = open(source);
  if (settings) service.configureDisplay(settings);
  const hints = service.inlayHints(uri, WHOLE);
  assert.deepEqual(
    hintTexts(hints),
    cursors.map((c, i) => `${c.line}:${c.character} ${labels[i]}`),
  );
  return hints;
}

describe('inlay hints: parameter names', () => {
  it('names the arguments of a call to a user function (area 3 4 reads w: h:)', () => {
    const hints = expectHints('area w:n h:n>n;*w h\nmain>n;area ┆3 ┆4', ['w:', 'h:']);
    assert.equal(hints[0].kind, InlayHintKind.Parameter);
    assert.equal(hints[0].paddingRight, true);
  });

  it('leaves out an argument that is a variable of the same name', () => {
    expectHints('area w:n h:n>n;*w h\nmain w:n>n;area w ┆2', ['h:']);
  });

  it('names the arguments of tools and builtins (several arguments)', () => {
    expectHints(
      'tool send"Send a note to someone" to:t body:t>R _ t\nmain a:n>R _ t;c=clamp ┆a ┆0 ┆10;send ┆"bob" ┆"hi"',
      ['x:', 'lo:', 'hi:', 'to:', 'body:'],
      { bindingTypeHints: false },
    );
  });

  it('leaves out a builtin with one argument, and positions whose name depends on the overload', () => {
    // `len xs`: one argument. `has xs x` / `has s sub` and `slc xs from to` / `slc s from to`:
    // only the names every form of that arity agrees on are shown.
    expectHints('f ys:L n>L n;a=len ys;b=has ys 3;slc [1 2 3] ┆0 ┆2', ['from:', 'to:'], { bindingTypeHints: false });
  });

  it('a piped value has no hint (it stands before the callee); the other arguments do', () => {
    expectHints('add a:n b:n>n;+a b\nf x:n>n;x>>add ┆1', ['a:'], { bindingTypeHints: false });
  });

  it('names arguments of functions from a used file', () => {
    // ⟦⟧ marks where the hints go (one file may hold only one ┆).
    const ws = openMany({ 'lib.ilo': 'scale v:n k:n>n;*v k\n', 'main.ilo': 'use "lib.ilo"\nf>n;scale ⟦⟧3 ⟦⟧2' }, { open: ['main.ilo'] });
    const at = ws.file('main.ilo').ranges.map((r) => r.start);
    assert.deepEqual(hintTexts(ws.service.inlayHints(ws.uriOf('main.ilo'), WHOLE)), [`${at[0].line}:${at[0].character} v:`, `${at[1].line}:${at[1].character} k:`]);
  });

  it('can be turned off', () => {
    expectHints('area w:n h:n>n;*w h\nmain>n;area 3 4', [], { parameterNameHints: false });
  });
});

describe('inlay hints: binding types', () => {
  it('shows the inferred type after a bound name (tot: n)', () => {
    const hints = expectHints('area w:n h:n>n;*w h\nmain>n;tot┆=area ┆3 ┆4;*tot 2', [':n', 'w:', 'h:']);
    assert.equal(hints[0].kind, InlayHintKind.Type);
  });

  it('shows list, result and record types; nothing where the value says it or the type is unknown', () => {
    expectHints(
      [
        'type pt{x:n;y:n}',
        'f a:n r:_>R t t',
        '  xs┆=range 0 a',
        '  s┆=str a',
        '  p=pt x:1 y:2',
        '  q┆=p with x:a',
        '  k=5',
        '  u=r.name',
        '  v┆=num "5"',
        '  ~s',
      ].join('\n'),
      [':L n', ':t', ':pt', ':R n t'],
      { parameterNameHints: false },
    );
  });

  it('types loop variables and destructured fields; a rebinding gets no second hint', () => {
    expectHints('type pt{x:n;y:n}\nf ps:L pt>n;s=0;@p┆ ps{{x┆;y┆}=p;s=+s x};s', [':pt', ':n', ':n'], { parameterNameHints: false });
  });

  it('sees types of declarations from a used file', () => {
    const ws = openMany({ 'lib.ilo': 'type pt{x:n;y:n}\nmk a:n>pt;pt x:a y:a\n', 'main.ilo': 'use "lib.ilo"\nf>n;p┆=mk 1;p.x' }, { open: ['main.ilo'] });
    ws.service.configureDisplay({ parameterNameHints: false });
    const c = ws.file('main.ilo').cursors[0];
    assert.deepEqual(hintTexts(ws.service.inlayHints(ws.uriOf('main.ilo'), WHOLE)), [`${c.line}:${c.character} :pt`]);
  });

  it('can be turned off, and back on', () => {
    const { service, uri } = open('f a:n>n;b=+a 1;b');
    assert.equal(service.configureDisplay({ bindingTypeHints: false }), true);
    assert.deepEqual(hintTexts(service.inlayHints(uri, WHOLE)), []);
    assert.equal(service.configureDisplay({ bindingTypeHints: false }), false, 'nothing changed');
    service.configureDisplay({});
    assert.deepEqual(hintTexts(service.inlayHints(uri, WHOLE)), ['0:9 :n']);
  });

  it('only returns hints inside the requested range', () => {
    const { service, uri } = open('f a:n>n;b=+a 1;b\ng a:n>n;c=*a 2;c\nh a:n>n;d=-a 1;d');
    const hints = service.inlayHints(uri, { start: { line: 1, character: 0 }, end: { line: 1, character: 30 } });
    assert.deepEqual(hintTexts(hints), ['1:9 :n']);
  });
});
