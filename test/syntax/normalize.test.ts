// The newline normaliser: its layout rules on small cases, and on random text
// against a deliberately naive model of the same rules (one character at a
// time, strings only), so a faster implementation cannot drift from them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { normalizeNewlines } from '../../server/src/syntax/normalize';

/** The rules of normalize.ts, written as plainly as possible. */
function model(source: string, base: number, triple: boolean, crlf: boolean): { text: string; map: number[]; comments: Array<{ start: number; end: number; text: string }> } {
  const text: string[] = [];
  const map: number[] = [];
  const comments: Array<{ start: number; end: number; text: string }> = [];
  const emit = (ch: string, at: number): void => {
    text.push(ch);
    map.push(at + base);
  };
  const blank = (ch: string | undefined): boolean => ch === ' ' || ch === '\t';
  let last = '';
  let depth = 0;
  let i = 0;
  while (i < source.length) {
    const c = source[i];
    if (crlf && c === '\r' && source[i + 1] === '\n') {
      i++;
    } else if (c === '"' && triple && source.startsWith('""', i + 1)) {
      const close = source.indexOf('"""', i + 3);
      const end = close < 0 ? source.length : close + 3;
      while (i < end) emit(source[i], i++);
      last = '"';
    } else if (c === '"') {
      emit(c, i++);
      while (i < source.length) {
        const sc = source[i];
        emit(sc, i++);
        if (sc === '\\') {
          if (i < source.length) emit(source[i], i++);
        } else if (sc === '"') break;
      }
      last = '"';
    } else if (c === '-' && source[i + 1] === '-') {
      const cs = i;
      while (i < source.length && source[i] !== '\n') i++;
      const ce = crlf && source[i - 1] === '\r' ? i - 1 : i;
      comments.push({ start: cs + base, end: ce + base, text: source.slice(cs + 2, ce) });
    } else if (c === '\n' && depth > 0) {
      emit(' ', i++);
      while (blank(source[i])) i++;
    } else if (c === '\n') {
      i++;
      for (;;) {
        let p = i;
        while (blank(source[p])) p++;
        if (crlf && source[p] === '\r' && source[p + 1] === '\n') p++;
        if (source[p] !== '\n') break;
        i = p + 1;
      }
      const nl = i - 1;
      if (blank(source[i])) {
        while (blank(source[i])) i++;
        const pipe = source[i] === '>' && source[i + 1] === '>';
        if (!(last === '{' || text[text.length - 1] === ';' || pipe)) emit(';', nl);
        if (source[i] === '}' && last !== '{' && text[text.length - 1] === ';') {
          text.pop();
          map.pop();
        }
      } else if (source[i] !== '}') {
        emit('\n', nl);
      }
    } else {
      emit(c, i++);
      if (c !== ' ' && c !== '\t' && c !== '\r') last = c;
      if (c === '(' || c === '[') depth++;
      else if ((c === ')' || c === ']') && depth > 0) depth--;
    }
  }
  map.push(source.length + base);
  return { text: text.join(''), map, comments };
}

test('an indented line is a `;`, a column-0 line a boundary, a comment vanishes, a newline in brackets is a blank', () => {
  const r = normalizeNewlines('f x:n>n\n  a=+x 1 -- one more\n  a\ng>L n;[1,\n  2]');
  assert.equal(r.text, 'f x:n>n;a=+x 1 ;a\ng>L n;[1, 2]');
  assert.deepEqual(r.comments.map((c) => c.text), [' one more']);
});

test('`--` inside a text literal is text, and an escaped quote does not end it', () => {
  const r = normalizeNewlines('f>t;"a -- \\" b" -- gone');
  assert.equal(r.text, 'f>t;"a -- \\" b" ');
  assert.equal(r.comments.length, 1);
});

test('each output character maps back to its place in the document, offset by the chunk base', () => {
  const src = 'f>n\r\n  1 -- c\r\n\r\n  2\n}';
  const r = normalizeNewlines(src, 100);
  for (let k = 0; k < r.text.length; k++) {
    const ch = r.text[k];
    const at = r.map[k] - 100;
    if (ch === ';') assert.ok(src[at] === '\n' || src[at] === ';', `';' at ${k} maps to a line break`);
    else assert.equal(src[at], ch, `character ${k}`);
  }
  assert.equal(r.map[r.text.length], src.length + 100);
});

test('random text (brackets, quotes, escapes, comments, CRLF, pipes, braces, non-ASCII) normalises as the plain model does', () => {
  const alphabet = ['a', 'b', ' ', '  ', '\t', '\n', '\r\n', '\r', '"', '"""', '\\', '-', '--', '(', ')', '[', ']', '{', '}', ';', '>>', '>', '=', '1', 'é', '𝄞', '\ud800'];
  let seed = 20261125;
  const rnd = (k: number): number => {
    seed = (seed * 1103515245 + 12345) >>> 0;
    return seed % k;
  };
  for (let round = 0; round < 3000; round++) {
    let src = '';
    const len = 1 + rnd(60);
    for (let k = 0; k < len; k++) src += alphabet[rnd(alphabet.length)];
    for (const [triple, crlf] of [[false, false], [true, false], [false, true], [true, true]]) {
      const base = rnd(50);
      const got = normalizeNewlines(src, base, { tripleQuotedText: triple, crlfLineEnds: crlf });
      const want = model(src, base, triple, crlf);
      assert.equal(got.text, want.text, `text of ${JSON.stringify(src)} (triple ${triple}, crlf ${crlf})`);
      assert.deepEqual([...got.map], want.map, `map of ${JSON.stringify(src)} (triple ${triple}, crlf ${crlf})`);
      assert.deepEqual(got.comments, want.comments, `comments of ${JSON.stringify(src)}`);
    }
  }
});
