// Where JSON text goes wrong: the first syntax error's offset, line, column
// and a plain reason, found by a small scanner of our own (JSON.parse's
// messages differ between Node versions and may quote the whole input).
// Only called after JSON.parse has failed, so it favours clarity over speed;
// it is iterative, so deeply nested input cannot overflow the stack.

import { binaryContent } from '../syntax/binaryText';

export interface JsonSyntaxError {
  /** Offset of the offending character (the text's length when it ended too early). */
  offset: number;
  /** 1-based. */
  line: number;
  /** 1-based, in UTF-16 code units like editors count. */
  col: number;
  reason: string;
}

/** The first syntax error in `text`, or undefined when it is valid JSON. A leading BOM is skipped. */
export function findJsonSyntaxError(text: string): JsonSyntaxError | undefined {
  const fail = (offset: number, reason: string): JsonSyntaxError => ({ offset, ...lineCol(text, offset), reason });
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const ws = () => {
    while (i < text.length && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r')) i++;
  };
  const shown = (at: number) => (at >= text.length ? 'the end of the input' : printableChar(text, at));
  /** Scans one string starting at `"`; returns an error or advances `i`. */
  const string = (): JsonSyntaxError | undefined => {
    const start = i++;
    while (i < text.length) {
      const c = text.charCodeAt(i);
      if (c === 34) {
        i++;
        return undefined;
      }
      if (c < 0x20) return fail(i, 'a control character (such as a line break) inside a string');
      if (c === 92) {
        const e = text[i + 1];
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) return fail(i, 'a `\\u` escape needs four hex digits');
          i += 6;
          continue;
        }
        if (e === undefined || !'"\\/bfnrt'.includes(e)) return fail(i, `\`\\${e ?? ''}\` is not a JSON escape`);
        i += 2;
        continue;
      }
      i++;
    }
    return fail(start, 'this string is never closed');
  };
  const scalar = (): JsonSyntaxError | undefined => {
    const m = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/.exec(text.slice(i, i + 400));
    if (m && m[0] !== '' && m[0] !== '-') {
      i += m[0].length;
      return undefined;
    }
    for (const word of ['true', 'false', 'null']) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return undefined;
      }
    }
    if (i >= text.length) return fail(i, 'the input ended where a value was expected');
    const c = text[i];
    if (c === "'") return fail(i, 'strings need double quotes');
    return fail(i, `unexpected ${shown(i)} where a value was expected`);
  };

  // Each open container: '{' or '['.
  const stack: string[] = [];
  ws();
  if (i >= text.length) return fail(i, 'the input is empty');
  for (;;) {
    // A value starts here.
    ws();
    const c = text[i];
    if (c === '{' || c === '[') {
      stack.push(c);
      i++;
      ws();
      if (text[i] === (c === '{' ? '}' : ']')) {
        stack.pop();
        i++;
      } else if (c === '{') {
        const err = key();
        if (err) return err;
        continue;
      } else {
        continue;
      }
    } else {
      const err = c === '"' ? string() : scalar();
      if (err) return err;
    }
    // After a value: close containers or move to the next element.
    for (;;) {
      ws();
      const open = stack[stack.length - 1];
      if (open === undefined) {
        return i < text.length ? fail(i, `unexpected ${shown(i)} after the end of the JSON value`) : undefined;
      }
      const close = open === '{' ? '}' : ']';
      if (text[i] === close) {
        stack.pop();
        i++;
        continue;
      }
      if (text[i] === ',') {
        i++;
        ws();
        if (text[i] === close) return fail(i, `a trailing comma before \`${close}\``);
        if (open === '{') {
          const err = key();
          if (err) return err;
        }
        break;
      }
      return fail(i, `expected \`,\` or \`${close}\` but found ${shown(i)}`);
    }
  }

  /** `"name" :` inside an object; leaves `i` at the value. */
  function key(): JsonSyntaxError | undefined {
    ws();
    if (text[i] !== '"') return fail(i, `expected a property name in double quotes but found ${shown(i)}`);
    const err = string();
    if (err) return err;
    ws();
    if (text[i] !== ':') return fail(i, `expected \`:\` after the property name but found ${shown(i)}`);
    i++;
    return undefined;
  }
}

/** The character at `at` for a message: quoted when printable, else as U+XXXX (never a raw control byte). */
function printableChar(text: string, at: number): string {
  const code = text.codePointAt(at) ?? 0;
  const odd = code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0xfffd || (code >= 0x200b && code <= 0x200f) || (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069) || code === 0xfeff;
  return odd ? `U+${code.toString(16).toUpperCase().padStart(4, '0')}` : `\`${String.fromCodePoint(code)}\``;
}

/**
 * Why `text` is not JSON, for a one-line message: where and what, or that it
 * is a binary file. It quotes at most one character of the input (escaped
 * when not printable), unlike JSON.parse's messages, which may echo raw bytes.
 */
export function jsonProblem(text: string): string {
  if (binaryContent(text)) return 'it looks like a binary file, not JSON text';
  const e = findJsonSyntaxError(text);
  return e ? `${e.reason} (line ${e.line}, column ${e.col})` : 'it is not JSON';
}

function lineCol(text: string, offset: number): { line: number; col: number } {
  let line = 1;
  let lineStart = 0;
  for (let k = 0; k < offset && k < text.length; k++) {
    if (text.charCodeAt(k) === 10) {
      line++;
      lineStart = k + 1;
    }
  }
  return { line, col: offset - lineStart + 1 };
}
