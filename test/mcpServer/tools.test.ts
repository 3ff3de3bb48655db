// The answers of each tool: what an agent reads (structured and text), for
// ordinary questions. Every structured answer is checked against the tool's
// output schema by the helper.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import Ajv2020 from 'ajv/dist/2020';
import { searchBuiltins } from '../../server/src/mcpServer/builtinSearch';
import { splitFindings } from '../../server/src/mcpServer/tools/contracts';
import { checkFiles } from '../../server/src/cli/check';
import { countTokens } from '../../server/src/measure/tokenCount';
import { explain } from '../../server/src/explain';
import { connectAgent, scratch, textOf, type Agent } from './helpers';

function refused(r: Awaited<ReturnType<Agent['call']>>, re: RegExp): void {
  assert.equal(r.isError, true, textOf(r));
  assert.match(textOf(r), re);
}
import * as fs from 'node:fs';
import * as path from 'node:path';

test('builtins: what agents ask for finds the builtin they mean, first', () => {
  const cases: Array<[string, string]> = [
    ['split text', 'spl'],
    ['sort by key', 'srt'],
    ['string length', 'len'],
    ['filter list', 'flt'],
    ['join strings', 'cat'],
    ['read file', 'rd'],
    ['write file', 'wr'],
    ['http get', 'get'],
    ['parse json', 'jpar'],
    ['reduce', 'fld'],
    ['map over list', 'map'],
    ['replace regex', 'rgx'],
    ['dictionary keys', 'mkeys'],
    ['round number', 'rou'],
    ['unique values', 'unq'],
    ['count occurrences', 'frq'],
    ['sort_by', 'srt'],
    ['length', 'len'],
    ['concat', 'cat'],
    ['print', 'prnt'],
    ['max of list', 'max'],
    ['current time', 'now'],
    ['trim whitespace', 'trm'],
    ['reverse a list', 'rev'],
    ['sum of numbers', 'sum'],
    ['group by', 'grp'],
  ];
  for (const [query, want] of cases) {
    const hits = searchBuiltins(query, 5);
    assert.equal(hits[0]?.builtin.name, want, `${query}: ${hits.map((h) => h.builtin.name).join(' ')}`);
  }
  assert.deepEqual(searchBuiltins('xyzzy plugh', 5), []);
  assert.ok(searchBuiltins('sort', 20).length <= 20);
});

test('builtins: signatures in ilo syntax, long forms, effects; a query with no match says so', async () => {
  const agent = await connectAgent();
  try {
    const r = await agent.call('builtins', { query: 'read file', limit: 1 });
    assert.deepEqual(r.structuredContent, {
      level: '0.11',
      found: [
        {
          name: 'rd',
          sigs: ['rd path:t>R _ t', 'rd path:t fmt:t>R _ t'],
          doc: 'Read a file; csv/tsv/json are parsed by extension or by the explicit format.',
          aliases: ['read'],
          effect: 'read',
        },
      ],
    });
    assert.equal(textOf(r), 'rd path:t>R _ t | rd path:t fmt:t>R _ t  -- Read a file; csv/tsv/json are parsed by extension or by the explicit format. (long form: read) [read]');
    const fmt = await agent.call('builtins', { query: 'fmt', limit: 1 });
    assert.deepEqual((fmt.structuredContent as { found: Array<{ sigs: string[] }> }).found[0].sigs, ['fmt tmpl:t ...>t']);
    const none = await agent.call('builtins', { query: 'quantum teleport' });
    assert.deepEqual(none.structuredContent, { level: '0.11', found: [] });
    assert.equal(textOf(none), 'no builtin matches; try other words');
  } finally {
    await agent.close();
  }
});

test('check: compact and cheaper than the CLI JSON for the same diagnostics; verbose adds meanings and related places', async () => {
  const dir = scratch('ilo-mcp-tools-');
  try {
    const source = 'type pt{x:n;y:n}\nf p:pt>n;+p.x p.z\ng>n;length [1 2]\nh x:n>n;+x yy\n';
    const file = path.join(dir, 'a.ilo');
    fs.writeFileSync(file, source);
    const agent = await connectAgent({ roots: [dir] });
    try {
      const r = await agent.call('check', { path: file });
      const s = r.structuredContent as { diags: Array<{ code: string; at: string; msg: string }>; summary: string };
      // The same diagnostics as `ilo-ls check`, position for position.
      const cli = checkFiles([file]).records;
      assert.deepEqual(
        s.diags.map((d) => `${d.code} ${d.at.split('-')[0]}`),
        cli.map((c) => `${c.code} ${c.line}:${c.col}`),
      );
      // Fewer tokens than the CLI's JSON, which has no fixes; the text (what most hosts show) fewer still.
      const cliTokens = countTokens(JSON.stringify(cli, null, 2));
      const ours = countTokens(JSON.stringify(r.structuredContent));
      assert.ok(ours < cliTokens, `${ours} >= ${cliTokens}`);
      assert.ok(countTokens(textOf(r)) < ours);
      // A fix replacing the flagged range does not repeat it.
      assert.deepEqual((s.diags[0] as { fix?: unknown }).fix, [{ title: "Change to 'x'", edits: [{ text: 'x' }] }]);
      const v = await agent.call('check', { path: file, verbose: true });
      const codes = (v.structuredContent as { codes: Record<string, string> }).codes;
      assert.match(codes['ILO-T004'], /^an unknown variable; fix: /);
      assert.match(textOf(v), /\nILO-T004: an unknown variable; fix: /);
    } finally {
      await agent.close();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('check: a flood of diagnostics is capped, errors kept first, the rest counted', async () => {
  const agent = await connectAgent();
  try {
    const lines = Array.from({ length: 80 }, (_, i) => `f${i} x:n>n;+x y${i}`);
    const r = await agent.call('check', { text: lines.join('\n') });
    const s = r.structuredContent as { diags: unknown[]; more: number; summary: string };
    assert.equal(s.diags.length, 50);
    assert.equal(s.more, 30);
    assert.equal(s.summary, '80 errors');
    assert.match(textOf(r), /\n\(30 more\)$/);
  } finally {
    await agent.close();
  }
});

test('format: both styles; an unchanged text says so', async () => {
  const agent = await connectAgent();
  try {
    const expanded = await agent.call('format', { text: 'f x:n>n;y=+x 1;*y 2' });
    assert.deepEqual(expanded.structuredContent, { text: 'f x:n > n\n  y = + x 1\n  * y 2\n', changed: true });
    const dense = await agent.call('format', { text: (expanded.structuredContent as { text: string }).text, style: 'dense' });
    assert.deepEqual(dense.structuredContent, { text: 'f x:n>n;y=+x 1;*y 2\n', changed: true });
    const again = await agent.call('format', { text: 'f x:n>n;y=+x 1;*y 2\n', style: 'dense' });
    assert.equal(textOf(again), 'already formatted');
  } finally {
    await agent.close();
  }
});

const WEATHER = `type forecast{city:t;high:n;low:n}
-- @behavior PURE READ DATA
tool get-forecast"Today's forecast for a city" city:t>R forecast t
-- @behavior MUTATES DELETE DATA
tool drop-forecast"Delete the stored forecast of a city" city:t>R _ t
spread f:forecast>n;-f.high f.low
`;

test('schema: every tool by default, one declaration by name, each target; types are JSON Schema', async () => {
  const agent = await connectAgent();
  try {
    const all = await agent.call('schema', { text: WEATHER });
    const defs = (all.structuredContent as { defs: Array<{ name: string; kind: string }> }).defs;
    assert.deepEqual(defs.map((d) => `${d.kind} ${d.name}`), ['tool get-forecast', 'tool drop-forecast']);
    const anthropic = await agent.call('schema', { text: WEATHER, name: 'get-forecast', target: 'anthropic' });
    const a = (anthropic.structuredContent as { defs: Array<{ def: Record<string, unknown> }> }).defs[0].def;
    assert.deepEqual(Object.keys(a), ['name', 'description', 'input_schema']);
    const a2a = await agent.call('schema', { text: WEATHER, name: 'drop-forecast', target: 'a2a' });
    assert.deepEqual((a2a.structuredContent as { defs: Array<{ def: { tags: string[] } }> }).defs[0].def.tags, ['mutates', 'delete', 'data']);
    const type = await agent.call('schema', { text: WEATHER, name: 'forecast' });
    const schema = (type.structuredContent as { defs: Array<{ kind: string; def: object }> }).defs[0];
    assert.equal(schema.kind, 'type');
    const validate = new Ajv2020({ strict: false }).compile(schema.def);
    assert.equal(validate({ city: 'Lisbon', high: 20, low: 12 }), true);
    assert.equal(validate({ city: 'Lisbon', high: '20', low: 12 }), false);
    const fn = await agent.call('schema', { text: WEATHER, name: 'spread', target: 'openai' });
    const f = (fn.structuredContent as { defs: Array<{ kind: string; def: { type: string; name: string } }> }).defs[0];
    assert.deepEqual([f.kind, f.def.type, f.def.name], ['function', 'function', 'spread']);
  } finally {
    await agent.close();
  }
});

test('contracts: identities, the confusable pair with its risk, and the lints, in a few lines', async () => {
  const agent = await connectAgent();
  try {
    const r = await agent.call('contracts', { text: WEATHER });
    const s = r.structuredContent as { tools: Array<{ name: string; behavior: string; source: string; id?: string }>; collisions: Array<{ tools: string[]; worst?: string }>; lints: string[] };
    assert.deepEqual(s.tools.map((t) => `${t.name} ${t.behavior} ${t.source}`), ['get-forecast PURE READ DATA declared', 'drop-forecast MUTATES DELETE DATA declared']);
    assert.ok(s.tools.every((t) => /^[0-9a-f]{16}$/.test(t.id ?? '')));
    assert.deepEqual(s.collisions.map((c) => c.tools), [['get-forecast', 'drop-forecast']]);
    assert.match(s.collisions[0].worst ?? '', /read vs write .*critical/);
    assert.ok(s.lints.some((l) => /warning same-schema/.test(l)), s.lints.join('\n'));
    assert.ok(textOf(r).split('\n').length <= 2 + 1 + s.lints.length);
    const v = await agent.call('contracts', { text: WEATHER, verbose: true });
    const vt = (v.structuredContent as { tools: Array<{ why?: string; schema?: string }> }).tools;
    assert.ok(vt.every((t) => t.schema && t.why), JSON.stringify(vt));
  } finally {
    await agent.close();
  }
});

test('explain: a reference code in any spelling, and a contract lint code', async () => {
  const agent = await connectAgent();
  try {
    const r = await agent.call('explain', { code: 'ilo-t5' });
    const e = r.structuredContent as { code: string; wrong: string; right: string; fix: string };
    assert.equal(e.code, 'ILO-T005');
    assert.ok(e.wrong && e.right && e.fix);
    const lint = await agent.call('explain', { code: 'instructs-model' });
    assert.match((lint.structuredContent as { meaning: string }).meaning, /tool shadowing/);
  } finally {
    await agent.close();
  }
});

test('levels: the answer names the level read at; a pragma decides for its file, else `level`, else the server default', async () => {
  const agent = await connectAgent({ level: '0.11' });
  try {
    const levelOf = async (args: Record<string, unknown>) => ((await agent.call('check', args)).structuredContent as { level: string }).level;
    assert.equal(await levelOf({ text: 'f x:n>n;+x 1\n' }), '0.11');
    assert.equal(await levelOf({ text: 'f x:n>n;+x 1\n', level: '26' }), '26');
    assert.equal(await levelOf({ text: '^26.5\nf x:n>n;+x 1\n', level: '0.11' }), '26');
    // Triple-quoted text is level-26 syntax: a syntax error at 0.11, clean at 26.
    const multiline = 'f>t;"""a\nb"""\n';
    assert.match(textOf(await agent.call('check', { text: multiline })), /^1 error\n1:7-2:3 error ILO-P001/);
    assert.equal(textOf(await agent.call('check', { text: multiline, level: '26' })), 'clean');
    refused(await agent.call('format', { text: multiline }), /^not formatted: syntax error at line 1, col 7: ILO-P001/);
    // At 26 it formats, and what comes back still reads clean at 26.
    const formatted = await agent.call('format', { text: multiline, level: '26' });
    assert.equal(formatted.isError, undefined, textOf(formatted));
    assert.equal(textOf(await agent.call('check', { text: (formatted.structuredContent as { text: string }).text, level: '26' })), 'clean');
    // A formatted text never comes back without the pragma that sets its level: kept, or the call is refused.
    const pragma = await agent.call('format', { text: '^26.5\ng x:n>n;+x 1\n' });
    if (pragma.isError) assert.match(textOf(pragma), /^not formatted: the formatter would drop the \^26\.5 pragma/);
    else assert.ok((pragma.structuredContent as { text: string }).text.startsWith('^26.5'), textOf(pragma));
  } finally {
    await agent.close();
  }
  const newer = await connectAgent({ level: '26' });
  try {
    const r = await newer.call('check', { text: 'f x:n>n;+x 1\n' });
    assert.equal((r.structuredContent as { level: string }).level, '26');
  } finally {
    await newer.close();
  }
});

test('levels: explain gives the meaning at the level asked for, else at the server\'s', async () => {
  const agent = await connectAgent({ level: '0.11' });
  try {
    const at = async (code: string, level?: string) => agent.call('explain', level ? { code, level } : { code });
    const old = (await at('T024')).structuredContent as { meaning: string; level: string };
    const now = (await at('T024', '26')).structuredContent as { meaning: string; level: string };
    assert.equal(old.level, '0.11');
    assert.equal(now.level, '26');
    assert.equal(old.meaning, explain('ILO-T024', '0.11')!.meaning);
    assert.equal(now.meaning, explain('ILO-T024', '26')!.meaning);
    assert.notEqual(old.meaning, now.meaning, 'T024 covers sum types at 26');
    // A code of level 26 only: refused at 0.11 with where to find it, explained at 26.
    refused(await at('T043'), /^ILO-T043 does not exist at level 0\.11; ask with level 26$/);
    assert.equal((await at('T043', '26')).isError, undefined);
    // check --verbose explains the codes at the level the file was read at.
    const verbose = await agent.call('check', { text: '^26.8\ntype shape = circle(n) | point\narea s:shape>n;?s{circle(r):r}\n', verbose: true });
    const codes = (verbose.structuredContent as { codes: Record<string, string> }).codes;
    assert.ok(codes['ILO-T024'].startsWith(explain('ILO-T024', '26')!.title), codes['ILO-T024']);
  } finally {
    await agent.close();
  }
});

test('levels: builtins searches the table of the level asked for', async () => {
  const agent = await connectAgent({ level: '0.11' });
  try {
    const names = async (query: string, level?: string) => {
      const r = await agent.call('builtins', level ? { query, level } : { query });
      const s = r.structuredContent as { level: string; found: Array<{ name: string }> };
      return { level: s.level, names: s.found.map((f) => f.name) };
    };
    const old = await names('parallel map');
    assert.equal(old.level, '0.11');
    assert.ok(!old.names.includes('par-map'));
    const now = await names('parallel map', '26');
    assert.equal(now.level, '26');
    assert.ok(now.names.includes('par-map'), now.names.join(' '));
    assert.deepEqual((await names('list directory', '26')).names.slice(0, 1), ['lsd']);
    assert.deepEqual((await names('pi', '0.11')).names, []);
  } finally {
    await agent.close();
  }
});

test('contracts: toxic flows are set apart from the other findings; ilo diagnostics are neither', () => {
  const d = (code: string, source: 'ilo' | 'ilo-contracts') => ({ code, source, severity: 'warning' as const, start: 0, end: 1, message: code });
  const { lints, flows } = splitFindings([d('same-schema', 'ilo-contracts'), d('toxic-flow', 'ilo-contracts'), d('ILO-T004', 'ilo'), d('effect-gate', 'ilo-contracts')]);
  assert.deepEqual(lints.map((x) => x.code), ['same-schema', 'effect-gate']);
  assert.deepEqual(flows.map((x) => x.code), ['toxic-flow']);
});

test('schema of a level-26 function: its effect sigils (or @behavior) become MCP hints, and _meta says where the read-only hint came from', async () => {
  const agent = await connectAgent();
  try {
    const text = ['^26.8', 'fetch u:t>R t t /http;get u', 'add a:n b:n>n;+a b', '-- @behavior MUTATES OVERWRITE ACK', 'save p:t d:t>R _ t /fs;wr p d'].join('\n');
    const def = async (name: string) => ((await agent.call('schema', { text, name })).structuredContent as { defs: Array<{ def: Record<string, unknown> }> }).defs[0].def;
    const add = await def('add');
    assert.deepEqual(add.annotations, { readOnlyHint: true, openWorldHint: false }, 'no sigils in a file that declares some: pure');
    assert.deepEqual((add._meta as Record<string, unknown>)['ilo-lang.dev/effects'], { sigils: [], implicit: false, readOnlyFrom: 'sigils' });
    const fetch = await def('fetch');
    assert.deepEqual(fetch.annotations, { openWorldHint: true }, '/http: open world, reading or writing not said');
    const save = await def('save');
    assert.deepEqual(save.annotations, { readOnlyHint: false, openWorldHint: false });
    assert.equal(((save._meta as Record<string, Record<string, unknown>>)['ilo-lang.dev/effects']).readOnlyFrom, 'behavior');
    // At 0.11 a function has no sigils and nothing is claimed.
    const old = (await agent.call('schema', { text: 'add a:n b:n>n;+a b', name: 'add', level: '0.11' })).structuredContent as { defs: Array<{ def: Record<string, unknown> }> };
    assert.equal(old.defs[0].def.annotations, undefined);
  } finally {
    await agent.close();
  }
});
