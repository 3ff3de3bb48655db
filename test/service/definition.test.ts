// Go to definition through the LanguageService facade: locals, parameters,
// declarations, record fields and type names, here and across `use`.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { openAt, openMany } from './helpers';

test('go to definition: a local binding, a function, and a function in a used file', () => {
  const local = openAt('f x:n>n;⟦y⟧=+x 1;*y ┆y');
  const loc = local.service.definition(local.uri, local.pos);
  assert.deepEqual(loc?.range.start, { line: 0, character: 8 });
  assert.deepEqual(loc, { uri: local.uri, range: local.ranges[0] });

  const used = openMany({ 'lib.ilo': '-- helpers\n⟦twice⟧ n:n>n;*n 2\n', 'main.ilo': 'use "lib.ilo"\nrun n:n>n;tw┆ice n' });
  const target = used.service.definition(used.uri, used.pos);
  assert.equal(target?.uri, pathToFileURL(path.join(used.dir, 'lib.ilo')).toString());
  assert.deepEqual(target?.range.start, { line: 1, character: 0 });
  assert.deepEqual(target, used.locations()[0]);
});

test('go to definition: a parameter, a called function and a type name in a header', () => {
  const param = openAt('area ⟦w⟧:n h:n>n;*┆w h');
  assert.deepEqual(param.service.definition(param.uri, param.pos), { uri: param.uri, range: param.ranges[0] });

  const fn = openAt('⟦inc⟧ a:n>n;+a 1\ntwo a:n>n;in┆c inc a');
  assert.deepEqual(fn.service.definition(fn.uri, fn.pos), { uri: fn.uri, range: fn.ranges[0] });

  const type = openAt('type ⟦pt⟧{x:n;y:n}\nf p:p┆t>n;p.x');
  assert.deepEqual(type.service.definition(type.uri, type.pos), { uri: type.uri, range: type.ranges[0] });
});

test('go to definition on a field: from a dot access and from a record literal, to the field in the type', () => {
  const access = openAt('type pt{x:n;⟦y⟧:n}\nf p:pt>n;p.┆y');
  assert.deepEqual(access.service.definition(access.uri, access.pos), { uri: access.uri, range: access.ranges[0] });

  const literal = openAt('type pt{⟦x⟧:n;y:n}\nmk>pt;pt ┆x:1 y:2');
  assert.deepEqual(literal.service.definition(literal.uri, literal.pos), { uri: literal.uri, range: literal.ranges[0] });
});

test('go to definition on a field of a record declared in a used file opens that file', () => {
  const ws = openMany({
    'shapes.ilo': 'type pt{x:n;⟦y⟧:n}\n',
    'main.ilo': 'use "shapes.ilo"\nf p:pt>n;p.┆y',
  });
  assert.deepEqual(ws.service.definition(ws.uri, ws.pos), ws.locations()[0]);
});

test('go to definition follows `use` transitively to the file that declares the name', () => {
  const ws = openMany({
    'core.ilo': '⟦deep⟧ n:n>n;+n 1\n',
    'mid.ilo': 'use "core.ilo"\nmid n:n>n;deep n\n',
    'main.ilo': 'use "mid.ilo"\nrun n:n>n;de┆ep n',
  });
  assert.deepEqual(ws.diagnostics('main.ilo'), []);
  assert.deepEqual(ws.service.definition(ws.uri, ws.pos), ws.locations()[0]);
});

test('go to definition lands in the unsaved buffer of an open used file, not in its text on disk', () => {
  const ws = openMany({ 'lib.ilo': 'twice n:n>n;*n 2\n', 'main.ilo': 'use "lib.ilo"\nrun n:n>n;tw┆ice n' }, { open: ['lib.ilo', 'main.ilo'] });
  ws.edit('lib.ilo', '-- moved down\n\n⟦twice⟧ n:n>n;*n 2\n');
  assert.deepEqual(ws.service.definition(ws.uri, ws.pos), ws.locations()[0]);
});

test('a builtin has no definition to go to', () => {
  const { service, uri, pos } = openAt('f xs:L n>n;le┆n xs');
  assert.equal(service.definition(uri, pos), undefined);
});
