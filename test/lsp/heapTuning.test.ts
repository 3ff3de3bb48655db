// The language server sizes its own heap (server/src/lsp/heapTuning.ts). Each
// case runs the same keystroke-like churn in a fresh process, with and without
// the tuning, and compares the largest young generation it reached (`npm run
// bench` shows the effect on the server's resident size).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { YOUNG_CAP_BYTES, youngGrowthFactor } from '../../server/src/lsp/heapTuning';

const churn = path.join(__dirname, '..', 'fixtures', 'heapChurn.ts');

function run(tuned: boolean): { young: number } {
  const res = spawnSync(process.execPath, ['--import', 'tsx', churn, ...(tuned ? ['tuned'] : [])], { encoding: 'utf8' });
  assert.equal(res.status, 0, res.stderr);
  return JSON.parse(res.stdout) as { young: number };
}

const plain = run(false);
const tuned = run(true);

test('the churn makes V8 grow the young generation past the cap when the server does not tune it', () => {
  assert.ok(plain.young > YOUNG_CAP_BYTES, `untuned young generation ${plain.young}`);
});

test('tuned, the young generation stops growing at the cap', () => {
  assert.ok(tuned.young <= YOUNG_CAP_BYTES, `tuned young generation ${tuned.young}`);
});

test('the young generation may double below the cap and not at it', () => {
  assert.equal(youngGrowthFactor(2 * 1024 * 1024), 2);
  assert.equal(youngGrowthFactor(YOUNG_CAP_BYTES - 1), 2);
  assert.equal(youngGrowthFactor(YOUNG_CAP_BYTES), 1);
  assert.equal(youngGrowthFactor(4 * YOUNG_CAP_BYTES), 1);
});
