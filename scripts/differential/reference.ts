// The reference `ilo` binary as an oracle: where it is, running it with a
// bounded time and at most N processes at once, and a cache of its answers
// by content hash (a git-ignored folder), so a second run asks it nothing.
//
// Three questions are asked, each of one file written to disk (the binary
// reads an argument that is not a file as program text, so it is never given
// a path that might not exist):
//   verdict  `ilo -j FILE --dense`: diagnostics as JSON lines on stderr
//   ast      `ilo --ast FILE`: the AST as JSON, exit 1 on a parse error
//   graph    `ilo graph FILE`: the call graph as JSON
// The process runs in the file's folder, so `use "x.ilo"` finds its file.

import { execFile, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';

export type Question = 'verdict' | 'ast' | 'graph';

/** One diagnostic as the reference prints it with `-j`. */
export interface RefDiag {
  code: string;
  severity: string;
  message: string;
  /** 1-based line and byte column of the primary label; null without one. */
  line: number | null;
  col: number | null;
  /** Byte offsets of the primary label. */
  start: number | null;
  end: number | null;
}

/** What one call returned. `failure` when it did not finish normally (timeout, signal, unexpected exit or output). */
export interface Answer {
  exit: number | null;
  stdout: string;
  diagnostics: RefDiag[];
  failure?: string;
}

export interface Located {
  /** Where the reference binary is, or undefined with the reason it is not usable. */
  bin?: string;
  why?: string;
}

/** The binary named by ILO_BIN, else ../shared/reference/bin/ilo beside the repository; checked to be 0.11.x. */
export function locateReference(root: string, env: NodeJS.ProcessEnv = process.env): Located {
  const fromEnv = env.ILO_BIN !== undefined && env.ILO_BIN !== '';
  const bin = fromEnv ? path.resolve(env.ILO_BIN as string) : path.join(root, '..', 'shared', 'reference', 'bin', 'ilo');
  const named = fromEnv ? `ILO_BIN=${env.ILO_BIN}` : `${bin} (set ILO_BIN to use another)`;
  try {
    fs.accessSync(bin, fs.constants.X_OK);
  } catch {
    return { why: `no executable reference binary at ${named}` };
  }
  let version = '';
  try {
    version = execFileSync(bin, ['--version'], { encoding: 'utf8', timeout: 10_000 }).trim().split('\n')[0];
  } catch (err) {
    return { why: `the reference binary at ${named} did not answer --version (${(err as Error).message.split('\n')[0]})` };
  }
  if (!/^ilo 0\.11\./.test(version)) return { why: `${named} is "${version}", not ilo 0.11.x (level 0.11 is what this harness checks)` };
  return { bin };
}

/** Parses the `-j` JSON lines of stderr; a line that is not a diagnostic makes the answer a failure. */
export function parseDiagnostics(stderr: string): { diagnostics: RefDiag[]; bad?: string } {
  const out: RefDiag[] = [];
  for (const line of stderr.split('\n')) {
    if (line.trim() === '') continue;
    let o: unknown;
    try {
      o = JSON.parse(line);
    } catch {
      return { diagnostics: out, bad: line.slice(0, 200) };
    }
    const d = o as { code?: unknown; severity?: unknown; message?: unknown; labels?: unknown; hints?: unknown };
    // Idiom hints (`contains` → `has`) come as a line of their own: not diagnostics.
    if (Array.isArray(d.hints) && d.code === undefined && d.severity === undefined) continue;
    if (typeof d.severity !== 'string') return { diagnostics: out, bad: line.slice(0, 200) };
    // A few warnings come without a code ("source contains syntax from another language: '->'"): kept as `(no code)`.
    if (d.code !== undefined && typeof d.code !== 'string') return { diagnostics: out, bad: line.slice(0, 200) };
    const labels = Array.isArray(d.labels) ? (d.labels as Array<Record<string, unknown>>) : [];
    const primary = labels.find((l) => l.primary === true) ?? labels[0];
    const num = (v: unknown): number | null => (typeof v === 'number' ? v : null);
    out.push({
      code: typeof d.code === 'string' ? d.code : '(no code)',
      severity: d.severity,
      message: typeof d.message === 'string' ? d.message : '',
      line: primary ? num(primary.line) : null,
      col: primary ? num(primary.col) : null,
      start: primary ? num(primary.start) : null,
      end: primary ? num(primary.end) : null,
    });
  }
  return { diagnostics: out };
}

interface Job {
  args: string[];
  cwd: string;
  resolve: (r: { exit: number | null; stdout: string; stderr: string; failure?: string }) => void;
}

/** Runs the binary with at most `concurrency` processes at once, each killed after `timeoutMs`. */
export class ReferenceRunner {
  private readonly queue: Job[] = [];
  private running = 0;
  /** Processes started (cache misses). */
  calls = 0;
  /** Total wall time of the processes started, ms. */
  callMs = 0;

  constructor(
    readonly bin: string,
    private readonly concurrency = 2,
    private readonly timeoutMs = 10_000,
  ) {}

  run(args: string[], cwd: string): Promise<{ exit: number | null; stdout: string; stderr: string; failure?: string }> {
    return new Promise((resolve) => {
      this.queue.push({ args, cwd, resolve });
      this.pump();
    });
  }

  private pump(): void {
    while (this.running < this.concurrency && this.queue.length > 0) {
      const job = this.queue.shift() as Job;
      this.running++;
      this.calls++;
      const t0 = Date.now();
      execFile(
        this.bin,
        job.args,
        { cwd: job.cwd, timeout: this.timeoutMs, killSignal: 'SIGKILL', maxBuffer: 16 * 1024 * 1024, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', RUST_BACKTRACE: '0' } },
        (err, stdout, stderr) => {
          this.running--;
          this.callMs += Date.now() - t0;
          let exit: number | null = 0;
          let failure: string | undefined;
          if (err) {
            const e = err as NodeJS.ErrnoException & { code?: unknown; killed?: boolean; signal?: string | null };
            if (e.killed || e.signal) failure = e.signal === 'SIGKILL' ? `timed out after ${this.timeoutMs} ms` : `killed by ${e.signal}`;
            else if (typeof e.code === 'number') exit = e.code;
            else failure = `could not run: ${e.message.split('\n')[0]}`;
            if (failure !== undefined) exit = null;
          }
          job.resolve({ exit, stdout: String(stdout), stderr: String(stderr), failure });
          this.pump();
        },
      );
    }
  }
}

/**
 * Answers from the reference, cached by (binary, question, folder contents
 * when the program uses other files, program text). The cache is one JSON
 * line per answer, appended as answers come in.
 */
export class ReferenceOracle {
  private readonly cache = new Map<string, Answer>();
  private readonly cacheFile: string;
  private readonly binKey: string;
  private readonly pending = new Map<string, Promise<Answer>>();
  hits = 0;

  constructor(
    readonly runner: ReferenceRunner,
    cacheDir: string,
    private readonly scratch: string,
  ) {
    fs.mkdirSync(cacheDir, { recursive: true });
    fs.mkdirSync(scratch, { recursive: true });
    const st = fs.statSync(runner.bin);
    this.binKey = `${st.size}:${Math.floor(st.mtimeMs)}`;
    this.cacheFile = path.join(cacheDir, 'answers.jsonl');
    if (fs.existsSync(this.cacheFile)) {
      for (const line of fs.readFileSync(this.cacheFile, 'utf8').split('\n')) {
        if (line === '') continue;
        try {
          const o = JSON.parse(line) as { k: string; a: Answer };
          this.cache.set(o.k, o.a);
        } catch {
          // A line cut short by an interrupted run: ignore it.
        }
      }
    }
  }

  /**
   * Ask `question` about `text`. `folder`: where the program lives when it
   * `use`s other files (the file is written there and the binary runs
   * there); otherwise a scratch folder holding nothing else. `folderKey`
   * names the folder's contents for the cache.
   */
  ask(question: Question, text: string, folder?: { dir: string; key: string }): Promise<Answer> {
    const key = hash(`${this.binKey}\0${question}\0${folder?.key ?? ''}\0${text}`);
    const cached = this.cache.get(key);
    if (cached !== undefined) {
      this.hits++;
      return Promise.resolve(cached);
    }
    const inFlight = this.pending.get(key);
    if (inFlight !== undefined) return inFlight;
    const p = this.compute(question, text, key, folder?.dir ?? this.scratch).then((a) => {
      this.pending.delete(key);
      // Failures (a timeout on a loaded machine) are not cached: the next run asks again.
      if (a.failure === undefined) {
        this.cache.set(key, a);
        fs.appendFileSync(this.cacheFile, JSON.stringify({ k: key, a }) + '\n');
      }
      return a;
    });
    this.pending.set(key, p);
    return p;
  }

  private async compute(question: Question, text: string, key: string, dir: string): Promise<Answer> {
    const file = path.join(dir, `__diff_${key.slice(0, 16)}.ilo`);
    fs.writeFileSync(file, text);
    const name = path.basename(file);
    const args = question === 'verdict' ? ['-j', name, '--dense'] : question === 'ast' ? ['--ast', name] : ['graph', name];
    try {
      const r = await this.runner.run(args, dir);
      if (r.failure !== undefined) return { exit: null, stdout: '', diagnostics: [], failure: r.failure };
      if (question !== 'verdict') {
        // --ast and graph print JSON on stdout (exit 0), or diagnostics on stderr (exit 1).
        const parsed = parseDiagnostics(r.exit === 0 ? '' : r.stderr);
        return { exit: r.exit, stdout: r.stdout, diagnostics: parsed.diagnostics };
      }
      const parsed = parseDiagnostics(r.stderr);
      if (parsed.bad !== undefined) return { exit: r.exit, stdout: r.stdout, diagnostics: parsed.diagnostics, failure: `unexpected output: ${parsed.bad}` };
      if (r.exit !== 0 && r.exit !== 1) return { exit: r.exit, stdout: r.stdout, diagnostics: parsed.diagnostics, failure: `exit ${r.exit}` };
      return { exit: r.exit, stdout: r.stdout, diagnostics: parsed.diagnostics };
    } finally {
      fs.rmSync(file, { force: true });
    }
  }
}

export function hash(s: string): string {
  return createHash('sha256').update(s).digest('hex');
}
