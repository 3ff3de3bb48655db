// The formatter over the conformance corpus (../shared/corpus): every clean
// example and snippet in both styles must keep its tree, keep its comments
// and format to itself a second time; and where the reference formatter's
// own output keeps the meaning (format/index.json), ours must have the same
// code lines (the reference drops comments, so comment lines, trailing
// comments and blank lines are left out of the comparison; a dense
// declaration broken over lines by a comment is joined back the way the
// normaliser reads it).
//
//   npx tsx scripts/format-corpus.ts [-v]

import * as fs from 'node:fs';
import * as path from 'node:path';
import { formatIlo, type FormatStyle } from '../server/src/format';
import { Analyzer, declaredArities } from '../server/src/service/analysis';
import { OverlayFileHost } from '../server/src/service/documents';
import { parseIlo } from '../server/src/syntax/parse';
import { corpusDir, readExamples, readSnippets } from './corpusReader';
import { emptyRoundTrip, recordRoundTrip, type FormatRoundTrip } from './formatRoundTrip';

export interface StyleReport extends FormatRoundTrip {
  parenthesisedDecls: number;
  repairs: number;
  /** Example files whose reference output keeps the meaning. */
  referenceKeeps: number;
  /** ... and whose code lines ours matches. */
  agree: number;
  disagree: Array<{ name: string; reference: string; ours: string }>;
}

export interface FormatCorpusReport {
  clean: number;
  withErrors: number;
  styles: Record<FormatStyle, StyleReport>;
}

interface Sample {
  id: string;
  code: string;
  /** Example file path (undefined for snippets). */
  file?: string;
}

function samples(dir: string): Sample[] {
  const out: Sample[] = readExamples(dir).map((e) => ({ id: e.name.replace(/\.ilo$/, ''), code: e.text, file: e.file }));
  for (const o of readSnippets<{ id: string; code: string }>(dir)) out.push({ id: `snippet ${o.id}`, code: o.code });
  return out;
}

/** A line without its `--` comment (outside text literals) and trailing blanks. */
function withoutComment(line: string): string {
  let inText = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (inText) {
      if (c === '\\') i++;
      else if (c === '"') inText = false;
    } else if (c === '"') inText = true;
    else if (c === '-' && line[i + 1] === '-') return line.slice(0, i).trimEnd();
  }
  return line.trimEnd();
}

/** Code lines of a text; `join` glues indented continuation lines to the line before (dense). */
export function codeLines(text: string, join: boolean): string[] {
  const out: string[] = [];
  for (const raw of text.split('\n')) {
    const l = withoutComment(raw);
    if (l.trim() === '') continue;
    const last = out[out.length - 1];
    if (join && /^\s/.test(l) && last !== undefined) {
      const t = l.trim();
      out[out.length - 1] = last + (last.endsWith('{') || last.endsWith(';') || t.startsWith('}') ? '' : ';') + t;
    } else out.push(l);
  }
  return out;
}

function newStyleReport(): StyleReport {
  return {
    ...emptyRoundTrip(),
    parenthesisedDecls: 0,
    repairs: 0,
    referenceKeeps: 0,
    agree: 0,
    disagree: [],
  };
}

export function computeFormatCorpus(dir: string): FormatCorpusReport {
  const index = JSON.parse(fs.readFileSync(path.join(dir, 'format', 'index.json'), 'utf8')) as Record<
    string,
    { dense_keeps_meaning: boolean; expanded_keeps_meaning: boolean }
  >;
  const analyzer = new Analyzer(new OverlayFileHost());
  const report: FormatCorpusReport = { clean: 0, withErrors: 0, styles: { expanded: newStyleReport(), dense: newStyleReport() } };
  for (const s of samples(dir)) {
    const external = s.file ? declaredArities(analyzer.analyze(s.file, s.code).imported) : undefined;
    const opts = external && external.size > 0 ? { externalArities: external } : undefined;
    const before = parseIlo(s.code, opts);
    if (before.diagnostics.some((d) => d.severity === 'error')) {
      report.withErrors++;
      continue;
    }
    report.clean++;
    for (const style of ['expanded', 'dense'] as const) {
      const st = report.styles[style];
      const how = { format: (text: string) => formatIlo(text, { style, externalArities: external }), parse: (text: string) => parseIlo(text, opts), external };
      const r = recordRoundTrip(s.id, s.code, before, how, st);
      if (r === undefined) continue;
      st.parenthesisedDecls += r.stats.parenthesised;
      st.repairs += r.stats.repairs;
      const ref = index[s.id];
      if (s.file && ref && ref[`${style}_keeps_meaning`]) {
        st.referenceKeeps++;
        const theirs = codeLines(fs.readFileSync(path.join(dir, 'format', `${s.id}.${style}.ilo`), 'utf8'), false);
        const ours = codeLines(r.text, style === 'dense');
        const k = theirs.findIndex((l, i) => l !== ours[i]);
        if (k < 0 && theirs.length === ours.length) st.agree++;
        else {
          const at = k < 0 ? theirs.length : k;
          st.disagree.push({ name: s.id, reference: theirs[at] ?? '(end)', ours: ours[at] ?? '(end)' });
        }
      }
    }
  }
  return report;
}

export function formatCorpusReport(r: FormatCorpusReport, verbose = false): string {
  const out = [`formatter over the corpus: ${r.clean} clean programs (${r.withErrors} with syntax errors are not formatted)`];
  for (const style of ['dense', 'expanded'] as const) {
    const s = r.styles[style];
    out.push(
      `${style}: ${s.agree}/${s.referenceKeeps} files whose reference output keeps meaning match code line for code line; ` +
        `meaning changed ${s.meaningChanged.length}, not idempotent ${s.notIdempotent.length}, comments changed ${s.commentsChanged.length}, ` +
        `refused ${s.refused.length}, left unchanged ${s.unchanged.length}; declarations copied ${s.copiedDecls}, ` +
        `fully parenthesised ${s.parenthesisedDecls}, parentheses added by the verifier ${s.repairs}`,
    );
    if (verbose) {
      for (const d of s.disagree) out.push(`  ${style} differs from the reference in ${d.name}:\n    reference: ${d.reference}\n    ours:      ${d.ours}`);
    }
  }
  return out.join('\n');
}

if (require.main === module) {
  const dir = corpusDir();
  if (dir === undefined) {
    console.log('format-corpus: corpus not present (../shared/corpus next to the repository)');
  } else {
    console.log(formatCorpusReport(computeFormatCorpus(dir), process.argv.includes('-v')));
  }
}
