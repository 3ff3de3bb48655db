// The bounded line reader on the gate's stdio connections: lines over the
// limit are skipped as they stream by, their request id is read from the
// line's head or tail, and everything else parses as the SDK's reader would.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deserializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import { BoundedReadBuffer, parseMessage, readId } from '../../server/src/gate/boundedRead';

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

test('a line is read exactly as the SDK reads it: the same message, or a failure where the SDK fails', () => {
  const lines = [
    '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"t","arguments":{"a":1},"_meta":{"progressToken":3}}}',
    '{"jsonrpc":"2.0","id":"x","method":"ping"}',
    '{"jsonrpc":"2.0","method":"notifications/initialized"}',
    '{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":4,"reason":"no"}}',
    '{"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"hi"}],"extra":{"k":[1,2]}}}',
    '{"jsonrpc":"2.0","id":3,"error":{"code":-32601,"message":"nope","data":{"why":1}}}',
    '{"jsonrpc":"2.0","error":{"code":-32700,"message":"parse error"}}',
    // Not messages: each member rejects them, so the SDK's whole union decides.
    '{"jsonrpc":"2.0","id":1,"method":"m","result":{}}',
    '{"jsonrpc":"1.0","id":1,"method":"m"}',
    '{"jsonrpc":"2.0","id":1.5,"result":{}}',
    '{"jsonrpc":"2.0","id":null,"result":{}}',
    '{"jsonrpc":"2.0","id":1,"result":{},"error":{"code":1,"message":"m"}}',
    '{"jsonrpc":"2.0","id":1,"result":[]}',
    '{"jsonrpc":"2.0","id":1,"error":{"code":"x","message":"m"}}',
    '{"jsonrpc":"2.0","id":1,"method":7}',
    '{"jsonrpc":"2.0","id":1}',
    '{"jsonrpc":"2.0","id":1,"method":"m","params":[]}',
    '{"jsonrpc":"2.0","method":"m","__proto__":{"id":1}}',
    '[{"jsonrpc":"2.0","id":1,"method":"m"}]',
    'null',
    '"text"',
    '{"jsonrpc":"2.0","id":1,"method":"m"',
  ];
  let failures = 0;
  for (const line of lines) {
    const ours = attempt(() => parseMessage(line));
    const sdk = attempt(() => deserializeMessage(line));
    assert.equal(ours.ok, sdk.ok, `accepted by one reader only: ${line}`);
    if (ours.ok && sdk.ok) assert.deepEqual(ours.value, sdk.value, line);
    else failures++;
  }
  assert.equal(failures, 15, 'the malformed lines above are all refused');
});

function attempt(f: () => unknown): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: f() };
  } catch {
    return { ok: false };
  }
}
