// Level-26 conformance: parse → resolve `use` → verify at level 26 over
// ../shared/corpus/ilo26 (newer upstream programs and test snippets; there is
// no 26.x binary, so these are the truth for level 26). Called from
// scripts/conformance.ts (section "level 26"); also runnable on its own:
// `npx tsx scripts/conformance26.ts [--verbose] [--markdown]`.
//
// Measures (issue 27):
//   runnable examples   files with `-- run:`/`-- out:` ran clean for their
//                       version: we must report no error on any
//   clean snippets      snippets whose upstream test expects no code: no error
//   expected code found snippets expecting codes: every expected code is
//                       among ours (and separately those whose code is new
//                       since 0.11.6)

import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { Diagnostic } from '../server/src/diagnostics';
import type { Program } from '../server/src/syntax/ast';
import { parseIlo } from '../server/src/syntax/parse';
import { LEVEL_26 } from '../server/src/level';
import { checkProgram } from '../server/src/check/check';
import { resolveImports } from '../server/src/project/imports';
import { LineIndex } from '../server/src/syntax/lineIndex';
import { examplesDir, level26CorpusDir, readExampleIndex, readSnippets } from './corpusReader';
import { launchedAs } from './entry';

const LEVEL = LEVEL_26;

/** Parse at level 26 (a `^YY.M` pragma in the file still wins, as in the editor). */
function parse26(text: string): { program: Program; diagnostics: Diagnostic[] } {
  return parseIlo(text, { level: LEVEL_26 });
}

/** Every diagnostic of the error or warning severity for a file (or snippet: no file, nothing to `use`). */
export function analyse26(file: string, text: string, readFile: (p: string) => string | undefined): Diagnostic[] {
  const parsed = parse26(text);
  const imports = resolveImports(file, parsed.program, { readFile }, (_p, t) => parse26(t).program);
  const checked = checkProgram(parsed.program, { level: LEVEL, imported: imports.imported, importedVia: imports.importedVia, text });
  return [...parsed.diagnostics, ...imports.diagnostics, ...checked].filter((d) => d.severity === 'error' || d.severity === 'warning');
}

interface ExampleOutcome {
  file: string;
  runnable: boolean;
  errors: string[];
  warnings: string[];
}

interface SnippetOutcome {
  index: number;
  program: string;
  kind: string;
  expected: string[];
  newCode: boolean;
  ours: string[];
  ourErrors: string[];
}

export interface Level26Report {
  examples: ExampleOutcome[];
  snippets: SnippetOutcome[];
}

/** `dir`: ../shared/corpus/ilo26. */
export function runLevel26Conformance(dir: string): Level26Report {
  const readFile = (p: string): string | undefined => (existsSync(p) ? readFileSync(p, 'utf8') : undefined);
  const exDir = examplesDir(dir);
  const examples: ExampleOutcome[] = [];
  for (const row of readExampleIndex(dir)) {
    const file = path.join(exDir, row.file);
    const text = readFileSync(file, 'utf8');
    const lines = new LineIndex(text);
    const ds = analyse26(file, text, readFile);
    const show = (d: Diagnostic): string => `${d.code} ${lines.position(d.start).line}: ${d.message}`;
    examples.push({
      file: row.file,
      runnable: row.runnable,
      errors: ds.filter((d) => d.severity === 'error').map(show),
      warnings: ds.filter((d) => d.severity === 'warning').map(show),
    });
  }
  const snippets: SnippetOutcome[] = [];
  const rows = readSnippets<{ program: string; expected_codes: string[]; kind: string; new_code: boolean }>(dir);
  rows.forEach((s, index) => {
    const ds = analyse26(`/nonexistent-snippets/${index}.ilo`, s.program, () => undefined);
    snippets.push({
      index,
      program: s.program,
      kind: s.kind,
      expected: s.expected_codes,
      newCode: s.new_code,
      ours: ds.map((d) => d.code),
      ourErrors: ds.filter((d) => d.severity === 'error').map((d) => d.code),
    });
  });
  return { examples, snippets };
}

const pct = (n: number, d: number): string => `${n}/${d} (${d === 0 ? '100.0' : ((100 * n) / d).toFixed(1)}%)`;
const found = (o: SnippetOutcome): boolean => o.expected.every((c) => o.ours.includes(c));

export interface Level26Figures {
  runnable: number;
  runnableWithErrors: number;
  cleanSnippets: number;
  cleanSnippetsWithErrors: number;
  expecting: number;
  expectedFound: number;
  expectingNew: number;
  expectedNewFound: number;
}

export function level26Figures(r: Level26Report): Level26Figures {
  const runnable = r.examples.filter((e) => e.runnable);
  const clean = r.snippets.filter((s) => s.expected.length === 0);
  const expecting = r.snippets.filter((s) => s.expected.length > 0);
  const expectingNew = expecting.filter((s) => s.newCode);
  return {
    runnable: runnable.length,
    runnableWithErrors: runnable.filter((e) => e.errors.length > 0).length,
    cleanSnippets: clean.length,
    cleanSnippetsWithErrors: clean.filter((s) => s.ourErrors.length > 0).length,
    expecting: expecting.length,
    expectedFound: expecting.filter(found).length,
    expectingNew: expectingNew.length,
    expectedNewFound: expectingNew.filter(found).length,
  };
}

/** Whether the issue-27 targets hold. */
export function level26TargetsMet(f: Level26Figures): boolean {
  return (
    f.runnableWithErrors === 0 &&
    f.cleanSnippetsWithErrors === 0 &&
    f.expectedFound >= 0.95 * f.expecting &&
    f.expectedNewFound >= 0.9 * f.expectingNew
  );
}

/** The markdown tables (docs/conformance-26.md) plus, verbosely, every miss. */
export function formatLevel26Report(r: Level26Report, verbose = false): string {
  const f = level26Figures(r);
  const out: string[] = [];
  const runnable = r.examples.filter((e) => e.runnable);
  const others = r.examples.filter((e) => !e.runnable);
  const clean = r.snippets.filter((s) => s.expected.length === 0);
  out.push('| measure (level 26 verifier: parse → use → verify, ../shared/corpus/ilo26) | result | required |');
  out.push('|---|---|---|');
  out.push(`| runnable examples with no error | ${pct(f.runnable - f.runnableWithErrors, f.runnable)} | 100% |`);
  out.push(`| … and with no warning either | ${pct(runnable.filter((e) => e.errors.length + e.warnings.length === 0).length, f.runnable)} | |`);
  out.push(`| other examples (not marked runnable) with no error | ${pct(others.filter((e) => e.errors.length === 0).length, others.length)} | |`);
  out.push(`| clean snippets with no error | ${pct(f.cleanSnippets - f.cleanSnippetsWithErrors, f.cleanSnippets)} | 100% |`);
  out.push(`| … and with no warning either | ${pct(clean.filter((s) => s.ours.length === 0).length, f.cleanSnippets)} | |`);
  out.push(`| snippets expecting a code: expected code found | ${pct(f.expectedFound, f.expecting)} | ≥ 95% |`);
  out.push(`| … whose code is new since 0.11.6 | ${pct(f.expectedNewFound, f.expectingNew)} | ≥ 90% |`);
  const expecting = r.snippets.filter((s) => s.expected.length > 0);
  out.push(`| … and nothing else reported (same code multiset) | ${pct(expecting.filter((s) => sameMultiset(s.expected, s.ours)).length, expecting.length)} | |`);

  const want = new Map<string, number>();
  const got = new Map<string, number>();
  for (const s of expecting) {
    for (const c of new Set(s.expected)) {
      want.set(c, (want.get(c) ?? 0) + 1);
      if (s.ours.includes(c)) got.set(c, (got.get(c) ?? 0) + 1);
    }
  }
  out.push('');
  out.push('| code | snippets expecting it | found |');
  out.push('|---|---|---|');
  for (const c of [...want.keys()].sort()) out.push(`| ${c} | ${want.get(c)} | ${got.get(c) ?? 0} |`);

  if (verbose) {
    out.push('');
    for (const e of runnable.filter((x) => x.errors.length > 0)) out.push(`runnable example ${e.file}: ${e.errors.join(' | ')}`);
    for (const s of clean.filter((x) => x.ourErrors.length > 0)) out.push(`clean snippet ${s.index}: ours [${s.ours.join(' ')}] ${JSON.stringify(s.program.slice(0, 120))}`);
    for (const s of expecting.filter((x) => !found(x))) out.push(`snippet ${s.index}: expected [${s.expected.join(' ')}] ours [${s.ours.join(' ')}] ${JSON.stringify(s.program.slice(0, 120))}`);
  }
  return out.join('\n');
}

function sameMultiset(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const x = [...a].sort();
  const y = [...b].sort();
  return x.every((c, i) => c === y[i]);
}


if (launchedAs('conformance26')) {
  const dir = level26CorpusDir();
  if (dir === undefined) console.log('conformance (level 26): ../shared/corpus/ilo26 not found; skipping.');
  else console.log(formatLevel26Report(runLevel26Conformance(dir), process.argv.includes('--verbose')));
}
