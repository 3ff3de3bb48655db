// Converting core diagnostics to LSP ones against the previous conversion: a
// diagnostic that comes out the same is the earlier object (its encoded JSON
// is kept by the connection), any difference gives a new object, and the
// result always equals a conversion from scratch.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Diagnostic } from '../../server/src/diagnostics';
import { toLspDiagnostics } from '../../server/src/service/lspDiagnostics';

const TEXT = 'f x:n>n;+x y\ng a:t>t;cat a zz\nh>n;fo 1\n';
const URI = 'file:///tmp/conv.ilo';
const other = (p: string) => (p === '/tmp/lib.ilo' ? 'lib>n;1\nmore>n;2\n' : undefined);

function base(): Diagnostic[] {
  return [
    { code: 'ILO-T004', source: 'ilo', severity: 'error', start: 11, end: 12, message: "'y' is not defined", hint: "did you mean 'x'?", suggestions: [{ message: "Change to 'x'", edits: [{ start: 11, end: 12, newText: 'x' }] }] },
    { code: 'ILO-T004', source: 'ilo', severity: 'error', start: 27, end: 29, message: "'zz' is not defined" },
    { code: 'same-schema', source: 'ilo-contracts', severity: 'warning', start: 29, end: 30, message: 'collides', related: [{ file: '/tmp/lib.ilo', start: 8, end: 12, message: 'here' }] },
    { code: 'ILO-T005', source: 'ilo', severity: 'error', start: 34, end: 36, message: "no function named 'fo'" },
  ];
}

const convert = (diags: Diagnostic[], previous?: ReturnType<typeof toLspDiagnostics>) => toLspDiagnostics(diags, TEXT, URI, other, undefined, previous);

test('unchanged diagnostics are the objects converted before', () => {
  const first = convert(base());
  const again = convert(base(), first);
  assert.deepEqual(again, convert(base()));
  again.forEach((d, i) => assert.equal(d, first[i], `diagnostic ${i}`));
});

/** What changes, and how many diagnostics come out as new objects. */
const CHANGES: Array<[string, (d: Diagnostic[]) => void, number?]> = [
  ['a changed message', (d) => (d[1].message = "'zy' is not defined")],
  ['a changed hint', (d) => (d[0].hint = "did you mean 'z'?")],
  ['a hint removed', (d) => (d[0].hint = undefined)],
  ['a changed code', (d) => (d[3].code = 'ILO-T006')],
  ['a changed severity', (d) => (d[2].severity = 'information')],
  ['a changed source', (d) => (d[1].source = 'ilo-contracts')],
  ['a changed range', (d) => (d[1].end = 28)],
  ['changed related information', (d) => (d[2].related![0].start = 0)],
  ['a changed suggestion edit', (d) => (d[0].suggestions![0].edits[0].newText = 'xs')],
  ['suggestions removed', (d) => (d[0].suggestions = [])],
  ['a diagnostic inserted before the others', (d) => d.unshift({ code: 'ILO-P001', source: 'ilo', severity: 'error', start: 0, end: 1, message: 'new' })],
  ['a diagnostic dropped', (d) => d.splice(1, 1), 0],
];

for (const [what, change, fresh = 1] of CHANGES) {
  test(`${what}: a new object where it differs, equal to a fresh conversion`, () => {
    const first = convert(base());
    const changed = base();
    change(changed);
    const next = convert(changed, first);
    assert.deepEqual(next, convert(changed));
    assert.equal(next.filter((d) => !first.includes(d)).length, fresh);
  });
}

test('a published diagnostic keeps its suggestions when the core moves them in place', () => {
  const core = base();
  const first = convert(core);
  const published = JSON.stringify(first);
  // The incremental analysis moves a reused suggestion's offsets in place.
  core[0].suggestions![0].edits[0].start += 5;
  core[0].suggestions![0].edits[0].end += 5;
  assert.equal(JSON.stringify(first), published, 'what was published does not change');
  const next = convert(core, first);
  assert.deepEqual(next, convert(core));
  assert.notEqual(next[0], first[0]);
});
