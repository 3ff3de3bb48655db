// The JSON encoding of messages to the client, with publishDiagnostics made
// cheap. A keystroke republishes every diagnostic of the document (hundreds in
// a large file, tens of kilobytes of JSON), though few of them changed; the
// language service publishes an unchanged diagnostic as the same object
// (service/lspDiagnostics.ts). So the encoder keeps, per document, the bytes
// of its last publish and where each diagnostic's JSON lies in them: a run of
// diagnostics that were published side by side last time is copied as one
// slice, and only the others are looked up (by object identity) or encoded.
// The bytes are the ones JSON.stringify + Buffer.from would give: every other
// message, a publish of few diagnostics and any publish that is not plain
// data take that default path.
//
// A diagnostic object must not change once published (its JSON is kept).

import { Message, type ContentTypeEncoderOptions } from 'vscode-languageserver/node';

const PUBLISH_DIAGNOSTICS = 'textDocument/publishDiagnostics';
/** Publishes of fewer diagnostics take the default path. */
export const FEW = 32;
/** How far ahead in the last publish a diagnostic is looked for, past ones that were dropped. */
const LOOK_AHEAD = 8;

/** What vscode-jsonrpc's StreamMessageWriter asks of a content-type encoder (`application/json`). */
export interface JsonEncoder {
  name: string;
  encode(msg: Message, options: ContentTypeEncoderOptions): Promise<Uint8Array>;
}

export function publishDiagnosticsEncoder(): JsonEncoder {
  const encoder = new MessageEncoder();
  return {
    name: 'application/json',
    encode(msg, options) {
      try {
        return Promise.resolve(encoder.encode(msg, options.charset));
      } catch (err) {
        return Promise.reject(err);
      }
    },
  };
}

/** A document's last publish: its diagnostics, the bytes sent, and where each diagnostic's JSON lies in them. */
interface Layout {
  items: readonly unknown[];
  bytes: Buffer;
  start: Int32Array;
  end: Int32Array;
}

export class MessageEncoder {
  /** The JSON of diagnostics published outside a run (new, or moved), by object. */
  private readonly kept = new WeakMap<object, Buffer>();
  /** By document uri; a document whose diagnostics are cleared has none. */
  private readonly layouts = new Map<string, Layout>();

  /** The message as JSON bytes in `charset`. */
  encode(msg: Message, charset: BufferEncoding): Buffer {
    const params = charset === 'utf-8' || charset === 'utf8' ? publishParams(msg) : undefined;
    if (!params || (params.diagnostics as unknown[]).length < FEW) {
      // A few diagnostics are encoded faster in one go (native code) than joined.
      if (params && typeof params.uri === 'string') this.layouts.delete(params.uri);
      return Buffer.from(JSON.stringify(msg, undefined, 0), charset);
    }
    const out = new Pieces();
    // {"jsonrpc":…,"method":…,"params":{"uri":…,"version":…,"diagnostics":[…]}} in the objects' own key order.
    writeObject(out, msg as unknown as Record<string, unknown>, 'params', () =>
      writeObject(out, params, 'diagnostics', () => this.writeList(out, typeof params.uri === 'string' ? params.uri : undefined, params.diagnostics as unknown[])),
    );
    const bytes = out.done();
    out.layout?.(bytes);
    return bytes;
  }

  private writeList(out: Pieces, uri: string | undefined, list: readonly unknown[]): void {
    const last = uri === undefined ? undefined : this.layouts.get(uri);
    const start = new Int32Array(list.length);
    const end = new Int32Array(list.length);
    out.text('[');
    let j = 0; // the next diagnostic of the last publish not yet passed
    let i = 0;
    while (i < list.length) {
      if (i > 0) out.comma();
      const item = list[i];
      const k = last ? indexAhead(last.items, item, j) : -1;
      if (last && k >= 0) {
        // The diagnostics that follow it as they did last time: one slice, commas included.
        let e = k + 1;
        while (e < last.items.length && i + (e - k) < list.length && list[i + (e - k)] === last.items[e]) e++;
        const base = last.start[k];
        const at = out.slice(last.bytes, base, last.end[e - 1]);
        for (let m = k; m < e; m++, i++) {
          start[i] = at + (last.start[m] - base);
          end[i] = at + (last.end[m] - base);
        }
        j = e;
        continue;
      }
      let json = this.kept.get(item as object);
      if (json === undefined && isPlainObject(item)) {
        json = Buffer.from(JSON.stringify(item), 'utf-8');
        this.kept.set(item, json);
      }
      // Not plain data: encoded as JSON.stringify does, each time.
      if (json === undefined) json = Buffer.from(JSON.stringify(item) ?? 'null', 'utf-8');
      start[i] = out.slice(json, 0, json.length);
      end[i] = start[i] + json.length;
      i++;
    }
    out.text(']');
    if (uri === undefined) return;
    // Recorded once the bytes exist (they are what the next publish copies from).
    out.layout = (bytes) => {
      if (list.length === 0) this.layouts.delete(uri);
      else this.layouts.set(uri, { items: list.slice(), bytes, start, end });
    };
  }
}

/** Index of `item` among `items[from, from + LOOK_AHEAD]`, or -1. */
function indexAhead(items: readonly unknown[], item: unknown, from: number): number {
  const to = Math.min(items.length, from + LOOK_AHEAD + 1);
  for (let k = from; k < to; k++) if (items[k] === item) return k;
  return -1;
}

/** The params of a publishDiagnostics notification made of plain data, or undefined. */
function publishParams(msg: Message): Record<string, unknown> | undefined {
  if (!Message.isNotification(msg) || msg.method !== PUBLISH_DIAGNOSTICS || !isPlainObject(msg)) return undefined;
  const params = msg.params;
  if (!isPlainObject(params)) return undefined;
  const list = params.diagnostics;
  if (!Array.isArray(list) || Object.getPrototypeOf(list) !== Array.prototype || 'toJSON' in list) return undefined;
  return params;
}

/** An object JSON.stringify writes key by key: a plain object without toJSON. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return (proto === Object.prototype || proto === null) && !('toJSON' in value);
}

/** Writes `obj` as JSON.stringify does, except the value under `special`, which `writeSpecial` writes. */
function writeObject(out: Pieces, obj: Record<string, unknown>, special: string, writeSpecial: () => void): void {
  out.text('{');
  let first = true;
  for (const key of Object.keys(obj)) {
    const value = obj[key];
    if (key === special) {
      out.text(`${first ? '' : ','}${JSON.stringify(key)}:`);
      writeSpecial();
    } else {
      const json = JSON.stringify(value);
      if (json === undefined) continue; // undefined, functions and symbols are left out, as JSON.stringify does
      out.text(`${first ? '' : ','}${JSON.stringify(key)}:${json}`);
    }
    first = false;
  }
  out.text('}');
}

const COMMA = 0x2c;

/**
 * Bytes put together from text and slices of buffers. A slice that continues
 * the previous one in the same buffer, past the comma between them, extends
 * it (one copy).
 */
class Pieces {
  private readonly parts: Array<{ bytes: Buffer; from: number; to: number; at: number }> = [];
  private length = 0;
  private pending = '';
  private pendingComma = false;
  /** Set by the list writer: records the layout of the finished bytes. */
  layout?: (bytes: Buffer) => void;

  text(s: string): void {
    this.flushComma();
    this.pending += s;
  }

  comma(): void {
    this.flushComma();
    this.pendingComma = true;
  }

  /** Appends `bytes[from, to)`; returns where it starts in the result. */
  slice(bytes: Buffer, from: number, to: number): number {
    const last = this.parts[this.parts.length - 1];
    if (this.pendingComma && this.pending === '' && last && last.bytes === bytes && last.to + 1 === from && bytes[last.to] === COMMA) {
      this.pendingComma = false;
      this.length += to - last.to;
      last.to = to;
      return last.at + (from - last.from);
    }
    this.flushComma();
    this.flushText();
    const at = this.length;
    this.parts.push({ bytes, from, to, at });
    this.length += to - from;
    return at;
  }

  done(): Buffer {
    this.flushComma();
    this.flushText();
    const out = Buffer.allocUnsafe(this.length);
    for (const p of this.parts) p.bytes.copy(out, p.at, p.from, p.to);
    return out;
  }

  private flushComma(): void {
    if (!this.pendingComma) return;
    this.pendingComma = false;
    this.pending += ',';
  }

  private flushText(): void {
    if (this.pending === '') return;
    const b = Buffer.from(this.pending, 'utf-8');
    this.pending = '';
    this.parts.push({ bytes: b, from: 0, to: b.length, at: this.length });
    this.length += b.length;
  }
}
