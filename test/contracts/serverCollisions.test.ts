// The real tools of five MCP servers, declared by hand in fixtures/servers:
// every identical-schema group is reported, and the dangerous ones are
// ranked critical (warnings).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { contractDiagnostics } from '../../server/src/contracts/contractDiagnostics';
import { contractsReport } from '../../server/src/contracts/contractsReport';
import { abs, allOn, applyEdits, inputsOf, on, serverFiles } from './helpers';

const files = serverFiles();

test('workspace scope reports exactly the identical groups of the five servers', () => {
  const report = contractsReport(inputsOf(files), { scope: 'workspace', relativeTo: '/virtual' });
  const groups = report.collisions.map((g) => g.tools.map((t) => t.name).sort().join(' ')).sort();
  assert.deepEqual(groups, [
    'create-directory get-file-info list-directory read-media-file',
    'create-relations delete-relations',
    'execute query',
    'list-allowed-directories list-tables read-graph',
    'read-file read-text-file',
    'slack-get-users slack-list-channels',
  ]);
  assert.equal(report.tools.length, 45);
});

test('every tool in an identical group gets a same-schema or same-behavior diagnostic on its name', () => {
  const inputs = inputsOf(files);
  const diags = contractDiagnostics(inputs, { scope: 'workspace' });
  const grouped = [
    ['filesystem.ilo', ['read-file', 'read-text-file', 'read-media-file', 'create-directory', 'list-directory', 'get-file-info', 'list-allowed-directories']],
    ['memory.ilo', ['create-relations', 'delete-relations', 'read-graph']],
    ['slack.ilo', ['slack-list-channels', 'slack-get-users']],
    ['sqlite.ilo', ['query', 'execute', 'list-tables']],
  ] as const;
  for (const [file, names] of grouped) {
    const ds = diags.get(abs(file))!;
    for (const name of names) {
      const found = allOn(ds, files[file], name).filter((d) => d.code === 'same-schema' || d.code === 'same-behavior');
      assert.ok(found.length > 0, `${file}: no collision diagnostic on ${name}`);
      assert.ok(found.every((d) => d.source === 'ilo-contracts'));
    }
  }
  // Tools with a schema of their own are left alone.
  const fs = diags.get(abs('filesystem.ilo'))!;
  assert.equal(allOn(fs, files['filesystem.ilo'], 'move-file').length, 0);
  assert.equal(allOn(diags.get(abs('redis.ilo'))!, files['redis.ilo'], 'redis-get').length, 0);
});

test('sqlite query/execute is a critical read vs write confusion: a warning pointing at the other tool', () => {
  const [input] = inputsOf(files, ['sqlite.ilo']);
  const ds = contractDiagnostics([input]).get(input.path)!;
  const text = files['sqlite.ilo'];
  const q = on(ds, text, 'query', 'same-schema');
  assert.ok(q, 'no same-schema on query');
  assert.equal(q.severity, 'warning');
  assert.match(q.message, /read vs write/);
  assert.match(q.message, /critical/);
  assert.match(q.message, /\{sql: string\}/);
  assert.equal(q.related?.length, 1);
  assert.equal(text.slice(q.related![0].start, q.related![0].end), 'execute');
  const e = on(ds, text, 'execute', 'same-schema');
  assert.equal(e?.severity, 'warning');
  assert.match(e!.message, /write vs read/);
});

test('the filesystem {path} group: create-directory is critical against each read-only tool', () => {
  const [input] = inputsOf(files, ['filesystem.ilo']);
  const ds = contractDiagnostics([input]).get(input.path)!;
  const text = files['filesystem.ilo'];
  const d = on(ds, text, 'create-directory', 'same-schema');
  assert.ok(d);
  assert.equal(d.severity, 'warning');
  // One story per name: the identical group comes first, the near schemas follow in the same diagnostic.
  const [identical, near] = d.message.split(/(?=`create-directory` takes nearly the same input)/);
  assert.equal((identical.match(/write vs read/g) ?? []).length, 3);
  assert.match(near, /4 other tools/);
  const sameInput = d.related!.filter((r) => /same input \{path: string\}/.test(r.message));
  assert.deepEqual(sameInput.map((r) => text.slice(r.start, r.end)).sort(), ['get-file-info', 'list-directory', 'read-media-file']);
  assert.equal(d.related!.length, 7, 'related information lists the near partners too');
  // A read-only member is also warned, because one of its partners writes.
  assert.equal(on(ds, text, 'list-directory', 'same-schema')?.severity, 'warning');
});

test('create vs delete of relations is critical; two reads with different outputs are only information', () => {
  const inputs = inputsOf(files, ['memory.ilo', 'slack.ilo']);
  const diags = contractDiagnostics(inputs);
  const mem = on(diags.get(abs('memory.ilo'))!, files['memory.ilo'], 'create-relations', 'same-schema');
  assert.equal(mem?.severity, 'warning');
  assert.match(mem!.message, /create vs delete/);
  const slack = on(diags.get(abs('slack.ilo'))!, files['slack.ilo'], 'slack-get-users', 'same-schema');
  assert.equal(slack?.severity, 'information');
  assert.match(slack!.message, /USER vs STRUCTURE/);
});

test('read-file and read-text-file are indistinguishable: same-behavior warning', () => {
  const [input] = inputsOf(files, ['filesystem.ilo']);
  const ds = contractDiagnostics([input]).get(input.path)!;
  const d = on(ds, files['filesystem.ilo'], 'read-file', 'same-behavior');
  assert.equal(d?.severity, 'warning');
  assert.match(d!.message, /cannot tell them apart/);
});

test('file scope keeps servers apart; workspace scope finds the argument-free tools of three servers', () => {
  const inputs = inputsOf(files);
  const text = files['sqlite.ilo'];
  const fileScope = contractDiagnostics(inputs, { scope: 'file' }).get(abs('sqlite.ilo'))!;
  assert.equal(allOn(fileScope, text, 'list-tables').length, 0);
  const ws = contractDiagnostics(inputs, { scope: 'workspace' }).get(abs('sqlite.ilo'))!;
  const d = allOn(ws, text, 'list-tables').filter((x) => x.code === 'same-schema' || x.code === 'same-behavior');
  assert.ok(d.length > 0);
  const partners = d.flatMap((x) => x.related ?? []).map((r) => r.file);
  assert.ok(partners.includes(abs('memory.ilo')) && partners.includes(abs('filesystem.ilo')), 'related info points into the other files');
});

test('undeclared behavior is called a guess and comes with a quick fix; declaring it silences that', () => {
  const text = files['sqlite.ilo'];
  const [input] = inputsOf({ 'sqlite.ilo': text });
  const before = on(contractDiagnostics([input]).get(input.path)!, text, 'query', 'same-schema')!;
  assert.match(before.message, /not declared/);
  const fix = before.suggestions?.[0];
  assert.ok(fix);
  assert.match(fix.message, /@behavior PURE READ DATA/);

  // Apply the fix for query, and declare execute by hand.
  let fixed = applyEdits(text, fix.edits);
  fixed = fixed.replace('tool execute"', '-- @behavior MUTATES OVERWRITE DATA\ntool execute"');
  const [again] = inputsOf({ 'sqlite.ilo': fixed });
  const after = on(contractDiagnostics([again]).get(again.path)!, fixed, 'query', 'same-schema')!;
  assert.ok(after, 'the collision itself is still reported');
  assert.equal(after.severity, 'warning');
  assert.doesNotMatch(after.message, /not declared|guess|unknown/);
  assert.equal(after.suggestions, undefined);
  assert.match(after.message, /\(declared\)/);
});

test('the quick fix puts @behavior on its own line directly above the tool, after existing doc lines', () => {
  const text = '-- Runs anything.\n-- @wire run_sql\ntool run-sql"Run a SQL statement that modifies rows" sql:t>R _ t\ntool read-sql"Run a read-only SQL query" sql:t>R _ t\n';
  const [input] = inputsOf({ 'a.ilo': text });
  const d = on(contractDiagnostics([input]).get(input.path)!, text, 'run-sql', 'same-schema')!;
  const fixed = applyEdits(text, d.suggestions![0].edits);
  assert.deepEqual(fixed.split('\n').slice(0, 4), [
    '-- Runs anything.',
    '-- @wire run_sql',
    '-- @behavior MUTATES OVERWRITE DATA',
    'tool run-sql"Run a SQL statement that modifies rows" sql:t>R _ t',
  ]);
});

test('a malformed @behavior line is replaced by the fix, not duplicated', () => {
  const text = '-- @behavior MUTATES WIPE DATA\ntool run-sql"Run a SQL statement that modifies rows" sql:t>R _ t\ntool read-sql"Run a read-only SQL query" sql:t>R _ t\n';
  const [input] = inputsOf({ 'a.ilo': text });
  const d = on(contractDiagnostics([input]).get(input.path)!, text, 'run-sql', 'same-schema')!;
  const fixed = applyEdits(text, d.suggestions![0].edits);
  assert.equal(fixed.split('\n')[0], '-- @behavior MUTATES OVERWRITE DATA');
  assert.equal((fixed.match(/@behavior/g) ?? []).length, 1);
});
