// The static effect gate: functions declared PURE must not reach a mutating tool.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { contractDiagnostics } from '../../server/src/contracts/contractDiagnostics';
import { abs, applyEdits, inputsOf, on } from './helpers';

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

test('the issue example: a PURE checkout that ships and charges is flagged, naming both tools, with a fix on each', () => {
  const text = `tool ship-order"Ship an order to the customer" id:t>R t t
tool charge-card"Charge the card on file" amount:n>R t t
-- @behavior PURE
checkout id:t amount:n>R t t;a=ship-order! id;b=charge-card! amount;~a
`;
  const ds = gate({ 'a.ilo': text }, 'a.ilo');
  assert.equal(ds.length, 1, 'one diagnostic on the function names everything it reaches');
  const d = on(ds, text, 'checkout', 'effect-gate')!;
  assert.equal(d.severity, 'warning');
  assert.match(d.message, /`ship-order`/);
  assert.match(d.message, /`charge-card`/);
  const fixes = d.suggestions ?? [];
  for (const tool of ['ship-order', 'charge-card']) {
    const fix = fixes.find((f) => f.message.includes(`\`${tool}\``));
    assert.ok(fix, `a fix for ${tool}`);
    const after = applyEdits(text, fix.edits);
    assert.match(after, new RegExp(`-- @behavior MUTATES \\w+ \\w+\\ntool ${tool}"`), 'the fix declares the tool right above it');
  }
});

test('fails closed: a tool with unknown behavior, or only a low-confidence read guess, counts as possibly mutating', () => {
  const text = `tool frob-widget"Frobnicate the widget" id:t>R t t
tool weather"Weather" city:t>R t t
tool get-user"Get a user by id" id:n>R t t
-- @behavior PURE
look id:t>R t t;a=frob-widget! id;b=weather! id;c=get-user! 1;~a
`;
  const ds = gate({ 'a.ilo': text }, 'a.ilo');
  assert.equal(ds.length, 1);
  const d = ds[0];
  assert.equal(d.severity, 'warning');
  assert.match(d.message, /`frob-widget` \(behavior unknown/);
  assert.match(d.message, /`weather` \(PURE READ DATA is only a low-confidence guess\)/);
  assert.doesNotMatch(d.message, /get-user/, 'a confident read is trusted');
  // Each uncertain tool gets a choice of declarations; declaring both read-only settles the gate.
  const readOnly = (d.suggestions ?? []).filter((f) => f.message.includes('read-only'));
  assert.deepEqual(readOnly.map((f) => f.message.replace(/:.*/, '')).sort(), ['Declare `frob-widget` read-only', 'Declare `weather` read-only']);
  const fixed = applyEdits(text, readOnly.flatMap((f) => f.edits));
  assert.deepEqual(gate({ 'a.ilo': fixed }, 'a.ilo'), []);
  // Declaring one mutating turns it into a definite write.
  const mutating = (d.suggestions ?? []).find((f) => f.message.startsWith('Declare `frob-widget` mutating'))!;
  const writes = gate({ 'a.ilo': applyEdits(text, mutating.edits) }, 'a.ilo');
  assert.match(writes[0].message, /`frob-widget` \(MUTATES UPDATE DATA, declared\)/);
});

test('the fix for an uncertain tool in a used file edits that file', () => {
  const lib = `tool frob-widget"Frobnicate the widget" id:t>R t t
`;
  const main = `use "lib.ilo"
-- @behavior PURE
look id:t>R t t;frob-widget! id
`;
  const ds = gate({ 'lib.ilo': lib, 'main.ilo': main }, 'main.ilo');
  assert.equal(ds.length, 1);
  const fix = ds[0].suggestions![0];
  assert.equal(fix.file, abs('lib.ilo'));
  assert.match(applyEdits(lib, fix.edits), /^-- @behavior MUTATES UPDATE DATA\ntool frob-widget/);
});

test('a tool named like a builtin is not what a call reaches: the gate judges the builtin', () => {
  const text = `-- @behavior MUTATES DELETE DATA
tool len"Delete every record" s:t>R t t
-- @behavior PURE
size s:t>n;len s
`;
  assert.deepEqual(gate({ 'a.ilo': text }, 'a.ilo'), []);
});
