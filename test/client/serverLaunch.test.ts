// The node flags the extension starts the language server with.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { NODE_DEFAULT_POOL, serverExecArgv, startWithFallback } from '../../client/src/serverLaunch';

test('on a machine with few cores the server gets one V8 worker thread fewer than the cores, never none', () => {
  assert.deepEqual(serverExecArgv(1), ['--v8-pool-size=1']);
  assert.deepEqual(serverExecArgv(2), ['--v8-pool-size=1']);
  assert.deepEqual(serverExecArgv(3), ['--v8-pool-size=2']);
  assert.deepEqual(serverExecArgv(4), ['--v8-pool-size=3']);
});

test("where Node's own pool already leaves the main thread a core, no flag is passed", () => {
  assert.deepEqual(serverExecArgv(NODE_DEFAULT_POOL + 1), []);
  assert.deepEqual(serverExecArgv(64), []);
  // A count that is not a number (an odd platform) falls back to Node's default.
  assert.deepEqual(serverExecArgv(Number.NaN), []);
});

test('node accepts every flag the extension may pass', () => {
  for (const cores of [1, 2, 3, 4]) {
    const args = serverExecArgv(cores);
    const r = spawnSync(process.execPath, [...args, '-e', 'process.stdout.write("ok")'], { encoding: 'utf8' });
    assert.equal(r.status, 0, `node ${args.join(' ')}: ${r.stderr}`);
    assert.equal(r.stdout, 'ok');
  }
});

test('a server that will not start with the flags is started once more without them, and the reason is told', async () => {
  const tried: string[][] = [];
  const told: unknown[] = [];
  const started = await startWithFallback(
    ['--v8-pool-size=1'],
    async (flags) => {
      tried.push([...flags]);
      if (flags.length > 0) throw new Error('node: bad option: --v8-pool-size=1');
      return 'running';
    },
    (err) => told.push(err),
  );
  assert.equal(started, 'running');
  assert.deepEqual(tried, [['--v8-pool-size=1'], []]);
  assert.match(String(told[0]), /bad option/);
});

test('a server that starts with the flags is started once; one that fails without flags is not retried', async () => {
  let starts = 0;
  assert.equal(await startWithFallback(['--v8-pool-size=1'], async () => ++starts, () => assert.fail('no fallback expected')), 1);
  assert.equal(starts, 1);
  await assert.rejects(
    startWithFallback([], async () => {
      starts++;
      throw new Error('the server crashed');
    }, () => assert.fail('no fallback without flags')),
    /the server crashed/,
  );
  assert.equal(starts, 2);
});
