// Scheduling of the edit rehearsal (lsp/idleWarmUp.ts): a quiet time first,
// then one step per turn, stopped for good by the first message, once per
// process, and a failing step reported without taking the server down.
// `l` cranks the event loop's turns, `timer` the start delay.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { IdleWarmUp, type WarmUpOutcome } from '../../server/src/lsp/idleWarmUp';
import { EditRehearsal } from '../../server/src/service/rehearsal';
import { handLoop as loop } from '../helpers/eventLoop';

/** A warm-up that has started a rehearsal of 'ab' typing at offsets 1 and 2, and what it analysed and how it ended. */
function started() {
  const l = loop();
  const timer = loop();
  const seen: string[] = [];
  const outcomes: WarmUpOutcome[] = [];
  const warm = new IdleWarmUp({ report: assert.fail, ended: (o) => outcomes.push(o) }, l.defer, timer.defer);
  warm.analysed(() => new EditRehearsal('ab', () => [1, 2], (t) => seen.push(t)));
  return { l, timer, seen, outcomes, warm };
}

test('after the quiet time a rehearsal runs one analysis per turn until it is done', () => {
  const { l, timer, seen, outcomes, warm } = started();
  assert.deepEqual(seen, [], 'nothing runs in the turn that opened the document');
  assert.ok(warm.running);
  l.turn();
  assert.deepEqual(seen, [], 'nor before the quiet time has passed');
  timer.turn();
  l.turn();
  assert.deepEqual(seen, ['axb']);
  while (l.turn());
  assert.deepEqual(seen, ['axb', 'ab', 'abx', 'ab']);
  assert.equal(warm.running, false);
  assert.deepEqual(
    outcomes.map((o) => [o.analyses, o.interrupted]),
    [[4, false]],
  );
});

test('a message stops the rehearsal at once, the real text analysed before the handler runs', () => {
  const l = loop();
  const seen: string[] = [];
  const outcomes: WarmUpOutcome[] = [];
  const timer = loop();
  const warm = new IdleWarmUp({ report: assert.fail, ended: (o) => outcomes.push(o) }, l.defer, timer.defer);
  warm.analysed(() => new EditRehearsal('ab', () => [1, 2], (t) => seen.push(t)));
  timer.turn();
  l.turn();
  warm.interrupt();
  assert.deepEqual(seen, ['axb', 'ab']);
  while (l.turn());
  assert.deepEqual(seen, ['axb', 'ab'], 'nothing more after the interruption');
  warm.interrupt();
  assert.deepEqual(
    outcomes.map((o) => [o.analyses, o.interrupted]),
    [[2, true]],
  );
});

test('a message in the quiet time ends the rehearsal before its first step', () => {
  const { l, timer, seen, outcomes, warm } = started();
  warm.interrupt();
  timer.turn();
  while (l.turn());
  assert.deepEqual(seen, [], 'nothing analysed, nothing to undo');
  assert.deepEqual(
    outcomes.map((o) => [o.analyses, o.interrupted]),
    [[0, true]],
  );
});

test('only the first document that can be rehearsed is: once per process', () => {
  const l = loop();
  let asked = 0;
  const warm = new IdleWarmUp({ report: assert.fail }, l.defer, l.defer);
  warm.analysed(() => {
    asked++;
    return undefined; // a small document
  });
  warm.analysed(() => {
    asked++;
    return new EditRehearsal('ab', () => [1], () => undefined);
  });
  warm.analysed(() => {
    asked++;
    return new EditRehearsal('cd', () => [1], () => undefined);
  });
  assert.equal(asked, 2);
});

test('a step that throws is reported and the rehearsal ends on the real text', () => {
  const l = loop();
  const seen: string[] = [];
  const reported: unknown[] = [];
  const timer = loop();
  const warm = new IdleWarmUp({ report: (err) => reported.push(err) }, l.defer, timer.defer);
  warm.analysed(
    () =>
      new EditRehearsal('ab', () => [1, 2], (t) => {
        seen.push(t);
        if (t === 'axb') throw new Error('boom');
      }),
  );
  timer.turn();
  while (l.turn());
  assert.equal(reported.length, 1);
  assert.equal(warm.running, false);
  assert.deepEqual(seen, ['axb', 'ab'], 'the real text was analysed again');
});
