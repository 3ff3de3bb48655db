// Any text at all gets diagnostics, never an exception, a stack overflow or a hang.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { IncrementalParser, MAX_DOCUMENT_LENGTH, parseIlo } from '../../server/src/syntax/parse';
import { levelById } from '../../server/src/level';

test('binary garbage', () => {
  let s = '';
  let seed = 1;
  for (let i = 0; i < 5000; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    s += String.fromCharCode(seed % 0x3000);
  }
  const r = parseIlo(s);
  assert.ok(r.diagnostics.length > 0);
  assert.ok(r.diagnostics.every((d) => d.start >= 0 && d.end <= s.length));
});

test('10,000 nested parentheses report a nesting error instead of overflowing the stack', () => {
  const src = 'f>n;' + '('.repeat(10000) + '1' + ')'.repeat(10000);
  const r = parseIlo(src);
  assert.equal(r.diagnostics[0]?.code, 'ILO-P003');
  assert.match(r.diagnostics[0].message, /nesting/);
});

test('10,000 nested prefix operators do not overflow the stack', () => {
  const r = parseIlo('f>n;' + '+'.repeat(10000) + '1 2');
  assert.ok(r.diagnostics.length > 0);
});

test('a lone quote, a lone backslash, NUL bytes', () => {
  assert.equal(parseIlo('"').diagnostics[0]?.code, 'ILO-L001');
  assert.equal(parseIlo('f>t;"abc').diagnostics[0]?.code, 'ILO-L001');
  assert.equal(parseIlo('f>n;\\x').diagnostics[0]?.code, 'ILO-L001');
  assert.equal(parseIlo('f>n;\u0000').diagnostics[0]?.code, 'ILO-L001');
});

test('CRLF line endings: level 26 reads them like LF; level 0.11 stops at the first carriage return, as ilo 0.11.6 does', () => {
  const lf = 'f x:n>n\n  a=+x 1\n  *a 2\n\ng>n;f 1\n';
  const crlf = lf.replace(/\n/g, '\r\n');
  const at26 = { level: levelById('26') };
  assert.deepEqual(parseIlo(crlf, at26).diagnostics, []);
  assert.equal(parseIlo(crlf, at26).program.decls.length, parseIlo(lf, at26).program.decls.length);
  // The reference: `ILO-L001 unexpected token '\r'` at 1:8, the first carriage return.
  const [first] = parseIlo(crlf).diagnostics;
  assert.equal(first.code, 'ILO-L001');
  assert.equal(first.start, crlf.indexOf('\r'));
  assert.match(first.hint ?? '', /LF line endings/);
  // Inside a comment or a text literal a carriage return is no error at 0.11 either.
  assert.deepEqual(parseIlo('-- note\r\nf>t;"a\rb"\n').diagnostics, []);
});

test('empty and blank documents', () => {
  assert.deepEqual(parseIlo('').diagnostics, []);
  assert.deepEqual(parseIlo('\n\n   \n').diagnostics, []);
  assert.deepEqual(parseIlo('-- only a comment').diagnostics, []);
});

test('a document over the size limit gets one clear warning', () => {
  const big = 'x'.repeat(MAX_DOCUMENT_LENGTH + 1);
  const r = new IncrementalParser().parse(big);
  assert.equal(r.diagnostics.length, 1);
  assert.equal(r.diagnostics[0].code, 'file-too-large');
});

test('a long single-line program is lexed in segments and still parses', () => {
  const body = Array.from({ length: 1500 }, (_, i) => `v${i}=+${i} 1`).join(';');
  const r = parseIlo(`f>n;${body};0`);
  assert.deepEqual(r.diagnostics, []);
});

test('an operator chain too deep for the stack is an error on its own declaration only', () => {
  const src = `g y:n>n;*y 2\nf x:n>n;${'+x '.repeat(20_000)}x\nh z:n>n;-z 1\n`;
  const r = parseIlo(src);
  assert.deepEqual(
    r.diagnostics.map((d) => [d.code, src.slice(0, d.start).split('\n').length]),
    [['ILO-P003', 2]],
  );
  const names = r.program.decls.map((d) => (d.kind === 'FunctionDecl' ? d.name.text : d.kind));
  assert.deepEqual(names, ['g', 'ErrorDecl', 'h']);
});

test('a binary file gets one clear diagnostic and is not lexed', () => {
  // The start of an ELF executable, then bytes as a UTF-8 read of them would give.
  let s = '\x7fELF\x02\x01\x01\x00\x00\x00';
  let seed = 7;
  for (let i = 0; i < 20_000; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    const b = seed % 256;
    s += b < 0x80 ? String.fromCharCode(b) : '\ufffd';
  }
  const r = parseIlo(s);
  assert.equal(r.diagnostics.length, 1);
  const [d] = r.diagnostics;
  assert.equal(d.code, 'binary-file');
  assert.equal(d.severity, 'error');
  assert.equal(d.start, 0);
  assert.match(d.message, /looks like a binary file/);
  assert.deepEqual(r.program.decls, []);
  // Undecodable bytes alone (no NUL) are recognised too; a stray control character in a program is not.
  assert.equal(parseIlo(s.replace(/\x00/g, '\ufffd')).diagnostics[0].code, 'binary-file');
  const program = 'f x:n>n;+x 1\n';
  assert.notEqual(parseIlo(program + '\x01' + program.repeat(3)).diagnostics[0]?.code, 'binary-file');
});

test('an editor buffer that becomes binary and then text again is parsed afresh', () => {
  const p = new IncrementalParser();
  assert.equal(p.parse('f x:n>n;+x 1\n').diagnostics.length, 0);
  assert.equal(p.parse('f x:n>n;+x 1\n' + '\x00'.repeat(10)).diagnostics[0].code, 'binary-file');
  const back = p.parse('f x:n>n;+x 2\n');
  assert.deepEqual(back.diagnostics, []);
  assert.equal(back.program.decls.length, 1);
});
