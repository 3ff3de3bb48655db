// The CLI's own output, written to the file descriptors directly and at
// once: no stream objects (node builds process.stdout and process.stderr on
// first use, a few milliseconds of every start) and nothing left to flush at
// exit. A pipe that is full for the moment (a non-blocking one, EAGAIN) is
// waited on; a reader that went away (EPIPE: `ilo-ls check … | head`) ends
// the program quietly with the status it has so far.

import * as fs from 'node:fs';

let pause: Int32Array | undefined;

/** Writes all of `text` to `fd` before returning. */
export function writeFd(fd: number, text: string): void {
  if (text === '') return;
  const bytes = Buffer.from(text, 'utf8');
  let done = 0;
  while (done < bytes.length) {
    try {
      done += fs.writeSync(fd, bytes, done, bytes.length - done);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EAGAIN') {
        pause ??= new Int32Array(new SharedArrayBuffer(4));
        Atomics.wait(pause, 0, 0, 2);
        continue;
      }
      if (code === 'EPIPE') process.exit(typeof process.exitCode === 'number' ? process.exitCode : 0);
      throw e;
    }
  }
}
