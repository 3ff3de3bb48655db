// Dev: who allocates during a CLI-style check of FILE at level 0.11 (sampled, garbage included), by function and, for builtins, by caller.
//   node scripts/run-bundled.mjs scripts/dev/allocProfile.ts FILE
import { Session } from 'node:inspector';
import { checkFiles } from '../../server/src/cli/check';
import { setLevelPreference } from '../../server/src/cli/level';
const FILE = process.argv[2];
const s = new Session();
s.connect();
const post = (m: string, p?: object) => new Promise<any>((res, rej) => s.post(m, p ?? {}, (e, r) => (e ? rej(e) : res(r))));
(async () => {
  await post('HeapProfiler.enable');
  await post('HeapProfiler.startSampling', { samplingInterval: 1024, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
  setLevelPreference('0.11');
  (globalThis as any).keep = checkFiles([FILE], 'file' as never);
  const { profile } = await post('HeapProfiler.stopSampling');
  const agg = new Map<string, number>();
  let total = 0;
  const walk = (n: any) => { const k = `${n.callFrame.functionName} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`; if (n.selfSize) { agg.set(k, (agg.get(k) ?? 0) + n.selfSize); total += n.selfSize; } for (const c of n.children) walk(c); };
  walk(profile.head);
  console.log('total sampled MB', (total / 1e6).toFixed(2));
  for (const [k, v] of [...agg].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log((v / 1e6).toFixed(2).padStart(6), k);
  // Callers of builtins that allocate: who pushes, iterates, builds maps and sets.
  const by = new Map<string, number>();
  const walk2 = (n: any, chain: string[]) => {
    const name = n.callFrame.functionName || '(anon)';
    const c = [...chain, `${name}:${n.callFrame.lineNumber}`];
    if (n.selfSize && ['next', 'push', 'Set', 'Map', 'values', 'set', 'map', 'slice', 'add', 'entries', 'keys', 'concat', 'from', 'filter'].includes(name)) {
      const k = `${name} <- ${c.slice(-3, -1).reverse().join(' <- ')}`;
      by.set(k, (by.get(k) ?? 0) + n.selfSize);
    }
    for (const ch of n.children) walk2(ch, c);
  };
  walk2(profile.head, []);
  console.log('--- builtin allocations by caller (then: by phase)');
  for (const [k, v] of [...by].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log((v / 1e6).toFixed(2).padStart(6), k);
  const phases = ['slotsFor', 'fullStream', 'parseTopLevel', 'attachDocs', 'checkInto', 'contractsFor', 'combineDiagnostics', 'suppressFindings', 'toRecords', 'schemaDiagnostics', 'diagnostics'];
  const byPhase = new Map<string, number>();
  const walk3 = (n: any, phase: string) => {
    const name = n.callFrame.functionName;
    const p = phases.includes(name) ? name : phase;
    if (n.selfSize) byPhase.set(p, (byPhase.get(p) ?? 0) + n.selfSize);
    for (const ch of n.children) walk3(ch, p);
  };
  walk3(profile.head, 'other');
  for (const [k, v] of [...byPhase].sort((a, b) => b[1] - a[1])) console.log((v / 1e6).toFixed(2).padStart(6), 'phase', k);
  // Within one phase (PHASE=name): allocation by function, builtins named with their caller.
  const focus = process.env.PHASE;
  if (focus) {
    const inPhase = new Map<string, number>();
    const walk4 = (n: any, on: boolean, parent: string) => {
      const name = n.callFrame.functionName || '(anon)';
      const here = on || name === focus;
      if (here && n.selfSize) {
        const k = n.callFrame.url === '' ? `${name} <- ${parent}` : name;
        inPhase.set(k, (inPhase.get(k) ?? 0) + n.selfSize);
      }
      for (const ch of n.children) walk4(ch, here, name);
    };
    walk4(profile.head, false, '');
    console.log(`--- in ${focus}`);
    for (const [k, v] of [...inPhase].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log((v / 1e6).toFixed(3).padStart(7), k);
  }
})();
