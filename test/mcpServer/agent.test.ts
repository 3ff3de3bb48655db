// `ilo-ls mcp` as an agent uses it: the real CLI over stdio, an SDK client
// sharing a project folder as its root. The agent writes a program with
// mistakes, checks it, applies `fix`, checks again (clean), looks up a
// builtin for a task and uses it, and asks for a tool's schema, which it
// validates with ajv.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { connectAgent, scratch, textOf, type Agent } from './helpers';

const project = scratch('ilo-mcp-agent-');
test.after(() => fs.rmSync(project, { recursive: true, force: true }));

// Three mistakes with one fix each (a misspelt variable, a long builtin name,
// a match missing an arm) and one misspelt builtin call.
const FIRST_DRAFT = `-- Stats over a list of scores.
total xs:L n>n;fld add xs 0
add a:n b:n>n;+a bb
size xs:L n>n;length xs
passed x:b>t;?x{true:"pass"}
best xs:L n>L n;rsrtt xs
`;

test('an agent over stdio: check, fix, check clean, a builtin found and used, a schema validated', async () => {
  const file = path.join(project, 'stats.ilo');
  fs.writeFileSync(file, FIRST_DRAFT);
  const agent: Agent = await connectAgent({ roots: [project], stdio: true });
  try {
    const { tools } = await agent.client.listTools();
    assert.deepEqual(tools.map((t) => t.name), ['check', 'fix', 'format', 'explain', 'builtins', 'schema', 'contracts']);

    // 1. check the file by its path (inside the root).
    const first = await agent.call('check', { path: file });
    assert.equal(first.isError, undefined, textOf(first));
    const firstDiags = (first.structuredContent as { ok: boolean; diags: Array<{ code: string; at: string; fix?: unknown[] }> });
    assert.equal(firstDiags.ok, false);
    assert.deepEqual(firstDiags.diags.map((d) => `${d.at} ${d.code}`), [
      '3:18-20 ILO-T004',
      '4:15-21 long-form-alias',
      '5:14-16 ILO-T024',
      '6:17-22 ILO-T005',
    ]);
    assert.ok(firstDiags.diags.every((d) => d.fix && d.fix.length === 1), 'every mistake comes with its quick fix');
    assert.match(textOf(first), /^3 errors, 1 hint\n3:18-20 error ILO-T004 'bb' is not defined; did you mean 'b'\? fix: Change to 'b'/);

    // 2. fix: the new text and what changed; the agent writes it back.
    const fixed = await agent.call('fix', { path: file });
    const f = fixed.structuredContent as { text: string; changed: boolean; ok: boolean; fixed: Array<{ code: string; at: string; title: string }>; left: string[] };
    assert.equal(f.changed, true);
    assert.equal(f.ok, true);
    assert.deepEqual(f.left, []);
    assert.deepEqual(f.fixed.map((x) => x.code), ['ILO-T004', 'long-form-alias', 'ILO-T024', 'ILO-T005']);
    // Each `at` points at the new text where it is in the result.
    const lines = f.text.split('\n');
    for (const x of f.fixed) {
      const m = /^(\d+):(\d+)-(\d+)$/.exec(x.at);
      assert.ok(m, x.at);
      const inserted = lines[Number(m[1]) - 1].slice(Number(m[2]) - 1, Number(m[3]) - 1);
      assert.ok(['b', 'len', ';false:nil', 'rsrt'].includes(inserted), `${x.code} at ${x.at} is '${inserted}'`);
    }
    assert.equal(f.text, FIRST_DRAFT.replace('+a bb', '+a b').replace('length xs', 'len xs').replace('{true:"pass"}', '{true:"pass";false:nil}').replace('rsrtt', 'rsrt'));
    assert.equal(fs.readFileSync(file, 'utf8'), FIRST_DRAFT, 'fix never writes the file');
    fs.writeFileSync(file, f.text);

    // 3. check again: clean.
    const again = await agent.call('check', { path: file });
    assert.deepEqual(again.structuredContent, { ok: true, summary: 'clean', level: '0.11', diags: [] });
    assert.equal(textOf(again), 'clean');

    // 4. a task: split a sentence into words. The agent asks for builtins instead of guessing a name.
    const found = await agent.call('builtins', { query: 'split text' });
    const best = (found.structuredContent as { found: Array<{ name: string; sigs: string[] }> }).found[0];
    assert.equal(best.name, 'spl');
    assert.deepEqual(best.sigs, ['spl s:t sep:t>L t']);
    // It writes the call from the signature: name, then the arguments in order.
    const [, params, ret] = /^spl (.*)>(.*)$/.exec(best.sigs[0])!;
    assert.equal(params.split(' ').length, 2);
    const wordsFn = `words s:t>${ret};${best.name} s " "\n`;
    fs.appendFileSync(file, wordsFn);
    const withWords = await agent.call('check', { path: file });
    assert.equal((withWords.structuredContent as { summary: string }).summary, 'clean', textOf(withWords));

    // 5. a tool in the file: its OpenAI definition, validated as a JSON Schema with ajv.
    const toolSource = `-- @behavior PURE READ DATA
tool get-score"Score of a student" name:t term:n>R n t
`;
    const schema = await agent.call('schema', { text: toolSource, name: 'get-score', target: 'openai' });
    assert.equal(schema.isError, undefined, textOf(schema));
    const def = (schema.structuredContent as { defs: Array<{ kind: string; def: { name: string; parameters: object; strict: boolean } }> }).defs[0];
    assert.equal(def.kind, 'tool');
    assert.equal(def.def.name, 'get-score');
    const ajv = new Ajv2020({ strict: false });
    const validate = ajv.compile(def.def.parameters);
    assert.equal(validate({ name: 'Ana', term: 2 }), true, ajv.errorsText(validate.errors));
    assert.equal(validate({ name: 'Ana' }), false, 'term is required');
    assert.equal(validate({ name: 'Ana', term: 'two' }), false, 'term is a number');
    // The MCP form carries the declared behavior as annotations and identity.
    const mcp = await agent.call('schema', { text: toolSource });
    const mcpDef = (mcp.structuredContent as { defs: Array<{ def: { annotations?: { readOnlyHint?: boolean }; _meta?: Record<string, { action?: string }> } }> }).defs[0].def;
    assert.equal(mcpDef.annotations?.readOnlyHint, true);
    assert.equal(mcpDef._meta?.['ilo-lang.dev/behavior']?.action, 'READ');
  } finally {
    await agent.close();
  }
});

// The same loop on an ilo 26 file (`.@`, a ^26.8 pragma) while the server's
// own default is 0.11: the pragma decides, the level-26 verifier's fixes
// apply (a match missing variants of a sum type), and `builtins` answers
// from the level-26 table with a builtin 0.11 does not have.
const DRAFT_26 = `^26.8
-- Shapes and files.
type shape = circle(n) | square(n) | point
add a:n b:n>n;+a bb
area s:shape>n;?s{circle(r):*r r}
best xs:L n>L n;rsrtt xs
`;

test('an agent on an ilo 26 file: the pragma decides, level-26 fixes, a level-26 builtin found and used', async () => {
  const file = path.join(project, 'shapes.@');
  fs.writeFileSync(file, DRAFT_26);
  const agent: Agent = await connectAgent({ roots: [project], stdio: true, level: '0.11' });
  try {
    const first = await agent.call('check', { path: file });
    const c = first.structuredContent as { ok: boolean; level: string; diags: Array<{ code: string; at: string; fix?: unknown[] }> };
    assert.equal(c.level, '26');
    assert.deepEqual(c.diags.map((d) => `${d.at} ${d.code}`), ['4:18-20 ILO-T004', '5:16-18 ILO-T024', '6:17-22 ILO-T005']);
    assert.match(textOf(first), /ILO-T024 match does not handle the variants square, point/);

    const fixed = await agent.call('fix', { path: file });
    const f = fixed.structuredContent as { text: string; ok: boolean; fixed: Array<{ code: string }>; left: string[] };
    assert.equal(f.ok, true, textOf(fixed));
    assert.deepEqual(f.fixed.map((x) => x.code), ['ILO-T004', 'ILO-T024', 'ILO-T005']);
    assert.ok(f.text.startsWith('^26.8\n'), 'the pragma is kept');
    assert.match(f.text, /\?s\{circle\(r\):\*r r;square\(v\):[^;]+;point:[^}]+\}/);
    fs.writeFileSync(file, f.text);
    const again = await agent.call('check', { path: file });
    assert.deepEqual(again.structuredContent, { ok: true, summary: 'clean', level: '26', diags: [] });

    // A task for the file's level: list a folder. Level 0.11 has no such builtin; 26 has.
    const names = async (level: string) =>
      ((await agent.call('builtins', { query: 'list files in a folder', level })).structuredContent as { found: Array<{ name: string; sigs: string[] }> }).found;
    assert.ok(!(await names('0.11')).some((b) => b.name === 'lsd'));
    const best = (await names('26'))[0];
    assert.equal(best.name, 'lsd');
    const [, params, ret] = /^lsd (\S+)>(.*)$/.exec(best.sigs[0])!;
    assert.equal(params, 'dir:t');
    const listing = `entries dir:t>${ret};${best.name} dir\n`;
    fs.appendFileSync(file, listing);
    const withListing = await agent.call('check', { path: file });
    assert.equal(textOf(withListing), 'clean');
    // The same call read at 0.11 would be an unknown function: the level matters.
    const at011 = await agent.call('check', { text: listing, level: '0.11' });
    assert.match(textOf(at011), /ILO-T005 no function named 'lsd'/);

    // A level-26 tool declaration, its Anthropic definition validated with ajv.
    const schema = await agent.call('schema', { path: file, text: `${f.text}tool shape-area"Area of a shape in square metres" kind:t size:n>R n t\n`, target: 'anthropic' });
    assert.equal(schema.isError, undefined, textOf(schema));
    const def = (schema.structuredContent as { defs: Array<{ kind: string; def: { name: string; input_schema: object } }> }).defs.find((d) => d.kind === 'tool')!.def;
    assert.equal(def.name, 'shape-area');
    const validate = new Ajv2020({ strict: false }).compile(def.input_schema);
    assert.equal(validate({ kind: 'circle', size: 2 }), true);
    assert.equal(validate({ kind: 'circle' }), false, 'size is required');
  } finally {
    await agent.close();
  }
});
