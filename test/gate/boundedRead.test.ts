// The bounded line reader on the gate's stdio connections: lines over the
// limit are skipped as they stream by, their request id is read from the
// line's head or tail, and everything else parses as the SDK's reader would.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BoundedReadBuffer, readId } from '../../server/src/gate/boundedRead';

test('an oversized line is skipped in pieces, reported with its size and id, and the next message still parses', () => {
  const seen: { bytes: number; id?: string | number; response: boolean }[] = [];
  const buf = new BoundedReadBuffer({ maxBytes: 1000, onOversize: (o) => seen.push(o) });
  const big = JSON.stringify({ method: 'tools/call', params: { name: 't', arguments: { x: 'y'.repeat(5000), id: 99 } }, jsonrpc: '2.0', id: 7 });
  // Fed in small chunks, as a pipe delivers it: never held whole.
  for (let i = 0; i < big.length; i += 300) buf.append(Buffer.from(big.slice(i, i + 300)));
  buf.append(Buffer.from('\n{"jsonrpc":"2.0","id":8,"method":"ping"}\n'));
  assert.deepEqual(seen.map((o) => [o.id, o.response, o.bytes > 5000]), [[7, false, true]]);
  assert.deepEqual(buf.readMessage(), { jsonrpc: '2.0', id: 8, method: 'ping' });
  assert.equal(buf.readMessage(), null);
});

test('ids are read only where they belong to the message itself', () => {
  assert.equal(readId('{"jsonrpc":"2.0","id":"a-1","result":{', ''), 'a-1');
  assert.equal(readId('{"method":"x"', ',"jsonrpc":"2.0","id":12}'), 12);
  assert.equal(readId('{"method":"x"', ',"arguments":{"id":5}}}'), undefined, 'a nested id never ends the line with one brace');
  assert.equal(readId('{"method":"x"', '"text":"\\"id\\":3}"}'), undefined);
});

test('a line that is not JSON-RPC is an error for that line only', () => {
  const buf = new BoundedReadBuffer({ maxBytes: 1000 });
  buf.append(Buffer.from('not json\n{"jsonrpc":"2.0","id":1,"method":"ping"}\n'));
  assert.throws(() => buf.readMessage());
  assert.deepEqual(buf.readMessage(), { jsonrpc: '2.0', id: 1, method: 'ping' });
});
