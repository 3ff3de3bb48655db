// Message size limits on the gate's stdio connections, both ways. The SDK's
// stdio transports buffer a line until its newline and, past 10 MB, throw and
// close the connection — on the agent's side that ended the gate with status
// 0 and no log line; on a server's side it dropped the server. Here a line
// longer than the limit is skipped as it streams by (never held whole), and:
//
//   - a request that is too large is answered with a JSON-RPC error (when its
//     `id` can be read from the line's head or tail), so the peer is not left
//     waiting; a response that is too large becomes an error response for the
//     request it answers, so the call fails at once with a clear reason;
//   - the connection stays up and the caller is told (`onOversize`), so the
//     gate logs the size — never the content.
//
// BoundedReadBuffer has the SDK's ReadBuffer interface (append, readMessage,
// clear) and is put in place of the transport's own buffer; a transport that
// no longer has one is refused at start (fail closed, and a test notices).

import {
  JSONRPCErrorResponseSchema,
  JSONRPCMessageSchema,
  JSONRPCNotificationSchema,
  JSONRPCRequestSchema,
  JSONRPCResultResponseSchema,
  type JSONRPCMessage,
} from '@modelcontextprotocol/sdk/types.js';

/** Default limit of one JSON-RPC message, either way: 8 MiB. */
export const DEFAULT_MAX_MESSAGE_BYTES = 8 * 1024 * 1024;

/** JSON-RPC error code for a message over the limit (implementation-defined server error range). */
export const MESSAGE_TOO_LARGE = -32099;

export interface Oversize {
  bytes: number;
  limit: number;
  /** The request id read from the line, when there was one. */
  id?: string | number;
  /** Whether the line looked like a response (it had `result` or `error` near its end). */
  response: boolean;
}

export interface BoundedReadOptions {
  maxBytes: number;
  /** A line over the limit was skipped. */
  onOversize?: (o: Oversize) => void;
  /**
   * What to do with a skipped line that carried an id: `answer` it (the
   * agent's side: send an error back), or turn it into an error `response`
   * for our own pending request (a server's side). Returned messages are
   * delivered like parsed ones.
   */
  synthesize?: (o: Oversize) => JSONRPCMessage | undefined;
}

const KEEP = 512;

/** A line buffer with a size limit that never throws and never holds more than the limit. */
export class BoundedReadBuffer {
  private chunks: Buffer[] = [];
  private size = 0;
  /** Skipping an oversized line: its head (for the id) and running size. */
  private skipping: { head: Buffer; tail: Buffer; bytes: number } | undefined;
  private readonly ready: (JSONRPCMessage | Error)[] = [];

  constructor(private readonly options: BoundedReadOptions) {}

  append(chunk: Buffer): void {
    let rest = chunk;
    while (rest.length > 0) {
      const nl = rest.indexOf(0x0a);
      if (this.skipping) {
        const part = nl < 0 ? rest : rest.subarray(0, nl);
        this.skipping.bytes += part.length;
        this.skipping.tail = Buffer.concat([this.skipping.tail, part]).subarray(-KEEP);
        if (nl < 0) return;
        this.finishSkip();
        rest = rest.subarray(nl + 1);
        continue;
      }
      if (nl < 0) {
        if (this.size + rest.length > this.options.maxBytes) {
          this.startSkip(rest);
          return;
        }
        this.chunks.push(rest);
        this.size += rest.length;
        return;
      }
      const part = rest.subarray(0, nl);
      if (this.size + part.length > this.options.maxBytes) {
        this.startSkip(part);
        this.finishSkip();
      } else {
        const line = this.chunks.length === 0 ? part : Buffer.concat([...this.chunks, part]);
        this.chunks = [];
        this.size = 0;
        this.parse(line);
      }
      rest = rest.subarray(nl + 1);
    }
  }

  /** The next parsed message, or null; a line that is not a JSON-RPC message throws (the SDK reports it as an error). */
  readMessage(): JSONRPCMessage | null {
    const next = this.ready.shift();
    if (next === undefined) return null;
    if (next instanceof Error) throw next;
    return next;
  }

  clear(): void {
    this.chunks = [];
    this.size = 0;
    this.skipping = undefined;
    this.ready.length = 0;
  }

  private parse(line: Buffer): void {
    const text = line.toString('utf8').replace(/\r$/, '');
    if (text.trim() === '') return;
    try {
      this.ready.push(parseMessage(text));
    } catch (e) {
      this.ready.push(e instanceof Error ? e : new Error(String(e)));
    }
  }

  private startSkip(first: Buffer): void {
    const head = Buffer.concat([...this.chunks, first]).subarray(0, KEEP);
    this.skipping = { head: Buffer.from(head), tail: Buffer.from(first.subarray(-KEEP)), bytes: this.size + first.length };
    this.chunks = [];
    this.size = 0;
  }

  private finishSkip(): void {
    const s = this.skipping!;
    this.skipping = undefined;
    const head = s.head.toString('utf8');
    const tail = s.tail.toString('utf8').replace(/\r$/, '');
    const o: Oversize = { bytes: s.bytes, limit: this.options.maxBytes, response: /"(?:result|error)"\s*:/.test(head) || /"(?:result|error)"\s*:/.test(tail) };
    const id = readId(head, tail);
    if (id !== undefined) o.id = id;
    this.options.onOversize?.(o);
    const message = this.options.synthesize?.(o);
    if (message) this.ready.push(message);
  }
}

/**
 * One line as a JSON-RPC message, with the SDK's own schemas and the SDK's
 * result. The SDK's message schema is a union of four strict object schemas
 * (request, notification, result, error) tried in turn; being strict, at
 * most one can accept a given object, and which one is decided by its keys.
 * So the line is checked against that member only — the same answer, without
 * building the three failures first (a gated call went through two of them
 * per message). When that member rejects the line, the whole union decides,
 * so a bad line fails exactly as the SDK would fail it.
 */
export function parseMessage(line: string): JSONRPCMessage {
  const value: unknown = JSON.parse(line);
  const member = envelopeSchema(value);
  if (member) {
    const r = member.safeParse(value);
    if (r.success) return r.data as JSONRPCMessage;
  }
  return JSONRPCMessageSchema.parse(value);
}

function envelopeSchema(value: unknown) {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  if (Object.hasOwn(value, 'method')) return Object.hasOwn(value, 'id') ? JSONRPCRequestSchema : JSONRPCNotificationSchema;
  if (Object.hasOwn(value, 'result')) return JSONRPCResultResponseSchema;
  if (Object.hasOwn(value, 'error')) return JSONRPCErrorResponseSchema;
  return undefined;
}

/**
 * The top-level `id` of a JSON-RPC message from the first and last bytes of
 * its line: `{"jsonrpc":"2.0","id":7,…` or `…,"jsonrpc":"2.0","id":7}` (the
 * SDK writes it last). A nested `"id"` never ends the line with a single `}`.
 */
export function readId(head: string, tail: string): string | number | undefined {
  const value = '(-?\\d{1,15}|"(?:[^"\\\\]|\\\\.){0,128}")';
  const end = new RegExp(`"id"\\s*:\\s*${value}\\s*\\}\\s*$`).exec(tail);
  const start = end ?? new RegExp(`^\\s*\\{\\s*(?:"jsonrpc"\\s*:\\s*"2\\.0"\\s*,\\s*)?"id"\\s*:\\s*${value}`).exec(head);
  if (!start) return undefined;
  try {
    return JSON.parse(start[1]) as string | number;
  } catch {
    return undefined;
  }
}

/** Put a BoundedReadBuffer in place of an SDK stdio transport's own; throws when the transport has none (fail closed). */
export function installBoundedReader(transport: object, options: BoundedReadOptions): BoundedReadBuffer {
  const t = transport as { _readBuffer?: { append?: unknown; readMessage?: unknown; clear?: unknown } };
  const current = t._readBuffer;
  if (!current || typeof current.append !== 'function' || typeof current.readMessage !== 'function' || typeof current.clear !== 'function') {
    throw new Error('this version of the MCP SDK has no stdio read buffer to bound; the gate will not run without message size limits');
  }
  const bounded = new BoundedReadBuffer(options);
  (t as { _readBuffer: BoundedReadBuffer })._readBuffer = bounded;
  return bounded;
}

/** The byte length of a message as it goes on the wire. */
export function wireBytes(message: unknown): number {
  return Buffer.byteLength(JSON.stringify(message), 'utf8') + 1;
}
