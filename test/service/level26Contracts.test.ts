// ilo 26's own contracts through the LanguageService facade (programs written
// for these tests, each starting with a `^26.8` pragma): the schema of sum
// types, `W` capability parameters and `req` conditions in hovers; a tool's
// `policy{…}` in its hover and exports; the effect gate read from effect
// sigils, with its quick fix.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Hover } from 'vscode-languageserver';
import { open, openAt } from './helpers';

const P = '^26.8\n';

function hoverText(h: Hover | null | undefined): string {
  const c = h?.contents;
  return c && typeof c === 'object' && 'value' in c ? c.value : '';
}

test('hover on a tool: its policy, its capability parameter left out of the input, and both in the exported definition', () => {
  const o = openAt(`${P}tool fet┆ch-page"Fetch a page" (w:W url:t) > R t t timeout:10 policy{domain:"*.example.com",tokens:800,rate:6}`);
  const text = hoverText(o.service.hover(o.uri, o.pos));
  assert.match(text, /MCP tool `fetch-page`: url → R t t · timeout 10 s · policy: domain \*\.example\.com · 800 tokens per result · 6 calls per minute · capability `w` \(W\) supplied by the runtime, not part of the input/);
  assert.match(text, /"ilo-lang.dev\/policy": \{\s*"domain": "\*\.example\.com",\s*"tokens": 800,\s*"rate": 6\s*\}/);
  assert.match(text, /"ilo-lang.dev\/capability-params": \[\s*"w"\s*\]/);
  assert.ok(!/"w": \{/.test(text), 'the capability is not an input property');
});

test('hover on a sum type and on a function with req conditions and a W parameter', () => {
  const sum = openAt(`${P}type sha┆pe = circle(n) | point`);
  const s = hoverText(sum.service.hover(sum.uri, sum.pos));
  assert.match(s, /"oneOf"/);
  assert.match(s, /"circle": \{\s*"type": "number"/);
  assert.match(s, /"point": \{\s*"type": "null"/);
  const fn = openAt(`${P}sc┆ale w:W k:n xs:L n>L n req k>0 req <=(len xs) 100;map (x:n>n;*k x) xs`);
  const f = hoverText(fn.service.hover(fn.uri, fn.pos));
  assert.match(f, /"exclusiveMinimum": 0/);
  assert.match(f, /"maxItems": 100/);
  assert.match(f, /`w`: capability \(`W`\), supplied by the runtime and not part of the input\./);
});

test('exports: the MCP manifest carries the policy in _meta, the A2A card as skill tags', () => {
  const o = open(`${P}tool weather"Get the weather" (city:t) > R _ t policy{domain:"api.weather.example",rate:10}`);
  const mcp = JSON.parse(o.service.exportTools(o.uri, 'mcp')!.content) as { tools: Array<{ _meta?: Record<string, unknown> }> };
  assert.deepEqual(mcp.tools[0]._meta?.['ilo-lang.dev/policy'], { domain: 'api.weather.example', rate: 10 });
  const card = JSON.parse(o.service.exportTools(o.uri, 'a2a', true, { baseUrl: 'https://agent.example/' })!.content) as { skills: Array<{ tags: string[] }> };
  assert.ok(card.skills[0].tags.includes('policy:domain=api.weather.example'), JSON.stringify(card.skills[0].tags));
  assert.ok(card.skills[0].tags.includes('policy:rate=10/min'));
});

test('a function without sigils in a file that declares effects reaches an effect: a warning naming the chain, and a fix that adds the sigils', () => {
  const src = `${P}tool lookup"Look a word up" (w:t) > R t t\nsave p:t d:t>R _ t /fs;wr p d\nshow x:t>_;prnt x\nreport w:t>t;r=lookup w;show "x";save "a" "b";"done"\nadd a:n b:n>n;+a b`;
  const o = open(src);
  const d = o.diagnostics.find((x) => x.code === 'undeclared-effect');
  assert.ok(d, JSON.stringify(o.diagnostics.map((x) => x.code)));
  assert.equal(o.diagnostics.filter((x) => x.code === 'undeclared-effect').length, 2, 'report, and show (which prints)');
  const report = o.diagnostics.find((x) => x.code === 'undeclared-effect' && /`report`/.test(String(x.message)))!;
  assert.match(String(report.message), /\/http \(tool `lookup`\), \/fs \(`save` \(declares \/fs\)\), \/io \(builtin `prnt` via `show`\)/);
  const [fix] = o.service.codeActions(o.uri, [report]);
  assert.equal(fix.title, 'Declare /http /fs /io on `report`');
  const edit = fix.edit!.changes![o.uri][0];
  assert.equal(edit.newText, ' /http /fs /io');
  assert.deepEqual(edit.range.start, { line: 4, character: 12 }, 'right after the return type');
  // Applying the fixes clears the warnings; `add` stays pure and unflagged.
  const fixed = src.replace('report w:t>t;', 'report w:t>t /http /fs /io;').replace('show x:t>_;', 'show x:t>_ /io;');
  const again = open(fixed);
  assert.deepEqual(again.diagnostics.filter((x) => x.code === 'undeclared-effect'), []);
  assert.deepEqual(again.diagnostics.filter((x) => x.code === 'ILO-W051'), [], 'and the verifier agrees the sigils cover the effects');
});

test('a file that declares no effects anywhere is not judged (most ilo programs print without sigils)', () => {
  const o = open(`${P}show x:t>_;prnt x\nmain>_;show "hi"`);
  assert.deepEqual(o.diagnostics.filter((x) => x.code === 'undeclared-effect'), []);
});

test('@behavior PURE at level 26 reads the level\'s builtins: `pst` and `run` are writes', () => {
  const o = open(`${P}-- @behavior PURE READ DATA\nsync u:t b:t>R t t;pst u b\n-- @behavior PURE READ DATA\nshell>R t t;r=run "ls" [];~"x"`);
  const gate = o.diagnostics.filter((x) => x.code === 'effect-gate');
  assert.equal(gate.length, 2, JSON.stringify(o.diagnostics.map((x) => [x.code, x.message])));
  assert.match(String(gate[0].message), /`pst`/);
  assert.match(String(gate[1].message), /`run`/);
});

test('MCP hints that contradict @behavior: a warning with a fix that makes the hints follow it', () => {
  const src = '-- @behavior MUTATES DELETE DATA\n-- @hints readOnly idempotent openWorld=false\ntool drop-row"Delete one row" id:t>R _ t';
  const o = open(src);
  const d = o.diagnostics.find((x) => x.code === 'behavior-hints');
  assert.ok(d, JSON.stringify(o.diagnostics.map((x) => x.code)));
  const [fix] = o.service.codeActions(o.uri, [d]);
  assert.equal(fix.title, 'Make the hints follow @behavior: `@hints readOnly=false idempotent openWorld=false`');
  const edit = fix.edit!.changes![o.uri][0];
  const fixed = src.replace('@hints readOnly idempotent openWorld=false', edit.newText);
  assert.deepEqual(edit.range, { start: { line: 1, character: 3 }, end: { line: 1, character: 45 } });
  assert.deepEqual(open(fixed).diagnostics.filter((x) => x.code === 'behavior-hints'), []);
  const pure = open('-- @behavior PURE READ DATA\n-- @hints destructive\ntool read-row"Read one row" id:t>R t t');
  const p = pure.diagnostics.find((x) => x.code === 'behavior-hints')!;
  assert.equal(pure.service.codeActions(pure.uri, [p])[0].edit!.changes![pure.uri][0].newText, '@hints readOnly');
});

test('a capability parameter is not linted as an input a model fills (no one-letter-param on `w:W`)', () => {
  const line = 'tool fetch-page"Fetch one web page and return its text" (w:W u:t) > R t t';
  const o = open(`${P}${line}`);
  const oneLetter = o.diagnostics.filter((x) => x.code === 'one-letter-param').map((x) => x.range.start.character);
  assert.deepEqual(oneLetter, [line.indexOf('u:t')], 'only `u`, which the model does fill');
});
