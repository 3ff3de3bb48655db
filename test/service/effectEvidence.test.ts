// ilo 26 effect sigils as evidence for behavioral identity, through the
// LanguageService facade (programs written for these tests): a tool's
// implicit `/http` in its hover and exports (open world, never closed), a
// function's sigils in its hover (explicit `@behavior` › sigils), and the
// `effect-disagreement` warning with its quick fix when `@hints` or
// `@behavior` say otherwise.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CodeAction } from 'vscode-languageserver';
import { open, openAt, hoverText } from './helpers';
import { mcpToolFlow } from '../../server/src/contracts/flows';

const P = '^26.8\n';

type Exported = { tools: Array<{ name: string; annotations?: Record<string, unknown>; _meta?: Record<string, unknown> }> };
const exported = (source: string): Exported => {
  const o = open(source);
  return JSON.parse(o.service.exportTools(o.uri, 'mcp')!.content) as Exported;
};

/** The text after applying one quick fix's edits (all on one line, back to front). */
function applied(source: string, fix: CodeAction, uri: string): string {
  const lines = source.split('\n');
  const edits = [...(fix.edit!.changes![uri] ?? [])].sort((a, b) => b.range.start.character - a.range.start.character);
  for (const e of edits) {
    assert.equal(e.range.start.line, e.range.end.line);
    const l = lines[e.range.start.line];
    lines[e.range.start.line] = l.slice(0, e.range.start.character) + e.newText + l.slice(e.range.end.character);
  }
  return lines.join('\n');
}

test('a level-26 tool is open world because ilo gives every tool call /http: hover says so and where it came from, exports carry openWorldHint and the effects', () => {
  const o = openAt(`${P}-- @behavior PURE READ DATA\ntool fore┆cast"Get the forecast of one day" day:t>R t t`);
  const text = hoverText(o.service, o.uri, o.pos);
  assert.match(text, /\*\*Effects\*\* — `\/http`, implicit: ilo 26 gives every tool call `\/http`: open world; it says nothing about reading or writing/);
  assert.match(text, /Evidence order: `@behavior` › effect sigils › MCP hints › inference\./);
  assert.match(text, /"openWorldHint": true/, 'the definition shown is the exported one');
  const [tool] = exported(`${P}-- @behavior PURE READ DATA\ntool forecast"Get the forecast of one day" day:t>R t t`).tools;
  assert.deepEqual(tool.annotations, { readOnlyHint: true, openWorldHint: true }, 'mutability from @behavior, the open world from the language');
  assert.deepEqual(tool._meta?.['ilo-lang.dev/effects'], { sigils: ['http'], implicit: true });
  // Without @behavior the mutability is not guessed into the hints; the open world still is, since the language says it.
  const [bare] = exported(`${P}tool forecast"Get the forecast of one day" day:t>R t t`).tools;
  assert.deepEqual(bare.annotations, { openWorldHint: true });
});

test('the same tool at level 0.11 (no pragma) claims no effects: ilo 0.11 has no sigils', () => {
  const [tool] = exported('-- @behavior PURE READ DATA\ntool forecast"Get the forecast of one day" day:t>R t t').tools;
  assert.deepEqual(tool.annotations, { readOnlyHint: true });
  assert.equal(tool._meta?.['ilo-lang.dev/effects'], undefined);
});

test('`@hints openWorld=false` on a level-26 tool: effect-disagreement on the hints, a fix that follows the language, and the export says open world anyway', () => {
  const src = `${P}-- @behavior PURE READ DATA\n-- @hints readOnly idempotent openWorld=false\ntool forecast"Get the forecast of one day" day:t>R t t`;
  const o = open(src);
  const d = o.diagnostics.find((x) => x.code === 'effect-disagreement');
  assert.ok(d, JSON.stringify(o.diagnostics.map((x) => x.code)));
  assert.equal(d.source, 'ilo-contracts');
  assert.equal(d.severity, 2, 'a warning');
  assert.equal(d.range.start.line, 2);
  assert.match(String(d.message), /`openWorld=false` but ilo 26 gives every tool call `\/http` \(open world\)/);
  const [tool] = exported(src).tools;
  assert.equal(tool.annotations?.openWorldHint, true, 'the language wins in exports');
  const [fix] = o.service.codeActions(o.uri, [d]);
  assert.equal(fix.title, 'Make the hints follow the effects: `@hints readOnly idempotent openWorld`');
  const fixed = applied(src, fix, o.uri);
  assert.match(fixed, /-- @hints readOnly idempotent openWorld\n/);
  assert.deepEqual(open(fixed).diagnostics.filter((x) => x.source === 'ilo-contracts' && /hints|effect/.test(String(x.code))), []);
});

test('hints that contradict both the effects and @behavior: one warning, one fix that satisfies both', () => {
  const src = `${P}-- @behavior MUTATES DELETE ACK\n-- @hints readOnly openWorld=false\ntool drop-day"Delete the forecast of one day" day:t>R t t`;
  const o = open(src);
  const ds = o.diagnostics.filter((x) => x.code === 'effect-disagreement' || x.code === 'behavior-hints');
  assert.equal(ds.length, 1, JSON.stringify(o.diagnostics.map((x) => [x.code, x.message])));
  assert.equal(ds[0].code, 'effect-disagreement');
  assert.match(String(ds[0].message), /contradict the tool's effects and `@behavior MUTATES DELETE ACK`: `readOnly` but the behavior MUTATES; `openWorld=false`/);
  const [fix] = o.service.codeActions(o.uri, [ds[0]]);
  const fixed = applied(src, fix, o.uri);
  assert.match(fixed, /-- @hints readOnly=false openWorld\n/);
  assert.deepEqual(open(fixed).diagnostics.filter((x) => x.code === 'effect-disagreement' || x.code === 'behavior-hints'), []);
  // At 0.11 there are no effects to disagree with: only the behavior conflict is left, under its own code.
  const old = open(src.slice(P.length));
  assert.deepEqual(old.diagnostics.filter((x) => x.code === 'effect-disagreement' || x.code === 'behavior-hints').map((x) => x.code), ['behavior-hints']);
});

test('hover on a function: @behavior wins, else its sigils decide (pure with none or only /io /time /rand, open world with /http), else nothing is claimed', () => {
  const file = (cursorIn: string) =>
    [
      P.trimEnd(),
      'fetch u:t>R t t /http;get u',
      'stamp>n /time;now',
      'add a:n b:n>n;+a b',
      '-- @behavior MUTATES OVERWRITE ACK',
      'save p:t d:t>R _ t /fs;wr p d',
    ]
      .join('\n')
      .replace(cursorIn, cursorIn.slice(0, 2) + '┆' + cursorIn.slice(2));
  const at = (name: string) => {
    const o = openAt(file(name));
    return hoverText(o.service, o.uri, o.pos);
  };
  assert.match(at('add a'), /\*\*Behavior\*\* — `PURE`, from the effect sigils: no effect sigils: ilo 26 calls the function pure/);
  assert.match(at('add a'), /World: closed \(from the effect sigils\)\./);
  assert.match(at('stamp>'), /`PURE`, from the effect sigils: `\/time` only: console, clock or random numbers/);
  assert.match(at('fetch u'), /mutability unknown: `\/http`: open world; the sigils do not say whether it reads or writes/);
  assert.match(at('fetch u'), /World: open/);
  assert.match(at('save p'), /`MUTATES OVERWRITE ACK`, declared with `@behavior` \(it wins over the effect sigils and inference\)/);
  // A file that declares no sigils anywhere: a function without them is not called pure (most programs print without saying so).
  const plain = openAt(`${P}ad┆d a:n b:n>n;+a b`);
  assert.doesNotMatch(hoverText(plain.service, plain.uri, plain.pos), /\*\*Behavior\*\*/);
});

test('@behavior MUTATES on a function whose sigils rule out any change: effect-disagreement with a fix to PURE; not when the body needs a sigil it lacks', () => {
  const src = `${P}-- @behavior MUTATES UPDATE ACK\ntick>n /time;now\nfetch u:t>R t t /http;get u`;
  const o = open(src);
  const d = o.diagnostics.find((x) => x.code === 'effect-disagreement');
  assert.ok(d, JSON.stringify(o.diagnostics.map((x) => x.code)));
  assert.equal(d.range.start.line, 1);
  assert.match(String(d.message), /`@behavior MUTATES` contradicts the effect sigils of `tick`: `\/time` only/);
  const [fix] = o.service.codeActions(o.uri, [d]);
  assert.equal(fix.title, 'Follow the effect sigils: `@behavior PURE READ ACK`');
  const fixed = applied(src, fix, o.uri);
  assert.match(fixed, /-- @behavior PURE READ ACK\ntick/);
  assert.deepEqual(open(fixed).diagnostics.filter((x) => x.code === 'effect-disagreement'), []);
  // A function that writes without saying so is missing /fs (undeclared-effect), not wrongly MUTATES: no disagreement then.
  const missing = open(`${P}-- @behavior MUTATES OVERWRITE ACK\nsave p:t d:t>R _ t;wr p d\nfetch u:t>R t t /http;get u`);
  assert.deepEqual(missing.diagnostics.filter((x) => x.code === 'effect-disagreement'), []);
  assert.ok(missing.diagnostics.some((x) => x.code === 'undeclared-effect'));
  // Sigils never prove a write: MUTATES with /fs, or PURE with /http, is no disagreement.
  const fine = open(`${P}-- @behavior MUTATES OVERWRITE ACK\nsave p:t d:t>R _ t /fs;wr p d\n-- @behavior PURE READ DATA\nfetch u:t>R t t /http;get u`);
  assert.deepEqual(fine.diagnostics.filter((x) => x.code === 'effect-disagreement'), []);
});

test('the implicit openWorldHint of an exported level-26 tool does not make it untrusted when the export is read back (a gate pinning it, an import)', () => {
  const [tool] = exported(`${P}-- @behavior PURE READ DATA\ntool count-rows"Count the rows of a local table" table:t>R n t`).tools;
  assert.equal(tool.annotations?.openWorldHint, true);
  const asRead = mcpToolFlow(tool as Parameters<typeof mcpToolFlow>[0]);
  assert.ok(!asRead.labels.includes('untrusted'), JSON.stringify(asRead));
  // The same hint from a server that means it: untrusted content.
  const claimed = mcpToolFlow({ ...tool, _meta: {} } as Parameters<typeof mcpToolFlow>[0]);
  assert.ok(claimed.labels.includes('untrusted'), JSON.stringify(claimed));
});
