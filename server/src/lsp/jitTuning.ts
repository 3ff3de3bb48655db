// Compiler settings for the long-running language server process.
//
// V8 optimises a hot function on a background thread, and by default it
// inlines the functions it calls into the optimised code. The server's edit
// path is made of many mid-sized functions, and with inlining their optimised
// versions took about 2 s of compile time over the bench's first 200
// keystrokes (one job, the environment patch, 80–110 ms). On a 2-core machine
// that work competes with the editor and with the server's own main thread,
// and a function runs unoptimised until its job finishes. Without inlining
// the same keystrokes cost about 0.8 s of compile time, the first 100 of them
// took about a fifth less time, and warm keystrokes cost the same (see
// README, Benchmark).
//
// Other editors start `node server.js` with no flags of ours (the VS Code
// extension passes only the thread-pool flag, which V8 reads at start-up:
// client/src/serverLaunch.ts), so the server sets this one itself before any
// of its code is hot; it only affects functions compiled from then on. CLI
// commands (short-lived) keep V8's defaults.
import * as v8 from 'node:v8';

/** The V8 flags the language server runs with. */
export const SERVER_V8_FLAGS = ['--no-turbo-inlining'] as const;

let applied = false;

/** Applies SERVER_V8_FLAGS to this process; calling it again does nothing. */
export function tuneJitForServer(): void {
  if (applied) return;
  applied = true;
  for (const flag of SERVER_V8_FLAGS) v8.setFlagsFromString(flag);
}
