// Dev tool: the call tree under every top-level call of FUNCTION in a .cpuprofile (samples after fraction FROM), DEPTH levels.
//   node scripts/dev/profileTree.mjs FILE.cpuprofile FUNCTION [from=0.3] [depth=3]
import fs from 'node:fs';
const [file, fnName, fromFrac = '0.3', depthMax = '3'] = process.argv.slice(2);
const p = JSON.parse(fs.readFileSync(file, 'utf8'));
const byId = new Map(p.nodes.map((n) => [n.id, n]));
let t = p.startTime; const times = [];
for (const d of p.timeDeltas) { t += d; times.push(t); }
const lo = p.startTime + (p.endTime - p.startTime) * Number(fromFrac);
const selfMs = new Map();
for (let i = 0; i < p.samples.length; i++) { if (times[i] < lo) continue; const dt = (p.timeDeltas[i + 1] ?? 0) / 1000; selfMs.set(p.samples[i], (selfMs.get(p.samples[i]) ?? 0) + dt); }
const totalOf = new Map();
const tot = (n) => { if (totalOf.has(n.id)) return totalOf.get(n.id); let s = selfMs.get(n.id) ?? 0; for (const c of n.children ?? []) s += tot(byId.get(c)); totalOf.set(n.id, s); return s; };
const key = (n) => `${n.callFrame.functionName || '(anon)'}:${n.callFrame.lineNumber}`;
// merge all nodes named fnName, aggregate children by key recursively
function agg(nodes, depth, indent) {
  const m = new Map();
  for (const n of nodes) for (const c of n.children ?? []) { const cn = byId.get(c); const k = key(cn); if (!m.has(k)) m.set(k, []); m.get(k).push(cn); }
  const rows = [...m].map(([k, ns]) => [k, ns.reduce((s, n) => s + tot(n), 0), ns]).sort((a, b) => b[1] - a[1]);
  for (const [k, v, ns] of rows) { if (v < 2) continue; console.log(`${indent}${v.toFixed(1).padStart(7)} ${k}`); if (depth > 1) agg(ns, depth - 1, indent + '  '); }
}
const roots = p.nodes.filter((n) => n.callFrame.functionName === fnName);
// exclude nested recursion: only roots whose ancestors don't include fnName
const parent = new Map(); for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const top = roots.filter((n) => { for (let id = parent.get(n.id); id !== undefined; id = parent.get(id)) if (byId.get(id).callFrame.functionName === fnName) return false; return true; });
console.log(fnName, top.reduce((s, n) => s + tot(n), 0).toFixed(1), 'self', top.reduce((s, n) => s + (selfMs.get(n.id) ?? 0), 0).toFixed(1));
agg(top, Number(depthMax), '  ');
