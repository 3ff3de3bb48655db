// Dev-only: CPU time of the phases of one cold parse + check of FILE in a fresh process
// (process CPU time, all threads: steadier than wall time on a shared machine).
//   node scripts/run-bundled.mjs scripts/dev/phaseTimes.ts FILE [rounds]
import * as fs from 'node:fs';
import { lex } from '../../server/src/syntax/lexer';
import { normalizeNewlines } from '../../server/src/syntax/normalize';
import { IncrementalParser } from '../../server/src/syntax/parse';
import { IncrementalChecker } from '../../server/src/check/check';
import { LEVEL_011 } from '../../server/src/level';

const cpu = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
import { PerformanceObserver } from 'node:perf_hooks';
let gcMs = 0;
let gcCount = 0;
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    gcMs += e.duration;
    gcCount++;
  }
}).observe({ entryTypes: ['gc'] });
const file = process.argv[2];
const text = fs.readFileSync(file, 'utf8');
const out: Record<string, number> = {};
let t = cpu();
const lap = (name: string): void => {
  const now = cpu();
  out[name] = Math.round(now - t);
  out[`${name}Heap`] = Math.round(process.memoryUsage().heapUsed / 1e6);
  t = now;
};
normalizeNewlines(text);
lap('normalize');
lex(text);
lap('lexWhole');
const parsed = new IncrementalParser().parse(text, { level: LEVEL_011, reuse: false });
lap('parse');
new IncrementalChecker().check(parsed.program, { level: LEVEL_011, imported: [], importedVia: new Map(), text });
lap('check');
setTimeout(() => console.log(JSON.stringify({ ...out, gcMs: Math.round(gcMs), gcCount })), 10);
