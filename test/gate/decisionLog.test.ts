// The decision log file: lines are written after the turn that made the
// decision (off the call's path), in order, and none is lost when the log
// closes or the process exits right after a decision.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { openDecisionLog } from '../../server/src/gate/decisionLog';

const lines = (file: string): Array<Record<string, unknown>> =>
  fs.readFileSync(file, 'utf8').split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as Record<string, unknown>);

test('a storm of decisions is written whole and in order, with the time each was made', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilo-log-'));
  try {
    const file = path.join(dir, 'decisions.log');
    const log = openDecisionLog({ file });
    const before = Date.now();
    for (let i = 0; i < 1000; i++) log.write({ server: 's', tool: `t${i}`, decision: i % 2 === 0 ? 'allowed' : 'refused', reason: 'r', arguments: ['a'] });
    await new Promise((r) => setImmediate(r));
    log.close();
    const got = lines(file);
    assert.equal(got.length, 1000);
    assert.deepEqual(got.slice(0, 3).map((l) => l.tool), ['t0', 't1', 't2']);
    assert.equal(got[999].tool, 't999');
    const t = Date.parse(String(got[0].time));
    assert.ok(t >= before - 1000 && t <= Date.now() + 1000, 'the time is when the decision was made');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('the caller reusing its arrays after a decision does not change the line written', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilo-log-'));
  try {
    const file = path.join(dir, 'decisions.log');
    const log = openDecisionLog({ file });
    const codes: Array<'secret-redacted'> = [];
    const names = ['topic'];
    log.write({ tool: 't', decision: 'allowed', reason: 'ok', arguments: names, codes });
    codes.push('secret-redacted');
    names.push('later');
    log.close();
    const [l] = lines(file);
    assert.deepEqual(l.arguments, ['topic']);
    assert.equal(l.codes, undefined);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a process that exits right after a decision (even by an uncaught error) still has it in the log', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilo-log-'));
  try {
    const module = path.resolve(__dirname, '../../server/src/gate/decisionLog.ts');
    for (const ending of ['process.exit(0)', 'throw new Error("boom")']) {
      const file = path.join(dir, `exit-${ending.length}.log`);
      const script = `const { openDecisionLog } = require(${JSON.stringify(module)});
const log = openDecisionLog({ file: ${JSON.stringify(file)} });
log.write({ tool: 'last', decision: 'refused', reason: 'the last word' });
${ending};`;
      const r = spawnSync(process.execPath, ['--import', 'tsx', '-e', script], { encoding: 'utf8' });
      assert.notEqual(r.status, null, r.stderr);
      assert.deepEqual(lines(file).map((l) => l.tool), ['last'], `${ending}: ${r.stderr}`);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
