// `npm run bench`, gate section: what `ilo-ls gate` adds to one tools/call.
// An SDK client calls a tool of the counting fixture server 1,000 times in a
// row, once directly (client ↔ stdio ↔ fixture) and once through the gate
// (client ↔ stdio ↔ `node cli.js gate` of the production build ↔ stdio ↔ fixture, with every
// check on and a decision log written). The overhead is the difference of
// the two latency distributions, p50 and p95 (target: p95 ≤ 2 ms). A third
// client goes through a gate with secret redaction off, so its cost shows
// apart (the session's flow check runs in both: the tool is no sink, so it
// is one label lookup). The calls
// alternate, so machine load hits all three alike.
//   node scripts/run-bundled.mjs scripts/benchGate.ts   (also run by scripts/bench.ts)

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { emptyLock, lockServerEntry, serializeLock } from '../server/src/contracts/pins';
import { launchedAs, repoRoot } from './entry';
import { quantile } from './stats';

const CALLS = 1000;
const WARMUP = 100;

const TOOL = {
  name: 'read_notes',
  description: 'Read the notes saved under a topic.',
  inputSchema: {
    type: 'object',
    properties: { topic: { type: 'string', description: 'The topic to read' }, limit: { type: 'integer', minimum: 1 } },
    required: ['topic'],
  },
  annotations: { readOnlyHint: true },
};


/** The counting fixture serving TOOL, an MCP config that starts it, and a lock pinning TOOL, all in `dir`. */
export function notesServer(root: string, dir: string): { fixture: string; toolsFile: string; configPath: string; lockPath: string } {
  const fixture = path.join(root, 'test', 'gate', 'fixtures', 'countingServer.cjs');
  const toolsFile = path.join(dir, 'tools.json');
  writeFileSync(toolsFile, JSON.stringify({ tools: [TOOL] }));
  const configPath = path.join(dir, 'mcp.json');
  writeFileSync(configPath, JSON.stringify({ mcpServers: { notes: { command: process.execPath, args: [fixture, toolsFile] } } }));
  const lock = emptyLock();
  lock.servers.notes = lockServerEntry([{ wire: TOOL.name, ilo: 'read-notes', definition: TOOL }]);
  const lockPath = path.join(dir, 'ilo-tools.lock.json');
  writeFileSync(lockPath, serializeLock(lock));
  return { fixture, toolsFile, configPath, lockPath };
}

export async function connect(command: string, args: string[]): Promise<Client> {
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command, args, stderr: 'ignore' }));
  return client;
}

async function timeCall(client: Client, i: number): Promise<number> {
  const t = performance.now();
  const r = await client.callTool({ name: 'read_notes', arguments: { topic: `t${i % 7}`, limit: 3 } });
  const dt = performance.now() - t;
  if (r.isError) throw new Error(`bench call failed: ${JSON.stringify(r.content)}`);
  return dt;
}

/** Direct and gated calls alternate, so all see the same load on the machine. */
async function timeAll(direct: Client, gated: Client, bare: Client): Promise<{ direct: number[]; gated: number[]; bare: number[] }> {
  const out = { direct: [] as number[], gated: [] as number[], bare: [] as number[] };
  for (let i = 0; i < WARMUP + CALLS; i++) {
    const d = await timeCall(direct, i);
    const g = await timeCall(gated, i);
    const b = await timeCall(bare, i);
    if (i >= WARMUP) {
      out.direct.push(d);
      out.gated.push(g);
      out.bare.push(b);
    }
  }
  return out;
}

export interface GateBenchRow {
  name: string;
  value: string;
}

/** The gate's overhead per call, as rows for the bench table. */
export async function benchGate(): Promise<GateBenchRow[]> {
  const root = repoRoot();
  const dir = mkdtempSync(path.join(tmpdir(), 'ilo-bench-gate-'));
  // The gate as it ships: the production bundles (minified), built apart from dist/.
  const shipped = path.join(dir, 'dist');
  const build = spawnSync(process.execPath, [path.join(root, 'scripts', 'build.mjs'), '--production', `--outdir=${shipped}`], { cwd: root, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`bench: the production build failed:\n${build.stderr}`);
  try {
    const { fixture, toolsFile, configPath, lockPath } = notesServer(root, dir);

    // The same gate with secret redaction off and flows only logged: what the issue-31 checks cost.
    const barePolicy = path.join(dir, 'bare-policy.json');
    writeFileSync(barePolicy, JSON.stringify({ redactSecrets: false, flows: { leak: 'log', tamper: 'log' } }));
    const gateArgs = (extra: string[]) => [path.join(shipped, 'cli.js'), 'gate', '--config', configPath, '--lock', lockPath, '--read-only', '--log', path.join(dir, 'decisions.log'), ...extra];
    const directClient = await connect(process.execPath, [fixture, toolsFile]);
    const gatedClient = await connect(process.execPath, gateArgs([]));
    const bareClient = await connect(process.execPath, gateArgs(['--policy', barePolicy]));
    let times: { direct: number[]; gated: number[]; bare: number[] };
    try {
      times = await timeAll(directClient, gatedClient, bareClient);
    } finally {
      await Promise.all([directClient.close(), gatedClient.close(), bareClient.close()]);
    }
    const { direct, gated, bare } = times;
    const ms = (x: number) => `${x.toFixed(3)} ms`;
    const [d50, d95, g50, g95] = [quantile(direct, 0.5), quantile(direct, 0.95), quantile(gated, 0.5), quantile(gated, 0.95)];
    return [
      { name: `tools/call direct to the fixture (stdio), p50 / p95 over ${CALLS} calls`, value: `${ms(d50)} / ${ms(d95)}` },
      { name: `tools/call through ilo-ls gate (stdio both sides), p50 / p95`, value: `${ms(g50)} / ${ms(g95)}` },
      { name: 'gate overhead per call, p50 (gated p50 − direct p50)', value: ms(g50 - d50) },
      { name: 'gate overhead per call, p95 (gated p95 − direct p95; target ≤ 2 ms)', value: `${ms(g95 - d95)}${g95 - d95 <= 2 ? '' : ' (over target)'}` },
      {
        name: 'of which secret redaction, p50 / p95 (gated − gated with redaction off)',
        value: `${ms(g50 - quantile(bare, 0.5))} / ${ms(g95 - quantile(bare, 0.95))}`,
      },
      { name: 'machine load during the run (1-minute average; tails grow with it)', value: loadavg()[0].toFixed(2) },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Print the gate section as its own table; a failure is printed and sets the exit code. */
export async function printGateBench(): Promise<void> {
  let rows: GateBenchRow[];
  try {
    rows = await benchGate();
  } catch (e) {
    console.error(`bench (gate): ${e instanceof Error ? e.message : String(e)}`);
    process.exitCode = 1;
    return;
  }
  const w = Math.max(...rows.map((r) => r.name.length));
  console.log(`\n| ${'gate measure'.padEnd(w)} | time |`);
  console.log(`|${'-'.repeat(w + 2)}|------|`);
  for (const r of rows) console.log(`| ${r.name.padEnd(w)} | ${r.value} |`);
}

if (launchedAs('benchGate')) void printGateBench();
