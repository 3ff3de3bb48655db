// Dev: what a hop costs. One SDK client calls the counting fixture directly,
// through a middle process, and through the gate of dist/, alternating;
// prints p50/p95 of each and the difference to direct. The middle is
// passthru.cjs (forwards lines, looks at nothing: the floor of any stdio
// proxy) or, with MID=sdkproxy.cjs, an SDK Server in front of an SDK Client
// with no checks (the floor of an SDK-based proxy).
//   node scripts/run-bundled.mjs scripts/dev/benchHop.ts
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { connect, notesServer } from '../benchGate';
import { quantile } from '../stats';
const root = path.resolve(__dirname, '..', '..');
async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), 'hop-'));
  const { fixture, toolsFile, configPath, lockPath } = notesServer(root, dir);
  const clients: [string, Client][] = [
    ['direct', await connect(process.execPath, [fixture, toolsFile])],
    ['passthru', await connect(process.execPath, [path.join(root, 'scripts', 'dev', process.env.MID ?? 'passthru.cjs'), fixture, toolsFile])],
    ['gate', await connect(process.execPath, [path.join(root, 'dist', 'cli.js'), 'gate', '--config', configPath, '--lock', lockPath, '--read-only', ...(process.env.NOLOG ? [] : ['--log', path.join(dir, 'decisions.log')]), ...(process.env.GATE_EXTRA ?? '').split(' ').filter(Boolean)])],
  ];
  const times = clients.map(() => [] as number[]);
  for (let i = 0; i < 1100; i++) {
    for (let k = 0; k < clients.length; k++) {
      const t = performance.now();
      const r = await clients[k][1].callTool({ name: 'read_notes', arguments: { topic: `t${i % 7}`, limit: 3 } });
      const dt = performance.now() - t;
      if (r.isError) throw new Error('call failed');
      if (i >= 100) times[k].push(dt);
    }
  }
  const d50 = quantile(times[0], 0.5), d95 = quantile(times[0], 0.95);
  console.log(clients.map(([n], k) => `${n} p50 ${quantile(times[k], 0.5).toFixed(3)} p95 ${quantile(times[k], 0.95).toFixed(3)} (+${(quantile(times[k], 0.5) - d50).toFixed(3)} / +${(quantile(times[k], 0.95) - d95).toFixed(3)})`).join(' | '));
  if (process.env.DUMP) writeFileSync(process.env.DUMP, JSON.stringify(times));
  await Promise.all(clients.map(([, c]) => c.close()));
  process.exit(0);
}
void main();
