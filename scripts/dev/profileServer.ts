// Dev tool (not part of the bench): one fresh dist/server.js, the 5,000-line
// file opened and edited 200 times, with --cpu-prof; prints self time by
// function and per-edit timings.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ServerProcess, keystrokes } from '../benchBlackBox';
import { bigDocument } from '../bench';
import { quantile } from '../stats';

async function main(): Promise<void> {
  const profDir = process.argv[2] ?? '/tmp/prof';
  const prof = !process.argv.includes('--no-prof');
  fs.rmSync(profDir, { recursive: true, force: true });
  const text = bigDocument(process.env.ILO_CORPUS ?? '../shared/corpus');
  const file = path.join('/tmp', 'bench-big.ilo');
  const serverJs = process.argv.find((a) => a.startsWith('--server='))?.slice(9) ?? path.resolve('dist/server.js');
  const server = new ServerProcess(serverJs, { collisions: { scope: 'file' } }, [...(prof ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`, '--cpu-prof-interval=200'] : []), ...process.argv.filter((a) => a.startsWith('--node-arg=')).map((a) => a.slice('--node-arg='.length))]);
  await server.initialize();
  const uri = pathToFileURL(file).toString();
  const open = await server.open(uri, text);
  const count = Number(process.argv.find((a) => a.startsWith("--edits="))?.slice(8) ?? 200);
  const edits = count > 0 ? keystrokes(text, count) : [];
  const times: number[] = [];
  for (let i = 0; i < edits.length; i++) times.push(await server.change(uri, i + 2, edits[i]));
  if (process.argv.includes('--series')) console.log(times.map((x) => x.toFixed(1)).join(' '));
  console.log(`open ${open.toFixed(0)} ms; edit p50 ${quantile(times, 0.5)?.toFixed(2)} p95 ${quantile(times, 0.95)?.toFixed(2)}`);
  const status = fs.readFileSync(`/proc/${server.pid}/status`, 'utf8');
  console.log(status.split('\n').filter((l) => /^Vm(RSS|HWM)/.test(l)).join('  ').replace(/\s+/g, ' '));
  await server.stop();
}
void main();
