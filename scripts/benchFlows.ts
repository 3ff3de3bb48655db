// The toxic-flow analysis alone (server/src/contracts/flows), on two files of
// about 5,000 lines: the bench's file of repeated corpus programs (few tools,
// no flows) and one made of tools and functions moving data between them
// (a flow every few functions). Cold: the analysis of every function; edits:
// one-character edits in the middle (as bench.ts makes them), each analysed
// with what the document kept from the edit before (FlowReuse), timed in
// wall-clock and in process CPU time (the machine may be shared), with the
// number of function bodies analysed again per edit.
//
// `npm run bench` prints these rows with the others; alone:
// `node scripts/run-bundled.mjs scripts/benchFlows.ts`.

import * as path from 'node:path';
import { Analyzer } from '../server/src/service/analysis';
import { OverlayFileHost } from '../server/src/service/documents';
import { resolveFile } from '../server/src/contracts';
import { visibleLocated } from '../server/src/contracts/behavior';
import { programFlows } from '../server/src/contracts/flows';
import { corpusDir } from './corpusReader';
import { launchedAs } from './entry';
import { quantile } from './stats';
import type { BenchRow } from './bench';
import { bigDocument, editedText } from './bench';

/**
 * About `lines` lines of functions that read, pass on, sanitise and send data
 * through twenty groups of tools (a program uses a few tools many times; the
 * tools' parameter names differ, so no two share a schema).
 */
export function flowDocument(lines = 5000): string {
  const parts: string[] = [];
  const GROUPS = 20;
  for (let g = 0; g < GROUPS; g++) {
    parts.push(`-- @flow private
tool read-${g}"Read the user's notes" q${g}:t>R t t
-- @flow untrusted
tool fetch-${g}"Fetch a page" url${g}:t>R t t
-- @flow sink
tool post-${g}"Post a message" ch${g}:t text${g}:t>R _ t
-- @flow sanitizer
scrub-${g} s:t>t;rgxsub "[0-9]" "#" s`);
  }
  let count = parts.join('\n\n').split('\n').length;
  for (let i = 0; count < lines; i++) {
    const g = i % GROUPS;
    const part = `relay-${i} x:t>R _ t;post-${g}! "general" x
leak-${i} q:t>R _ t
  n=read-${g}! q
  m=cat ["notes: " n] ""
  relay-${i} m
safe-${i} q:t>R _ t
  n=read-${g}! q
  c=scrub-${g} n
  relay-${i} c
each-${i} xs:L t>L (R _ t);p=fetch-${g}!! "u";map (y:t>R _ t;post-${g} "c" p) xs
count-${i} q:t>n
  n=read-${g}!! q
  len n`;
    parts.push(part);
    count += part.split('\n').length + 1;
  }
  return parts.join('\n\n') + '\n';
}

const ms = (x: number): string => `${x.toFixed(2)} ms`;
const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

function measure(label: string, doc: string, dir: string): BenchRow[] {
  const analyzer = new Analyzer(new OverlayFileHost());
  const file = path.join(dir, `bench-flows-${label}.ilo`);
  const flows = (text: string, reuse: boolean) => {
    const a = analyzer.analyze(file, text);
    const input = { path: a.path, program: a.program, text: a.text, imported: a.importedLocated, env: a.env };
    const f = resolveFile(input, a.reuse);
    const c = cpuMs();
    const t = performance.now();
    const r = programFlows({ file: a.path, visible: visibleLocated(input), tools: f.tools, env: f.env }, reuse ? a.reuse?.flows : undefined);
    return { wall: performance.now() - t, cpu: cpuMs() - c, analysed: r.analysed, findings: r.findings.length };
  };
  const cold = [flows(doc, false), flows(doc, false), flows(doc, false)];
  flows(doc, true);
  const lines = doc.split('\n');
  const wall: number[] = [];
  const cpu: number[] = [];
  let analysed = 0;
  for (let i = 0; i < 200; i++) {
    const r = flows(editedText(doc, lines, i), true);
    wall.push(r.wall);
    cpu.push(r.cpu);
    analysed += r.analysed;
  }
  const c = cold[cold.length - 1];
  return [
    { name: `flows, cold, ${label} (${lines.length} lines, ${c.analysed} functions, ${c.findings} findings): wall / CPU`, value: `${ms(c.wall)} / ${ms(c.cpu)}` },
    { name: '  one-character edit → flows with kept summaries, median wall / CPU (200 edits)', value: `${ms(quantile(wall, 0.5))} / ${ms(quantile(cpu, 0.5))}` },
    { name: '  … p95 wall / CPU', value: `${ms(quantile(wall, 0.95))} / ${ms(quantile(cpu, 0.95))}` },
    { name: '  function bodies analysed again per edit (mean)', value: (analysed / 200).toFixed(2) },
  ];
}

export function benchFlows(dir: string): BenchRow[] {
  return [...measure('corpus programs', bigDocument(dir), dir), ...measure('tools and flows', flowDocument(), dir)];
}

if (launchedAs('benchFlows')) {
  const dir = corpusDir();
  if (dir === undefined) {
    console.log('benchFlows: ../shared/corpus not found next to the repository; skipping.');
  } else {
    for (const r of benchFlows(dir)) console.log(`| ${r.name} | ${r.value} |`);
  }
}
