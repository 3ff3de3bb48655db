// Find references through the LanguageService facade: functions, tools,
// record types, aliases, fields, parameters and locals; shadowing, strings
// and comments; across `use`d files and the workspace's files that use the
// declaring file (opened or not).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openAt, openMany, sortedLocations } from './helpers';

test('a function: its declaration, its calls here, in the used file and in a workspace file that is not open', () => {
  const ws = openMany(
    {
      'lib.ilo': '⟦twice⟧ n:n>n;*n 2\nquad n:n>n;⟦twice⟧ ⟦twice⟧ n\n',
      'main.ilo': 'use "lib.ilo"\nrun n:n>n;tw┆ice n\n'.replace('tw┆ice', '⟦tw┆ice⟧'),
      'other.ilo': 'use "lib.ilo"\nfour n:n>n;a=⟦twice⟧ n;b=⟦twice⟧ n;+a b\n',
      'unrelated.ilo': 'twice n:n>n;+n n\nx>n;twice 1\n',
    },
    { workspaceFolder: true },
  );
  const all = ws.service.references(ws.uri, ws.pos, true);
  assert.deepEqual(sortedLocations(all), sortedLocations(ws.locations()));
  // Without the declaration: the same minus `twice` in lib.ilo's first line.
  const uses = ws.service.references(ws.uri, ws.pos, false);
  const isDeclaration = (l: { uri: string; range: { start: { line: number } } }): boolean => l.uri === ws.uriOf('lib.ilo') && l.range.start.line === 0;
  assert.equal(ws.locations().filter(isDeclaration).length, 1);
  assert.deepEqual(sortedLocations(uses), sortedLocations(ws.locations().filter((l) => !isDeclaration(l))));
});

test('a local that shadows a function refers to the local, and the function has no reference to it', () => {
  const src = '⟦dbl⟧ x:n>n;*x 2\nrun y:n>n;dbl=+y 1;dbl\nmore y:n>n;⟦dbl⟧ y';
  const onLocal = openAt('dbl x:n>n;*x 2\nrun y:n>n;⟦dbl⟧=+y 1;⟦d┆bl⟧\nmore y:n>n;dbl y');
  assert.deepEqual(onLocal.service.references(onLocal.uri, onLocal.pos, true).map((l) => l.range), onLocal.ranges);
  const onFn = openAt(src.replace('⟦dbl⟧ y', '⟦d┆bl⟧ y'));
  assert.deepEqual(onFn.service.references(onFn.uri, onFn.pos, true).map((l) => l.range), onFn.ranges);
});

test('names inside strings and comments are not references', () => {
  const { service, uri, pos, ranges } = openAt(
    '-- greet says hello: call greet with a name\n⟦greet⟧ n:t>t;+"greet " n\nmain>t;⟦gr┆eet⟧ "greet"\n',
  );
  assert.deepEqual(service.references(uri, pos, true).map((l) => l.range), ranges);
});

test('a field: its declaration, dot accesses, record literals, `with` and destructuring — not a same-named field of another type', () => {
  const { service, uri, pos, ranges } = openAt(
    [
      '-- @field x the horizontal part',
      'type pt{⟦x⟧:n;y:n}',
      'type box{x:n;w:n}',
      'mk a:n>pt;pt ⟦x⟧:a y:0',
      'f p:pt b:box>n;q=p with ⟦x⟧:1;{⟦x⟧;y}=q;+p.⟦┆x⟧ b.x',
    ].join('\n'),
  );
  assert.deepEqual(service.references(uri, pos, true).map((l) => l.range), ranges);
});

test('parameters and locals: a loop variable of the same name is another variable; rebinding is a use', () => {
  const param = openAt('f ⟦xs⟧:L n>n;s=0;@x ⟦xs⟧{s=+s x};+s len ⟦x┆s⟧');
  assert.deepEqual(param.service.references(param.uri, param.pos, true).map((l) => l.range), param.ranges);

  const outer = openAt('f xs:L n>n;⟦i⟧=0;@i xs{prnt i};⟦i⟧=+⟦i⟧ 1;⟦┆i⟧');
  assert.deepEqual(outer.service.references(outer.uri, outer.pos, true).map((l) => l.range), outer.ranges);
  // Without the declaration the rebinding stays: it is a write, not the declaration.
  assert.deepEqual(outer.service.references(outer.uri, outer.pos, false).map((l) => l.range), outer.ranges.slice(1));

  const loop = openAt('f xs:L n>n;i=0;@⟦i⟧ xs{prnt ⟦┆i⟧};i');
  assert.deepEqual(loop.service.references(loop.uri, loop.pos, true).map((l) => l.range), loop.ranges);
});

test('a lambda reads a captured parameter of its function; its own parameter is its own', () => {
  const captured = openAt('f ⟦thr⟧:n xs:L n>L n;flt (x:n>b;>x ⟦t┆hr⟧) xs');
  assert.deepEqual(captured.service.references(captured.uri, captured.pos, true).map((l) => l.range), captured.ranges);
  const own = openAt('f x:n xs:L n>L n;flt (⟦x⟧:n>b;>⟦┆x⟧ 0) xs');
  assert.deepEqual(own.service.references(own.uri, own.pos, true).map((l) => l.range), own.ranges);
});

test('`xs.i` with `i` a local indexes the list: it is a reference to the local', () => {
  const { service, uri, pos, ranges } = openAt('f xs:L n ⟦i⟧:n>n;xs.⟦┆i⟧');
  assert.deepEqual(service.references(uri, pos, true).map((l) => l.range), ranges);
});

test('record types and aliases: headers, nested types, record literals, across `use`', () => {
  const ws = openMany({
    'shapes.ilo': 'type ⟦pt⟧{x:n;y:n}\nalias pts L ⟦pt⟧\n',
    'main.ilo': 'use "shapes.ilo"\nmk a:n>⟦p┆t⟧;⟦pt⟧ x:a y:a\nfirst ps:pts>O ⟦pt⟧;hd ps\n',
  });
  assert.deepEqual(sortedLocations(ws.service.references(ws.uri, ws.pos, true)), sortedLocations(ws.locations()));

  const alias = openAt('alias ⟦ids⟧ L t\nf a:⟦i┆ds⟧>n;len a\ng>⟦ids⟧;[]');
  assert.deepEqual(alias.service.references(alias.uri, alias.pos, true).map((l) => l.range), alias.ranges);
});

test('a tool: its declaration, the name list of a scoped `use`, and its calls; not its description or @wire', () => {
  const ws = openMany({
    'tools.ilo': '-- @wire fetch-it\ntool ⟦fetch⟧"fetch a page" url:t>R t t\n',
    'main.ilo': 'use "tools.ilo" [⟦fetch⟧]\nrun u:t>R t t;⟦fe┆tch⟧! u\n',
  });
  assert.deepEqual(sortedLocations(ws.service.references(ws.uri, ws.pos, true)), sortedLocations(ws.locations()));
});

test('a builtin: its uses in the file, long forms included', () => {
  const { service, uri, pos, ranges } = openAt('f xs:L n>n;+⟦l┆en⟧ xs ⟦length⟧ xs\ng s:t>n;⟦len⟧ s');
  assert.deepEqual(service.references(uri, pos, true).map((l) => l.range), ranges);
});

test('no references from a comment, a string, a keyword, or between names', () => {
  for (const src of ['-- f ┆x\nf x:n>n;x', 'f>t;"┆x"', 'f x:n>n;i=0;┆wh <i x{i=+i 1};i', 'f x:n>n;+x 1; ┆ ']) {
    const { service, uri, pos } = openAt(src);
    assert.deepEqual(service.references(uri, pos, true), [], src);
  }
});

test('definition and references agree at every name: the definition is the one declaration among the references', () => {
  const ws = openMany({
    'lib.ilo': 'type pt{x:n;y:n}\ntwice n:n>n;*n 2\n',
    'main.ilo': [
      'use "lib.ilo"',
      '-- @param p the point',
      'run p:pt xs:L n>n;q=p with x:twice p.y;{x;y}=q;s=0;@v xs{s=+s v};+s +x y',
      'pick xs:L n i:n>n;g=(k:n>n;+k i);g xs.i',
      'mk a:n>pt;pt x:a y:a',
      '',
    ].join('\n'),
  });
  const uri = ws.uriOf('main.ilo');
  const text = ws.file('main.ilo').text;
  const lines = text.split('\n');
  let checked = 0;
  for (let line = 0; line < lines.length; line++) {
    for (let character = 0; character <= lines[line].length; character++) {
      const pos = { line, character };
      const def = ws.service.definition(uri, pos);
      if (!def) continue;
      const key = (l: { uri: string; range: unknown }): string => JSON.stringify([l.uri, l.range]);
      const all = ws.service.references(uri, pos, true).map(key);
      const uses = ws.service.references(uri, pos, false).map(key);
      assert.ok(all.includes(key(def)), `the definition at ${line}:${character} is among its references`);
      assert.ok(!uses.includes(key(def)), `without the declaration, ${line}:${character} does not list it`);
      assert.equal(all.length - uses.length, 1, `one declaration for the name at ${line}:${character}`);
      checked++;
    }
  }
  assert.ok(checked > 60, `checked ${checked} positions`);
});

test('a name written in parentheses is a reference, and renaming renames it there too', () => {
  const { service, uri, pos, ranges } = openAt('⟦dbl⟧ x:n>n;*x 2\nap f:F n n x:n>n;f x\nrun>n;ap (⟦dbl⟧) 1\nrun2>n;ap ( ⟦d┆bl⟧ ) 2\n');
  assert.deepEqual(service.references(uri, pos, true).map((l) => l.range), ranges);
  const edit = service.rename(uri, pos, 'twice');
  const edits = Object.values(edit?.changes ?? {}).flat();
  assert.deepEqual(edits.map((e) => e.range), ranges);
});
