// The ohm lexical grammar and the lexer's context rules.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compileLexicalGrammar, lexItems } from '../../server/src/syntax/grammar';
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

/** Items of one whole ohm match of the lexical grammar, with no cutting into pieces. */
function wholeMatchItems(text: string): string[] {
  const g = compileLexicalGrammar();
  const sem = g.createSemantics().addOperation('items', {
    chunk(iter) {
      return iter.children
        .filter((c) => c.ctorName !== 'blank' && c.ctorName !== 'comment')
        .map((c) => `${c.ctorName}@${c.source.startIdx}-${c.source.endIdx}`);
    },
  });
  return sem(g.match(text, 'chunk')).items() as string[];
}

test('a long run with no blank, `;` or newline (base64, say) lexes as one ohm match would', () => {
  // Seeded pseudo-random runs over the characters of base64 and of ilo code, with
  // text literals, escapes and unterminated quotes; each thousands of characters long.
  let seed = 14;
  const rand = (n: number): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const alphabets = [
    'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=',
    'abcEU32I64e-+/*_()[]{},:@^~$&|.?!<>=0123456789"\\',
  ];
  for (const alphabet of alphabets) {
    for (let round = 0; round < 3; round++) {
      let text = '';
      while (text.length < 9000) text += alphabet[rand(alphabet.length)];
      const got = lexItems(text).map((i) => `${i.kind}@${i.start}-${i.end}`);
      assert.deepEqual(got, wholeMatchItems(text));
    }
  }
});

test('statements end at `;` and line breaks, inside text literals or not, short or long, as one ohm match would', () => {
  // The lexer reads a statement at a time: stops are rare in some texts and frequent in others.
  let seed = 26;
  const rand = (n: number): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const words = ['ab', 'x-1', ' ', '  ', '+', 'U32', 'E', '1e5', '"q;\n"', '"\\"', '"', '(', ')', 'é'];
  for (const stopEvery of [3, 40, 900, 5000]) {
    let text = '';
    while (text.length < 7000) text += rand(stopEvery) === 0 ? [';', '\n', ';\n'][rand(3)] : words[rand(words.length)];
    assert.deepEqual(
      lexItems(text).map((i) => `${i.kind}@${i.start}-${i.end}`),
      wholeMatchItems(text),
      `stops every ~${stopEvery}`,
    );
  }
});

test('long literals, exponents and an unterminated quote lex as one ohm match would', () => {
  const body = 'QUJD'.repeat(1500);
  const exponents = ['1E5+', '2e-8*U32/'].map((unit) => unit.repeat(1200));
  for (const text of [`x="${body}"+1`, `"${body}`, `"\\"${body}`, `y="a\\"${body}"`, ...exponents]) {
    assert.deepEqual(
      lexItems(text).map((i) => `${i.kind}@${i.start}-${i.end}`),
      wholeMatchItems(text),
    );
  }
});

test('the lexer reports the first lexical error of a long garbage run, as it does of its start', () => {
  const run = 'aGVs/bG8+d29y=bGQK'.repeat(5000);
  const error = lex(run).error;
  assert.equal(error?.code, 'ILO-L003');
  assert.deepEqual(error, lex(run.slice(0, 64)).error);
});
