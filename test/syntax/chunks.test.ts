// Splitting a document into top-level chunks: on small cases, and on random
// text against a deliberately plain model of the same rules, written apart
// from the splitter's own loop.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scanChunks, splitChunks, type Chunk } from '../../server/src/syntax/incremental/chunks';

/** The rules, one character at a time: a chunk starts after a line break outside text and brackets whose next line starts in column 0 with something other than a blank, `}` or `--`. */
function model(text: string, triple: boolean): Chunk[] {
  const out: Chunk[] = [];
  let start = 0;
  let depth = 0;
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (triple && text.startsWith('"""', i)) {
      const close = text.indexOf('"""', i + 3);
      i = close < 0 ? text.length : close + 3;
    } else if (c === '"') {
      i++;
      while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
      i++;
    } else if (text.startsWith('--', i)) {
      while (i < text.length && text[i] !== '\n') i++;
    } else {
      if (c === '(' || c === '[') depth++;
      else if ((c === ')' || c === ']') && depth > 0) depth--;
      else if (c === '\n' && depth === 0) {
        const next = text[i + 1];
        const opensDecl = next !== undefined && !' \t\n\r}'.includes(next) && !text.startsWith('--', i + 1);
        if (opensDecl) {
          out.push({ start, end: i + 1 });
          start = i + 1;
        }
      }
      i++;
    }
  }
  out.push({ start, end: text.length });
  return out;
}

test('chunks start at column-0 lines outside text, brackets and comments', () => {
  const text = 'f>n;1\n  g\n-- note\nh x:n>n;(\ny)\nq>t;"a\nb"\nk>t;"\\"\nz"\n}\nm';
  assert.deepEqual(
    splitChunks(text).map((c) => text.slice(c.start, c.end)),
    ['f>n;1\n  g\n-- note\n', 'h x:n>n;(\ny)\n', 'q>t;"a\nb"\n', 'k>t;"\\"\nz"\n}\n', 'm'],
  );
});

test('a scan stops where it is told, and says where', () => {
  const text = 'a\nb\nc\nd';
  const r = scanChunks(text, 2, undefined, (s) => s === 4);
  assert.deepEqual(r, { chunks: [{ start: 2, end: 4 }], stoppedAt: 4 });
});

test('random text (quotes, escapes, brackets, comments, braces, triple quotes) splits as the plain model does', () => {
  const alphabet = ['a', 'b', ' ', '\t', '\n', '\n', '\r\n', '"', '"""', '\\', '-', '--', '(', ')', '[', ']', '{', '}', ';', 'é', '𝄞'];
  let seed = 20261126;
  const rnd = (k: number): number => {
    seed = (seed * 1103515245 + 12345) >>> 0;
    return seed % k;
  };
  for (let round = 0; round < 4000; round++) {
    let text = '';
    const len = 1 + rnd(80);
    for (let k = 0; k < len; k++) text += alphabet[rnd(alphabet.length)];
    for (const triple of [false, true]) {
      assert.deepEqual(splitChunks(text, { tripleQuotedText: triple }), model(text, triple), `${JSON.stringify(text)} (triple ${triple})`);
    }
  }
});
