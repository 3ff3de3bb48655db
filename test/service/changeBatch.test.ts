// Coalescing of document changes (service/changeBatch.ts), on a hand-cranked
// event loop: a burst of changes is flushed once, after a turn with no
// message; a request settles its own document at once, and the flush says
// which of the two happened (the server never starts its idle-time edit
// rehearsal under a request about to be answered).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ChangeBatch } from '../../server/src/service/changeBatch';
import { handLoop as loop } from '../helpers/eventLoop';

test('a burst of changes is one flush, once a turn passed without a message, not settling', () => {
  const l = loop();
  const flushes: Array<[string[], boolean]> = [];
  const batch = new ChangeBatch((uris, settling) => flushes.push([uris, settling]), l.defer);
  batch.messageHandled();
  batch.changed('a');
  batch.messageHandled();
  batch.changed('b');
  batch.changed('a');
  l.turn();
  batch.messageHandled(); // another message came in meanwhile
  l.turn();
  assert.deepEqual(flushes, []);
  for (let i = 0; i < 4; i++) l.turn();
  assert.deepEqual(flushes, [[['a', 'b'], false]]);
});

test('a request settles its document at once, marked settling; the others wait', () => {
  const l = loop();
  const flushes: Array<[string[], boolean]> = [];
  const batch = new ChangeBatch((uris, settling) => flushes.push([uris, settling]), l.defer);
  batch.changed('a');
  batch.changed('b');
  batch.settle('b');
  batch.settle('c'); // nothing pending for it
  assert.deepEqual(flushes, [[['b'], true]]);
  for (let i = 0; i < 4; i++) l.turn();
  assert.deepEqual(flushes, [
    [['b'], true],
    [['a'], false],
  ]);
});
