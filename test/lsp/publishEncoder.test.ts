// The server's message encoding over stdio: publishDiagnostics joins the kept
// JSON of each diagnostic instead of encoding the whole message again. What
// goes on the wire must be the bytes the library's own encoder would send.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { StreamMessageReader, StreamMessageWriter, type Message } from 'vscode-languageserver-protocol/node';
import { FEW, MessageEncoder, publishDiagnosticsEncoder } from '../../server/src/lsp/publishEncoder';
import { LanguageService } from '../../server/src/service/languageService';
import { lcg } from '../helpers/random';

const publish = (params: unknown): Message => ({ jsonrpc: '2.0', method: 'textDocument/publishDiagnostics', params }) as Message;
const byDefault = (msg: unknown): Buffer => Buffer.from(JSON.stringify(msg, undefined, 0), 'utf-8');

function diagnostic(line: number, message: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    range: { start: { line, character: 2 }, end: { line, character: 9 } },
    severity: 1,
    code: 'ILO-T004',
    source: 'ilo',
    message,
    ...extra,
  };
}

/** Enough plain diagnostics for a publish to take the joined path (fewer are encoded in one go). */
const filler = (): Array<Record<string, unknown>> => Array.from({ length: FEW }, (_, i) => diagnostic(100 + i, `filler ${i}`));

const MESSAGES: Array<[string, unknown]> = [
  ['an empty publish', publish({ uri: 'file:///a.ilo', version: 3, diagnostics: [] })],
  ['a publish without a version', publish({ uri: 'file:///a.ilo', diagnostics: [diagnostic(0, 'plain'), ...filler()] })],
  ['a publish of a few diagnostics', publish({ uri: 'file:///a.ilo', version: 2, diagnostics: [diagnostic(0, 'plain é')] })],
  [
    'non-ASCII messages, a lone surrogate and characters JSON escapes',
    publish({
      uri: 'file:///tmp/%C3%A9t%C3%A9.ilo',
      version: 1,
      diagnostics: [
        diagnostic(1, "'é' is not defined\nhint: did you mean 'e'?"),
        diagnostic(2, 'emoji 😀, CJK 漢字, quote " backslash \\ tab \t NUL \u0000'),
        diagnostic(3, 'half a pair \ud83d here'),
        ...filler(),
      ],
    }),
  ],
  [
    'related information, data and fields left undefined',
    publish({
      uri: 'file:///a.ilo',
      version: 7,
      extra: undefined,
      diagnostics: [
        diagnostic(4, 'two', {
          relatedInformation: [{ location: { uri: 'file:///b.ilo', range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } } }, message: 'here' }],
          data: { suggestions: [{ message: 'Change to ‘u’', edits: [{ start: 10, end: 11, newText: 'ü' }], file: undefined }] },
          tags: undefined,
        }),
        ...filler(),
      ],
    }),
  ],
  ['a request', { jsonrpc: '2.0', id: 4, method: 'workspace/configuration', params: { items: [{ section: 'ilo' }] } }],
  ['a response', { jsonrpc: '2.0', id: 9, result: { contents: { kind: 'markdown', value: 'é 😀' } } }],
  ['another notification', { jsonrpc: '2.0', method: 'window/logMessage', params: { type: 3, message: 'ünïcode' } }],
];

for (const [what, msg] of MESSAGES) {
  test(`encoded as the library encodes it: ${what}`, () => {
    const encoder = new MessageEncoder();
    assert.ok(encoder.encode(msg as Message, 'utf-8').equals(byDefault(msg)));
    // Again, from the bytes of the first time.
    assert.ok(encoder.encode(msg as Message, 'utf-8').equals(byDefault(msg)));
  });
}

test('a publish mixing kept diagnostics, new ones and a changed order', () => {
  const encoder = new MessageEncoder();
  const a = diagnostic(1, 'a');
  const b = diagnostic(2, 'b ü');
  const c = diagnostic(3, 'c');
  const more = filler();
  encoder.encode(publish({ uri: 'file:///a.ilo', version: 1, diagnostics: [a, b, c, ...more] }), 'utf-8');
  const next = publish({ uri: 'file:///a.ilo', version: 2, diagnostics: [c, diagnostic(0, 'new é'), ...more.slice(3), a, a, ...more.slice(0, 3)] });
  assert.ok(encoder.encode(next, 'utf-8').equals(byDefault(next)));
});

// Lists drawn from a pool of diagnostic objects, as a document's publishes
// are: runs kept from the last publish, diagnostics dropped, inserted, moved,
// repeated, non-plain values, several documents in turn and cleared ones.
test('random publishes of several documents: always the bytes of JSON.stringify (seed 5)', () => {
  const rnd = lcg(5);
  const pool: unknown[] = Array.from({ length: 60 }, (_, i) => diagnostic(i, i % 7 === 0 ? `é ${i} 😀` : `d${i}`, i % 5 === 0 ? { data: { n: i } } : {}));
  pool.push(null, 3, 'text', { toJSON: () => 'custom' }, [1, 2]);
  const encoder = new MessageEncoder();
  const lists = new Map<string, unknown[]>();
  let joined = 0;
  for (let step = 0; step < 600; step++) {
    const uri = `file:///doc${Math.floor(rnd() * 3)}.ilo`;
    let list = [...(lists.get(uri) ?? [])];
    const changes = Math.floor(rnd() * 4);
    for (let c = 0; c < changes; c++) {
      const r = rnd();
      const at = Math.floor(rnd() * (list.length + 1));
      if (r < 0.35) list.splice(at, 0, pool[Math.floor(rnd() * pool.length)]);
      else if (r < 0.6) list.splice(at, 1 + Math.floor(rnd() * 10));
      else if (r < 0.7) list.push(...list.splice(at, 3));
      else if (r < 0.75) list = [];
      else list.splice(at, 0, ...pool.slice(Math.floor(rnd() * 40), Math.floor(rnd() * 60)));
    }
    lists.set(uri, list);
    if (list.length >= FEW) joined++;
    const msg = publish({ uri, version: step, diagnostics: list });
    assert.ok(encoder.encode(msg, 'utf-8').equals(byDefault(msg)), `step ${step}`);
  }
  assert.ok(joined > 200 && joined < 550, `publishes of many diagnostics and of few (${joined} of 600 many)`);
});

/** The raw frames a writer produced: each header's Content-Length and the body bytes that follow. */
function frames(raw: Buffer): Array<{ length: number; body: Buffer }> {
  const out: Array<{ length: number; body: Buffer }> = [];
  let at = 0;
  while (at < raw.length) {
    const headerEnd = raw.indexOf('\r\n\r\n', at);
    assert.ok(headerEnd > at, 'a header ends with an empty line');
    const header = raw.subarray(at, headerEnd).toString('ascii');
    const length = Number(/^Content-Length: (\d+)$/m.exec(header)?.[1]);
    out.push({ length, body: raw.subarray(headerEnd + 4, headerEnd + 4 + length) });
    at = headerEnd + 4 + length;
  }
  return out;
}

test('over a stream: Content-Length counts bytes, and a reader gets the messages back', async () => {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  const writer = new StreamMessageWriter(stream, { contentTypeEncoder: publishDiagnosticsEncoder() });
  for (const [, msg] of MESSAGES) await writer.write(msg as Message);
  const raw = Buffer.concat(chunks);
  const sent = frames(raw);
  assert.equal(sent.length, MESSAGES.length);
  sent.forEach((f, i) => {
    assert.equal(f.body.length, f.length, `message ${i}: the body is as long as its header says`);
    assert.ok(f.body.equals(byDefault(MESSAGES[i][1])), `message ${i}: the library's bytes`);
  });
  // A reader of the same bytes (as a client reads them) gets every message back.
  const input = new PassThrough();
  const reader = new StreamMessageReader(input);
  const received: unknown[] = [];
  const all = new Promise<void>((resolve) =>
    reader.listen((m) => {
      received.push(m);
      if (received.length === MESSAGES.length) resolve();
    }),
  );
  input.end(raw);
  await all;
  assert.deepEqual(received, MESSAGES.map(([, m]) => JSON.parse(JSON.stringify(m))));
  reader.dispose();
});

// The whole path of a keystroke: a long-lived service republishes unchanged
// diagnostics as the objects it published before, the encoder copies their
// bytes from its last publish; the bytes must be those of a fresh service's publish, encoded
// from scratch. Suggestions carry offsets that move with every edit before
// them, so kept JSON that went stale would show here.
test('random edits: the live service, encoded from its last publish, sends what a fresh service sends (seed 12)', () => {
  const programs = [
    'f x:n>n;+x y',
    'g u:t>t;cat u zz',
    'h>n;fo 1',
    'fo a:n>n;*a 2',
    'k r:pt>n;r.z',
    'type pt{x:n;y:n}',
    '-- é comment\nm s:t>t;+s "ü"',
  ];
  const pieces = ['x', ' ', '\n', 'y', 'é', ';', '1', '', 'fo'];
  const rnd = lcg(12);
  let doc = Array.from({ length: 12 }, () => programs.join('\n')).join('\n') + '\n';
  const uri = 'file:///tmp/ilo-encoder-fuzz/doc.ilo';
  const live = new LanguageService();
  const encoder = new MessageEncoder();
  const send = (p: unknown) => encoder.encode(publish(p), 'utf-8');
  let before = live.setDocument(uri, doc, 1)[0].diagnostics;
  assert.ok(before.length >= 2 * FEW, `enough diagnostics for the joined path (${before.length})`);
  send({ uri, version: 1, diagnostics: before });
  let reused = 0;
  for (let i = 0; i < 150; i++) {
    const at = Math.floor(rnd() * doc.length);
    const del = rnd() < 0.3 ? Math.floor(rnd() * 3) : 0;
    doc = doc.slice(0, at) + pieces[Math.floor(rnd() * pieces.length)] + doc.slice(at + del);
    const published = live.setDocument(uri, doc, i + 2)[0];
    reused += published.diagnostics.filter((d) => before.includes(d)).length;
    before = published.diagnostics;
    const fresh = new LanguageService().setDocument(uri, doc, i + 2)[0];
    assert.ok(send(published).equals(byDefault(publish(fresh))), `edit ${i + 1}:\n${doc}`);
  }
  assert.ok(reused > 3000, `unchanged diagnostics are republished as the same objects (${reused} reused)`);
});
