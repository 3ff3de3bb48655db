// Completion through the LanguageService facade: what is offered depends on
// where the cursor is (after a dot, in a header, at the start of a line, in
// a body) and on what the file and the files it uses declare.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CompletionItemKind, InsertTextFormat } from 'vscode-languageserver';
import { completionLabels, openAt, openMany } from './helpers';

test('completion offers locals, declared functions and builtins; fields after a dot', () => {
  const { service, uri, pos } = openAt('type pt{x:n;y:n}\nhelper a:n>n;+a 1\nf p:pt>n;q=p.x;┆');
  const labels = service.completion(uri, pos).map((c) => c.label);
  for (const expected of ['p', 'q', 'helper', 'len', 'wh']) assert.ok(labels.includes(expected), `${expected} offered`);
  const dot = openAt('type pt{x:n;y:n}\nf p:pt>n;p.┆');
  assert.deepEqual(dot.service.completion(dot.uri, dot.pos).map((c) => c.label).sort(), ['x', 'y']);
});

test('names declared in a used file are offered with that file named beside them', () => {
  const ws = openMany({
    'lib.ilo': 'twice n:n>n;*n 2\ntype pt{x:n;y:n}\n',
    'main.ilo': 'use "lib.ilo"\nrun n:n>n;┆',
  });
  const items = ws.service.completion(ws.uri, ws.pos);
  const twice = items.find((c) => c.label === 'twice');
  assert.ok(twice, 'twice offered');
  assert.equal(twice.kind, CompletionItemKind.Function);
  assert.equal(twice.detail, 'twice n:n>n');
  assert.equal(twice.labelDetails?.description, 'lib.ilo');
  const run = items.find((c) => c.label === 'run');
  assert.equal(run?.labelDetails, undefined, 'a name of the file itself has no file beside it');
});

test('after a dot, the fields of a record declared in a used file are offered', () => {
  const ws = openMany({
    'shapes.ilo': 'type box{w:n;h:n;lbl:t}\n',
    'main.ilo': 'use "shapes.ilo"\nf b:box>n;b.┆',
  });
  assert.deepEqual(completionLabels(ws.service, ws.uri, ws.pos).sort(), ['h', 'lbl', 'w']);
});

test('a scoped `use` offers only the names it lists', () => {
  const ws = openMany({
    'lib.ilo': 'twice n:n>n;*n 2\nthrice n:n>n;*n 3\n',
    'main.ilo': 'use "lib.ilo" [twice]\nrun n:n>n;┆',
  });
  const labels = completionLabels(ws.service, ws.uri, ws.pos);
  assert.ok(labels.includes('twice'));
  assert.ok(!labels.includes('thrice'), 'thrice is not imported');
});

test('in a declaration header, after `:` or `>`, types are offered: the type letters and the records and aliases in scope', () => {
  const param = openAt('type pt{x:n;y:n}\nalias ids L t\nhelper a:n>n;+a 1\nf a:┆');
  const labels = completionLabels(param.service, param.uri, param.pos);
  assert.deepEqual(labels, ['n', 't', 'b', '_', 'L', 'O', 'R', 'M', 'S', 'F', 'pt', 'ids']);

  const ret = openAt('type pt{x:n;y:n}\nf a:n>┆');
  const items = ret.service.completion(ret.uri, ret.pos);
  assert.equal(items.find((c) => c.label === 'pt')?.detail, 'type pt{x:n;y:n}');
  assert.ok(!items.some((c) => c.label === 'len' || c.label === 'f'), 'no builtins or functions where a type goes');
});

test('at the start of a line the declaration keywords are offered as snippets; inside a body they are not', () => {
  const start = openAt('f a:n>n;a\n┆');
  const tool = start.service.completion(start.uri, start.pos).find((c) => c.label === 'tool');
  assert.ok(tool, 'tool offered at the start of a line');
  assert.equal(tool.kind, CompletionItemKind.Keyword);
  assert.equal(tool.insertTextFormat, InsertTextFormat.Snippet);
  assert.match(tool.insertText ?? '', /^tool \$\{1:name\}"/);

  const body = openAt('f a:n>n;b=1;┆');
  const labels = completionLabels(body.service, body.uri, body.pos);
  for (const keyword of ['type', 'tool', 'use', 'alias']) assert.ok(!labels.includes(keyword), `${keyword} not offered in a body`);
});

test('locals bound later in the body are not offered yet', () => {
  const { service, uri, pos } = openAt('f a:n>n;b=1;x=+b ┆a;late=3;late');
  const labels = completionLabels(service, uri, pos);
  assert.ok(labels.includes('a') && labels.includes('b'));
  assert.ok(!labels.includes('late'), 'late is bound after the cursor');
});

test('a decimal point is not a field access', () => {
  const { service, uri, pos } = openAt('type pt{x:n;y:n}\nf>n;x=1.┆');
  const labels = completionLabels(service, uri, pos);
  assert.ok(!labels.includes('y'), 'no field names after `1.`');
  assert.ok(labels.includes('len'), 'the usual names instead');
});
