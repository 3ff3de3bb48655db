// Document links: the path of a `use` opens the file it names.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { open, openMany } from '../helpers';

describe('document links on use', () => {
  it('links the path between the quotes to the used file', () => {
    const ws = openMany(
      {
        'lib/math.ilo': 'dbl x:n>n;*x 2\n',
        'main.ilo': 'use "⟦lib/math.ilo⟧"\n-- two uses\nuse "⟦lib/math.ilo⟧" [dbl]\nf x:n>n;dbl x',
      },
      { open: ['main.ilo'] },
    );
    const links = ws.service.documentLinks(ws.uriOf('main.ilo'));
    assert.deepEqual(
      links.map((l) => l.range),
      ws.file('main.ilo').ranges,
    );
    for (const l of links) {
      assert.equal(l.target, ws.uriOf('lib/math.ilo'));
      assert.equal(l.tooltip, 'Open lib/math.ilo');
    }
  });

  it('resolves against the folder of the importing file', () => {
    const ws = openMany({ 'a/b.ilo': 'use "../c.ilo"\nf>n;g()', 'c.ilo': 'g>n;1\n' }, { open: ['a/b.ilo'] });
    assert.deepEqual(ws.service.documentLinks(ws.uriOf('a/b.ilo')).map((l) => l.target), [ws.uriOf('c.ilo')]);
  });

  it('no link to a file that does not exist, nor from an untitled buffer', () => {
    const ws = openMany({ 'main.ilo': 'use "nowhere.ilo"\nf>n;1' }, { open: ['main.ilo'] });
    assert.deepEqual(ws.service.documentLinks(ws.uriOf('main.ilo')), []);
    const untitled = open('use "lib.ilo"\nf>n;1', { uri: 'untitled:Untitled-1' });
    assert.deepEqual(untitled.service.documentLinks(untitled.uri), []);
  });

  it('an open but unsaved file counts as existing', () => {
    const ws = openMany({ 'main.ilo': 'use "draft.ilo"\nf>n;1' }, { open: ['main.ilo'] });
    const draft = ws.uriOf('main.ilo').replace(/main\.ilo$/, 'draft.ilo');
    ws.service.setDocument(draft, 'g>n;2', 1);
    assert.deepEqual(ws.service.documentLinks(ws.uriOf('main.ilo')).map((l) => l.target), [draft]);
  });
});
