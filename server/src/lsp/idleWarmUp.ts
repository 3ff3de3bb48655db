// Runs the process's one edit rehearsal (service/rehearsal.ts) in idle time:
// it starts once nothing has come in for START_DELAY_MS after the open (a
// user who types at once is not made to wait for a step and its undoing),
// then runs one analysis per event-loop turn, so a message that arrives waits
// for at most one step, and the rehearsal stops for good, its document
// analysed as its real text again, before that message is handled.

import type { EditRehearsal } from '../service/rehearsal';

/** How a rehearsal ended: versions analysed, wall time from its start, and whether a message cut it short. */
export interface WarmUpOutcome {
  analyses: number;
  ms: number;
  interrupted: boolean;
}

export interface WarmUpHooks {
  /** A step or the final analysis threw (a bug): the rehearsal is over. */
  report(err: unknown): void;
  ended?(outcome: WarmUpOutcome): void;
}

/** Quiet time after the analysis that starts a rehearsal before its first step. */
export const START_DELAY_MS = 100;

export class IdleWarmUp {
  private current?: EditRehearsal;
  private started = false;
  private startedAt = 0;

  constructor(
    private readonly hooks: WarmUpHooks,
    /** Runs a callback on a later event-loop turn (setImmediate; tests may pass their own). */
    private readonly defer: (f: () => void) => void = (f) => void setImmediate(f),
    /** Runs a callback after START_DELAY_MS (a timer; tests may pass their own). */
    private readonly wait: (f: () => void) => void = (f) => void setTimeout(f, START_DELAY_MS),
  ) {}

  /** A document was analysed: the first one `start` gives a rehearsal for starts the process's only one. */
  analysed(start: () => EditRehearsal | undefined): void {
    if (this.started) return;
    const rehearsal = start();
    if (!rehearsal) return;
    this.started = true;
    this.startedAt = performance.now();
    this.current = rehearsal;
    // A message during the wait ends the rehearsal before its first step (see interrupt).
    this.wait(() => this.schedule());
  }

  /** Call before handling any message: a running rehearsal ends now. */
  interrupt(): void {
    const rehearsal = this.current;
    if (!rehearsal) return;
    this.current = undefined;
    this.finish(rehearsal, true);
  }

  /** Whether a rehearsal is under way. */
  get running(): boolean {
    return this.current !== undefined;
  }

  private schedule(): void {
    this.defer(() => {
      const rehearsal = this.current;
      if (!rehearsal) return;
      let more = false;
      try {
        more = rehearsal.step();
      } catch (err) {
        this.hooks.report(err);
      }
      if (more) this.schedule();
      else {
        this.current = undefined;
        this.finish(rehearsal, false);
      }
    });
  }

  private finish(rehearsal: EditRehearsal, interrupted: boolean): void {
    try {
      rehearsal.end();
    } catch (err) {
      this.hooks.report(err);
    }
    this.hooks.ended?.({ analyses: rehearsal.analyses, ms: performance.now() - this.startedAt, interrupted });
  }
}
