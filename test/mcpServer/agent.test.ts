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
