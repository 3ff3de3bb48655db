// Verifier conformance: run parse → resolve `use` → verify on every corpus
// snippet and example and compare with the reference's diagnostics.
// Called from scripts/conformance.ts (section "verifier"); also runnable on
// its own: `npx tsx scripts/conformanceVerifier.ts`.
//
// Measures (issue 3):
//   clean ⇔ clean     we report an error exactly when the reference does
//   same codes        the multiset of error/warning codes is identical — or,
//                     when the reference stopped at a parse error, its first
//                     error (code and line) is among ours
//   examples          no error on the clean example files; the files with
//                     reference errors reproduced code for code

import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { Diagnostic } from '../server/src/diagnostics';
import type { Program } from '../server/src/syntax/ast';
import { LineIndex } from '../server/src/syntax/lineIndex';
import { parseIlo } from '../server/src/syntax/parse';
import { checkProgram, type CheckOptions } from '../server/src/check/check';
import { resolveImports } from '../server/src/project/imports';
import { readExamples, readSnippets } from './corpusReader';
import { launchedAs, repoRoot } from './entry';


interface RefDiag {
  code: string;
  severity: string;
  line: number | null;
  col: number | null;
  message: string;
}

interface Outcome {
  id: string;
  refCodes: string[];
  ourCodes: string[];
  refError: boolean;
  ourError: boolean;
  cleanAgrees: boolean;
  sameCodes: boolean;
  /** Same codes, or (reference stopped at a parse error) its first error's code and line among ours. */
  codesAgree: boolean;
  firstLineAgrees: boolean;
}

/** Parse, resolve imports (from `file`'s folder, or nowhere for snippets) and verify; errors and warnings only. */
export function analyse(file: string, text: string, readFile: (p: string) => string | undefined, opts: CheckOptions = {}): Diagnostic[] {
  const parsed = parseIlo(text);
  const parse = (_p: string, t: string): Program => parseIlo(t).program;
  const imports = resolveImports(file, parsed.program, { readFile }, parse);
  const checked = checkProgram(parsed.program, { ...opts, imported: imports.imported, importedVia: imports.importedVia });
  return [...parsed.diagnostics, ...imports.diagnostics, ...checked].filter((d) => d.severity === 'error' || d.severity === 'warning');
}

function multisetEqual(a: string[], b: string[]): boolean {
  if (a.length !== b.length) return false;
  const x = [...a].sort();
  const y = [...b].sort();
  return x.every((c, i) => c === y[i]);
}

function compare(id: string, text: string, ref: RefDiag[], ours: Diagnostic[]): Outcome {
  const lines = new LineIndex(text);
  const refCodes = ref.map((d) => d.code);
  const ourCodes = ours.map((d) => d.code);
  const refError = ref.some((d) => d.severity === 'error');
  const ourError = ours.some((d) => d.severity === 'error');
  const sameCodes = multisetEqual(refCodes, ourCodes);
  const firstErr = ref.find((d) => d.severity === 'error');
  const stoppedAtParse = ref.some((d) => /^ILO-[LP]/.test(d.code));
  const firstAmongOurs =
    firstErr !== undefined &&
    ours.some((d) => d.code === firstErr.code && (firstErr.line === null || lines.position(d.start).line === firstErr.line));
  const firstRef = ref[0];
  const firstLineAgrees =
    firstRef === undefined ||
    ours.some((d) => d.code === firstRef.code && (firstRef.line === null || lines.position(d.start).line === firstRef.line));
  return {
    id,
    refCodes,
    ourCodes,
    refError,
    ourError,
    cleanAgrees: refError === ourError,
    sameCodes,
    codesAgree: sameCodes || (stoppedAtParse && firstAmongOurs),
    firstLineAgrees,
  };
}

export interface VerifierReport {
  snippets: Outcome[];
  examples: Outcome[];
  examplesCompat: Outcome[];
}

/** `dir`: the corpus folder (../shared/corpus, see conformance.ts corpusDir). */
export function runVerifierConformance(dir: string): VerifierReport {
  const snippets: Outcome[] = [];
  for (const s of readSnippets<{ id: string; code: string; diagnostics: RefDiag[] }>(dir)) {
    // Snippets ran from a scratch folder: any file they `use` is missing.
    const ours = analyse(`/nonexistent-snippets/${s.id}.ilo`, s.code, () => undefined);
    snippets.push(compare(s.id, s.code, s.diagnostics, ours));
  }
  const examples: Outcome[] = [];
  const examplesCompat: Outcome[] = [];
  const readFile = (p: string): string | undefined => (existsSync(p) ? readFileSync(p, 'utf8') : undefined);
  for (const { name: f, file, text } of readExamples(dir)) {
    const ref = JSON.parse(readFileSync(file.replace(/\.ilo$/, '.expected.json'), 'utf8')) as { diagnostics: RefDiag[] };
    examples.push(compare(f, text, ref.diagnostics, analyse(file, text, readFile)));
    examplesCompat.push(compare(f, text, ref.diagnostics, analyse(file, text, readFile, { brokenDeclsAreUndefined: true })));
  }
  return { snippets, examples, examplesCompat };
}

const pct = (n: number, d: number): string => `${n}/${d} (${d === 0 ? '100.0' : ((100 * n) / d).toFixed(1)}%)`;

/** The markdown table (README / closing note) plus per-code detail. */
export function formatVerifierReport(r: VerifierReport, verbose = false): string {
  const s = r.snippets;
  const ex = r.examples;
  // Examples the reference reports anything for (errors or warnings) must match code for code.
  const refErrEx = ex.filter((o) => o.refCodes.length > 0);
  const cleanEx = ex.filter((o) => !o.refError);
  const out: string[] = [];
  out.push('| measure | result | required |');
  out.push('|---|---|---|');
  out.push(`| snippets clean ⇔ clean | ${pct(s.filter((o) => o.cleanAgrees).length, s.length)} | ≥ 98% |`);
  out.push(`| snippets same code multiset (or first parse error found) | ${pct(s.filter((o) => o.codesAgree).length, s.length)} | ≥ 95% |`);
  out.push(`| snippets same code multiset, strict | ${pct(s.filter((o) => o.sameCodes).length, s.length)} | |`);
  out.push(`| snippets reference's first diagnostic (code, line) among ours | ${pct(s.filter((o) => o.firstLineAgrees).length, s.length)} | |`);
  out.push(`| clean examples with no false error | ${pct(cleanEx.filter((o) => !o.ourError).length, cleanEx.length)} | 100% |`);
  out.push(`| examples with reference diagnostics: same codes | ${pct(refErrEx.filter((o) => o.sameCodes).length, refErrEx.length)} | all |`);
  const compat = r.examplesCompat.filter((o) => o.refCodes.length > 0);
  out.push(`| … with \`ilo-ls check --reference-compat\` (broken declarations undefined) | ${pct(compat.filter((o) => o.sameCodes).length, compat.length)} | |`);

  // Per-code: how often the reference reports it in snippets vs how often we match it.
  const refCount = new Map<string, number>();
  const matched = new Map<string, number>();
  const extra = new Map<string, number>();
  for (const o of s) {
    const ours = [...o.ourCodes];
    for (const c of o.refCodes) {
      refCount.set(c, (refCount.get(c) ?? 0) + 1);
      const i = ours.indexOf(c);
      if (i >= 0) {
        matched.set(c, (matched.get(c) ?? 0) + 1);
        ours.splice(i, 1);
      }
    }
    for (const c of ours) extra.set(c, (extra.get(c) ?? 0) + 1);
  }
  out.push('');
  out.push('| code | reference (snippets) | we match | we add |');
  out.push('|---|---|---|---|');
  const codes = [...new Set([...refCount.keys(), ...extra.keys()])].filter((c) => c.startsWith('ILO-T') || /ILO-P01[789]/.test(c)).sort();
  for (const c of codes) out.push(`| ${c} | ${refCount.get(c) ?? 0} | ${matched.get(c) ?? 0} | ${extra.get(c) ?? 0} |`);

  if (verbose) {
    out.push('');
    for (const o of s.filter((x) => !x.codesAgree || !x.cleanAgrees)) out.push(`snippet ${o.id}: ref [${o.refCodes.join(' ')}] ours [${o.ourCodes.join(' ')}]`);
    for (const o of ex.filter((x) => !x.sameCodes)) out.push(`example ${o.id}: ref [${o.refCodes.join(' ')}] ours [${o.ourCodes.join(' ')}]`);
  }
  return out.join('\n');
}

/** Whether the issue-3 thresholds hold. */
export function verifierThresholdsMet(r: VerifierReport): boolean {
  const s = r.snippets;
  const clean = s.filter((o) => o.cleanAgrees).length / s.length;
  const codes = s.filter((o) => o.codesAgree).length / s.length;
  const falseErrors = r.examples.filter((o) => !o.refError && o.ourError).length;
  return clean >= 0.98 && codes >= 0.95 && falseErrors === 0;
}

if (launchedAs('conformanceVerifier')) {
  const dir = path.join(repoRoot(), '..', 'shared', 'corpus');
  if (!existsSync(dir)) console.log('conformance (verifier): ../shared/corpus not found; skipping.');
  else console.log(formatVerifierReport(runVerifierConformance(dir), process.argv.includes('--verbose')));
}
