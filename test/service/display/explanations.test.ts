// Hover on an ILO-… diagnostic explains its code: meaning, wrong and right
// examples, the fix; together with what the hover says about the name there.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { hoverText, openAt } from '../helpers';
import { explain } from '../../../server/src/explain';

describe('explanations on diagnostics', () => {
  it('hovering an undefined call shows the explanation of ILO-T005', () => {
    const { service, uri, pos, diagnostics } = openAt('f x:n>n;d┆bl x');
    assert.deepEqual(diagnostics.map((d) => d.code), ['ILO-T005']);
    const text = hoverText(service, uri, pos);
    const e = explain('ILO-T005')!;
    assert.match(text, /\*\*ILO-T005\*\*: a call to an unknown function/);
    assert.ok(text.includes(e.meaning));
    assert.ok(text.includes('Wrong:\n```ilo\nf x:n>n;dbl x\n```'));
    assert.ok(text.includes('Right:\n```ilo\ndbl x:n>n;*x 2\nf x:n>n;dbl x\n```'));
    assert.ok(text.includes(`Fix: ${e.fix}`));
  });

  it('comes after the hover of the name under the cursor', () => {
    // ILO-T013 sits on the argument, a parameter of type t.
    const { service, uri, pos } = openAt('f x:t>n;abs ┆x');
    const text = hoverText(service, uri, pos);
    const local = text.indexOf('x:t');
    const explanation = text.indexOf('**ILO-T013**');
    assert.ok(local >= 0 && explanation > local, text);
    assert.match(text, /\n---\n/);
  });

  it('a parse error explains itself too', () => {
    const { service, uri, pos } = openAt('f user_┆id:n>n;1');
    assert.match(hoverText(service, uri, pos), /\*\*ILO-L002\*\*: underscore in a name/);
  });

  it('no explanation away from the diagnostic; our own codes are explained too', () => {
    const { service, uri, pos } = openAt('f x:n>n;dbl x\ng y:n>n;┆y');
    assert.doesNotMatch(hoverText(service, uri, pos), /ILO-T005/);
    const lint = openAt('tool g"Look a page up" ┆q:t>t');
    const h = lint.service.hover(lint.uri, lint.pos);
    const text = h ? JSON.stringify(h.contents) : '';
    assert.match(text, /\*\*one-letter-param\*\*: a one-letter parameter name on a tool/);
    assert.doesNotMatch(text, /ILO-/);
  });
});
