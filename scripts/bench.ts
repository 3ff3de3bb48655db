// `npm run bench`: parse timings over the corpus (see PARSER_TASK / README).
//
//   1. full parse of every corpus file in one process (total ms, ms per KB);
//   2. cold parse of a ~5,000-line file made of corpus programs (blank-line
//      separated), with a fresh parser (no cached chunks);
//   3. one-character edits in the middle of that file: time from the edit to
//      fresh parse diagnostics with an IncrementalParser (median, p95, 200 edits).
//   Then the black-box section (benchBlackBox.ts): the built server and CLI in
//   fresh processes, timed from outside as an editor and a shell see them.
// Sections 1-3 run twice: tolerant parser only, then with the strict path
// (ohm syntactic grammar + parser/resolve.ts) tried first on every chunk, with the
// share of chunks it built.
//
// Sections are functions returning rows, so a later stage (the verifier) can
// add its own section next to these.

import * as path from 'node:path';
import { IncrementalParser, parseIlo, type ParseStats } from '../server/src/syntax/parse';
import { clearLexCache } from '../server/src/syntax/grammar';
import { corpusDir, readExamples, readSnippets } from './corpusReader';
import { IncrementalChecker, checkProgram } from '../server/src/check/check';
import { launchedAs, repoRoot } from './entry';
import { Analyzer, contractsFor } from '../server/src/service/analysis';
import { OverlayFileHost } from '../server/src/service/documents';
import { benchBlackBox } from './benchBlackBox';
import { printGateBench } from './benchGate';
import { printMcpServerBench } from './benchMcpServer';
import { quantile } from './stats';
import { benchFlows } from './benchFlows';

export interface BenchRow {
  name: string;
  value: string;
}

function corpusFiles(dir: string): Array<{ name: string; text: string }> {
  const out = readExamples(dir).map((e) => ({ name: e.name, text: e.text }));
  for (const o of readSnippets<{ id: string; code: string }>(dir)) out.push({ name: o.id, text: o.code });
  return out;
}

/** A document of about `lines` lines: corpus example programs separated by blank lines. */
export function bigDocument(dir: string, lines = 5000): string {
  const programs = readExamples(dir).map((e) => e.text.trimEnd());
  const parts: string[] = [];
  let count = 0;
  for (let i = 0; count < lines; i++) {
    const p = programs[i % programs.length];
    parts.push(p);
    count += p.split('\n').length + 1;
  }
  return parts.join('\n\n') + '\n';
}

const ms = (x: number): string => `${x.toFixed(2)} ms`;


const pathLabel = (strict: boolean): string => (strict ? '[strict] ' : '[tolerant] ');

const share = (s: ParseStats): string => {
  const tried = s.strict + s.tolerant;
  return `${s.strict} of ${tried} (${((100 * s.strict) / Math.max(1, tried)).toFixed(1)}%)`;
};

export function benchCorpus(dir: string, strict = false): BenchRow[] {
  const files = corpusFiles(dir);
  clearLexCache();
  let bytes = 0;
  const stats: ParseStats = { strict: 0, tolerant: 0, reused: 0 };
  const t0 = performance.now();
  for (const f of files) {
    const p = new IncrementalParser();
    p.parse(f.text, { strict });
    stats.strict += p.lastStats.strict;
    stats.tolerant += p.lastStats.tolerant;
    bytes += Buffer.byteLength(f.text);
  }
  const total = performance.now() - t0;
  const rows = [
    { name: `${pathLabel(strict)}full parse of all ${files.length} corpus programs (${(bytes / 1024).toFixed(0)} KB)`, value: ms(total) },
    { name: '  per KB', value: ms(total / (bytes / 1024)) },
  ];
  if (strict) rows.push({ name: '  chunks built by the strict path', value: share(stats) });
  return rows;
}

export function benchBigFile(dir: string, strict = false): BenchRow[] {
  const doc = bigDocument(dir);
  const lineCount = doc.split('\n').length;
  // Cold: no strict outline may be remembered from an earlier section.
  clearLexCache();
  const coldParser = new IncrementalParser();
  const t0 = performance.now();
  coldParser.parse(doc, { strict });
  const cold = performance.now() - t0;
  const coldStats = coldParser.lastStats;

  // Incremental: type one character in the middle of the file, then delete it.
  const parser = new IncrementalParser();
  parser.parse(doc, { strict });
  const editStats: ParseStats = { strict: 0, tolerant: 0, reused: 0 };
  const lines = doc.split('\n');
  const times: number[] = [];
  let text = doc;
  for (let i = 0; i < 200; i++) {
    // An edit inside a declaration near the middle: append a character to a code line.
    let ln = Math.floor(lines.length / 2) + (i % 50);
    while (ln < lines.length - 1 && (lines[ln].trim() === '' || lines[ln].trimStart().startsWith('--'))) ln++;
    let offset = 0;
    for (let k = 0; k < ln; k++) offset += lines[k].length + 1;
    offset += lines[ln].length;
    const insert = i % 2 === 0;
    text = insert ? text.slice(0, offset) + 'x' + text.slice(offset) : text.slice(0, offset) + text.slice(offset + 1);
    if (!insert) text = doc;
    const t = performance.now();
    const r = parser.parse(text, { strict });
    times.push(performance.now() - t);
    editStats.strict += parser.lastStats.strict;
    editStats.tolerant += parser.lastStats.tolerant;
    if (r.diagnostics.length < 0) throw new Error('unreachable');
    if (!insert) lines.splice(0, lines.length, ...doc.split('\n'));
  }
  const label = pathLabel(strict);
  const rows = [
    { name: `${label}cold parse of a ${lineCount}-line file (${(doc.length / 1024).toFixed(0)} KB)`, value: ms(cold) },
    { name: `${label}one-character edit → fresh parse diagnostics, median (200 edits)`, value: ms(quantile(times, 0.5)) },
    { name: `${label}one-character edit → fresh parse diagnostics, p95`, value: ms(quantile(times, 0.95)) },
  ];
  if (strict) {
    rows.splice(1, 0, { name: '  chunks built by the strict path (cold)', value: share(coldStats) });
    rows.push({ name: '  re-parsed chunks built by the strict path (200 edits)', value: share(editStats) });
  }
  return rows;
}

// ---- verifier (issue 3): parse + verify ----

/** Parse and verify every corpus program in one process. */
export function benchVerifyCorpus(dir: string): BenchRow[] {
  const files = corpusFiles(dir);
  let bytes = 0;
  let checkMs = 0;
  const t0 = performance.now();
  for (const f of files) {
    const parsed = parseIlo(f.text);
    const t = performance.now();
    checkProgram(parsed.program);
    checkMs += performance.now() - t;
    bytes += Buffer.byteLength(f.text);
  }
  const total = performance.now() - t0;
  return [
    { name: `parse + verify of all ${files.length} corpus programs (${(bytes / 1024).toFixed(0)} KB)`, value: ms(total) },
    { name: '  of which verify', value: ms(checkMs) },
  ];
}

/**
 * The text after edit `i` of a series near the middle of `doc`: even edits
 * type a character at the end of a code line, odd edits restore the original.
 */
export function editedText(doc: string, lines: readonly string[], i: number): string {
  if (i % 2 === 1) return doc;
  let ln = Math.floor(lines.length / 2) + (i % 50);
  while (ln < lines.length - 1 && (lines[ln].trim() === '' || lines[ln].trimStart().startsWith('--'))) ln++;
  let offset = 0;
  for (let k = 0; k < ln; k++) offset += lines[k].length + 1;
  offset += lines[ln].length;
  return doc.slice(0, offset) + 'x' + doc.slice(offset);
}

/**
 * One-character edits in the 5,000-line file: time from the edit to fresh
 * parse + verifier diagnostics (IncrementalParser + IncrementalChecker), and
 * how many function bodies each edit re-verified.
 */
export function benchVerifyEdits(dir: string): BenchRow[] {
  const doc = bigDocument(dir);
  // Cold: no strict outline of earlier sections may be remembered.
  clearLexCache();
  const t0 = performance.now();
  const cold = checkProgram(parseIlo(doc).program);
  const coldMs = performance.now() - t0;

  const parser = new IncrementalParser();
  const checker = new IncrementalChecker();
  checker.check(parser.parse(doc).program);
  const lines = doc.split('\n');
  const times: number[] = [];
  const checkTimes: number[] = [];
  let rechecked = 0;
  for (let i = 0; i < 200; i++) {
    const text = editedText(doc, lines, i);
    const t = performance.now();
    const parsed = parser.parse(text);
    const tc = performance.now();
    const diags = checker.check(parsed.program);
    const end = performance.now();
    times.push(end - t);
    checkTimes.push(end - tc);
    rechecked += checker.lastStats.checked;
    if (diags.length < 0) throw new Error('unreachable');
  }
  return [
    { name: `cold parse + verify of the ${lines.length}-line file (${cold.length} diagnostics)`, value: ms(coldMs) },
    { name: 'one-character edit → parse + verifier diagnostics, median (200 edits)', value: ms(quantile(times, 0.5)) },
    { name: 'one-character edit → parse + verifier diagnostics, p95 (need < 10 ms)', value: ms(quantile(times, 0.95)) },
    { name: '  of which verify, p95', value: ms(quantile(checkTimes, 0.95)) },
    { name: '  function bodies re-verified per edit (mean)', value: (rechecked / times.length).toFixed(2) },
  ];
}

function print(rows: BenchRow[]): void {
  const w = Math.max(...rows.map((r) => r.name.length));
  console.log(`| ${'measure'.padEnd(w)} | time |`);
  console.log(`|${'-'.repeat(w + 2)}|------|`);
  for (const r of rows) console.log(`| ${r.name.padEnd(w)} | ${r.value} |`);
}

/**
 * What the editor runs on every keystroke, beyond parse + verify: the whole
 * analysis pipeline (imports, schema and lint diagnostics) and the contract
 * analyses (collisions, behavior, effect gate) on the 5,000-line file.
 */
export function benchPipelineEdits(dir: string): BenchRow[] {
  const doc = bigDocument(dir);
  const analyzer = new Analyzer(new OverlayFileHost());
  const file = path.join(dir, 'bench-big.ilo');
  analyzer.analyze(file, doc);
  const lines = doc.split('\n');
  const times: number[] = [];
  for (let i = 0; i < 200; i++) {
    const text = editedText(doc, lines, i);
    const t = performance.now();
    contractsFor([analyzer.analyze(file, text)], 'file');
    times.push(performance.now() - t);
  }
  return [
    { name: 'one-character edit → every diagnostic the editor shows, median (200 edits)', value: ms(quantile(times, 0.5)) },
    { name: 'one-character edit → every diagnostic the editor shows, p95', value: ms(quantile(times, 0.95)) },
  ];
}

/** 130 KB as a binary file reads when decoded as UTF-8: control characters, NULs and U+FFFD among text bytes. */
function binaryText(size = 130_000): string {
  let s = '';
  let seed = 42;
  while (s.length < size) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    const b = (seed >> 8) % 256;
    s += b < 0x80 ? String.fromCharCode(b) : '\ufffd';
  }
  return s;
}

/**
 * Garbage must not cost more than a program (issue 15): every diagnostic of a
 * cold analysis (as `ilo-ls check` runs it) of 130 KB of binary data, against
 * the same for the 5,000-line file.
 */
export function benchGarbage(dir: string): BenchRow[] {
  const cold = (file: string, text: string): number => {
    clearLexCache();
    const t = performance.now();
    contractsFor([new Analyzer(new OverlayFileHost()).analyze(file, text)], 'file');
    return performance.now() - t;
  };
  const doc = bigDocument(dir);
  const program = cold(path.join(dir, 'bench-big.ilo'), doc);
  const garbage = cold(path.join(dir, 'bench-binary.ilo'), binaryText());
  return [
    { name: `cold check (every diagnostic) of the ${doc.split('\n').length}-line file`, value: ms(program) },
    { name: 'cold check (every diagnostic) of 130 KB of binary data', value: ms(garbage) },
    { name: '  binary / program (need <= 2)', value: (garbage / program).toFixed(2) },
  ];
}

async function main(): Promise<boolean> {
  // `npm run bench -- --black-box` runs only the black-box section; `--rounds=N`
  // sets its rounds; `--dist=DIR[,DIR...]` measures the bundles in those folders
  // (interleaved, one column each) instead of building dist/.
  const args = process.argv.slice(2);
  // `--cli`: only the black box's CLI rows (whole `ilo-ls check` processes and the reference ratio).
  const cliOnly = args.includes('--cli');
  const onlyBlackBox = cliOnly || args.includes('--black-box');
  const rounds = Number(/^--rounds=(\d+)$/.exec(args.find((a) => a.startsWith('--rounds=')) ?? '')?.[1] ?? 3);
  const dists = args.find((a) => a.startsWith('--dist='))?.slice('--dist='.length).split(',');
  const dir = corpusDir();
  if (dir === undefined) {
    console.log('bench: ../shared/corpus not found next to the repository; skipping.');
  } else if (!onlyBlackBox) {
    print([
      ...benchCorpus(dir, false),
      ...benchBigFile(dir, false),
      ...benchCorpus(dir, true),
      ...benchBigFile(dir, true),
      ...benchVerifyCorpus(dir),
      ...benchVerifyEdits(dir),
      ...benchPipelineEdits(dir),
      ...benchFlows(dir),
      ...benchGarbage(dir),
    ]);
  }
  await benchBlackBox({ root: repoRoot(), corpus: dir, bigText: dir === undefined ? undefined : bigDocument(dir), rounds, dists, cliOnly });
  return !cliOnly;
}

if (launchedAs('bench')) {
  // `npm run bench -- --mcp-tokens` prints only the `ilo-ls mcp` token section (no timing, seconds).
  const onlyMcpTokens = process.argv.slice(2).includes('--mcp-tokens');
  const run = async (): Promise<void> => {
    if (!onlyMcpTokens) {
      // false: only the CLI rows were asked for (`--cli`).
      if (!(await main())) return;
      await printGateBench();
    }
    await printMcpServerBench();
  };
  run()
    .catch((err) => {
      console.error(err);
      process.exitCode = 1;
    });
}
