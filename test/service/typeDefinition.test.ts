// Go to type definition through the facade: from a parameter, a local
// binding or a field to the record type (or alias) of its type.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openAt, openMany } from './helpers';

test('a parameter of a record type goes to the type; so does a list of it', () => {
  const param = openAt('type ⟦pt⟧{x:n;y:n}\nf ┆p:pt>n;p.x');
  assert.deepEqual(param.service.typeDefinition(param.uri, param.pos), [{ uri: param.uri, range: param.ranges[0] }]);
  const list = openAt('type ⟦pt⟧{x:n;y:n}\nf ps:L pt>n;len p┆s');
  assert.deepEqual(list.service.typeDefinition(list.uri, list.pos), [{ uri: list.uri, range: list.ranges[0] }]);
});

test('a local binding: from a record literal, from a function returning the record, from a field of record type', () => {
  const literal = openAt('type ⟦pt⟧{x:n;y:n}\nf a:n>n;q=pt x:a y:a;┆q.x');
  assert.deepEqual(literal.service.typeDefinition(literal.uri, literal.pos), [{ uri: literal.uri, range: literal.ranges[0] }]);
  const returned = openAt('type ⟦pt⟧{x:n;y:n}\nmk a:n>R pt t;~pt x:a y:a\nf a:n>R n t;q=mk! a;~┆q.y');
  assert.deepEqual(returned.service.typeDefinition(returned.uri, returned.pos), [{ uri: returned.uri, range: returned.ranges[0] }]);
  const nested = openAt('type ⟦pt⟧{x:n;y:n}\ntype seg{a:pt;b:pt}\nf s:seg>n;e=s.b;┆e.x');
  assert.deepEqual(nested.service.typeDefinition(nested.uri, nested.pos), [{ uri: nested.uri, range: nested.ranges[0] }]);
});

test('a parameter whose type is an alias goes to the alias; a record declared in a used file opens that file', () => {
  const alias = openAt('alias ⟦ids⟧ L t\nf ┆a:ids>n;len a');
  assert.deepEqual(alias.service.typeDefinition(alias.uri, alias.pos), [{ uri: alias.uri, range: alias.ranges[0] }]);
  const ws = openMany({ 'shapes.ilo': 'type ⟦pt⟧{x:n;y:n}\n', 'main.ilo': 'use "shapes.ilo"\nf p:pt>n;┆p.y' });
  assert.deepEqual(ws.service.typeDefinition(ws.uri, ws.pos), ws.locations());
});

test('a number, a text or a builtin has no type definition to go to', () => {
  for (const src of ['f ┆a:n>n;a', 'f a:t>t;s=a;┆s', 'f xs:L n>n;┆len xs']) {
    const { service, uri, pos } = openAt(src);
    assert.deepEqual(service.typeDefinition(uri, pos), [], src);
  }
});
