// Dev tool: self and inclusive time per function of a .cpuprofile, for samples in [from, to] (fractions of its duration).
//   node scripts/dev/profileSelf.mjs FILE.cpuprofile [from=0] [to=1]
import fs from 'node:fs';
const [file, fromFrac = '0', toFrac = '1'] = process.argv.slice(2);
const p = JSON.parse(fs.readFileSync(file, 'utf8'));
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
let t = p.startTime; const times = [];
for (const d of p.timeDeltas) { t += d; times.push(t); }
const t0 = p.startTime, t1 = p.endTime, span = t1 - t0;
const lo = t0 + span * Number(fromFrac), hi = t0 + span * Number(toFrac);
const self = new Map(), incl = new Map(); let total = 0, idle = 0;
const key = (n) => `${n.callFrame.functionName || '(anon)'} ${(n.callFrame.url.split('/').pop())}:${n.callFrame.lineNumber}`;
for (let i = 0; i < p.samples.length; i++) {
  if (times[i] < lo || times[i] > hi) continue;
  const dt = (p.timeDeltas[i + 1] ?? 0) / 1000;
  const n = byId.get(p.samples[i]);
  if (n.callFrame.functionName === '(idle)') { idle += dt; continue; }
  total += dt;
  self.set(key(n), (self.get(key(n)) ?? 0) + dt);
  const seen = new Set();
  for (let id = n.id; id !== undefined; id = parent.get(id)) { const k = key(byId.get(id)); if (seen.has(k)) continue; seen.add(k); incl.set(k, (incl.get(k) ?? 0) + dt); }
}
console.log(`busy ${total.toFixed(0)} ms, idle ${idle.toFixed(0)} ms`);
const top = (m, n) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `${v.toFixed(1).padStart(8)}  ${k}`).join('\n');
console.log('--- self'); console.log(top(self, 45));
console.log('--- inclusive'); console.log(top(incl, 70));
