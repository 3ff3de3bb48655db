// Inference against the hand labels of corpus/mcp (a regression guard), and
// contract analyses on broken input.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { inferBehavior } from '../../server/src/contracts/behavior/inferBehavior';
import { factsFromMcpTool, mcpToolsOf } from '../../server/src/contracts/behavior/mcpFacts';
import { contractDiagnostics } from '../../server/src/contracts/contractDiagnostics';
import { contractsReport } from '../../server/src/contracts/contractsReport';
import { parseIlo } from '../../server/src/syntax/parse';

const MCP_DIR = path.resolve(__dirname, '..', '..', '..', 'shared', 'corpus', 'mcp');
const HELD_OUT = path.join(__dirname, 'fixtures', 'heldout');

function agreement(dir: string): { tools: number; mutability: number; action: number; domain: number; triple: number } {
  const rows = fs.readFileSync(path.join(dir, 'labels.tsv'), 'utf8').trim().split('\n').slice(1).map((l) => l.split('\t'));
  const tools = new Map<string, ReturnType<typeof mcpToolsOf>[number]>();
  for (const f of fs.readdirSync(dir).filter((f) => f.endsWith('.tools.json'))) {
    for (const t of mcpToolsOf(JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')))) tools.set(`${f.split('.')[0]}/${t.name}`, t);
  }
  const score = { tools: 0, mutability: 0, action: 0, domain: 0, triple: 0 };
  for (const [server, name, m, a, d] of rows) {
    const tool = tools.get(`${server}/${name}`);
    assert.ok(tool, `${server}/${name} has a label but no definition`);
    const b = inferBehavior(factsFromMcpTool(tool));
    score.tools++;
    if (b.mutability === m) score.mutability++;
    if (b.action === a) score.action++;
    if (b.domain === d) score.domain++;
    if (b.mutability === m && b.action === a && b.domain === d) score.triple++;
  }
  return score;
}

test('inference agrees with the corpus labels on (nearly) every field', () => {
  const s = agreement(MCP_DIR);
  assert.equal(s.tools, 45);
  assert.equal(s.mutability, 45, 'read vs write is never wrong on the labelled set');
  assert.ok(s.triple >= 40, `triple agreement ${s.triple}/45`);
});

test('inference stays useful on tools it was not developed on (git, GitHub, browser, time)', () => {
  const s = agreement(HELD_OUT);
  assert.equal(s.mutability, s.tools, 'read vs write is never wrong');
  assert.ok(s.triple / s.tools >= 0.75, `triple agreement ${s.triple}/${s.tools}`);
});

test('broken files never make the contract analyses throw', () => {
  const sources = [
    '',
    'tool',
    'tool x"',
    'tool half"no types" a: b:>',
    'tool cb"takes a callback" f:F n n>R _ t\ntool cb2"takes a callback too" f:F n n>R _ t',
    '-- @behavior PURE\nf x:n>n;f x\n-- @behavior PURE\ng>n;g()',
    'use "missing.ilo"\n-- @behavior PURE\nh>n;zz 1',
    '-- @behavior NOPE NOPE NOPE\ntool q"?" a:t>t\ntool r"?" a:t>t',
  ];
  for (const text of sources) {
    const input = { path: '/virtual/x.ilo', text, program: parseIlo(text).program };
    assert.doesNotThrow(() => contractDiagnostics([input], { scope: 'workspace' }), text);
    assert.doesNotThrow(() => contractsReport([input]), text);
  }
  // Tools whose behavior is unknown are still compared, and the message says so.
  const text = sources[sources.length - 1];
  const ds = contractDiagnostics([{ path: '/virtual/x.ilo', text, program: parseIlo(text).program }]).get('/virtual/x.ilo')!;
  const q = ds.find((d) => d.code === 'same-schema' && text.slice(d.start, d.end) === 'q');
  assert.ok(q);
  assert.equal(q.severity, 'information');
  assert.match(q.message, /behavior of `q` is unknown/);
});

test('a recursive PURE function does not loop and reports nothing without a mutating call', () => {
  const text = '-- @behavior PURE\nev n:n>b;=n 0{true}{od -n 1}\n-- @behavior PURE\nod n:n>b;=n 0{false}{ev -n 1}\n';
  const input = { path: '/virtual/x.ilo', text, program: parseIlo(text).program };
  assert.deepEqual(contractDiagnostics([input]).get(input.path), []);
});
