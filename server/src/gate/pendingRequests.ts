// The requests the gate has sent to one server and that wait for an answer,
// followed on the server's transport: an id goes in when a request goes out
// and comes out with its answer or with the SDK's own cancellation (its
// deadline or the agent's cancel both send notifications/cancelled). When
// the server sends a message over the size limit whose id cannot be read,
// every waiting request is answered at once with an error, as if the server
// had sent it; the SDK then fails those calls as it fails any error answer.
// Nothing is made per call but a set entry (a controller and listeners per
// call were a tenth of the gate's time per call).

import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

type Id = string | number;

export class PendingRequests {
  private readonly ids = new Set<Id>();
  private transport: Transport | undefined;

  /** Follow a connected transport (after the SDK client connected: its handler is in place). */
  watch(transport: Transport): void {
    this.transport = transport;
    const send = transport.send.bind(transport);
    transport.send = (message, options) => {
      this.sent(message);
      return send(message, options);
    };
    const receive = transport.onmessage;
    transport.onmessage = (message, extra) => {
      this.received(message);
      receive?.(message, extra);
    };
  }

  /** How many requests wait for an answer (tests). */
  get size(): number {
    return this.ids.size;
  }

  /** Answer every waiting request with this error now. */
  failAll(code: number, message: string): void {
    const transport = this.transport;
    if (!transport?.onmessage) return;
    for (const id of [...this.ids]) transport.onmessage({ jsonrpc: '2.0', id, error: { code, message } } as JSONRPCMessage);
  }

  private sent(message: JSONRPCMessage): void {
    const m = message as { id?: unknown; method?: unknown; params?: { requestId?: unknown } };
    if (typeof m.method !== 'string') return;
    if (m.id !== undefined) this.add(m.id);
    else if (m.method === 'notifications/cancelled') this.delete(m.params?.requestId);
  }

  private received(message: JSONRPCMessage): void {
    const m = message as { id?: unknown; method?: unknown };
    if (m.method === undefined && m.id !== undefined) this.delete(m.id);
  }

  private add(id: unknown): void {
    if (typeof id === 'string' || typeof id === 'number') this.ids.add(id);
  }

  private delete(id: unknown): void {
    if (typeof id === 'string' || typeof id === 'number') this.ids.delete(id);
  }
}
