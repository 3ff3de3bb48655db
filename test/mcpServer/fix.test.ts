// `fix`: which quick fixes it applies on its own, that it never makes a file
// worse, that it leaves the neighbourhood of a syntax error alone, and that
// what it reports points at the new text.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mapOffset } from '../../server/src/mcpServer/tools/fix';
import { connectAgent, textOf } from './helpers';

interface FixAnswer {
  text: string;
  changed: boolean;
  ok: boolean;
  fixed: Array<{ code: string; at: string; title: string }>;
  left: string[];
}

async function fix(text: string): Promise<FixAnswer> {
  const agent = await connectAgent();
  try {
    const r = await agent.call('fix', { text });
    assert.equal(r.isError, undefined, textOf(r));
    return r.structuredContent as unknown as FixAnswer;
  } finally {
    await agent.close();
  }
}

test('a did-you-mean with one candidate, a long builtin name and a missing arm are fixed in one call', async () => {
  const r = await fix('f xs:L n>n;length xs\ng a:n b:n>n;*a bb\nh x:b>t;?x{true:"y"}\n');
  assert.equal(r.text, 'f xs:L n>n;len xs\ng a:n b:n>n;*a b\nh x:b>t;?x{true:"y";false:nil}\n');
  assert.deepEqual(r.fixed.map((f) => [f.code, f.at, f.title]), [
    ['long-form-alias', '1:12-15', "Use 'len'"],
    ['ILO-T004', '2:16-17', "Change to 'b'"],
    ['ILO-T024', '3:20-30', 'Add the missing arm'],
  ]);
  assert.equal(r.ok, true);
  assert.deepEqual(r.left, []);
});

test('fixes that are a choice stay for the author: unreachable code is not deleted, a thrown-away fmt is not printed', async () => {
  const unreachable = 'f x:n>n;ret x;+x 1\n';
  const r1 = await fix(unreachable);
  assert.equal(r1.changed, false);
  assert.equal(r1.text, unreachable);
  assert.match(r1.left.join('\n'), /ILO-T029 .* fix: Remove the unreachable code/);
  const r2 = await fix('f x:n>n;fmt "{}" x;x\n');
  assert.equal(r2.changed, false);
  assert.match(r2.left.join('\n'), /ILO-T032/);
});

test('a diagnostic with several suggestions is left as it is', async () => {
  const r = await fix('f d:t>R t t;wr "out.txt" d "xml"\n');
  assert.equal(r.changed, false);
  assert.match(r.left.join('\n'), /ILO-T013 .*fix: Change to "json" \| Change to "csv" \| Change to "tsv"/);
});

test('behavior guesses of the contract analyses are not applied; a misspelt annotation is', async () => {
  const source = `-- @behaviour PURE READ DATA
tool get-a"Get an item by id" id:t>R t t
tool get-b"Get an item by id" id:t>R t t
`;
  const r = await fix(source);
  assert.deepEqual(r.fixed.map((f) => f.code), ['annotation']);
  assert.ok(r.text.startsWith('-- @behavior PURE READ DATA\n'), r.text);
  // The same-schema finding of the two tools (and its @behavior suggestion) stays.
  assert.ok(r.text.endsWith('tool get-b"Get an item by id" id:t>R t t\n'));
  assert.match(r.left.join('\n'), /same-(schema|behavior)/);
});

test('no fix next to a syntax error: a misspelt call that swallows the next line is left, not renamed around', async () => {
  const source = 'top xs:L n>L n;rsrtt xs\ncnt xs:L n>n;lenn xs\n';
  const r = await fix(source);
  assert.equal(r.text, source, 'cnt must not become n');
  assert.equal(r.ok, false);
});

test('text with a syntax error elsewhere still gets the fixes that are far from it', async () => {
  const r = await fix('both a:b b:b>b;AND a b\ndbl x:n>n;*x xx\n');
  assert.equal(r.text, 'both a:b b:b>b;AND a b\ndbl x:n>n;*x x\n');
  assert.deepEqual(r.fixed.map((f) => f.code), ['ILO-T004']);
  assert.match(r.left.join('\n'), /ILO-L001/);
});

test('clean text: nothing changes and the answer says so in one line', async () => {
  const agent = await connectAgent();
  try {
    const r = await agent.call('fix', { text: 'f x:n>n;+x 1\n' });
    assert.equal(textOf(r), 'nothing to fix unambiguously\nleft: clean');
    assert.deepEqual(r.structuredContent, { text: 'f x:n>n;+x 1\n', changed: false, fixed: [], ok: true, left: [] });
  } finally {
    await agent.close();
  }
});

test('many fixes: all applied, the list of what changed capped and the rest counted', async () => {
  const source = Array.from({ length: 120 }, (_, i) => `f${i} a:n b:n>n;+a bb`).join('\n');
  const r = (await fix(source)) as FixAnswer & { more?: number };
  assert.equal(r.ok, true);
  assert.equal(r.text, source.replaceAll('+a bb', '+a b'));
  assert.equal(r.fixed.length, 50);
  assert.equal(r.more, 70);
});

test('offsets move with the edits before them', () => {
  const edits = [
    { start: 2, end: 4, newText: 'xyz' },
    { start: 10, end: 10, newText: 'ab' },
  ];
  assert.equal(mapOffset(0, edits), 0);
  assert.equal(mapOffset(2, edits), 2, 'where a replacement starts: before it');
  assert.equal(mapOffset(3, edits), 5, 'inside a replacement: its end');
  assert.equal(mapOffset(4, edits), 5);
  assert.equal(mapOffset(9, edits), 10);
  assert.equal(mapOffset(10, edits), 11, 'where an insertion is: before it');
  assert.equal(mapOffset(12, edits), 15);
});
