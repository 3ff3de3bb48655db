// Coalescing document changes. An editor sends a notification per keystroke;
// when several are waiting in the connection's queue, analysing after each is
// wasted work and publishes diagnostics of versions that are already gone.
// The connection handles one queued message per event-loop turn, so the
// batch waits until a whole turn has passed without a message being handled,
// then hands over every document changed since the last flush, once.

/** How long a flush may be put off by a steady stream of messages. */
const MAX_WAIT_MS = 50;

export class ChangeBatch {
  private readonly pending = new Set<string>();
  /** Messages handled so far (see messageHandled) and the count when last looked at. */
  private handled = 0;
  private seen = 0;
  private scheduled = false;
  private since = 0;

  /**
   * `flush` receives the changed documents (uris, in order of first change),
   * and whether a request is settling its document (true), or the batch
   * flushes on its own turn, between messages (false).
   * `defer` runs a callback on a later event-loop turn (setImmediate; tests
   * may pass their own).
   */
  constructor(
    private readonly flush: (uris: string[], settling: boolean) => void,
    private readonly defer: (f: () => void) => void = (f) => void setImmediate(f),
  ) {}

  /** Call for every message the connection handles, before its handler runs. */
  messageHandled(): void {
    this.handled++;
  }

  /** A document changed: it is flushed once the queue of messages is drained. */
  changed(uri: string): void {
    this.pending.add(uri);
    if (this.scheduled) return;
    this.scheduled = true;
    this.seen = this.handled;
    this.since = Date.now();
    this.wait();
  }

  /** A request about `uri` is about to be answered: its pending change, if any, is flushed now. */
  settle(uri: string): void {
    if (this.pending.delete(uri)) this.flush([uri], true);
  }

  /** Forget a pending change (the document was closed). */
  drop(uri: string): void {
    this.pending.delete(uri);
  }

  // Two turns per look: the connection's next message is queued behind our
  // callback in the same turn, so one turn can pass before it is handled.
  private wait(): void {
    this.defer(() => this.defer(() => this.check()));
  }

  private check(): void {
    if (this.handled !== this.seen && Date.now() - this.since < MAX_WAIT_MS) {
      this.seen = this.handled;
      this.wait();
      return;
    }
    this.scheduled = false;
    const uris = [...this.pending];
    this.pending.clear();
    if (uris.length > 0) this.flush(uris, false);
  }
}
