// Behavior in exported MCP tools, the `contracts --json` report, and hover text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildManifest } from '../../server/src/schema/manifest';
import { behaviorExtender, behaviorMeta, BEHAVIOR_META_KEY } from '../../server/src/contracts/behavior/behaviorMeta';
import { contractsReport } from '../../server/src/contracts/contractsReport';
import { behaviorHoverSections } from '../../server/src/contracts/behavior/behaviorHover';
import { contractDiagnostics } from '../../server/src/contracts/contractDiagnostics';
import { inputsOf } from './helpers';

const SRC = `-- @behavior PURE READ DATA
tool fetch-rows"Read rows with a read-only query" sql:t>R _ t
-- @behavior MUTATES DELETE ACK
tool drop-rows"Delete the rows a filter selects" sql:t>R _ t
-- @hints readOnly=false idempotent=false
-- @behavior MUTATES OVERWRITE DATA
tool put-rows"Replace rows" sql:t rows:L t>R _ t
tool list-jobs"List background jobs" >R t t
`;

test('exported tools carry hints derived from declared behavior and the identity in _meta', () => {
  const [input] = inputsOf({ 'a.ilo': SRC });
  const { tools } = buildManifest(input.program.decls, { extend: behaviorExtender() });
  const byName = new Map(tools.map((t) => [t.name, t]));
  assert.deepEqual(byName.get('fetch-rows')!.annotations, { readOnlyHint: true });
  assert.deepEqual(byName.get('drop-rows')!.annotations, { readOnlyHint: false, destructiveHint: true, idempotentHint: true });
  assert.deepEqual(byName.get('fetch-rows')!._meta![BEHAVIOR_META_KEY], {
    mutability: 'PURE', action: 'READ', domain: 'DATA', id: 'b2795a7bb60a9c04', source: 'declared', confidence: 'high',
  });
  // Hints the author wrote win over derived ones.
  assert.equal(byName.get('put-rows')!.annotations!.idempotentHint, false);
  assert.equal(byName.get('put-rows')!.annotations!.destructiveHint, true);
  // An inferred behavior is not turned into hints.
  assert.equal(byName.get('list-jobs')!.annotations, undefined);
  assert.equal(byName.get('list-jobs')!._meta, undefined);
});

test('inferred behavior reaches _meta only on request, marked as inferred', () => {
  const meta = behaviorMeta({ mutability: 'PURE', action: 'READ', domain: 'STRUCTURE', source: 'inferred', confidence: 'medium' }, { includeInferred: true });
  assert.equal(meta.annotations, undefined);
  assert.equal((meta._meta![BEHAVIOR_META_KEY] as Record<string, string>).source, 'inferred');
});

test('contracts report lists every tool with wire name, hashes and behavior, and the collision groups', () => {
  const report = contractsReport(inputsOf({ 'a.ilo': SRC }), { relativeTo: '/virtual' });
  const fetch = report.tools.find((t) => t.name === 'fetch-rows')!;
  assert.deepEqual(Object.keys(fetch).sort(), ['behavior', 'behaviorId', 'file', 'flow', 'name', 'schemaHash', 'wireName']);
  assert.deepEqual(fetch.flow, { labels: ['private'], source: 'inferred' }, 'reading rows returns the user\'s data');
  assert.deepEqual(report.tools.find((t) => t.name === 'drop-rows')!.flow.labels, ['destructive']);
  assert.equal(fetch.file, 'a.ilo');
  assert.equal(fetch.behaviorId, 'b2795a7bb60a9c04');
  assert.match(fetch.schemaHash, /^[0-9a-f]{16}$/);
  assert.equal(report.tools.find((t) => t.name === 'list-jobs')!.behavior.source, 'inferred');
  assert.equal(report.collisions.length, 1);
  const [g] = report.collisions;
  assert.deepEqual(g.tools.map((t) => t.name), ['fetch-rows', 'drop-rows']);
  assert.equal(g.pairs[0].relation, 'different');
  assert.equal(g.pairs[0].rank, 'critical');
  assert.equal(report.near.length, 0, 'put-rows has a required extra property');
});

test('hover on a tool shows the three fields, their source and the identity hash', () => {
  const [input] = inputsOf({ 'a.ilo': SRC });
  const visible = input.program.decls.map((decl) => ({ decl }));
  const tool = (n: string) => input.program.decls.find((d) => d.kind === 'ToolDecl' && d.name.text === n)!;
  const declared = behaviorHoverSections(tool('fetch-rows'), visible).join('\n');
  assert.match(declared, /declared with `@behavior`/);
  assert.match(declared, /`PURE`[\s\S]*`READ`[\s\S]*`DATA`/);
  assert.match(declared, /b2795a7bb60a9c04/);
  const guessed = behaviorHoverSections(tool('list-jobs'), visible).join('\n');
  assert.match(guessed, /inferred, not declared/);
  assert.match(guessed, /verb `list`/);
});

test('@hints that contradict a declared behavior are reported', () => {
  const text = `-- @hints readOnly
-- @behavior MUTATES DELETE ACK
tool purge-cache"Empty the cache" >R _ t
`;
  const [input] = inputsOf({ 'a.ilo': text });
  const ds = contractDiagnostics([input]).get(input.path)!.filter((d) => d.code === 'behavior-hints');
  assert.equal(ds.length, 1);
  assert.equal(text.slice(ds[0].start, ds[0].end), '@hints readOnly');
});
