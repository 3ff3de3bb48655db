// The black-box section of `npm run bench`: the shipped bundles measured from
// outside, as an editor and a shell see them. Each round starts a fresh
// `node dist/server.js --stdio` and speaks LSP to it over pipes
// (vscode-languageserver-protocol); the CLI rows time whole `node dist/cli.js
// check` processes. Every measure is taken in several rounds and printed as a
// range, since this machine is shared and noisy.
//
//   5,000-line file (the in-process bench's file of corpus programs): didOpen →
//     first publishDiagnostics; one-character didChange → publishDiagnostics of
//     that version (200 edits); hover and completion; RSS after it all.
//   workspace of ~20,000 lines in small files, ilo.collisions.scope =
//     workspace: the first keystroke, then keystroke p50/p95; peak RSS.
//   CLI: `ilo-ls check` on an 18-line file and on the 5,000-line file, next to
//     bare `node -e 0` and, when an `ilo` binary is on PATH, the reference.

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  createProtocolConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
} from 'vscode-languageserver-protocol/node';

/** A measure taken once per round; printed as the range over the rounds. */
interface Measure {
  name: string;
  unit: 'ms' | 'MB' | '×' | 'text';
  values: number[];
  target?: string;
  /** For unit 'text': printed as is. */
  text?: string;
}

const round1 = (x: number): string => (x >= 100 ? x.toFixed(0) : x.toFixed(1));

function rangeOf(m: Measure): string {
  if (m.unit === 'text') return m.text ?? '';
  if (m.values.length === 0) return 'n/a';
  const lo = Math.min(...m.values);
  const hi = Math.max(...m.values);
  const unit = m.unit === '×' ? '×' : ` ${m.unit}`;
  return lo === hi || round1(lo) === round1(hi) ? `${round1(lo)}${unit}` : `${round1(lo)}–${round1(hi)}${unit}`;
}

function quantile(xs: readonly number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * (s.length - 1)))];
}

const median = (xs: readonly number[]): number => quantile(xs, 0.5);

/** Resident and peak resident set of a process, in MB (Linux /proc); undefined elsewhere. */
function memoryOf(pid: number): { rss: number; hwm: number } | undefined {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string): number => Number(/(\d+)\s*kB/.exec(status.split('\n').find((l) => l.startsWith(field)) ?? '')?.[1] ?? NaN);
    return { rss: kb('VmRSS:') / 1024, hwm: kb('VmHWM:') / 1024 };
  } catch {
    return undefined;
  }
}

// ------------------------------------------------------------- LSP client

/** A fresh language server process and a protocol connection to it. */
export class ServerProcess {
  readonly child: ChildProcess;
  readonly conn: ProtocolConnection;
  private readonly waiters: Array<(p: PublishDiagnosticsParams) => boolean> = [];
  private configurationAnswered: () => void = () => undefined;
  readonly configured: Promise<void>;

  constructor(
    serverJs: string,
    private readonly settings: { collisions: { scope: 'file' | 'workspace' } },
    nodeArgs: readonly string[] = [],
  ) {
    this.child = spawn(process.execPath, [...nodeArgs, serverJs, '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
    this.conn = createProtocolConnection(new StreamMessageReader(this.child.stdout!), new StreamMessageWriter(this.child.stdin!));
    this.configured = new Promise((resolve) => (this.configurationAnswered = resolve));
    this.conn.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
      for (let i = 0; i < this.waiters.length; i++) {
        if (this.waiters[i](p)) this.waiters.splice(i--, 1);
      }
    });
    // The server pulls `ilo.*` settings with workspace/configuration; answer from here.
    this.conn.onRequest('workspace/configuration', (params: { items: Array<{ section?: string }> }) => {
      setTimeout(() => this.configurationAnswered(), 0);
      return params.items.map((item) => (item.section === 'ilo' ? this.settings : null));
    });
    this.conn.listen();
  }

  get pid(): number {
    return this.child.pid ?? -1;
  }

  async initialize(workspaceFolder?: string): Promise<void> {
    await this.conn.sendRequest('initialize', {
      processId: process.pid,
      rootUri: workspaceFolder ? pathToFileURL(workspaceFolder).toString() : null,
      workspaceFolders: workspaceFolder ? [{ uri: pathToFileURL(workspaceFolder).toString(), name: 'bench' }] : null,
      capabilities: { workspace: { configuration: true, didChangeWatchedFiles: { dynamicRegistration: false } } },
    });
    await this.conn.sendNotification('initialized', {});
    await this.configured;
  }

  /** Resolves with the first diagnostics published for `uri` (of `version`, when given). */
  diagnostics(uri: string, version?: number): Promise<PublishDiagnosticsParams> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`bench: no diagnostics for ${uri} v${version ?? '?'} within 120 s`)), 120_000);
      this.waiters.push((p) => {
        if (p.uri !== uri || (version !== undefined && p.version !== version)) return false;
        clearTimeout(timer);
        resolve(p);
        return true;
      });
    });
  }

  async open(uri: string, text: string): Promise<number> {
    const published = this.diagnostics(uri);
    const t0 = performance.now();
    await this.conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'ilo', version: 1, text } });
    await published;
    return performance.now() - t0;
  }

  /** Sends one didChange and times it until the diagnostics of that version arrive. */
  async change(uri: string, version: number, edit: LspEdit): Promise<number> {
    const published = this.diagnostics(uri, version);
    const t0 = performance.now();
    await this.conn.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [edit] });
    await published;
    return performance.now() - t0;
  }

  async timeRequest(method: string, params: unknown): Promise<number> {
    const t0 = performance.now();
    await this.conn.sendRequest(method, params);
    return performance.now() - t0;
  }

  async stop(): Promise<void> {
    try {
      await Promise.race([this.conn.sendRequest('shutdown'), new Promise((r) => setTimeout(r, 2000))]);
      await this.conn.sendNotification('exit');
    } catch {
      // already gone
    }
    // Give the server a moment to exit on its own (it may be writing a profile).
    if (this.child.exitCode === null) await new Promise((resolve) => setTimeout(resolve, 200));
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    if (this.child.exitCode === null) await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 3000))]);
    this.conn.dispose();
    if (this.child.exitCode === null) this.child.kill();
  }
}

export interface LspEdit {
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
  text: string;
}

/**
 * A series of one-character edits near the middle of `text` (as the in-process
 * bench makes them): even edits type `x` at the end of a code line, odd edits
 * delete it again, so the document returns to `text` after every pair.
 */
export function keystrokes(text: string, count: number, firstLine = Math.floor(text.split('\n').length / 2)): LspEdit[] {
  const lines = text.split('\n');
  // Code lines (not blank, not comments) among the 50 from `firstLine` on.
  const code: number[] = [];
  for (let ln = firstLine; ln < Math.min(lines.length, firstLine + 50); ln++) {
    if (lines[ln].trim() !== '' && !lines[ln].trimStart().startsWith('--')) code.push(ln);
  }
  if (code.length === 0) throw new Error(`bench: no code line to edit after line ${firstLine}`);
  const edits: LspEdit[] = [];
  for (let i = 0; i < count; i += 2) {
    const ln = code[(i / 2) % code.length];
    const at = { line: ln, character: lines[ln].length };
    edits.push({ range: { start: at, end: at }, text: 'x' });
    if (i + 1 < count) edits.push({ range: { start: at, end: { line: ln, character: at.character + 1 } }, text: '' });
  }
  return edits;
}

// ------------------------------------------------------------- inputs

/** The corpus example programs (sorted by name), trailing blank lines trimmed. */
function examplePrograms(corpus: string): Array<{ name: string; text: string }> {
  const ex = path.join(corpus, 'examples');
  return fs
    .readdirSync(ex)
    .filter((f) => f.endsWith('.ilo'))
    .sort()
    .map((f) => ({ name: f, text: fs.readFileSync(path.join(ex, f), 'utf8').trimEnd() }));
}

/** A folder holding the corpus examples (so `use` resolves) and the big document. */
function bigFileFolder(corpus: string, bigText: string): { dir: string; file: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilo-bench-big-'));
  for (const p of examplePrograms(corpus)) fs.writeFileSync(path.join(dir, p.name), `${p.text}\n`);
  const file = path.join(dir, 'bench-big.ilo');
  fs.writeFileSync(file, bigText);
  return { dir, file };
}

/**
 * A workspace of small files: the corpus examples, copied round-robin until
 * the files hold `lines` lines. Returns the folder, the file count and the
 * file to edit (the first copy of an example that declares tools, so its
 * tools are compared with the workspace's on every keystroke).
 */
function workspaceFolder(corpus: string, lines = 20_000): { dir: string; files: number; lines: number; edited: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilo-bench-ws-'));
  const programs = examplePrograms(corpus);
  let count = 0;
  let files = 0;
  let edited: string | undefined;
  for (let i = 0; count < lines; i++) {
    const p = programs[i % programs.length];
    const copy = Math.floor(i / programs.length);
    const sub = path.join(dir, `copy${copy}`);
    fs.mkdirSync(sub, { recursive: true });
    const file = path.join(sub, p.name);
    fs.writeFileSync(file, `${p.text}\n`);
    if (edited === undefined && /^tool /m.test(p.text)) edited = file;
    count += p.text.split('\n').length;
    files++;
  }
  return { dir, files, lines: count, edited: edited ?? path.join(dir, 'copy0', programs[0].name) };
}

/** A corpus example of about 18 lines (the small file for the CLI rows). */
function smallExample(corpus: string): { name: string; text: string } {
  const programs = examplePrograms(corpus);
  const byDistance = [...programs].sort(
    (a, b) => Math.abs(a.text.split('\n').length - 18) - Math.abs(b.text.split('\n').length - 18) || a.name.localeCompare(b.name),
  );
  return byDistance[0];
}

// ------------------------------------------------------------- rounds

const EDITS = 200;
const WORKSPACE_EDITS = 100;

/** One fresh server on the 5,000-line file: open, 200 keystrokes, hovers, completions, RSS. */
async function bigFileRound(serverJs: string, file: string, text: string): Promise<Record<string, number>> {
  const server = new ServerProcess(serverJs, { collisions: { scope: 'file' } });
  try {
    const t0 = performance.now();
    await server.initialize();
    const started = performance.now() - t0;
    const uri = pathToFileURL(file).toString();
    const open = await server.open(uri, text);
    const times: number[] = [];
    const edits = keystrokes(text, EDITS);
    for (let i = 0; i < edits.length; i++) times.push(await server.change(uri, i + 2, edits[i]));
    // The document is back to `text` (edits come in pairs). Hover declaration
    // names and complete at the end of body lines spread over the file.
    const lines = text.split('\n');
    const heads = lines.flatMap((l, i) => (/^[a-z]/.test(l) ? [i] : []));
    const bodies = lines.flatMap((l, i) => (/^\s+\S/.test(l) && !l.trimStart().startsWith('--') ? [i] : []));
    const spread = (xs: number[], n: number): number[] => Array.from({ length: Math.min(n, xs.length) }, (_, k) => xs[Math.floor((k * xs.length) / n)]);
    const hovers: number[] = [];
    for (const ln of spread(heads, 50)) {
      hovers.push(await server.timeRequest('textDocument/hover', { textDocument: { uri }, position: { line: ln, character: 1 } }));
    }
    const completions: number[] = [];
    for (const ln of spread(bodies, 50)) {
      const position = { line: ln, character: lines[ln].length };
      completions.push(await server.timeRequest('textDocument/completion', { textDocument: { uri }, position }));
    }
    const mem = memoryOf(server.pid);
    return {
      started,
      open,
      p50: quantile(times, 0.5),
      p95: quantile(times, 0.95),
      hover: quantile(hovers, 0.95),
      completion: quantile(completions, 0.95),
      rss: mem?.rss ?? NaN,
    };
  } finally {
    await server.stop();
  }
}

/** One fresh server over the workspace in the workspace collision scope. */
async function workspaceRound(serverJs: string, ws: { dir: string; edited: string }): Promise<Record<string, number>> {
  const server = new ServerProcess(serverJs, { collisions: { scope: 'workspace' } });
  try {
    await server.initialize(ws.dir);
    const uri = pathToFileURL(ws.edited).toString();
    const text = fs.readFileSync(ws.edited, 'utf8');
    const open = await server.open(uri, text);
    const edits = keystrokes(text, WORKSPACE_EDITS, 0);
    const first = await server.change(uri, 2, edits[0]);
    const times: number[] = [];
    for (let i = 1; i < edits.length; i++) times.push(await server.change(uri, i + 2, edits[i]));
    const mem = memoryOf(server.pid);
    return { open, first, p50: quantile(times, 0.5), p95: quantile(times, 0.95), hwm: mem?.hwm ?? NaN };
  } finally {
    await server.stop();
  }
}

/** Wall time of whole processes, `runs` times each, interleaved so load spikes hit all alike. */
function processTimes(commands: Record<string, { cmd: string; args: string[] }>, runs: number): Record<string, number[]> {
  const out: Record<string, number[]> = {};
  for (const name of Object.keys(commands)) out[name] = [];
  for (let r = 0; r < runs; r++) {
    for (const [name, c] of Object.entries(commands)) {
      const t0 = performance.now();
      const res = spawnSync(c.cmd, c.args, { stdio: 'ignore' });
      const t = performance.now() - t0;
      if (res.error) throw res.error;
      out[name].push(t);
    }
  }
  return out;
}

function onPath(cmd: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
}

// ------------------------------------------------------------- the section

export interface BlackBoxOptions {
  root: string;
  corpus: string | undefined;
  bigText: string | undefined;
  /** Fresh server starts per measure (and CLI rounds). */
  rounds?: number;
  /** Measure the bundles in this folder instead of building dist/ (e.g. an older build, for comparison). */
  dist?: string;
}

export async function benchBlackBox(opts: BlackBoxOptions): Promise<void> {
  const rounds = opts.rounds ?? 3;
  console.log(`\n## Black box: ${opts.dist ?? 'dist/'} bundles in fresh processes (${rounds} rounds; ranges over the rounds)\n`);
  if (opts.corpus === undefined || opts.bigText === undefined) {
    console.log('black box: ../shared/corpus not found; skipping (every row reads corpus programs).');
    return;
  }
  if (opts.dist === undefined) {
    const built = spawnSync(process.execPath, [path.join(opts.root, 'scripts', 'build.mjs')], { cwd: opts.root, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('black box: npm run build failed');
  }
  const dist = opts.dist ?? path.join(opts.root, 'dist');
  const serverJs = path.join(dist, 'server.js');
  const cliJs = path.join(dist, 'cli.js');
  const bigText = opts.bigText;
  const bigLines = bigText.split('\n').length;
  const big = bigFileFolder(opts.corpus, bigText);
  const ws = workspaceFolder(opts.corpus);
  const small = smallExample(opts.corpus);
  const smallFile = path.join(big.dir, small.name);
  const smallLines = small.text.split('\n').length;
  const measures: Measure[] = [];
  const add = (name: string, unit: Measure['unit'], values: number[], target?: string): void => {
    measures.push({ name, unit, values: values.filter((v) => !Number.isNaN(v)), target });
  };
  try {
    const bigRounds: Array<Record<string, number>> = [];
    for (let r = 0; r < rounds; r++) bigRounds.push(await bigFileRound(serverJs, big.file, bigText));
    const col = (rs: Array<Record<string, number>>, k: string): number[] => rs.map((x) => x[k]);
    const kb = (bigText.length / 1024).toFixed(0);
    add(`server start → initialize answered`, 'ms', col(bigRounds, 'started'));
    add(`${bigLines}-line file (${kb} KB): didOpen → first publishDiagnostics`, 'ms', col(bigRounds, 'open'), '≤ 400 ms');
    add(`  one-character didChange → its publishDiagnostics, p50 (${EDITS} edits)`, 'ms', col(bigRounds, 'p50'));
    add(`  one-character didChange → its publishDiagnostics, p95`, 'ms', col(bigRounds, 'p95'), '≤ 10 ms');
    add(`  hover, p95 (50 requests)`, 'ms', col(bigRounds, 'hover'));
    add(`  completion, p95 (50 requests)`, 'ms', col(bigRounds, 'completion'));
    add(`  server RSS after open + ${EDITS} edits`, 'MB', col(bigRounds, 'rss'), '≤ 150 MB');

    const wsRounds: Array<Record<string, number>> = [];
    for (let r = 0; r < rounds; r++) wsRounds.push(await workspaceRound(serverJs, ws));
    const wsName = `workspace of ${ws.files} files (${ws.lines} lines), collisions.scope = workspace`;
    add(`${wsName}: didOpen → publishDiagnostics`, 'ms', col(wsRounds, 'open'));
    add(`  first keystroke → its publishDiagnostics`, 'ms', col(wsRounds, 'first'));
    add(`  keystroke → its publishDiagnostics, p50 (${WORKSPACE_EDITS - 1} more edits)`, 'ms', col(wsRounds, 'p50'));
    add(`  keystroke → its publishDiagnostics, p95`, 'ms', col(wsRounds, 'p95'), '≤ 15 ms');
    add(`  server peak RSS (VmHWM)`, 'MB', col(wsRounds, 'hwm'), '≤ 150 MB');

    // CLI: `rounds` rounds of five interleaved runs; each round gives its median.
    const commands: Record<string, { cmd: string; args: string[] }> = {
      node: { cmd: process.execPath, args: ['-e', '0'] },
      small: { cmd: process.execPath, args: [cliJs, 'check', smallFile] },
      big: { cmd: process.execPath, args: [cliJs, 'check', big.file] },
    };
    const reference = process.env.ILO_BIN ?? 'ilo';
    const refArgs = (process.env.ILO_REF_ARGS ?? '--ast').split(' ').filter((a) => a !== '');
    const hasRef = onPath(reference);
    if (hasRef) {
      commands.refSmall = { cmd: reference, args: [smallFile, ...refArgs] };
      commands.refBig = { cmd: reference, args: [big.file, ...refArgs] };
    }
    const cliRounds: Array<Record<string, number>> = [];
    for (let r = 0; r < rounds; r++) {
      const t = processTimes(commands, 5);
      const m: Record<string, number> = {};
      for (const [k, v] of Object.entries(t)) m[k] = median(v);
      cliRounds.push(m);
    }
    add('bare `node -e 0`, whole process (median of 5 per round)', 'ms', col(cliRounds, 'node'));
    add(`\`ilo-ls check\`, ${smallLines}-line file, whole process`, 'ms', col(cliRounds, 'small'));
    add('  … ÷ bare node', '×', cliRounds.map((m) => m.small / m.node), '≤ 2×');
    add(`\`ilo-ls check\`, ${bigLines}-line file, whole process`, 'ms', col(cliRounds, 'big'));
    if (hasRef) {
      const label = `\`${reference} FILE ${refArgs.join(' ')}\``;
      add(`reference ${label}, ${smallLines}-line file`, 'ms', col(cliRounds, 'refSmall'));
      add(`reference ${label}, ${bigLines}-line file`, 'ms', col(cliRounds, 'refBig'));
      add(`  \`ilo-ls check\` ÷ reference, ${bigLines}-line file`, '×', cliRounds.map((m) => m.big / m.refBig), '≤ 8×');
    } else {
      measures.push({ name: 'reference `ilo`', unit: 'text', values: [], text: 'not on PATH (set ILO_BIN)' });
    }
  } finally {
    fs.rmSync(big.dir, { recursive: true, force: true });
    fs.rmSync(ws.dir, { recursive: true, force: true });
  }
  printMeasures(measures);
}

function printMeasures(measures: readonly Measure[]): void {
  const w = Math.max(...measures.map((m) => m.name.length));
  const values = measures.map(rangeOf);
  const v = Math.max(5, ...values.map((s) => s.length));
  console.log(`| ${'measure'.padEnd(w)} | ${'range'.padEnd(v)} | target |`);
  console.log(`|${'-'.repeat(w + 2)}|${'-'.repeat(v + 2)}|--------|`);
  measures.forEach((m, i) => console.log(`| ${m.name.padEnd(w)} | ${values[i].padEnd(v)} | ${m.target ?? ''} |`));
}
