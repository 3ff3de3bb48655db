// Signature help through the LanguageService facade: which call the cursor
// is in (prefix calls nest by arity), which parameter is active, and what is
// shown for user functions, tools (with `@param` descriptions) and builtins
// (every overload).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { SignatureHelp, SignatureInformation } from 'vscode-languageserver';
import { openAt, openMany } from './helpers';

const LIB = [
  '-- Adds two numbers.',
  '-- @param a the first number',
  '-- @param b the second number',
  'add a:n b:n>n;+a b',
  'dbl x:n>n;*x 2',
  '',
].join('\n');

function help(source: string): SignatureHelp | undefined {
  const o = openAt(source);
  return o.service.signatureHelp(o.uri, o.pos);
}

/** The active signature's label, with the active parameter's text in brackets. */
function shown(h: SignatureHelp | undefined): string | undefined {
  if (!h) return undefined;
  const sig = h.signatures[h.activeSignature ?? 0];
  const p = sig.parameters?.[h.activeParameter ?? 0];
  if (!p || typeof p.label === 'string') return `${sig.label} (no parameter)`;
  const [s, e] = p.label;
  return `${sig.label.slice(0, s)}[${sig.label.slice(s, e)}]${sig.label.slice(e)}`;
}

const docOf = (x: SignatureInformation | { documentation?: unknown }): string | undefined => {
  const d = x.documentation as { value: string } | string | undefined;
  return typeof d === 'string' ? d : d?.value;
};

test('signature help: the active parameter follows the arguments written so far', () => {
  assert.equal(shown(help(`${LIB}m>n;add ┆`)), 'add [a:n] b:n>n');
  assert.equal(shown(help(`${LIB}m>n;add 1┆`)), 'add [a:n] b:n>n', 'the cursor at the end of an argument is still on it');
  assert.equal(shown(help(`${LIB}m>n;add 1 ┆`)), 'add a:n [b:n]>n');
  assert.equal(shown(help(`${LIB}m>n;add 1 2┆`)), 'add a:n [b:n]>n');
  assert.equal(shown(help(`${LIB}m>n;add ┆1 2`)), 'add [a:n] b:n>n');
  assert.equal(shown(help(`${LIB}m>n;x=add 1 ┆`)), 'add a:n [b:n]>n', 'a call on the right of a binding');
});

test('signature help: nested calls — arity decides which call the next argument belongs to', () => {
  // `dbl` takes one argument: after `add dbl `, the next argument is dbl's.
  assert.equal(shown(help(`${LIB}m>n;add dbl ┆`)), 'dbl [x:n]>n');
  // Once dbl has its argument, the following one is add's second.
  assert.equal(shown(help(`${LIB}m>n;add dbl 1 ┆`)), 'add a:n [b:n]>n');
  assert.equal(shown(help(`${LIB}m>n;add dbl 1┆ 2`)), 'dbl [x:n]>n');
  assert.equal(shown(help(`${LIB}m>n;add dbl 1 2┆`)), 'add a:n [b:n]>n');
  // On the name of the inner callee, the user is writing the outer call's argument.
  assert.equal(shown(help(`${LIB}m>n;add db┆l 1 2`)), 'add [a:n] b:n>n');
});

test('signature help: parentheses open a nested call and close it again', () => {
  assert.equal(shown(help(`${LIB}m>n;add (┆)`)), 'add [a:n] b:n>n', 'an empty pair of parentheses is the argument being written');
  assert.equal(shown(help(`${LIB}m>n;add (dbl ┆)`)), 'dbl [x:n]>n');
  assert.equal(shown(help(`${LIB}m>n;add (dbl 1┆)`)), 'dbl [x:n]>n');
  assert.equal(shown(help(`${LIB}m>n;add (dbl 1) ┆`)), 'add a:n [b:n]>n', 'after the closing parenthesis, back in the outer call');
  assert.equal(shown(help(`${LIB}m>n;add 1 (dbl 2)┆`)), 'add a:n [b:n]>n');
});

test('signature help: unwrap, pipes and a function passed by name', () => {
  assert.equal(shown(help(`${LIB}m>R n t;add! ┆`)), 'add [a:n] b:n>n', 'after `!` the arguments start');
  assert.equal(shown(help(`${LIB}m>n;1>>add ┆`)), 'add [a:n] b:n>n', 'the piped value is the last argument, not the first');
  // `dbl` passed to map is a value, not a call being written: map's list comes next.
  assert.equal(shown(help(`${LIB}m xs:L n>L n;map dbl ┆`)), 'map fn:F a r [xs:L a]>L r');
});

test('signature help: no help outside an argument list', () => {
  assert.equal(help(`${LIB}m>n;add 1 2 ┆`), undefined, 'a call with all its arguments is finished');
  assert.equal(help(`${LIB}m>n;ad┆d 1 2`), undefined, 'on the callee of an outermost call');
  assert.equal(help(`${LIB}m>n;add 1 2;┆`), undefined, 'after the statement');
  assert.equal(help(`${LIB}m x:n>n;x ┆`), undefined, 'a parameter is not callable');
  assert.equal(help(`${LIB}-- add ┆\nm>n;1`), undefined, 'inside a comment');
  assert.equal(help(`${LIB}m>n;add 1 2\n┆`), undefined, 'on the next line');
  assert.equal(help(`┆`), undefined, 'an empty file');
});

test('signature help on a user function: header, doc prose and @param descriptions', () => {
  const h = help(`${LIB}m>n;add ┆`)!;
  assert.equal(h.signatures.length, 1);
  const sig = h.signatures[0];
  assert.equal(sig.label, 'add a:n b:n>n');
  assert.equal(docOf(sig), 'Adds two numbers.');
  assert.deepEqual(sig.parameters?.map((p) => docOf(p)), ['the first number', 'the second number']);
});

test('signature help on a tool shows its description and the @param descriptions', () => {
  const src = [
    '-- Reads a page over HTTP.',
    '-- @param url the address to read',
    '-- @param tries how many attempts',
    'tool fetch"Fetch a page" url:t tries:n>R t t',
    'go>R t t;fetch "https://example.com" ┆',
  ].join('\n');
  const h = help(src)!;
  assert.equal(shown(h), 'fetch url:t [tries:n]>R t t');
  const sig = h.signatures[0];
  assert.match(docOf(sig)!, /Fetch a page/);
  assert.match(docOf(sig)!, /Reads a page over HTTP\./);
  assert.deepEqual(sig.parameters?.map((p) => docOf(p)), ['the address to read', 'how many attempts']);
});

test('signature help on a builtin lists every overload and selects the one that fits', () => {
  const len = help('m>n;len ┆')!;
  assert.deepEqual(len.signatures.map((s) => s.label), ['len xs:L a>n', 'len s:t>n', 'len m:M k v>n']);
  assert.ok(docOf(len.signatures[0]), 'builtins carry their doc line');

  const get1 = help('m>R t t;get ┆')!;
  assert.equal(get1.signatures.length, 2);
  assert.equal(shown(get1), 'get [url:t]>R t t');
  // A second argument only fits the overload with headers.
  const get2 = help('m h:M t t>R t t;get "u" ┆')!;
  assert.equal(get2.activeSignature, 1);
  assert.equal(shown(get2), 'get url:t [headers:M t t]>R t t');

  // Variadic fmt: every argument after the template is the `…` parameter.
  assert.equal(shown(help('m>t;fmt "{} {}" 1 ┆')), 'fmt tmpl:t […]>t');
  assert.equal(shown(help('m>t;fmt "{} {}" 1 2 ┆')), 'fmt tmpl:t […]>t');
});

test('signature help on a function of a used file, with its @param descriptions', () => {
  const ws = openMany({
    'lib.ilo': '-- @param n how many\nrepeat-it n:n s:t>t;s\n',
    'main.ilo': 'use "lib.ilo"\nrun>t;repeat-it 3 ┆',
  });
  const h = ws.service.signatureHelp(ws.uri, ws.pos)!;
  assert.equal(shown(h), 'repeat-it n:n [s:t]>t');
  assert.equal(docOf(h.signatures[0].parameters![0]), 'how many');
});

test('signature help inside a lambda, a guard and a match arm', () => {
  assert.equal(shown(help(`${LIB}m xs:L n>L n;map (x:n>n;add x ┆) xs`)), 'add a:n [b:n]>n');
  assert.equal(shown(help(`${LIB}m x:n>n;>x 0{add x ┆};0`)), 'add a:n [b:n]>n');
  assert.equal(shown(help(`${LIB}m x:n>n;?x{1:dbl ┆;_:0}`)), 'dbl [x:n]>n');
});
