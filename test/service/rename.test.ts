// Rename through the LanguageService facade: one WorkspaceEdit over every
// file naming the symbol, tools keeping their wire names, fields renamed with
// their accesses and literals; every result re-analysed and still clean.
// Refusals (positions that are not renameable names, unacceptable new names,
// names already taken) are ResponseErrors, tested in renameRefusals.test.ts.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyWorkspaceEdit, errorCodesOf, openMany, type OpenManyOptions, type Workspace } from './helpers';

/** Renames at the ┆ of `files` and returns the texts after the edit (all files), checking they analyse without errors. */
function rename(files: Record<string, string>, newName: string, opts: OpenManyOptions = {}): { ws: Workspace; after: Record<string, string> } {
  const ws = openMany(files, opts);
  const names = Object.keys(files);
  const before = errorCodesOf(Object.fromEntries(names.map((n) => [n, ws.file(n).text])));
  for (const n of names) assert.deepEqual(before[n], [], `${n} is clean before the rename`);
  const after = applyWorkspaceEdit(ws, names, ws.service.rename(ws.uri, ws.pos, newName));
  const errors = errorCodesOf(after);
  for (const n of names) assert.deepEqual(errors[n], [], `${n} is clean after the rename:\n${after[n]}`);
  return { ws, after };
}

test('a function used across files: its declaration, the calls in every file that uses it, opened or not', () => {
  const { after } = rename(
    {
      'lib.ilo': 'twice n:n>n;*n 2\nquad n:n>n;twice twice n\n',
      'main.ilo': 'use "lib.ilo"\nrun n:n>n;tw┆ice n\n',
      'other.ilo': 'use "lib.ilo" [twice]\nfour n:n>n;a=twice n;b=twice n;+a b\n',
      'unrelated.ilo': 'twice n:n>n;+n n\n',
    },
    'double',
    { workspaceFolder: true },
  );
  assert.deepEqual(after, {
    'lib.ilo': 'double n:n>n;*n 2\nquad n:n>n;double double n\n',
    'main.ilo': 'use "lib.ilo"\nrun n:n>n;double n\n',
    'other.ilo': 'use "lib.ilo" [double]\nfour n:n>n;a=double n;b=double n;+a b\n',
    'unrelated.ilo': 'twice n:n>n;+n n\n',
  });
});

test('a local that shadows a function is renamed alone; the function is renamed without touching the local', () => {
  const src = 'dbl x:n>n;*x 2\nrun y:n>n;dbl=+y 1;dbl\nmore y:n>n;dbl y\n';
  const local = rename({ 'a.ilo': src.replace('dbl=+y 1;dbl', 'dbl=+y 1;d┆bl') }, 'val');
  assert.equal(local.after['a.ilo'], 'dbl x:n>n;*x 2\nrun y:n>n;val=+y 1;val\nmore y:n>n;dbl y\n');
  const fn = rename({ 'a.ilo': src.replace('dbl y', 'd┆bl y') }, 'twice');
  assert.equal(fn.after['a.ilo'], 'twice x:n>n;*x 2\nrun y:n>n;dbl=+y 1;dbl\nmore y:n>n;twice y\n');
});

test('names in strings and comments are left alone', () => {
  const { after } = rename({ 'a.ilo': '-- greet says hello: call greet with a name\ngreet n:t>t;+"greet " n\nmain>t;gr┆eet "greet"\n' }, 'hello');
  assert.equal(after['a.ilo'], '-- greet says hello: call greet with a name\nhello n:t>t;+"greet " n\nmain>t;hello "greet"\n');
});

test('parameters and locals: every use in their scope, a lambda capturing them included, nothing outside', () => {
  const param = rename({ 'a.ilo': 'f th┆r:n xs:L n>L n;flt (x:n>b;>x thr) xs\ng thr:n>n;thr\n' }, 'limit');
  assert.equal(param.after['a.ilo'], 'f limit:n xs:L n>L n;flt (x:n>b;>x limit) xs\ng thr:n>n;thr\n');
  const loop = rename({ 'a.ilo': 'f xs:L n>n;s=0;@x xs{s=+s x};┆s\n' }, 'total');
  assert.equal(loop.after['a.ilo'], 'f xs:L n>n;total=0;@x xs{total=+total x};total\n');
  const described = rename({ 'a.ilo': '-- @param n how many\n-- @schema n {"minimum": 0}\nf ┆n:n>n;*n 2\n' }, 'count');
  assert.equal(described.after['a.ilo'], '-- @param count how many\n-- @schema count {"minimum": 0}\nf count:n>n;*count 2\n');
});

test('a record type: headers, literals, nested types, aliases, across `use` and in a scoped `use` list', () => {
  const { after } = rename(
    {
      'shapes.ilo': 'type pt{x:n;y:n}\nalias pts L pt\n',
      'main.ilo': 'use "shapes.ilo" [pt pts]\nmk a:n>p┆t;pt x:a y:a\nfirst ps:pts>O pt;hd ps\n',
    },
    'point',
  );
  assert.deepEqual(after, {
    'shapes.ilo': 'type point{x:n;y:n}\nalias pts L point\n',
    'main.ilo': 'use "shapes.ilo" [point pts]\nmk a:n>point;point x:a y:a\nfirst ps:pts>O point;hd ps\n',
  });
});

test('a field: accesses, record literals, `with`, destructuring (with the binding) and @field; another type\'s field stays', () => {
  const { after } = rename(
    {
      'a.ilo': [
        '-- @field x=horiz the horizontal part',
        '-- @schema x {"minimum": 0}',
        'type pt{x:n;y:n}',
        'type box{x:n;w:n}',
        'mk a:n>pt;pt x:a y:0',
        'f p:pt b:box>n;q=p with x:1;{x;y}=q;+p.┆x +x b.x',
        '',
      ].join('\n'),
    },
    'lon',
  );
  assert.equal(
    after['a.ilo'],
    [
      '-- @field lon=horiz the horizontal part',
      '-- @schema lon {"minimum": 0}',
      'type pt{lon:n;y:n}',
      'type box{x:n;w:n}',
      'mk a:n>pt;pt lon:a y:0',
      'f p:pt b:box>n;q=p with lon:1;{lon;y}=q;+p.lon +lon b.x',
      '',
    ].join('\n'),
  );
});

test('renaming a tool keeps its wire name with `-- @wire OLD`: the MCP export is byte-identical', () => {
  const files = {
    'tools.ilo': '-- Looks a user up.\n-- @param uid the user id\ntool get-user"Get a user" uid:t>R t t timeout:5\n',
    'main.ilo': 'use "tools.ilo"\nwelcome u:t>R t t;n=ge┆t-user! u;~n\n',
  };
  const { ws, after } = rename(files, 'fetch-user', { open: 'all' });
  assert.equal(after['tools.ilo'], '-- Looks a user up.\n-- @param uid the user id\n-- @wire get-user\ntool fetch-user"Get a user" uid:t>R t t timeout:5\n');
  assert.equal(after['main.ilo'], 'use "tools.ilo"\nwelcome u:t>R t t;n=fetch-user! u;~n\n');

  const before = ws.service.exportTools(ws.uriOf('main.ilo'), 'mcp')?.content;
  assert.ok(before?.includes('"get-user"'));
  ws.edit('tools.ilo', after['tools.ilo']);
  ws.edit('main.ilo', after['main.ilo']);
  assert.equal(ws.service.exportTools(ws.uriOf('main.ilo'), 'mcp')?.content, before);
});

test('a tool that has a @wire keeps it and gets no second one; a tool sharing a line moves to its own', () => {
  const wired = rename({ 'a.ilo': '-- @wire get_user\ntool get-u┆ser"Get a user" uid:t>R t t\n' }, 'fetch-user');
  assert.equal(wired.after['a.ilo'], '-- @wire get_user\ntool fetch-user"Get a user" uid:t>R t t\n');

  const files = { 'a.ilo': 'one>n;1 tool pi┆ng"Ping a host" host:t>R t t\nrun h:t>R t t;ping h\n' };
  const { ws, after } = rename(files, 'probe', { open: 'all' });
  assert.equal(after['a.ilo'], 'one>n;1\n-- @wire ping\ntool probe"Ping a host" host:t>R t t\nrun h:t>R t t;probe h\n');
  const before = ws.service.exportTools(ws.uriOf('a.ilo'), 'mcp')?.content;
  ws.edit('a.ilo', after['a.ilo']);
  assert.equal(ws.service.exportTools(ws.uriOf('a.ilo'), 'mcp')?.content, before);
});

test('renaming a tool parameter keeps its JSON property name with `@param NEW=OLD`', () => {
  const described = { 'a.ilo': '-- @param uid the user id\n-- @schema uid {"minLength": 1}\ntool get-user"Get a user" u┆id:t>R t t\n' };
  const { ws, after } = rename(described, 'user', { open: 'all' });
  assert.equal(after['a.ilo'], '-- @param user=uid the user id\n-- @schema user {"minLength": 1}\ntool get-user"Get a user" user:t>R t t\n');
  const before = ws.service.exportTools(ws.uriOf('a.ilo'), 'mcp')?.content;
  ws.edit('a.ilo', after['a.ilo']);
  assert.equal(ws.service.exportTools(ws.uriOf('a.ilo'), 'mcp')?.content, before);

  const bare = rename({ 'a.ilo': 'tool get-user"Get a user" u┆id:t>R t t\n' }, 'user');
  assert.equal(bare.after['a.ilo'], '-- @param user=uid\ntool get-user"Get a user" user:t>R t t\n');
  const wired = rename({ 'a.ilo': '-- @param uid=userId the id\ntool get-user"Get a user" u┆id:t>R t t\n' }, 'user');
  assert.equal(wired.after['a.ilo'], '-- @param user=userId the id\ntool get-user"Get a user" user:t>R t t\n');
});

test('prepareRename gives the name under the cursor and its range, from a use or a declaration', () => {
  const ws = openMany({ 'lib.ilo': 'twice n:n>n;*n 2\n', 'main.ilo': 'use "lib.ilo"\nrun n:n>n;⟦tw┆ice⟧ n\n' });
  assert.deepEqual(ws.service.prepareRename(ws.uri, ws.pos), { range: ws.file('main.ilo').ranges[0], placeholder: 'twice' });
  const decl = openMany({ 'a.ilo': 'type ⟦p┆t⟧{x:n}\n' });
  assert.deepEqual(decl.service.prepareRename(decl.uri, decl.pos), { range: decl.file('a.ilo').ranges[0], placeholder: 'pt' });
});

test('renaming to the same name edits nothing', () => {
  const ws = openMany({ 'a.ilo': 'f x:n>n;*┆x 2\n' });
  assert.deepEqual(ws.service.rename(ws.uri, ws.pos, 'x'), { changes: {} });
});

test('a rename can start from the name list of a scoped `use`', () => {
  const { after } = rename(
    {
      'tools.ilo': 'tool fetch"Fetch a page" url:t>R t t\n',
      'main.ilo': 'use "tools.ilo" [fe┆tch]\nrun u:t>R t t;fetch u\n',
    },
    'download',
  );
  assert.deepEqual(after, {
    'tools.ilo': '-- @wire fetch\ntool download"Fetch a page" url:t>R t t\n',
    'main.ilo': 'use "tools.ilo" [download]\nrun u:t>R t t;download u\n',
  });
});
