// A hand-cranked event loop for code that defers work to a later turn
// (setImmediate in production): `defer` queues, `turn` runs what was queued
// before it and says whether more was queued meanwhile.

export interface HandLoop {
  defer: (f: () => void) => void;
  turn: () => boolean;
}

export function handLoop(): HandLoop {
  let queue: Array<() => void> = [];
  return {
    defer: (f) => void queue.push(f),
    turn: () => {
      const now = queue;
      queue = [];
      for (const f of now) f();
      return queue.length > 0;
    },
  };
}
