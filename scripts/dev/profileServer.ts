// Dev tool (not part of the bench): one fresh dist/server.js, the 5,000-line
// file opened and edited 200 times, with --cpu-prof; prints self time by
// function and per-edit timings.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { EXTENSION_NODE_ARGS, ServerProcess, keystrokes, memoryOf } from '../benchBlackBox';
import { bigDocument } from '../bench';
import { quantile } from '../stats';

async function main(): Promise<void> {
  const profDir = process.argv[2] ?? '/tmp/prof';
  const prof = !process.argv.includes('--no-prof');
  fs.rmSync(profDir, { recursive: true, force: true });
  // --file=PATH opens that file instead of the bench's 5,000-line one.
  const fileArg = process.argv.find((a) => a.startsWith('--file='))?.slice(7);
  const text = fileArg ? fs.readFileSync(fileArg, 'utf8') : bigDocument(process.env.ILO_CORPUS ?? '../shared/corpus');
  const file = path.join('/tmp', 'bench-big.ilo');
  const serverJs = process.argv.find((a) => a.startsWith('--server='))?.slice(9) ?? path.resolve('dist/server.js');
  // --plain: bare `node server.js`, without the extension's node flags.
  const launch = process.argv.includes('--plain') ? [] : EXTENSION_NODE_ARGS;
  const server = new ServerProcess(serverJs, { collisions: { scope: 'file' } }, [...launch, ...(prof ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`, '--cpu-prof-interval=200'] : []), ...process.argv.filter((a) => a.startsWith('--node-arg=')).map((a) => a.slice('--node-arg='.length))]);
  await server.initialize();
  const uri = pathToFileURL(file).toString();
  const open = await server.open(uri, text);
  const pause = Number(process.argv.find((a) => a.startsWith("--pause="))?.slice(8) ?? 0);
  if (pause > 0) await new Promise((r) => setTimeout(r, pause));
  const count = Number(process.argv.find((a) => a.startsWith("--edits="))?.slice(8) ?? 200);
  const edits = count > 0 ? keystrokes(text, count) : [];
  const times: number[] = [];
  const stamps: number[] = [];
  for (let i = 0; i < edits.length; i++) {
    stamps.push(process.argv.includes('--mono') ? Number(process.hrtime.bigint() / 1000n) : performance.timeOrigin + performance.now());
    times.push(await server.change(uri, i + 2, edits[i]));
  }
  const stampFile = process.argv.find((a) => a.startsWith('--stamps='))?.slice(9);
  if (stampFile) fs.writeFileSync(stampFile, JSON.stringify(stamps.map((s, i) => [s, times[i]])));
  if (process.argv.includes('--series')) console.log(times.map((x) => x.toFixed(1)).join(' '));
  console.log(`open ${open.toFixed(0)} ms; edit p50 ${quantile(times, 0.5)?.toFixed(2)} p95 ${quantile(times, 0.95)?.toFixed(2)}`);
  const idle = Number(process.argv.find((a) => a.startsWith('--idle='))?.slice(7) ?? 0);
  if (idle > 0) {
    const seen: string[] = [];
    for (let t = 0; t < idle; t += 1000) { seen.push(`${t / 1000}s ${Math.round(memoryOf(server.pid)?.rss ?? NaN)}`); await new Promise((r) => setTimeout(r, 1000)); }
    console.log('idle RSS MB:', seen.join(', '));
  }
  if (process.argv.includes('--smaps')) {
    // Resident memory per kind of mapping: what the RSS is made of.
    const sums = new Map<string, number>();
    let name = '';
    for (const line of fs.readFileSync(`/proc/${server.pid}/smaps`, 'utf8').split('\n')) {
      const head = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
      if (head) { name = head[1] || '[anon]'; continue; }
      const rss = /^Rss:\s+(\d+) kB/.exec(line);
      if (rss) sums.set(name, (sums.get(name) ?? 0) + Number(rss[1]));
    }
    for (const [k, v] of [...sums].sort((a, b) => b[1] - a[1]).slice(0, 8)) console.log(`  ${(v / 1024).toFixed(1).padStart(7)} MB  ${k}`);
  }
  if (process.argv.includes('--usr2')) {
    // A --node-arg=--require=FILE preload may print the heap's spaces on SIGUSR2.
    process.kill(server.pid, 'SIGUSR2');
    await new Promise((r) => setTimeout(r, 300));
  }
  if (process.argv.includes('--snapshot')) {
    // --node-arg=--heapsnapshot-signal=SIGUSR2 must be given; the file lands in the server's cwd.
    const before = new Set(fs.readdirSync('.'));
    process.kill(server.pid, 'SIGUSR2');
    for (let i = 0; i < 100; i++) {
      await new Promise((r) => setTimeout(r, 200));
      const made = fs.readdirSync('.').filter((f) => !before.has(f) && f.endsWith('.heapsnapshot'));
      if (made.length > 0) { await new Promise((r) => setTimeout(r, 1500)); console.log('snapshot', made[0]); break; }
    }
  }
  const mem = memoryOf(server.pid);
  console.log(`RSS ${mem?.rss.toFixed(1)} MB, peak ${mem?.hwm.toFixed(1)} MB`);
  await server.stop();
}
void main();
