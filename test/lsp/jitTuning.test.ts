// The language server turns off V8's inlining in optimised code
// (server/src/lsp/jitTuning.ts). Each case runs the same hot call in a fresh
// process with V8's inlining trace, with and without the tuning, and reads
// whether the small function was inlined into the hot one (`npm run bench`
// shows the effect on keystrokes).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { SERVER_V8_FLAGS } from '../../server/src/lsp/jitTuning';

const fixture = path.join(__dirname, '..', 'fixtures', 'jitHotCall.ts');

/** The trace lines of calls inlined into the fixture's hot loop. */
function inlinedIntoHotLoop(tuned: boolean): string[] {
  const res = spawnSync(process.execPath, ['--trace-turbo-inlining', '--import', 'tsx', fixture, ...(tuned ? ['tuned'] : [])], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  assert.equal(res.status, 0, res.stderr);
  // V8 writes its trace through its own buffer: the fixture's line may land anywhere in it.
  assert.match(res.stdout, /sum 105000000/);
  return res.stdout.split('\n').filter((l) => /^Inlining .*SharedFunctionInfo step>.* into .*SharedFunctionInfo hotLoop>/.test(l));
}

test('untuned, V8 inlines the small function into the hot loop (the trace shows it)', () => {
  assert.ok(inlinedIntoHotLoop(false).length > 0);
});

test('tuned as the server is, nothing is inlined into the hot loop', () => {
  assert.deepEqual(inlinedIntoHotLoop(true), []);
});

test('every server flag is one node accepts on its command line', () => {
  for (const flag of SERVER_V8_FLAGS) {
    const res = spawnSync(process.execPath, [flag, '-e', '0'], { encoding: 'utf8' });
    assert.equal(res.status, 0, `${flag}: ${res.stderr}`);
  }
});
