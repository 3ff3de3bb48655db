// Level-26 syntax conformance (issue 26): the lexer and parser at level 26
// over ../shared/corpus/ilo26, and the formatter's round trip over every
// example that parses. There is no 26.x binary: the corpus is the truth
// (runnable examples ran clean for their version; snippets carry the codes
// upstream's tests expect). Called from scripts/conformance.ts (section
// "level 26 syntax"); also `npx tsx scripts/conformance26Parse.ts [-v]`.
//
//   runnable examples       no ILO-L/ILO-P diagnostic on any (required)
//   snippets expecting a    the expected code among our L/P diagnostics
//   parse code              (required: all)
//   clean snippets          no L/P diagnostic (one snippet labelled clean is
//                           a top-level `name=` that upstream's registry and
//                           parser report as ILO-P102; it is listed)
//   formatter               every example without L/P error, both styles:
//                           same tree when re-parsed at 26, comments kept,
//                           idempotent, nothing copied as written

import { LEVEL_26 } from '../server/src/level';
import { parseIlo } from '../server/src/syntax/parse';
import { LineIndex } from '../server/src/syntax/lineIndex';
import { formatIlo, FORMAT_STYLES, type FormatStyle } from '../server/src/format';
import { level26CorpusDir, readExampleIndex, readExamples, readSnippets } from './corpusReader';
import { emptyRoundTrip, recordRoundTrip, type FormatRoundTrip } from './formatRoundTrip';
import { launchedAs } from './entry';

const isSyntax = (code: string): boolean => code.startsWith('ILO-L') || code.startsWith('ILO-P');

function syntaxErrors(text: string): string[] {
  const r = parseIlo(text, { level: LEVEL_26 });
  const lines = new LineIndex(text);
  return r.diagnostics.filter((d) => isSyntax(d.code)).map((d) => `${d.code} ${lines.position(d.start).line}: ${d.message}`);
}

export type { FormatRoundTrip };

export interface Level26SyntaxReport {
  runnable: number;
  runnableWithErrors: Array<{ file: string; errors: string[] }>;
  examples: number;
  examplesWithErrors: Array<{ file: string; errors: string[] }>;
  expecting: Array<{ program: string; expected: string[]; ours: string[] }>;
  expectingFound: number;
  cleanSnippets: number;
  cleanWithErrors: Array<{ program: string; ours: string[] }>;
  /** Examples without a syntax error, formatted in each style. */
  formatClean: number;
  format: Record<FormatStyle, FormatRoundTrip>;
}

/** How the formatter's round trip runs at level 26 in one style. */
const at26 = (style: FormatStyle) => ({
  format: (text: string) => formatIlo(text, { style, level: LEVEL_26 }),
  parse: (text: string) => parseIlo(text, { level: LEVEL_26 }),
});

export function runLevel26Syntax(dir: string): Level26SyntaxReport {
  const runnable = new Set(readExampleIndex(dir).filter((row) => row.runnable).map((row) => row.file));
  const r: Level26SyntaxReport = {
    runnable: 0,
    runnableWithErrors: [],
    examples: 0,
    examplesWithErrors: [],
    expecting: [],
    expectingFound: 0,
    cleanSnippets: 0,
    cleanWithErrors: [],
    formatClean: 0,
    format: { expanded: emptyRoundTrip(), dense: emptyRoundTrip() },
  };
  for (const { name: file, text } of readExamples(dir, ['.ilo', '.@'])) {
    const errors = syntaxErrors(text);
    r.examples++;
    if (runnable.has(file)) r.runnable++;
    if (errors.length > 0) {
      r.examplesWithErrors.push({ file, errors });
      if (runnable.has(file)) r.runnableWithErrors.push({ file, errors });
      continue;
    }
    r.formatClean++;
    const before = parseIlo(text, { level: LEVEL_26 });
    for (const style of FORMAT_STYLES) recordRoundTrip(file, text, before, at26(style), r.format[style]);
  }
  for (const s of readSnippets<{ program: string; expected_codes: string[] }>(dir)) {
    const ours = parseIlo(s.program, { level: LEVEL_26 }).diagnostics.map((d) => d.code).filter(isSyntax);
    const expected = s.expected_codes.filter(isSyntax);
    if (expected.length > 0) {
      r.expecting.push({ program: s.program, expected, ours });
      if (expected.every((c) => ours.includes(c))) r.expectingFound++;
    } else if (s.expected_codes.length === 0) {
      r.cleanSnippets++;
      if (ours.length > 0) r.cleanWithErrors.push({ program: s.program, ours });
    }
  }
  return r;
}

/** Whether the issue-26 targets hold (the clean-snippet row is reported, not required: see the header). */
export function level26SyntaxTargetsMet(r: Level26SyntaxReport): boolean {
  const trips = FORMAT_STYLES.map((s) => r.format[s]);
  return (
    r.runnableWithErrors.length === 0 &&
    r.expectingFound === r.expecting.length &&
    trips.every(
      (t) =>
        t.formatted === r.formatClean &&
        t.meaningChanged.length === 0 &&
        t.notIdempotent.length === 0 &&
        t.commentsChanged.length === 0 &&
        t.unchanged.length === 0,
    )
  );
}

export function formatLevel26SyntaxReport(r: Level26SyntaxReport, verbose = false): string {
  const out: string[] = [];
  out.push('| measure (level 26 syntax, ../shared/corpus/ilo26) | result | required |');
  out.push('|---|---|---|');
  out.push(`| runnable examples with a lexer/parser error | ${r.runnableWithErrors.length}/${r.runnable} | 0 |`);
  out.push(`| all examples with a lexer/parser error | ${r.examplesWithErrors.length}/${r.examples} | |`);
  out.push(`| snippets expecting a parse code: code found | ${r.expectingFound}/${r.expecting.length} | all |`);
  out.push(`| clean snippets with a lexer/parser error | ${r.cleanWithErrors.length}/${r.cleanSnippets} | |`);
  for (const style of FORMAT_STYLES) {
    const t = r.format[style];
    out.push(
      `| format ${style}: examples formatted, same tree at 26, idempotent, comments kept | ` +
        `${t.formatted}/${r.formatClean}; changed ${t.meaningChanged.length}, not idempotent ${t.notIdempotent.length}, ` +
        `comments ${t.commentsChanged.length}, whole file copied ${t.unchanged.length}, declarations copied ${t.copiedDecls} | all; 0; 0; 0; 0 |`,
    );
  }
  if (verbose) {
    for (const e of r.examplesWithErrors) out.push(`  ${r.runnableWithErrors.includes(e) ? 'RUNNABLE ' : ''}${e.file}: ${e.errors[0]}`);
    for (const s of r.expecting) {
      if (!s.expected.every((c) => s.ours.includes(c))) out.push(`  expected ${s.expected.join(' ')}, ours ${s.ours.join(' ') || '(none)'}: ${JSON.stringify(s.program)}`);
    }
    for (const s of r.cleanWithErrors) out.push(`  clean snippet, ours ${s.ours.join(' ')}: ${JSON.stringify(s.program)}`);
    for (const style of FORMAT_STYLES) {
      const t = r.format[style];
      for (const [what, ids] of [
        ['refused', t.refused],
        ['meaning changed', t.meaningChanged],
        ['not idempotent', t.notIdempotent],
        ['comments changed', t.commentsChanged],
        ['copied whole', t.unchanged],
      ] as const) {
        for (const id of ids) out.push(`  format ${style} ${what}: ${id}`);
      }
    }
  }
  return out.join('\n');
}

if (launchedAs('conformance26Parse')) {
  const dir = level26CorpusDir();
  if (dir === undefined) console.log('conformance (level 26 syntax): ../shared/corpus/ilo26 not found; skipping.');
  else {
    const r = runLevel26Syntax(dir);
    console.log(formatLevel26SyntaxReport(r, process.argv.includes('-v') || process.argv.includes('--verbose')));
    if (!level26SyntaxTargetsMet(r)) process.exitCode = 1;
  }
}
