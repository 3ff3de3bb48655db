// The JSON encoding of messages to the client, with publishDiagnostics made
// cheap. A keystroke republishes every diagnostic of the document (hundreds in
// a large file, tens of kilobytes of JSON), though few of them changed; the
// language service publishes an unchanged diagnostic as the same object
// (service/lspDiagnostics.ts), so the UTF-8 JSON of each diagnostic is kept
// by object identity and a publish joins the kept pieces. The bytes are the
// ones JSON.stringify + Buffer.from would give: every other message, and any
// publish that is not plain data, takes that default path.
//
// A diagnostic object must not change once published (its JSON is kept).

import { Message, type ContentTypeEncoderOptions } from 'vscode-languageserver/node';

const PUBLISH_DIAGNOSTICS = 'textDocument/publishDiagnostics';
const COMMA = Buffer.from(',');

/** What vscode-jsonrpc's StreamMessageWriter asks of a content-type encoder (`application/json`). */
export interface JsonEncoder {
  name: string;
  encode(msg: Message, options: ContentTypeEncoderOptions): Promise<Uint8Array>;
}

export function publishDiagnosticsEncoder(): JsonEncoder {
  const kept = new WeakMap<object, Buffer>();
  return {
    name: 'application/json',
    encode(msg, options) {
      try {
        return Promise.resolve(encodeMessage(msg, options.charset, kept));
      } catch (err) {
        return Promise.reject(err);
      }
    },
  };
}

/** The message as JSON bytes in `charset`; a publishDiagnostics's diagnostics come from (and go into) `kept`. */
export function encodeMessage(msg: Message, charset: BufferEncoding, kept: WeakMap<object, Buffer>): Buffer {
  const diagnostics = charset === 'utf-8' || charset === 'utf8' ? publishedList(msg) : undefined;
  if (!diagnostics) return Buffer.from(JSON.stringify(msg, undefined, 0), charset);
  const out = new Pieces();
  // {"jsonrpc":…,"method":…,"params":{"uri":…,"version":…,"diagnostics":[…]}} in the objects' own key order.
  writeObject(out, msg as unknown as Record<string, unknown>, 'params', (params) =>
    writeObject(out, params as Record<string, unknown>, 'diagnostics', () => {
      out.text('[');
      for (let i = 0; i < diagnostics.length; i++) {
        if (i > 0) out.bytes(COMMA);
        const d = diagnostics[i] as object;
        // Only plain objects are kept (and, published, never change): a kept one needs no second look.
        let json = kept.get(d);
        if (json === undefined && isPlainObject(d)) {
          json = Buffer.from(JSON.stringify(d), 'utf-8');
          kept.set(d, json);
        }
        if (json !== undefined) out.bytes(json);
        else out.text(JSON.stringify(d) ?? 'null');
      }
      out.text(']');
    }),
  );
  return out.done();
}

/** The diagnostics array of a publishDiagnostics notification made of plain objects, or undefined. */
function publishedList(msg: Message): unknown[] | undefined {
  if (!Message.isNotification(msg) || msg.method !== PUBLISH_DIAGNOSTICS || !isPlainObject(msg)) return undefined;
  const params = msg.params;
  if (!isPlainObject(params)) return undefined;
  const list = (params as { diagnostics?: unknown }).diagnostics;
  if (!Array.isArray(list) || Object.getPrototypeOf(list) !== Array.prototype || 'toJSON' in list) return undefined;
  return list;
}

/** An object JSON.stringify writes key by key: a plain object without toJSON. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return (proto === Object.prototype || proto === null) && !('toJSON' in value);
}

/** Writes `obj` as JSON.stringify does, except the value under `special`, which `writeSpecial` writes. */
function writeObject(out: Pieces, obj: Record<string, unknown>, special: string, writeSpecial: (value: unknown) => void): void {
  out.text('{');
  let first = true;
  for (const key of Object.keys(obj)) {
    const value = obj[key];
    if (key === special) {
      out.text(`${first ? '' : ','}${JSON.stringify(key)}:`);
      writeSpecial(value);
    } else {
      const json = JSON.stringify(value);
      if (json === undefined) continue; // undefined, functions and symbols are left out, as JSON.stringify does
      out.text(`${first ? '' : ','}${JSON.stringify(key)}:${json}`);
    }
    first = false;
  }
  out.text('}');
}

/** Bytes put together from text and kept buffers. */
class Pieces {
  private readonly parts: Buffer[] = [];
  private length = 0;
  private pending = '';

  text(s: string): void {
    this.pending += s;
  }

  bytes(b: Buffer): void {
    this.flush();
    this.parts.push(b);
    this.length += b.length;
  }

  done(): Buffer {
    this.flush();
    return Buffer.concat(this.parts, this.length);
  }

  private flush(): void {
    if (this.pending === '') return;
    const b = Buffer.from(this.pending, 'utf-8');
    this.pending = '';
    this.parts.push(b);
    this.length += b.length;
  }
}
