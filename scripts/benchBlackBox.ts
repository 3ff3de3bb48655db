// The black-box section of `npm run bench`: the shipped bundles measured from
// outside, as an editor and a shell see them. Each round starts a fresh
// `node dist/server.js --stdio`, with the node flags the VS Code extension
// gives it on this machine (client/src/serverLaunch.ts), and speaks LSP to it
// over pipes (vscode-languageserver-protocol); the CLI rows time whole
// `node dist/cli.js check` processes. Every measure is taken in several rounds and printed as a
// range, since this machine is shared and noisy.
//
//   5,000-line file (the in-process bench's file of corpus programs): didOpen →
//     first publishDiagnostics; one-character didChange → publishDiagnostics of
//     that version (200 edits, each sent as soon as the last one's diagnostics
//     arrive); hover and completion; RSS after it all. Then the same edits in
//     another fresh server, after a 1 s look at the opened file (the idle time
//     the server's edit rehearsal uses).
//   workspace of ~20,000 lines in small files, ilo.collisions.scope =
//     workspace: the first keystroke, then keystroke p50/p95; peak RSS.
//   CLI: `ilo-ls check` on an 18-line file and on the 5,000-line file, next to
//     bare `node -e 0`; and the reference ratio: `ilo-ls check` ÷ the reference
//     `ilo` (ILO_BIN, ../shared/reference/bin/ilo or `ilo` on PATH) on a
//     5,000-line file the reference accepts (benchReference.ts).

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
import { median, quantile } from './stats';
import { machineCores, serverExecArgv } from '../client/src/serverLaunch';
import { acceptedBigDocument, referenceArgs, referenceBinary } from './benchReference';
import { readExamples } from './corpusReader';

/** The node flags the VS Code extension starts the server with on this machine (client/src/serverLaunch.ts). */
export const EXTENSION_NODE_ARGS: readonly string[] = serverExecArgv(machineCores());

/** A measure taken once per round; printed as the range over the rounds. */
interface Measure {
  unit: 'ms' | 'MB' | '×';
  values: number[];
}

const round1 = (x: number): string => (x >= 100 ? x.toFixed(0) : x.toFixed(1));

function rangeOf(m: Measure): string {
  if (m.values.length === 0) return 'n/a';
  const lo = Math.min(...m.values);
  const hi = Math.max(...m.values);
  const unit = m.unit === '×' ? '×' : ` ${m.unit}`;
  return lo === hi || round1(lo) === round1(hi) ? `${round1(lo)}${unit}` : `${round1(lo)}–${round1(hi)}${unit}`;
}


/** Resident and peak resident set of a process, in MB (Linux /proc); undefined elsewhere. */
export function memoryOf(pid: number): { rss: number; hwm: number } | undefined {
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
/**
 * The corpus programs are ilo 0.11: the server and CLI read them at level
 * 0.11 (the setting, and --language-version for a CLI that has it; builds
 * from before language levels ignore the setting and read 0.11 anyway).
 */
const BENCH_LEVEL = '0.11';

/** `--language-version 0.11` when this build's CLI takes it. */
function levelArgs(cliJs: string): string[] {
  const help = spawnSync(process.execPath, [cliJs, 'check', '--help'], { encoding: 'utf8' });
  return `${help.stdout ?? ''}${help.stderr ?? ''}`.includes('--language-version') ? ['--language-version', BENCH_LEVEL] : [];
}

export class ServerProcess {
  readonly child: ChildProcess;
  readonly conn: ProtocolConnection;
  private readonly waiters: Array<(p: PublishDiagnosticsParams) => boolean> = [];
  private configurationAnswered: () => void = () => undefined;
  readonly configured: Promise<void>;

  constructor(
    serverJs: string,
    private readonly settings: { collisions: { scope: 'file' | 'workspace' }; languageVersion?: string },
    /** Node flags before the script: by default the ones the extension starts the server with. */
    nodeArgs: readonly string[] = EXTENSION_NODE_ARGS,
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
      // The same level as the setting, so that pulling the settings changes nothing.
      initializationOptions: { languageVersion: this.settings.languageVersion },
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
  return readExamples(corpus).map((e) => ({ name: e.name, text: e.text.trimEnd() }));
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
async function bigFileRound(serverJs: string, nodeArgs: readonly string[], file: string, text: string): Promise<Record<string, number>> {
  const server = new ServerProcess(serverJs, { collisions: { scope: 'file' }, languageVersion: BENCH_LEVEL }, nodeArgs);
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

/** How long the user looks at a file after opening it, before typing, in the "after a look" rows. */
const LOOK_MS = 1000;

/**
 * One fresh server on the 5,000-line file, typed into after the user has
 * looked at it for LOOK_MS: the same 200 keystrokes as bigFileRound, with the
 * idle time after the open that an editor user always leaves.
 */
async function lookRound(serverJs: string, nodeArgs: readonly string[], file: string, text: string): Promise<Record<string, number>> {
  const server = new ServerProcess(serverJs, { collisions: { scope: 'file' }, languageVersion: BENCH_LEVEL }, nodeArgs);
  try {
    await server.initialize();
    const uri = pathToFileURL(file).toString();
    await server.open(uri, text);
    await new Promise((resolve) => setTimeout(resolve, LOOK_MS));
    const times: number[] = [];
    const edits = keystrokes(text, EDITS);
    for (let i = 0; i < edits.length; i++) times.push(await server.change(uri, i + 2, edits[i]));
    return { lookP50: quantile(times, 0.5), lookP95: quantile(times, 0.95) };
  } finally {
    await server.stop();
  }
}

/** One fresh server over the workspace in the workspace collision scope. */
async function workspaceRound(serverJs: string, nodeArgs: readonly string[], ws: { dir: string; edited: string }): Promise<Record<string, number>> {
  const server = new ServerProcess(serverJs, { collisions: { scope: 'workspace' }, languageVersion: BENCH_LEVEL }, nodeArgs);
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
    return { wsOpen: open, first, wsP50: quantile(times, 0.5), wsP95: quantile(times, 0.95), hwm: mem?.hwm ?? NaN };
  } finally {
    await server.stop();
  }
}

/** Wall time of whole processes, `runs` times each, interleaved so load spikes hit all alike. */
function processTimes(commands: Record<string, { cmd: string; args: string[]; env?: NodeJS.ProcessEnv }>, runs: number): Record<string, number[]> {
  const out: Record<string, number[]> = {};
  for (const name of Object.keys(commands)) out[name] = [];
  for (let r = 0; r < runs; r++) {
    for (const [name, c] of Object.entries(commands)) {
      const t0 = performance.now();
      const res = spawnSync(c.cmd, c.args, { stdio: 'ignore', env: c.env });
      const t = performance.now() - t0;
      if (res.error) throw res.error;
      out[name].push(t);
    }
  }
  return out;
}

// ------------------------------------------------------------- the section

export interface BlackBoxOptions {
  root: string;
  corpus: string | undefined;
  bigText: string | undefined;
  /** Fresh server starts per measure (and CLI rounds). */
  rounds?: number;
  /**
   * Measure the bundles in these folders instead of building dist/ (e.g. an
   * older build beside the current one). Their rounds are interleaved, so a
   * load spike on the machine hits every column alike. A folder written
   * `DIR@plain` has its server started as bare `node server.js`, without the
   * extension's node flags (to compare with builds from before them).
   */
  dists?: readonly string[];
  /** Only the CLI rows (whole `ilo-ls check` processes and the reference ratio), no server rounds. */
  cliOnly?: boolean;
}

/** One column of the table: per measure, the value of each round. */
type Column = Map<string, number[]>;

export async function benchBlackBox(opts: BlackBoxOptions): Promise<void> {
  const rounds = opts.rounds ?? 3;
  // Without --dist: the production bundles (minified, as the .vsix and the CLI package ship them), built apart from dist/.
  const shipped = path.join(os.tmpdir(), `ilo-bench-production-${process.pid}`);
  const specs = opts.dists && opts.dists.length > 0 ? opts.dists : [shipped];
  const dists = specs.map((d) => d.replace(/@plain$/, ''));
  const launchArgs = specs.map((d) => (d.endsWith('@plain') ? [] : EXTENSION_NODE_ARGS));
  console.log(`\n## Black box: bundles in fresh processes (${rounds} rounds; ranges over the rounds)\n`);
  console.log(`Servers start as the extension starts them on this ${machineCores()}-core machine: \`node ${[...EXTENSION_NODE_ARGS, 'server.js', '--stdio'].join(' ')}\`${specs.some((d) => d.endsWith('@plain')) ? ' (columns marked @plain: `node server.js --stdio`)' : ''}.\n`);
  if (opts.corpus === undefined || opts.bigText === undefined) {
    console.log('black box: ../shared/corpus not found; skipping (every row reads corpus programs).');
    return;
  }
  if (opts.dists === undefined || opts.dists.length === 0) {
    const built = spawnSync(process.execPath, [path.join(opts.root, 'scripts', 'build.mjs'), '--production', `--outdir=${shipped}`], { cwd: opts.root, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('black box: the production build failed');
  }
  const bigText = opts.bigText;
  const bigLines = bigText.split('\n').length;
  const big = bigFileFolder(opts.corpus, bigText);
  const ws = workspaceFolder(opts.corpus);
  const small = smallExample(opts.corpus);
  const smallFile = path.join(big.dir, small.name);
  const smallLines = small.text.split('\n').length;
  const columns: Column[] = dists.map(() => new Map());
  const record = (c: Column, values: Record<string, number>): void => {
    for (const [k, v] of Object.entries(values)) {
      if (Number.isNaN(v)) continue;
      const list = c.get(k) ?? [];
      list.push(v);
      c.set(k, list);
    }
  };
  const reference = referenceBinary(opts.root);
  // The ratio's file: 5,000 lines the reference accepts (the usual big file has errors it stops at).
  const accepted = reference === undefined ? undefined : acceptedBigDocument(opts.corpus, reference);
  const acceptedFile = path.join(big.dir, 'bench-accepted.ilo');
  if (accepted) fs.writeFileSync(acceptedFile, accepted.text);
  const hasRef = reference !== undefined && accepted !== undefined;
  const extraCaCerts = (process.env.NODE_EXTRA_CA_CERTS ?? '') !== '';
  try {
    for (let r = 0; r < (opts.cliOnly ? 0 : rounds); r++) {
      for (let d = 0; d < dists.length; d++) record(columns[d], await bigFileRound(path.join(dists[d], 'server.js'), launchArgs[d], big.file, bigText));
    }
    for (let r = 0; r < (opts.cliOnly ? 0 : rounds); r++) {
      for (let d = 0; d < dists.length; d++) record(columns[d], await lookRound(path.join(dists[d], 'server.js'), launchArgs[d], big.file, bigText));
    }
    for (let r = 0; r < (opts.cliOnly ? 0 : rounds); r++) {
      for (let d = 0; d < dists.length; d++) record(columns[d], await workspaceRound(path.join(dists[d], 'server.js'), launchArgs[d], ws));
    }
    // CLI: rounds of five interleaved runs of every command; each round gives its medians.
    const commands: Record<string, { cmd: string; args: string[]; env?: NodeJS.ProcessEnv }> = { node: { cmd: process.execPath, args: ['-e', '0'] } };
    // Node 20 reads the certificates NODE_EXTRA_CA_CERTS names at every start, whatever the program:
    // when it is set, bare node is also timed without it, to show what the environment adds to every process.
    if (extraCaCerts) {
      const { NODE_EXTRA_CA_CERTS: _, ...env } = process.env;
      commands.nodeNoCa = { cmd: process.execPath, args: ['-e', '0'], env };
    }
    dists.forEach((dist, d) => {
      // Each build keeps its own code cache (a user has one build): in a shared
      // cache folder the builds would replace each other's cache at every run.
      const env = { ...process.env, XDG_CACHE_HOME: path.join(big.dir, `cache-${d}`) };
      const lv = levelArgs(path.join(dist, 'cli.js'));
      commands[`small${d}`] = { cmd: process.execPath, args: [path.join(dist, 'cli.js'), 'check', ...lv, smallFile], env };
      commands[`big${d}`] = { cmd: process.execPath, args: [path.join(dist, 'cli.js'), 'check', ...lv, big.file], env };
      if (hasRef) commands[`accepted${d}`] = { cmd: process.execPath, args: [path.join(dist, 'cli.js'), 'check', ...lv, acceptedFile], env };
    });
    if (hasRef) {
      commands.refSmall = { cmd: reference, args: referenceArgs(smallFile) };
      commands.refAccepted = { cmd: reference, args: referenceArgs(acceptedFile) };
    }
    for (let r = 0; r < rounds; r++) {
      const t = processTimes(commands, 5);
      const m = (k: string): number => median(t[k]);
      columns.forEach((c, d) => {
        const row: Record<string, number> = { node: m('node'), small: m(`small${d}`), smallRatio: m(`small${d}`) / m('node'), big: m(`big${d}`) };
        if (extraCaCerts) row.nodeNoCa = m('nodeNoCa');
        if (hasRef) {
          Object.assign(row, {
            refSmall: m('refSmall'),
            smallRefRatio: m(`small${d}`) / m('refSmall'),
            accepted: m(`accepted${d}`),
            refAccepted: m('refAccepted'),
            acceptedRatio: m(`accepted${d}`) / m('refAccepted'),
          });
        }
        record(c, row);
      });
    }
  } finally {
    fs.rmSync(big.dir, { recursive: true, force: true });
    fs.rmSync(ws.dir, { recursive: true, force: true });
  }
  const kb = (bigText.length / 1024).toFixed(0);
  const wsName = `workspace of ${ws.files} files (${ws.lines} lines), collisions.scope = workspace`;
  const refLabel = `\`ilo ${referenceArgs('FILE').join(' ')}\``;
  const acceptedLines = accepted ? accepted.text.split('\n').length - 1 : 0;
  const rows: Array<{ key: string; name: string; unit: Measure['unit']; target?: string }> = [
    { key: 'started', name: 'server start → initialize answered', unit: 'ms' },
    { key: 'open', name: `${bigLines}-line file (${kb} KB): didOpen → first publishDiagnostics`, unit: 'ms', target: '≤ 400 ms' },
    { key: 'p50', name: `  one-character didChange → its publishDiagnostics, p50 (${EDITS} edits)`, unit: 'ms' },
    { key: 'p95', name: '  one-character didChange → its publishDiagnostics, p95', unit: 'ms', target: '≤ 10 ms' },
    { key: 'lookP50', name: `  the same edits after a ${LOOK_MS / 1000} s look at the opened file, p50`, unit: 'ms' },
    { key: 'lookP95', name: '  the same edits after the look, p95', unit: 'ms' },
    { key: 'hover', name: '  hover, p95 (50 requests)', unit: 'ms' },
    { key: 'completion', name: '  completion, p95 (50 requests)', unit: 'ms' },
    { key: 'rss', name: `  server RSS after open + ${EDITS} edits`, unit: 'MB', target: '≤ 150 MB' },
    { key: 'wsOpen', name: `${wsName}: didOpen → publishDiagnostics`, unit: 'ms' },
    { key: 'first', name: '  first keystroke → its publishDiagnostics', unit: 'ms' },
    { key: 'wsP50', name: `  keystroke → its publishDiagnostics, p50 (${WORKSPACE_EDITS - 1} more edits)`, unit: 'ms' },
    { key: 'wsP95', name: '  keystroke → its publishDiagnostics, p95', unit: 'ms', target: '≤ 15 ms' },
    { key: 'hwm', name: '  server peak RSS (VmHWM)', unit: 'MB', target: '≤ 150 MB' },
    { key: 'node', name: 'bare `node -e 0`, whole process (median of 5 per round)', unit: 'ms' },
    ...(extraCaCerts ? [{ key: 'nodeNoCa', name: '  … with NODE_EXTRA_CA_CERTS unset (it is set here, and node reads it at every start)', unit: 'ms' as const }] : []),
    { key: 'small', name: `\`ilo-ls check\`, ${smallLines}-line file, whole process`, unit: 'ms' },
    { key: 'smallRatio', name: '  … ÷ bare node', unit: '×', target: '≤ 2×' },
    { key: 'big', name: `\`ilo-ls check\`, ${bigLines}-line file, whole process`, unit: 'ms' },
    ...(hasRef
      ? [
          { key: 'refSmall', name: `reference ${refLabel}, ${smallLines}-line file`, unit: 'ms' as const },
          { key: 'smallRefRatio', name: `  \`ilo-ls check\` ÷ reference, ${smallLines}-line file`, unit: '×' as const },
          {
            key: 'accepted',
            name: `\`ilo-ls check\`, ${acceptedLines}-line file the reference accepts (${accepted?.programs} clean examples, names suffixed per copy)`,
            unit: 'ms' as const,
          },
          { key: 'refAccepted', name: `reference ${refLabel}, the same file`, unit: 'ms' as const },
          { key: 'acceptedRatio', name: '  reference ratio: `ilo-ls check` ÷ reference, the same file', unit: '×' as const, target: '≤ 8×' },
        ]
      : []),
  ];
  const table = rows.map((row) => ({ name: row.name, target: row.target, values: columns.map((c) => rangeOf({ unit: row.unit, values: c.get(row.key) ?? [] })) }));
  if (!hasRef) {
    const why = reference === undefined ? 'not found (set ILO_BIN, or put ../shared/reference/bin/ilo beside the repository)' : 'no file it accepts could be built';
    table.push({ name: 'reference `ilo`', target: undefined, values: dists.map(() => why) });
  }
  printTable(
    specs.map((d) => (opts.dists ? d : 'production build')),
    table,
  );
  if (!opts.dists) fs.rmSync(shipped, { recursive: true, force: true });
}

function printTable(heads: readonly string[], rows: ReadonlyArray<{ name: string; target?: string; values: string[] }>): void {
  const w = Math.max(7, ...rows.map((r) => r.name.length));
  const widths = heads.map((h, i) => Math.max(h.length, ...rows.map((r) => r.values[i].length)));
  const tw = Math.max(6, ...rows.map((r) => (r.target ?? '').length));
  console.log(`| ${'measure'.padEnd(w)} | ${heads.map((h, i) => h.padEnd(widths[i])).join(' | ')} | ${'target'.padEnd(tw)} |`);
  console.log(`|${'-'.repeat(w + 2)}|${widths.map((x) => '-'.repeat(x + 2)).join('|')}|${'-'.repeat(tw + 2)}|`);
  for (const r of rows) console.log(`| ${r.name.padEnd(w)} | ${r.values.map((v, i) => v.padEnd(widths[i])).join(' | ')} | ${(r.target ?? '').padEnd(tw)} |`);
}
