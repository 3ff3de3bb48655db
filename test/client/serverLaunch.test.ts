// The node flags the extension starts the language server with.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { NODE_DEFAULT_POOL, serverExecArgv } from '../../client/src/serverLaunch';

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
