// The node flags the extension starts the language server with.
//
// Node gives V8 four worker threads whatever the machine, for optimising
// compiles and for parts of garbage collection. On a machine with few cores
// those threads take turns with the server's main thread, which is the one
// the user waits for: on this project's 2-core machine, right after a large
// file is opened (while the code of an edit is still being optimised), they
// made keystrokes wait for the CPU. The server asks for at most one worker
// thread fewer than the machine has cores, so the main thread keeps a core
// (README, Benchmark, has the figures). V8 fixes its thread pool when the
// process starts, so this is a command-line flag and not a runtime setting
// like the server's own compiler flags (server/src/lsp/jitTuning.ts).
//
// No vscode import here: the bench and the tests start the server with the
// same flags.
import * as os from 'node:os';

/** Node's own V8 worker pool size (what the pool is without a flag). */
export const NODE_DEFAULT_POOL = 4;

/** The node flags for a server process on a machine with `cores` cores: none when Node's default pool already leaves the main thread a core. */
export function serverExecArgv(cores: number): string[] {
  const whole = Number.isFinite(cores) ? Math.floor(cores) : NODE_DEFAULT_POOL + 1;
  const pool = Math.max(1, Math.min(NODE_DEFAULT_POOL, whole - 1));
  return pool === NODE_DEFAULT_POOL ? [] : [`--v8-pool-size=${pool}`];
}

/** The cores this process may use (availableParallelism where Node has it). */
export function machineCores(): number {
  return typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;
}

/**
 * Starts the server with `flags`, and once more without them should that
 * fail (a node that refuses a flag exits before the server answers): a flag
 * meant to make the server faster must never keep it from starting.
 * `start(flags)` starts a server with those node flags and resolves once it
 * runs; `fellBack(err)` hears why the first start failed.
 */
export async function startWithFallback<T>(flags: readonly string[], start: (flags: readonly string[]) => Promise<T>, fellBack: (err: unknown) => void): Promise<T> {
  try {
    return await start(flags);
  } catch (err) {
    if (flags.length === 0) throw err;
    fellBack(err);
    return start([]);
  }
}
