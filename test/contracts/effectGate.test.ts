// The static effect gate: functions declared PURE must not reach a mutating tool.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { contractDiagnostics } from '../../server/src/contracts/contractDiagnostics';
import { abs, inputsOf, on } from './helpers';

const TOOLS = `-- @behavior PURE READ DATA
tool fetch-rows"Read rows with a read-only query" sql:t>R _ t
-- @behavior MUTATES OVERWRITE DATA
tool run-sql"Run a statement that changes rows" sql:t>R _ t
`;

function gate(files: Record<string, string>, file: string) {
  const inputs = inputsOf(files);
  return contractDiagnostics(inputs).get(abs(file))!.filter((d) => d.code === 'effect-gate');
}

test('fires through a two-level call chain and shows the chain', () => {
  const text = `${TOOLS}
-- @behavior PURE
report q:t>R _ t;r=step q;r
step q:t>R _ t;run-sql! q
`;
  const ds = gate({ 'a.ilo': text }, 'a.ilo');
  assert.equal(ds.length, 1);
  const d = on(ds, text, 'report', 'effect-gate')!;
  assert.equal(d.severity, 'warning');
  assert.match(d.message, /`report` → `step` → `run-sql`/);
  assert.match(d.message, /MUTATES OVERWRITE DATA/);
  const where = d.related!.map((r) => text.slice(r.start, r.end));
  assert.deepEqual(where, ['step', 'run-sql', 'run-sql']);
  assert.match(d.related![2].message, /declared/);
});

test('is silent for read-only chains and for functions not declared PURE', () => {
  const text = `${TOOLS}
-- @behavior PURE
look q:t>R _ t;fetch-rows! q
save q:t>R _ t;run-sql! q
-- @behavior MUTATES
save2 q:t>R _ t;save q
`;
  assert.deepEqual(gate({ 'a.ilo': text }, 'a.ilo'), []);
});

test('follows calls into used files and points at them', () => {
  const lib = `${TOOLS}
persist q:t>R _ t;run-sql! q
`;
  const main = `use "lib.ilo"
-- @behavior PURE
summary q:t>R _ t;persist q
`;
  const ds = gate({ 'lib.ilo': lib, 'main.ilo': main }, 'main.ilo');
  assert.equal(ds.length, 1);
  assert.match(ds[0].message, /`summary` → `persist` → `run-sql`/);
  const inLib = ds[0].related!.filter((r) => r.file === abs('lib.ilo'));
  assert.equal(inLib.length, 2, 'the call inside persist and the tool declaration are in lib.ilo');
});

test('a mutating tool passed by name to a higher-order builtin counts; a parameter of the same name does not', () => {
  const passed = `${TOOLS}
-- @behavior PURE
all qs:L t>L (R _ t);map run-sql qs
`;
  assert.equal(gate({ 'a.ilo': passed }, 'a.ilo').length, 1);
  const shadow = `${TOOLS}
-- @behavior PURE
app run-sql:F t (R _ t) q:t>R _ t;run-sql q
`;
  assert.deepEqual(gate({ 'a.ilo': shadow }, 'a.ilo'), []);
});

test('writing a file with a builtin breaks a PURE declaration too', () => {
  const text = `-- @behavior PURE
keep p:t s:t>R t t;wr p s
`;
  const ds = gate({ 'a.ilo': text }, 'a.ilo');
  assert.equal(ds.length, 1);
  assert.match(ds[0].message, /builtin `wr`/);
});

test('an undeclared tool that is clearly a write is caught by its inferred behavior, and the message says so', () => {
  const text = `tool delete-user"Delete a user account" id:t>R _ t
-- @behavior PURE
tidy id:t>R _ t;delete-user id
`;
  const ds = gate({ 'a.ilo': text }, 'a.ilo');
  assert.equal(ds.length, 1);
  assert.match(ds[0].message, /inferred/);
});
