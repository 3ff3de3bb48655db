// Conformance of our diagnostics with the reference implementation's, over the
// corpus in ../shared/corpus (see its README). `npm run conformance` prints the
// table; test/conformance.test.ts asserts the thresholds.
//
// Stages are pluggable so later checks (the verifier) can add a column: each
// stage maps a program to diagnostics; the parse stage is ours, the `use`
// stage models how the reference treats imports (inline snippets cannot
// import: ILO-P017; files import relative to themselves).

import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Diagnostic } from '../server/src/diagnostics';
import { parseIlo } from '../server/src/syntax/parse';
import { LineIndex } from '../server/src/syntax/lineIndex';
import type { Program } from '../server/src/syntax/ast';
import { formatVerifierReport, runVerifierConformance, verifierThresholdsMet } from './conformanceVerifier';
import { formatLevel26Report, runLevel26Conformance } from './conformance26';
import { corpusDir, level26CorpusDir, readExamples, readSnippets } from './corpusReader';
import { formatLevel26SyntaxReport, level26SyntaxTargetsMet, runLevel26Syntax } from './conformance26Parse';
import { launchedAs } from './entry';

export interface RefDiagnostic {
  code: string;
  severity: string;
  line: number | null;
  col: number | null;
  message: string;
}

export interface Sample {
  id: string;
  kind: 'snippet' | 'example';
  code: string;
  file?: string;
  expected: RefDiagnostic[];
}

export interface OurDiagnostic {
  code: string;
  line: number;
  col: number;
  message: string;
}

/** A stage turns a program into diagnostics; it sees the parse result of the earlier stage. */
export type Stage = (sample: Sample, parsed: { program: Program; diagnostics: Diagnostic[] }) => Diagnostic[];

/** Models the reference's `use` handling well enough for the corpus: ILO-P017 when the file can't be read. */
export const useStage: Stage = (sample, parsed) => {
  const out: Diagnostic[] = [];
  for (const d of parsed.program.decls) {
    if (d.kind !== 'UseDecl') continue;
    const found = sample.file !== undefined && fs.existsSync(path.join(path.dirname(sample.file), d.path.value));
    if (!found) {
      out.push({
        code: 'ILO-P017',
        source: 'ilo',
        severity: 'error',
        start: d.start,
        end: d.end,
        message: sample.file === undefined ? '`use` needs a file context' : `cannot read ${d.path.value}`,
      });
    }
  }
  return out;
};

export function loadSamples(dir: string): Sample[] {
  const samples: Sample[] = [];
  for (const o of readSnippets<{ id: string; code: string; diagnostics: RefDiagnostic[] }>(dir)) {
    samples.push({ id: o.id, kind: 'snippet', code: o.code, expected: o.diagnostics });
  }
  for (const { name, file, text } of readExamples(dir)) {
    const expFile = file.replace(/\.ilo$/, '.expected.json');
    if (!fs.existsSync(expFile)) continue;
    const exp = JSON.parse(fs.readFileSync(expFile, 'utf8')) as { diagnostics: RefDiagnostic[] };
    samples.push({ id: name, kind: 'example', code: text, file, expected: exp.diagnostics });
  }
  return samples;
}

const isSyntax = (code: string): boolean => code.startsWith('ILO-L') || code.startsWith('ILO-P');

export function runStages(sample: Sample, stages: Stage[] = [useStage]): OurDiagnostic[] {
  const parsed = parseIlo(sample.code);
  const all = [...parsed.diagnostics];
  for (const s of stages) all.push(...s(sample, parsed));
  const li = new LineIndex(sample.code);
  return all
    .filter((d) => d.source === 'ilo')
    .map((d) => {
      const p = li.position(d.start);
      return { code: d.code, line: p.line, col: p.col, message: d.message };
    });
}

export interface Miss {
  id: string;
  code: string;
  expected: RefDiagnostic;
  ours: OurDiagnostic[];
}

export interface ConformanceReport {
  cleanExamples: number;
  cleanExamplesWithFalseErrors: string[];
  cleanSnippets: number;
  cleanSnippetsWithFalseErrors: Array<{ id: string; code: string; ours: OurDiagnostic[] }>;
  withSyntaxError: number;
  codeMatch: number;
  codeLineMatch: number;
  codeLineColMatch: number;
  misses: Miss[];
}

export function computeConformance(dir: string, stages: Stage[] = [useStage]): ConformanceReport {
  const r: ConformanceReport = {
    cleanExamples: 0,
    cleanExamplesWithFalseErrors: [],
    cleanSnippets: 0,
    cleanSnippetsWithFalseErrors: [],
    withSyntaxError: 0,
    codeMatch: 0,
    codeLineMatch: 0,
    codeLineColMatch: 0,
    misses: [],
  };
  for (const s of loadSamples(dir)) {
    const ours = runStages(s, stages).filter((d) => isSyntax(d.code));
    const ref = s.expected.filter((d) => isSyntax(d.code));
    if (ref.length === 0) {
      if (s.kind === 'example') {
        r.cleanExamples++;
        if (ours.length > 0) r.cleanExamplesWithFalseErrors.push(s.id);
      } else {
        r.cleanSnippets++;
        if (ours.length > 0) r.cleanSnippetsWithFalseErrors.push({ id: s.id, code: s.code, ours });
      }
      continue;
    }
    r.withSyntaxError++;
    const first = ref[0];
    const sameCode = ours.filter((o) => o.code === first.code);
    const lineOk = (o: OurDiagnostic): boolean => first.line === null || o.line === first.line;
    const colOk = (o: OurDiagnostic): boolean => first.col === null || o.col === first.col;
    if (sameCode.length > 0) r.codeMatch++;
    if (sameCode.some(lineOk)) r.codeLineMatch++;
    else r.misses.push({ id: s.id, code: s.code, expected: first, ours });
    if (sameCode.some((o) => lineOk(o) && colOk(o))) r.codeLineColMatch++;
  }
  return r;
}

const pct = (n: number, d: number): string => (d === 0 ? '-' : `${((100 * n) / d).toFixed(1)}%`);

export function formatReport(r: ConformanceReport): string {
  const rows: Array<[string, string]> = [
    ['clean example files', String(r.cleanExamples)],
    ['  ... with a false lexer/parser error (must be 0)', String(r.cleanExamplesWithFalseErrors.length)],
    ['clean snippets', String(r.cleanSnippets)],
    ['  ... with a false lexer/parser error', String(r.cleanSnippetsWithFalseErrors.length)],
    ['programs whose reference reports an ILO-L/P error', String(r.withSyntaxError)],
    ['  first error: code among ours', `${r.codeMatch} (${pct(r.codeMatch, r.withSyntaxError)})`],
    ['  first error: code + line among ours (need >= 98%)', `${r.codeLineMatch} (${pct(r.codeLineMatch, r.withSyntaxError)})`],
    ['  first error: code + line + col among ours', `${r.codeLineColMatch} (${pct(r.codeLineColMatch, r.withSyntaxError)})`],
  ];
  const w = Math.max(...rows.map(([a]) => a.length));
  const lines = ['| measure'.padEnd(w + 2) + ' | value |', `|${'-'.repeat(w + 2)}|-------|`];
  for (const [a, b] of rows) lines.push(`| ${a.padEnd(w)} | ${b} |`);
  return lines.join('\n');
}

function main(): void {
  const dir = corpusDir();
  if (dir === undefined) {
    console.log('conformance: ../shared/corpus not found next to the repository; skipping.');
    return;
  }
  const r = computeConformance(dir);
  console.log(formatReport(r));
  const verbose = process.argv.includes('--verbose') || process.argv.includes('-v');
  if (verbose) {
    for (const m of r.misses) {
      console.log(`\nMISS ${m.id}: ${JSON.stringify(m.code.slice(0, 160))}`);
      console.log(`  reference: ${m.expected.code} ${m.expected.line}:${m.expected.col} ${m.expected.message}`);
      for (const o of m.ours) console.log(`  ours:      ${o.code} ${o.line}:${o.col} ${o.message}`);
    }
    for (const f of r.cleanExamplesWithFalseErrors) console.log(`\nFALSE ERROR in clean example ${f}`);
    for (const s of r.cleanSnippetsWithFalseErrors) {
      console.log(`\nFALSE ERROR in clean snippet ${s.id}: ${JSON.stringify(s.code.slice(0, 160))}`);
      for (const o of s.ours) console.log(`  ours: ${o.code} ${o.line}:${o.col} ${o.message}`);
    }
  }
  const failed = r.cleanExamplesWithFalseErrors.length > 0 || r.codeLineMatch < 0.98 * r.withSyntaxError;
  if (failed) process.exitCode = 1;

  // ---- verifier (issue 3): all codes, parse → use → verify ----
  const v = runVerifierConformance(dir);
  console.log('\n' + formatVerifierReport(v, verbose));
  if (!verifierThresholdsMet(v)) process.exitCode = 1;

  // ---- level 26 (issue 27): ../shared/corpus/ilo26, parse → use → verify at level 26 ----
  const dir26 = level26CorpusDir();
  if (dir26 !== undefined) {
    // ---- level 26 syntax (issue 26): lexer, parser and formatter at level 26 ----
    const syn = runLevel26Syntax(dir26);
    console.log('\n' + formatLevel26SyntaxReport(syn, verbose));
    if (!level26SyntaxTargetsMet(syn)) process.exitCode = 1;
    console.log('\n' + formatLevel26Report(runLevel26Conformance(dir26), verbose));
  }
}

if (launchedAs('conformance')) main();
