// Quiet, bounded collision output and one diagnostic per name: copies of one
// file in a workspace, duplicated declarations, and several findings on one
// tool name.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { contractDiagnostics } from '../../server/src/contracts/contractDiagnostics';
import { contractsReport } from '../../server/src/contracts/contractsReport';
import { mergeSameRange } from '../../server/src/contracts/mergeDiagnostics';
import type { Diagnostic } from '../../server/src/diagnostics';
import { abs, allOn, inputsOf } from './helpers';

const KV = `tool fetch-value"Return the value stored under a key" key:t>R t t
tool remove-value"Delete the value stored under a key" key:t>R t t
`;

test('copies of one file: each diagnostic names a few partners with their files and counts the rest; related information lists all', () => {
  const files: Record<string, string> = {};
  for (let i = 1; i <= 30; i++) files[`kv${i}.ilo`] = KV;
  const diags = contractDiagnostics(inputsOf(files), { scope: 'workspace' });
  const ds = diags.get(abs('kv1.ilo'))!;
  const fetch = allOn(ds, KV, 'fetch-value');
  assert.equal(fetch.length, 1, 'one diagnostic on the name');
  const d = fetch[0];
  assert.equal(d.code, 'same-behavior');
  assert.match(d.message, /`fetch-value` \(kv\d+\.ilo\)/, 'a partner elsewhere is named with its file');
  assert.match(d.message, /and 56 more/, '59 partners, 3 named');
  assert.match(d.message, /`fetch-value` \(×29\) has the same behavior/);
  assert.match(d.message, /`remove-value` \(×30\) read vs write \(critical\)/);
  assert.ok(d.message.length < 700, `bounded message (${d.message.length} characters)`);
  assert.equal(d.related?.length, 59, 'every partner is in the related information');
  assert.equal(new Set(d.related!.map((r) => r.file ?? abs('kv1.ilo'))).size, 30);
});

test('the report lists pairs between kinds of tool, not between every two copies', () => {
  const files: Record<string, string> = {};
  for (let i = 1; i <= 20; i++) files[`kv${i}.ilo`] = KV;
  const report = contractsReport(inputsOf(files), { scope: 'workspace' });
  assert.equal(report.collisions.length, 1);
  const [g] = report.collisions;
  assert.equal(g.tools.length, 40);
  // fetch/fetch (same), fetch/remove (critical), remove/remove (same).
  assert.equal(g.pairs.length, 3);
  assert.equal(g.pairs.reduce((n, p) => n + p.count, 0), (40 * 39) / 2, 'the counts add up to every pair of tools');
  const critical = g.pairs.find((p) => p.rank === 'critical')!;
  assert.equal(critical.count, 400);
});

test('a duplicated tool gets its ILO-T002 (from the verifier) and no near-schema against its own first declaration', () => {
  const text = `tool get-user"Get a user by id" id:t>R t t
tool get-user"Get a user by id" id:t verbose:O b>R t t
`;
  const [input] = inputsOf({ 'a.ilo': text });
  const ds = contractDiagnostics([input]).get(input.path)!;
  assert.deepEqual(ds, [], 'the duplicate is not a partner: nothing to compare');
});

test('same schema and near schema on one tool make one diagnostic, with both partners related and the fix kept', () => {
  const text = `tool read-doc"Read a document" path:t>R t t
tool delete-doc"Delete a document" path:t>R t t
tool read-doc-lines"Read some lines of a document" path:t limit:O n>R t t
`;
  const [input] = inputsOf({ 'a.ilo': text });
  const ds = allOn(contractDiagnostics([input]).get(input.path)!, text, 'read-doc');
  assert.equal(ds.length, 1);
  const [d] = ds;
  assert.equal(d.code, 'same-schema');
  assert.equal(d.severity, 'warning');
  assert.match(d.message, /same input \{path: string\}/);
  assert.match(d.message, /takes nearly the same input as `read-doc-lines`/);
  assert.deepEqual(d.related!.map((r) => text.slice(r.start, r.end)), ['delete-doc', 'read-doc-lines']);
  assert.equal(d.suggestions?.length, 1);
  assert.match(d.suggestions![0].message, /@behavior PURE READ CONTENT/);
});

test('mergeSameRange: ilo-contracts diagnostics on one range become one; the reference\'s are left alone', () => {
  const at = { start: 5, end: 9 };
  const ds: Diagnostic[] = [
    { code: 'ILO-T002', source: 'ilo', severity: 'error', ...at, message: 'already defined' },
    { code: 'vague-description', source: 'ilo-contracts', severity: 'information', ...at, message: 'says little', related: [{ start: 0, end: 1, message: 'a' }] },
    { code: 'shadowed-by-builtin', source: 'ilo-contracts', severity: 'warning', ...at, message: 'reaches the builtin', hint: 'rename it', suggestions: [{ message: 'Rename', edits: [] }] },
    { code: 'same-schema', source: 'ilo-contracts', severity: 'information', start: 20, end: 24, message: 'elsewhere' },
  ];
  const merged = mergeSameRange(ds);
  assert.deepEqual(merged.map((d) => d.code), ['ILO-T002', 'shadowed-by-builtin', 'same-schema']);
  const m = merged[1];
  assert.equal(m.severity, 'warning', 'the most severe leads');
  assert.equal(m.message, 'reaches the builtin Also (vague-description): says little');
  assert.equal(m.hint, 'rename it');
  assert.equal(m.related?.length, 1);
  assert.equal(m.suggestions?.length, 1);
});
