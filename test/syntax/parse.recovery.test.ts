// A broken declaration must not hide the errors or symbols of the others.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseIlo } from '../../server/src/syntax/parse';
import type * as A from '../../server/src/syntax/ast';
import { codesAt } from './helpers';

test('two broken declarations give two errors; the good ones keep their symbols', () => {
  const src = ['good1 x:n>n;+x 1', 'bad1 x:n>n;y=)', 'good2>t;"ok"', 'bad2 x:n n;x', 'good3 a:t>t;a'].join('\n');
  assert.deepEqual(codesAt(src), ['ILO-P009 2:14', 'ILO-P003 4:10']);
  const r = parseIlo(src);
  const names = r.program.decls.map((d) =>
    d.kind === 'FunctionDecl' ? d.name.text : d.kind === 'ErrorDecl' ? `ErrorDecl:${d.name?.text ?? '?'}` : d.kind,
  );
  assert.ok(names.includes('good1'));
  assert.ok(names.includes('good2'));
  assert.ok(names.includes('good3'));
  assert.ok(names.includes('ErrorDecl:bad1'));
  assert.ok(names.includes('ErrorDecl:bad2'));
});

test('a function whose body fails keeps its header in an ErrorDecl', () => {
  const src = 'calc a:n b:n>R n t;x=)\nok>n;1';
  const r = parseIlo(src);
  const err = r.program.decls.find((d): d is A.ErrorDecl => d.kind === 'ErrorDecl');
  assert.ok(err);
  assert.equal(err.intended, 'function');
  assert.equal(err.name?.text, 'calc');
  assert.deepEqual(err.params?.map((p) => p.name.text), ['a', 'b']);
  assert.equal(err.returnType?.kind, 'ResultType');
  assert.ok(r.program.decls.some((d) => d.kind === 'FunctionDecl' && d.name.text === 'ok'));
});

test('a lexical error in one declaration does not hide the others', () => {
  const src = ['first>n;badName=1;2', '', 'second x:n>n;y=)', '', 'third>n;3'].join('\n');
  const codes = codesAt(src);
  assert.equal(codes[0], 'ILO-L003 1:9');
  assert.ok(codes.includes('ILO-P009 3:16'), codes.join(','));
  const r = parseIlo(src);
  assert.ok(r.program.decls.some((d) => d.kind === 'FunctionDecl' && d.name.text === 'third'));
});

test('a header cut off at a line break does not swallow the next declaration', () => {
  const src = 'half x:n\nwhole y:n>n;y';
  assert.deepEqual(codesAt(src), ['ILO-P020 1:1']);
  const r = parseIlo(src);
  assert.ok(r.program.decls.some((d) => d.kind === 'FunctionDecl' && d.name.text === 'whole'));
});
