// Every way a rename is refused: an LSP ResponseError (RequestFailed) whose
// message says why, from prepareRename or rename, and no edit at all.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertRefused, openAt, openMany } from './helpers';

test('positions that are not renameable names: a string, a comment, a keyword, a builtin, an annotation, nothing declared', () => {
  const cases: Array<[string, RegExp]> = [
    ['f>t;"hello ┆world"', /inside a string/],
    ['tool get"Fetch ┆a page" url:t>R t t', /inside a string/],
    ['-- hello ┆world\nf>n;1', /comment/],
    ['f>n;i=0;┆wh <i 3{i=+i 1};i', /`wh` is a keyword/],
    ['f x:n>n;┆ret x', /`ret` is a keyword/],
    ['f xs:L n>n;l┆en xs', /`len` is a builtin: builtins cannot be renamed/],
    ['-- @param ┆uid the id\ntool get"Get" uid:t>R t t', /doc comment follows the parameter/],
    ['f>n;und┆efined-name', /does not name anything declared/],
    ['f x:n>n;+x 1; ┆ ', /no name here/],
  ];
  for (const [src, message] of cases) {
    const { service, uri, pos } = openAt(src);
    assertRefused(() => service.prepareRename(uri, pos), message);
    assertRefused(() => service.rename(uri, pos, 'other'), message);
  }
});

test('a field whose record type cannot be told, and a local named by destructuring, are not renamed from there', () => {
  const unknown = openAt('type a{v:n}\ntype b{v:n}\nf x:_>n;x.┆v');
  assertRefused(() => unknown.service.prepareRename(unknown.uri, unknown.pos), /cannot tell which record type's field `v`/);
  const destructured = openAt('type pt{x:n;y:n}\nf p:pt>n;{x;y}=p;+┆x y');
  assertRefused(() => destructured.service.rename(destructured.uri, destructured.pos, 'w'), /destructured from; rename the field instead/);
});

test('new names ilo does not accept: not an identifier, a reserved word or keyword, a builtin, a one-letter type', () => {
  const { service, uri, pos } = openAt('f x:n>n;*┆x 2');
  for (const bad of ['Foo', 'my_var', '1x', 'a--b', 'a-', '', 'a b', 'é']) assertRefused(() => service.rename(uri, pos, bad), /is not a valid ilo name/);
  for (const word of ['if', 'let', 'return', 'wh', 'ret', 'type', 'tool', 'with', 'true', 'nil']) assertRefused(() => service.rename(uri, pos, word), /is a reserved word/);
  for (const b of ['len', 'map', 'length']) assertRefused(() => service.rename(uri, pos, b), /is a builtin: it cannot name a parameter/);
  const type = openAt('type p┆t{x:n}\nf p:pt>n;p.x');
  assertRefused(() => type.service.rename(type.uri, type.pos, 'q'), /one-letter type name/);
});

test('a name already declared in the same scope is refused: functions, types, fields, locals, parameters', () => {
  const fn = openAt('tw┆ice n:n>n;*n 2\nquad n:n>n;*n 4');
  assertRefused(() => fn.service.rename(fn.uri, fn.pos, 'quad'), /`quad` is already declared/);
  const type = openAt('type p┆t{x:n}\ntype box{w:n}');
  assertRefused(() => type.service.rename(type.uri, type.pos, 'box'), /`box` is already declared/);
  const field = openAt('type pt{┆x:n;y:n}');
  assertRefused(() => field.service.rename(field.uri, field.pos, 'y'), /`pt` already has a field `y`/);
  const local = openAt('f a:n>n;b=+a 1;c=*b 2;+┆b c');
  assertRefused(() => local.service.rename(local.uri, local.pos, 'c'), /`c` is already a local in `f`/);
  assertRefused(() => local.service.rename(local.uri, local.pos, 'a'), /`a` is already a parameter in `f`/);
  const param = openAt('tool get"Get" ┆a:t b:t>R t t');
  assertRefused(() => param.service.rename(param.uri, param.pos, 'b'), /`b` is already a parameter in `get`/);
});

test('a name visible through `use` is refused, from either side of the import', () => {
  const ws = openMany({ 'lib.ilo': 'twice n:n>n;*n 2\n', 'main.ilo': 'use "lib.ilo"\nru┆n n:n>n;twice n\n' });
  assertRefused(() => ws.service.rename(ws.uri, ws.pos, 'twice'), /`twice` is already declared in lib\.ilo and visible in main\.ilo/);
  // Renaming the used function to a name its user declares would collide there.
  const back = openMany({ 'lib.ilo': 'tw┆ice n:n>n;*n 2\n', 'main.ilo': 'use "lib.ilo"\nrun n:n>n;twice n\n' }, { open: ['lib.ilo', 'main.ilo'] });
  assertRefused(() => back.service.rename(back.uri, back.pos, 'run'), /`run` is already declared and visible in main\.ilo/);
});

test('a rename that would be captured by a local, or hide a function, is refused', () => {
  const captured = openAt('g x:n>n;x\nf xs:L n>n;a=1;┆g a');
  assertRefused(() => captured.service.rename(captured.uri, captured.pos, 'a'), /`a` is already a local in `f` \(a\.ilo\), where function `g` is used/);
  const hiding = openAt('dbl x:n>n;*x 2\nf y:n>n;┆y');
  assertRefused(() => hiding.service.rename(hiding.uri, hiding.pos, 'dbl'), /`dbl` is a function visible here/);
});

test('a rename that would break a file, or silently change what a name refers to, is refused after checking the result', () => {
  // `xs.i` indexes the list while no record has a field `i`; renamed to `k`, a field of `pt`, it would read a field.
  const typed = openAt('type pt{k:n}\nf xs:L n ┆i:n>n;xs.i');
  assertRefused(() => typed.service.rename(typed.uri, typed.pos, 'k'), /renaming parameter `i` to `k` would break a\.ilo:2: '\.k' reads a record field/);
  // The same on a value of unknown type is no error, but `r.k` would no longer read `r` at `k`.
  const untyped = openAt('type pt{k:n}\nf r:_ ┆i:n>n;r.i');
  assertRefused(() => untyped.service.rename(untyped.uri, untyped.pos, 'k'), /renaming parameter `i` to `k` would change what `k` refers to at a\.ilo:2/);
});

test('a refused rename leaves every document as it was', () => {
  const ws = openMany({ 'lib.ilo': 'twice n:n>n;*n 2\n', 'main.ilo': 'use "lib.ilo"\nru┆n n:n>n;twice n\n' }, { open: 'all' });
  assertRefused(() => ws.service.rename(ws.uri, ws.pos, 'twice'), /already declared/);
  assert.equal(ws.service.getText(ws.uriOf('lib.ilo')), ws.file('lib.ilo').text);
  assert.equal(ws.service.getText(ws.uriOf('main.ilo')), ws.file('main.ilo').text);
});
