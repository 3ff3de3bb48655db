// `npm run fuzz:edits -- --edits=100000 --seed=1`: random editing through the
// language server's own path, checked against fresh analyses.
//
// A document is held as the server holds it (lsp/editorDocument.ts, which
// applies LSP incremental content changes) and analysed by one long-lived
// LanguageService, as the server does after each batch of changes
// (service/changeBatch.ts coalesces a burst of keystrokes into one
// analysis). After every batch, what the service publishes for the
// document must equal what a new LanguageService publishes for the same
// text: incremental == fresh. Also counted: exceptions (must be none) and
// `internal-error` diagnostics (must be none).
//
// Edits: typing ilo pieces, random Unicode (other scripts, astral
// characters, lone surrogates, combining marks, line and paragraph
// separators, CR), deletions of a few characters or a whole range, line
// duplication and removal, pastes of program text, newlines and comment
// dashes at line starts. Every few hundred edits (or when the document
// grows past 40,000 characters) the whole text is replaced by new programs.
//
// The programs edited are the corpus examples (../shared/corpus/examples,
// programs the code was not written against) when present, else a few
// built-in ones. Options:
//   --edits=N      edits in all (default 10000)
//   --seed=N       first seed (default 1); --seeds=K runs K seeds, N..N+K-1, sharing the edits
//   --max-batch=N  edits per analysis, 1..N at random (default 6)
//   --out=DIR      where mismatches are written (default fuzz-out)
//   --corpus=ilo26 edit the ilo 26 upstream programs at level 26 instead

import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Diagnostic as LspDiagnostic, Range, TextDocumentContentChangeEvent } from 'vscode-languageserver';
import { EditorDocument } from '../server/src/lsp/editorDocument';
import { LanguageService } from '../server/src/service/languageService';
import { LEVEL_011, LEVEL_26, type LanguageLevel } from '../server/src/level';
import { mulberry32 } from '../test/helpers/random';
import { examplesDir, readExamples } from './corpusReader';
import { launchedAs, repoRoot } from './entry';

export interface EditFuzzOptions {
  programs: readonly string[];
  /** Level of the document when it has no pragma (default 0.11). */
  level?: LanguageLevel;
  edits: number;
  seed: number;
  maxBatch?: number;
  /** Called with each mismatch (the run goes on with a fresh document). */
  onMismatch?: (m: Mismatch) => void;
}

export interface Mismatch {
  seed: number;
  /** Edits applied so far in this seed. */
  edit: number;
  before: string;
  text: string;
  changes: TextDocumentContentChangeEvent[];
  incremental: LspDiagnostic[];
  fresh: LspDiagnostic[];
  /** The texts the long-lived service was given since the last whole-text change, oldest first (a replay of the fault). */
  history: string[];
}

export interface EditFuzzResult {
  edits: number;
  batches: number;
  mismatches: number;
  exceptions: string[];
  internalErrors: number;
  /** Edits that inserted at least one non-ASCII character. */
  unicodeEdits: number;
  /** Checks whose diagnostics included lexical (ILO-L), parse (ILO-P) and verifier (ILO-T) codes. */
  withLexical: number;
  withParse: number;
  withVerifier: number;
  ms: number;
}

const PIECES = ['x', 'n', 'a', ' ', ';', ':', '>', '=', '+', '-', '*', '?', '!', '~', '^', '@', '.', '{', '}', '(', ')', '[', ']', '"', '1', '0.5', 't', 'L n', 'R t t', 'len', 'mmap', 'fmt', 'str', '>>', '??', '--', '  ', '\t'];
const NAMED = ['\u2028', '\u2029', '\u0085', '\r', '\r\n', '\u00a0', '\u200b', '\u200d', '\ufeff', '\u0301', '\u202e', '\ufffd', '\u{1f600}', '\u{1d54f}', 'Ａ', 'ß', 'İ', 'ǅ'];

/** One random character from across Unicode (a lone surrogate sometimes: editors can send those). */
function randomChar(rnd: () => number): string {
  const k = rnd();
  if (k < 0.2) return String.fromCodePoint(0x80 + Math.floor(rnd() * 0x780));
  if (k < 0.45) return String.fromCodePoint(0x800 + Math.floor(rnd() * (0xd800 - 0x800)));
  if (k < 0.6) return String.fromCodePoint(0x10000 + Math.floor(rnd() * 0x20000));
  if (k < 0.65) return String.fromCharCode(0xd800 + Math.floor(rnd() * 0x800));
  if (k < 0.72) return String.fromCodePoint(0xe000 + Math.floor(rnd() * 0x1b00));
  if (k < 0.85) return NAMED[Math.floor(rnd() * NAMED.length)];
  return String.fromCharCode(0x21 + Math.floor(rnd() * 0x5e));
}

const pick = <T>(rnd: () => number, xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)];

function startDocument(rnd: () => number, programs: readonly string[]): string {
  const n = 3 + Math.floor(rnd() * 6);
  return Array.from({ length: n }, () => pick(rnd, programs)).join(rnd() < 0.5 ? '\n' : '\n\n');
}

/** One random edit of `text` as an LSP change (offsets turned into positions by `doc`). */
function randomEdit(rnd: () => number, doc: EditorDocument, programs: readonly string[]): { change: TextDocumentContentChangeEvent; unicode: boolean } {
  const text = doc.getText();
  const len = text.length;
  const range = (s: number, e: number): Range => ({ start: doc.positionAt(s), end: doc.positionAt(e) });
  let at = Math.floor(rnd() * (len + 1));
  const lineStart = text.lastIndexOf('\n', at - 1) + 1;
  if (rnd() < 0.3) at = lineStart + (rnd() < 0.5 ? 0 : Math.min(1, len - lineStart));
  const k = rnd();
  let ins = '';
  let del = 0;
  if (k < 0.3) {
    // Random Unicode, one to four characters, sometimes replacing one. Half
    // of them go into a comment or a text literal, where they are valid (so
    // the document is not all lexical errors).
    const n = 1 + Math.floor(rnd() * 4);
    for (let i = 0; i < n; i++) ins += randomChar(rnd);
    if (rnd() < 0.2) del = 1;
    if (rnd() < 0.5) {
      const spots: number[] = [];
      for (const m of text.matchAll(/--|"[^"\n]/g)) spots.push((m.index as number) + 2);
      if (spots.length > 0) {
        at = Math.min(len, pick(rnd, spots));
        del = 0;
        ins = ins.replace(/["\r\n\u2028\u2029\u0085\\]/g, 'q');
      }
    }
  } else if (k < 0.6) {
    ins = pick(rnd, PIECES);
  } else if (k < 0.72) {
    del = 1 + Math.floor(rnd() * (rnd() < 0.8 ? 3 : 40));
  } else if (k < 0.78) {
    ins = pick(rnd, ['\n', '\n  ', '\n\n', '-', '--', '-- ', '"', '\\']);
  } else if (k < 0.84) {
    // Duplicate or remove the line.
    let e = text.indexOf('\n', at);
    e = e < 0 ? len : e + 1;
    if (rnd() < 0.5) {
      ins = text.slice(lineStart, e) || '\n';
      at = lineStart;
    } else {
      at = lineStart;
      del = e - lineStart;
    }
  } else if (k < 0.9) {
    // Paste a piece of a program.
    const p = pick(rnd, programs);
    const s = Math.floor(rnd() * p.length);
    ins = p.slice(s, s + 1 + Math.floor(rnd() * 120));
  } else {
    // Replace a word-sized stretch with random text.
    del = Math.floor(rnd() * 8);
    for (let i = 0; i < 1 + Math.floor(rnd() * 3); i++) ins += rnd() < 0.5 ? randomChar(rnd) : pick(rnd, PIECES);
  }
  const end = Math.min(len, at + del);
  // Positions are UTF-16: a change may split a surrogate pair, as a real editor's can.
  return { change: { range: range(at, end), text: ins }, unicode: /[^\x00-\x7f]/.test(ins) };
}

const sameDiagnostics = (a: readonly LspDiagnostic[], b: readonly LspDiagnostic[]): boolean => JSON.stringify(a) === JSON.stringify(b);

/** Runs `edits` random edits from `seed`; never throws for a mismatch (reported and counted). */
export function runEditFuzz(o: EditFuzzOptions): EditFuzzResult {
  const t0 = performance.now();
  const rnd = mulberry32(o.seed);
  const maxBatch = Math.max(1, o.maxBatch ?? 6);
  const uri = 'file:///tmp/ilo-fuzz-edits/doc.ilo';
  const r: EditFuzzResult = { edits: 0, batches: 0, mismatches: 0, exceptions: [], internalErrors: 0, unicodeEdits: 0, withLexical: 0, withParse: 0, withVerifier: 0, ms: 0 };
  const newService = (): LanguageService => {
    const svc = new LanguageService();
    if (o.level !== undefined && o.level !== LEVEL_011) svc.configure({ level: o.level });
    return svc;
  };
  let service = newService();
  let version = 1;
  let doc = new EditorDocument(uri, 'ilo', version, startDocument(rnd, o.programs));
  const published = (svc: LanguageService, text: string, v: number): LspDiagnostic[] => svc.setDocument(uri, text, v).find((p) => p.uri === uri)?.diagnostics ?? [];
  published(service, doc.getText(), version);
  let history: string[] = [doc.getText()];
  let sinceReset = 0;
  while (r.edits < o.edits) {
    const before = doc.getText();
    const changes: TextDocumentContentChangeEvent[] = [];
    const n = 1 + Math.floor(rnd() * maxBatch);
    if (sinceReset > 150 + Math.floor(rnd() * 250) || before.length > 40_000) {
      // A whole-text change (a reload or a paste over everything).
      changes.push({ text: startDocument(rnd, o.programs) });
      sinceReset = 0;
      history = []; // bounded memory: a replay starts from the last whole-text change
      r.edits++;
    } else {
      for (let i = 0; i < n && r.edits < o.edits; i++) {
        const e = randomEdit(rnd, doc, o.programs);
        doc.apply([e.change], version + 1);
        changes.push(e.change);
        if (e.unicode) r.unicodeEdits++;
        r.edits++;
        sinceReset++;
      }
    }
    if (changes.length === 1 && !('range' in changes[0])) doc.apply(changes, version + 1);
    version++;
    const text = doc.getText();
    r.batches++;
    history.push(text);
    let incremental: LspDiagnostic[];
    let fresh: LspDiagnostic[];
    try {
      incremental = published(service, text, version);
      fresh = published(newService(), text, 1);
    } catch (err) {
      r.exceptions.push(`seed ${o.seed}, edit ${r.edits}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      service = newService();
      published(service, text, version);
      history = [text];
      continue;
    }
    r.internalErrors += incremental.filter((d) => d.code === 'internal-error').length;
    const has = (prefix: string): boolean => incremental.some((d) => typeof d.code === 'string' && d.code.startsWith(prefix));
    if (has('ILO-L')) r.withLexical++;
    if (has('ILO-P')) r.withParse++;
    if (has('ILO-T')) r.withVerifier++;
    if (!sameDiagnostics(incremental, fresh)) {
      r.mismatches++;
      o.onMismatch?.({ seed: o.seed, edit: r.edits, before, text, changes, incremental, fresh, history });
      // Go on from a clean state, so one fault is not counted again and again.
      service = newService();
      published(service, text, version);
      history = [text];
    }
  }
  r.ms = performance.now() - t0;
  return r;
}

/** Small programs of our own, for when the corpus is not there (and for the unit test). */
export const BUILT_IN_PROGRAMS = [
  '-- Sum a list.\nsum-up xs:L n>n;s=0;@x xs{s=+s x};s',
  'type pair{a:n;b:t}\nlabel p:pair>t;cat p.b str p.a',
  '-- @behavior PURE READ DATA\ntool look"Look a word up" w:t>R t t timeout:3',
  'grab w:t>R t t;r=look! w;~r',
  'pick c:b>n\n  ?c{1}{-1}',
  'count m:M t n k:t>n;v=mget m k;??v 0',
  'shout s:t>t;upr s',
  'walk xs:L n>L n;flt (x:n>b;>x 2) xs',
  'fresh>M t n;m=mmap;mset m "a" 1',
];

function main(): number {
  const argv = process.argv.slice(2);
  const num = (name: string, dflt: number): number => {
    const a = argv.find((x) => x.startsWith(`--${name}=`));
    if (a === undefined) return dflt;
    const v = Number(a.slice(name.length + 3));
    if (!Number.isInteger(v) || v < 0) {
      console.error(`fuzz:edits: --${name} must be a whole number`);
      process.exit(2);
    }
    return v;
  };
  const edits = num('edits', 10_000);
  const seed = num('seed', 1);
  const seeds = Math.max(1, num('seeds', 1));
  const maxBatch = Math.max(1, num('max-batch', 6));
  const outArg = argv.find((x) => x.startsWith('--out='));
  const out = path.resolve(repoRoot(), outArg ? outArg.slice(6) : 'fuzz-out');
  // --corpus=ilo26: the newer upstream programs (../shared/corpus/ilo26/examples), read at level 26.
  const ilo26 = argv.includes('--corpus=ilo26');
  const level = ilo26 ? LEVEL_26 : LEVEL_011;
  const corpus = ilo26 ? path.join(repoRoot(), '..', 'shared', 'corpus', 'ilo26') : path.join(repoRoot(), '..', 'shared', 'corpus');
  const examples = examplesDir(corpus);
  let programs = BUILT_IN_PROGRAMS;
  let source = `built-in programs (${path.relative(repoRoot(), examples)} not found)`;
  if (fs.existsSync(examples)) {
    programs = readExamples(corpus, ['.ilo', '.@']).map((e) => e.text);
    source = `${programs.length} ${ilo26 ? 'ilo 26 corpus examples, level 26' : 'corpus examples'}`;
  }
  console.log(`fuzz:edits: ${edits} edits over ${seeds} seed(s) from ${seed}, batches of 1-${maxBatch}, programs: ${source}`);
  fs.rmSync(out, { recursive: true, force: true });
  let written = 0;
  const total: EditFuzzResult = { edits: 0, batches: 0, mismatches: 0, exceptions: [], internalErrors: 0, unicodeEdits: 0, withLexical: 0, withParse: 0, withVerifier: 0, ms: 0 };
  const per = Math.ceil(edits / seeds);
  for (let s = 0; s < seeds; s++) {
    const r = runEditFuzz({
      programs,
      level,
      edits: Math.min(per, edits - total.edits),
      seed: seed + s,
      maxBatch,
      onMismatch: (m) => {
        if (written >= 20) return;
        fs.mkdirSync(out, { recursive: true });
        const file = path.join(out, `mismatch-seed${m.seed}-edit${m.edit}.json`);
        fs.writeFileSync(file, JSON.stringify(m, null, 1));
        written++;
        console.log(`  MISMATCH seed ${m.seed} edit ${m.edit}: written to ${file}`);
      },
    });
    console.log(
      `  seed ${seed + s}: ${r.edits} edits in ${r.batches} batches, ${r.mismatches} incremental ≠ fresh, ${r.exceptions.length} exceptions, ` +
        `${r.internalErrors} internal errors, ${r.unicodeEdits} edits with non-ASCII text, ${(r.ms / 1000).toFixed(1)} s`,
    );
    for (const e of r.exceptions.slice(0, 5)) console.log(`  EXCEPTION ${e}`);
    total.edits += r.edits;
    total.batches += r.batches;
    total.mismatches += r.mismatches;
    total.exceptions.push(...r.exceptions);
    total.internalErrors += r.internalErrors;
    total.unicodeEdits += r.unicodeEdits;
    total.withLexical += r.withLexical;
    total.withParse += r.withParse;
    total.withVerifier += r.withVerifier;
    total.ms += r.ms;
  }
  console.log(
    `fuzz:edits: ${total.edits} edits, ${total.batches} checks of incremental against fresh: ${total.mismatches} incremental ≠ fresh, ` +
      `${total.exceptions.length} exceptions, ${total.internalErrors} internal errors (${total.unicodeEdits} edits inserted non-ASCII text; ` +
      `checks with lexical / parse / verifier codes: ${total.withLexical} / ${total.withParse} / ${total.withVerifier}) in ${(total.ms / 1000).toFixed(1)} s`,
  );
  return total.mismatches === 0 && total.exceptions.length === 0 && total.internalErrors === 0 ? 0 : 1;
}

if (launchedAs('fuzzEdits')) process.exit(main());
