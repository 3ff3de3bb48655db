// The ohm lexical grammar and the lexer's context rules.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lexItems } from '../../server/src/syntax/grammar';
import { lex } from '../../server/src/syntax/lexer';

const kinds = (src: string): string[] => lex(src).tokens.map((t) => (t.kind === 'ident' ? `id:${t.text}` : t.kind));

test('the ohm grammar splits text into items, longest match first; blanks and comments are dropped', () => {
  const src = 'f>=x "a;b" -2 --c';
  assert.deepEqual(
    lexItems(src).map((i) => `${i.kind}:${src.slice(i.start, i.end)}`),
    ['word:f', 'op:>=', 'word:x', 'text:"a;b"', 'number:-2'],
  );
});

test('keywords are words classified after matching: `types` is a name, `type` a keyword', () => {
  assert.deepEqual(kinds('type types nil nils'), ['type', 'id:types', 'nil', 'id:nils']);
});

test('type constructors glue to what follows (`Ln` is `L n`); after a dot any key is a field name', () => {
  assert.deepEqual(kinds('x:Ln'), ['id:x', ':', 'L', 'id:n']);
  assert.deepEqual(kinds('r.userId r.type r.user_name r.URL'), [
    'id:r', '.', 'id:userId', 'id:r', '.', 'id:type', 'id:r', '.', 'id:user_name', 'id:r', '.', 'id:URL',
  ]);
});

test('a glued negative literal splits where an expression starts, not after a value', () => {
  assert.deepEqual(kinds('x=-3'), ['id:x', '=', '-', 'number']);
  assert.deepEqual(kinds('f x -3'), ['id:f', 'id:x', 'number']);
});

test('`xs.0.1` is two index steps, not the number 0.1', () => {
  assert.deepEqual(kinds('xs.0.1'), ['id:xs', '.', 'number', '.', 'number']);
});

test('newlines: indented lines become `;`, column-0 lines stay boundaries, comments vanish', () => {
  assert.deepEqual(kinds('f>n\n  a=1 -- note\n  a\ng>n;1'), [
    'id:f', '>', 'id:n', ';', 'id:a', '=', 'number', ';', 'id:a', 'newline', 'id:g', '>', 'id:n', ';', 'number',
  ]);
});

test('token offsets point into the original text, across removed indentation', () => {
  const src = 'f>n\n    abc';
  const t = lex(src).tokens.find((x) => x.text === 'abc');
  assert.equal(t?.start, src.indexOf('abc'));
});
