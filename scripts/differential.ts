// `npm run differential`: the reference `ilo` 0.11.6 binary as the oracle.
//
// Over every corpus program (../shared/corpus: examples/*.ilo and the
// snippets) and seeded mutations of each (scripts/differential/mutate.ts),
// compares our analysis with the reference's:
//   - clean ⇔ clean, the reference's first error (code, then position) among
//     ours, the multiset of verifier codes;
//   - our formatter, both styles, on every clean program: the reference must
//     parse our output (`ilo --ast`) to the original's AST; the output must be
//     a fixed point of the formatter and keep every comment;
//   - our call hierarchy's outgoing calls against `ilo graph`.
// Prints a table; writes each disagreement (program, both verdicts, a
// minimal reduction by delta debugging) under differential-out/.
//
// Options:
//   --mutations=N   mutants per program (default 20)
//   --seed=N        seed of the mutations (default 1)
//   --only=examples|snippets
//   --limit=N       only the first N programs of each kind
//   --reduce=N      reduce at most N disagreements (default 40; 0: none)
//   --format-mutants  also run the formatter check on mutants the reference accepts
//   --ci            the npm test stage: fixed seeds and sample, thresholds enforced (exit 1 below)
//   --out=DIR       where disagreements go (default differential-out)
//   --jobs=N        reference processes at once (default 2)
//   --timeout=MS    per reference process (default 10000)
//   --cache=DIR     where answers are cached (default .differential-cache)
//
// The reference is found through ILO_BIN, else ../shared/reference/bin/ilo;
// without it (or without ../shared/corpus) nothing runs and the script says
// why, exiting 0. Answers are cached in .differential-cache/ (git-ignored).

import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { mulberry32 } from '../test/helpers/random';
import { mutants, MUTATION_KINDS, type MutationKind } from './differential/mutate';
import { hash, locateReference, ReferenceOracle, ReferenceRunner, type Answer, type RefDiag } from './differential/reference';
import { ourCalls, ourDiagnostics, ourFormat, lambdasPerFunction, type OurDiag } from './differential/ours';
import { commentsOf, compareVerdicts, describeOurs, describeRef, normaliseAst, type Outcome } from './differential/compare';
import { reduce } from './differential/reduce';
import { exampleNames, examplesDir, readSnippets } from './corpusReader';
import { launchedAs, repoRoot } from './entry';
import type { FormatStyle } from '../server/src/format';

export interface Options {
  mutations: number;
  snippetMutations: number;
  seed: number;
  only?: 'examples' | 'snippets';
  limit?: number;
  reduce: number;
  formatMutants: boolean;
  /** Graphs of snippets with a single function too (always on outside --ci). */
  allGraphs: boolean;
  ci: boolean;
  out: string;
  jobs: number;
  timeout: number;
  cache: string;
}

/** The targets of issue 25. */
export const TARGETS = { clean: 0.995, firstCode: 0.98 };

interface Program {
  /** `examples/NAME.ilo` or `snippet ID`. */
  id: string;
  text: string;
  /** The program's folder matters (`use`): run it where its used files are. */
  folder: boolean;
  kind: 'example' | 'snippet';
}

interface Instance {
  program: Program;
  /** undefined for the original. */
  mutation?: { index: number; kind: MutationKind };
  text: string;
}

type DisagreementKind = 'clean' | 'first-code' | 'format' | 'graph' | 'reference-failure';

interface Disagreement {
  kind: DisagreementKind;
  /** What exactly: `reference error, ours clean`, `expanded: AST differs`, … */
  what: string;
  instance: Instance;
  reference: string;
  ours: string;
  /** Groups disagreements of one cause, for reduction and the summary. */
  signature: string;
  /** Re-test on a smaller text (for delta debugging). */
  stillFails?: (text: string) => Promise<boolean>;
  reduced?: { text: string; tests: number; reference: string; ours: string };
}

function parseOptions(argv: readonly string[]): Options {
  const get = (name: string): string | undefined => {
    const a = argv.find((x) => x.startsWith(`--${name}=`));
    return a === undefined ? undefined : a.slice(name.length + 3);
  };
  const num = (name: string, dflt: number): number => {
    const v = get(name);
    if (v === undefined) return dflt;
    const n = Number(v);
    if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a whole number, got ${v}`);
    return n;
  };
  const ci = argv.includes('--ci');
  const only = get('only');
  if (only !== undefined && only !== 'examples' && only !== 'snippets') throw new Error('--only must be examples or snippets');
  const mutations = num('mutations', 20);
  return {
    ci,
    // The npm test stage: every example with 20 mutants, every snippet with 2, reductions off.
    mutations: ci ? 20 : mutations,
    snippetMutations: ci ? 2 : num('snippet-mutations', mutations),
    seed: ci ? 1 : num('seed', 1),
    only,
    limit: get('limit') === undefined ? undefined : num('limit', 0),
    reduce: ci ? 0 : num('reduce', 40),
    formatMutants: argv.includes('--format-mutants'),
    allGraphs: !ci,
    out: get('out') ?? 'differential-out',
    jobs: Math.max(1, num('jobs', 2)),
    timeout: Math.max(100, num('timeout', 10_000)),
    cache: get('cache') ?? '.differential-cache',
  };
}

function loadPrograms(corpus: string, o: Options): Program[] {
  const out: Program[] = [];
  if (o.only !== 'snippets') {
    const dir = examplesDir(corpus);
    let files = exampleNames(corpus);
    if (o.limit !== undefined) files = files.slice(0, o.limit);
    for (const f of files) {
      const text = fs.readFileSync(path.join(dir, f), 'utf8');
      out.push({ id: `examples/${f}`, text, folder: usesFiles(text), kind: 'example' });
    }
  }
  if (o.only !== 'examples') {
    let snippets = readSnippets<{ id: string; code: string }>(corpus);
    if (o.limit !== undefined) snippets = snippets.slice(0, o.limit);
    for (const s of snippets) {
      out.push({ id: `snippet ${s.id}`, text: s.code, folder: false, kind: 'snippet' });
    }
  }
  return out;
}

const usesFiles = (text: string): boolean => /(^|[;\s])use\s*"/.test(text);

/** A seed per program, so adding a program does not change the others' mutants. */
function programSeed(seed: number, id: string): number {
  return parseInt(hash(`${seed}\0${id}`).slice(0, 8), 16);
}

class Harness {
  readonly oracle: ReferenceOracle;
  /** Folder holding a copy of the example files (programs that `use` one run there). */
  private readonly examplesDir: string;
  private readonly examplesKey: string;
  private readonly scratch: string;
  readonly disagreements: Disagreement[] = [];
  readonly outcomes: Array<{ instance: Instance; outcome?: Outcome; failure?: string }> = [];
  readonly format = { checked: 0, refused: 0, rejected: 0, astDiffers: 0, notIdempotent: 0, commentsLost: 0, unchangedSkipped: 0 };
  readonly graph = { programs: 0, functions: 0, agree: 0, lambdaMismatch: 0 };

  constructor(
    readonly o: Options,
    bin: string,
    corpus: string,
    readonly work: string,
  ) {
    this.examplesDir = path.join(work, 'examples');
    this.scratch = path.join(work, 'scratch');
    fs.mkdirSync(this.examplesDir, { recursive: true });
    const src = path.join(corpus, 'examples');
    const names = fs.readdirSync(src).filter((f) => f.endsWith('.ilo')).sort();
    let key = '';
    for (const f of names) {
      const t = fs.readFileSync(path.join(src, f), 'utf8');
      fs.writeFileSync(path.join(this.examplesDir, f), t);
      key += `${f}\0${hash(t)}\0`;
    }
    this.examplesKey = hash(key);
    const runner = new ReferenceRunner(bin, o.jobs, o.timeout);
    this.oracle = new ReferenceOracle(runner, path.resolve(repoRoot(), o.cache), this.scratch);
  }

  /** Where `text` lives for the reference and for us. */
  place(text: string, folder: boolean): { ref?: { dir: string; key: string }; file: string } {
    if (folder || usesFiles(text)) {
      return { ref: { dir: this.examplesDir, key: this.examplesKey }, file: path.join(this.examplesDir, '__ours.ilo') };
    }
    return { file: path.join(this.scratch, '__ours.ilo') };
  }

  private ask(q: 'verdict' | 'ast' | 'graph', text: string, folder: boolean): Promise<Answer> {
    return this.oracle.ask(q, text, this.place(text, folder).ref);
  }

  async verdicts(text: string, folder: boolean): Promise<{ ref: Answer; ours: OurDiag[]; oursCompat: OurDiag[] }> {
    const file = this.place(text, folder).file;
    const ours = ourDiagnostics(file, text);
    const oursCompat = ourDiagnostics(file, text, true);
    const ref = await this.ask('verdict', text, folder);
    return { ref, ours, oursCompat };
  }

  /** Compare one program; record the outcome and any disagreement. */
  async check(instance: Instance): Promise<{ refClean: boolean } | undefined> {
    const folder = instance.program.folder;
    const v = await this.verdicts(instance.text, folder);
    if (v.ref.failure !== undefined) {
      this.outcomes.push({ instance, failure: v.ref.failure });
      this.disagreements.push({
        kind: 'reference-failure',
        what: v.ref.failure,
        instance,
        reference: v.ref.failure,
        ours: describeOurs(v.ours),
        signature: `reference-failure ${v.ref.failure.split(' ')[0]}`,
      });
      return undefined;
    }
    const outcome = compareVerdicts({ ref: v.ref.diagnostics, ours: v.ours, oursCompat: v.oursCompat });
    this.outcomes.push({ instance, outcome });
    const reference = describeRef(v.ref.diagnostics);
    const ours = describeOurs(v.ours);
    const ourFirst = v.ours.find((d) => d.severity === 'error')?.code ?? 'clean';
    if (!outcome.cleanAgrees) {
      const refErr = outcome.refError;
      this.disagreements.push({
        kind: 'clean',
        what: refErr ? `reference error (${outcome.refFirst?.code}), ours clean` : `reference clean, ours error (${ourFirst})`,
        instance,
        reference,
        ours,
        signature: `clean ${outcome.refFirst?.code ?? 'clean'} ${ourFirst}`,
        stillFails: async (t) => {
          const w = await this.verdicts(t, folder);
          if (w.ref.failure !== undefined) return false;
          const x = compareVerdicts({ ref: w.ref.diagnostics, ours: w.ours, oursCompat: w.oursCompat });
          const first = w.ours.find((d) => d.severity === 'error')?.code ?? 'clean';
          return x.refError === refErr && x.ourError !== refErr && (x.refFirst?.code ?? 'clean') === (outcome.refFirst?.code ?? 'clean') && first === ourFirst;
        },
      });
    } else if (outcome.firstCode === false) {
      const code = outcome.refFirst?.code;
      this.disagreements.push({
        kind: 'first-code',
        what: `reference's first error ${code} is not among ours (ours first: ${ourFirst})`,
        instance,
        reference,
        ours,
        signature: `first-code ${code} ${ourFirst}`,
        stillFails: async (t) => {
          const w = await this.verdicts(t, folder);
          if (w.ref.failure !== undefined) return false;
          const x = compareVerdicts({ ref: w.ref.diagnostics, ours: w.ours, oursCompat: w.oursCompat });
          const first = w.ours.find((d) => d.severity === 'error')?.code;
          return x.refFirst?.code === code && x.firstCode === false && first === ourFirst;
        },
      });
    }
    return { refClean: !outcome.refError };
  }

  /** The formatter check of a program the reference accepts: both styles. */
  async checkFormat(instance: Instance): Promise<void> {
    const folder = instance.program.folder;
    const text = instance.text;
    const original = await this.ask('ast', text, folder);
    if (original.failure !== undefined || original.exit !== 0) return; // accepted with -j but no AST: counted nowhere
    const want = normaliseAst(original.stdout);
    for (const style of ['expanded', 'dense'] as FormatStyle[]) {
      this.format.checked++;
      const problem = await this.formatProblem(text, style, want, folder);
      if (problem === undefined) continue;
      const counter = problem.counter;
      this.format[counter]++;
      this.disagreements.push({
        kind: 'format',
        what: `${style}: ${problem.what}`,
        instance,
        reference: problem.reference,
        ours: problem.ours,
        signature: `format ${style} ${counter}`,
        stillFails: async (t) => {
          const v = await this.verdicts(t, folder);
          if (v.ref.failure !== undefined || v.ref.diagnostics.some((d) => d.severity === 'error')) return false;
          const a = await this.ask('ast', t, folder);
          if (a.failure !== undefined || a.exit !== 0) return false;
          const p = await this.formatProblem(t, style, normaliseAst(a.stdout), folder);
          return p?.counter === counter;
        },
      });
    }
  }

  private async formatProblem(
    text: string,
    style: FormatStyle,
    want: string,
    folder: boolean,
  ): Promise<{ counter: 'refused' | 'rejected' | 'astDiffers' | 'notIdempotent' | 'commentsLost'; what: string; reference: string; ours: string } | undefined> {
    const file = this.place(text, folder).file;
    const r = ourFormat(file, text, style);
    if (!r.ok) return { counter: 'refused', what: 'our formatter refused a program the reference accepts', reference: 'accepted', ours: r.why };
    if (r.text !== text) {
      const a = await this.ask('ast', r.text, folder);
      if (a.failure !== undefined) return undefined;
      if (a.exit !== 0) {
        return { counter: 'rejected', what: 'the reference rejects our output', reference: describeRef(a.diagnostics), ours: r.text };
      }
      if (normaliseAst(a.stdout) !== want) {
        return { counter: 'astDiffers', what: 'the reference parses our output to another AST', reference: `original AST:\n${want}\n\nAST of our output:\n${normaliseAst(a.stdout)}`, ours: r.text };
      }
    } else {
      this.format.unchangedSkipped++;
    }
    const again = ourFormat(file, r.text, style);
    if (!again.ok || again.text !== r.text) {
      return { counter: 'notIdempotent', what: 'formatting our output changes it again', reference: '', ours: `first:\n${r.text}\n\nsecond:\n${again.ok ? again.text : again.why}` };
    }
    const before = commentsOf(text);
    const after = commentsOf(r.text);
    if (JSON.stringify(before) !== JSON.stringify(after)) {
      return { counter: 'commentsLost', what: 'comments not kept', reference: before.join('\n'), ours: after.join('\n') };
    }
    return undefined;
  }

  /** Our call hierarchy against `ilo graph` for a program the reference accepts. */
  async checkGraph(instance: Instance): Promise<void> {
    const folder = instance.program.folder;
    const text = instance.text;
    const g = await this.ask('graph', text, folder);
    if (g.failure !== undefined || g.exit !== 0) return;
    let graph: { functions?: Record<string, { calls?: string[] }> };
    try {
      graph = JSON.parse(g.stdout) as typeof graph;
    } catch {
      return;
    }
    const fns = graph.functions ?? {};
    const file = this.place(text, folder).file;
    const ours = ourCalls(file, text);
    this.graph.programs++;
    const isLifted = (n: string): boolean => n.startsWith('__lit_');
    const lifted = Object.keys(fns).filter(isLifted).length;
    // The reference lifts the k-th lambda of the file into `__lit_k`; we count a lambda's calls for its function.
    const perFn = lambdasPerFunction(file, text);
    const total = perFn.reduce((s, [, n]) => s + n, 0);
    const lits = new Map<string, string[]>();
    let next = 0;
    for (const [fn, n] of perFn) {
      lits.set(fn, Array.from({ length: n }, (_, i) => `__lit_${next + i}`));
      next += n;
    }
    if (total !== lifted) this.graph.lambdaMismatch++;
    const problems: string[] = [];
    const names = new Set([...Object.keys(fns).filter((n) => !isLifted(n)), ...ours.keys()]);
    for (const fn of [...names].sort()) {
      this.graph.functions++;
      const theirs = fns[fn]?.calls;
      const mine = ours.get(fn);
      if (theirs === undefined || mine === undefined) {
        problems.push(`${fn}: ${theirs === undefined ? 'not in the reference graph' : 'not a function we parsed'}`);
        continue;
      }
      const inLambdas = total === lifted ? (lits.get(fn) ?? []).flatMap((l) => fns[l]?.calls ?? []) : [];
      const want = [...new Set([...theirs, ...inLambdas].filter((c) => !isLifted(c)))].sort();
      if (JSON.stringify(want) === JSON.stringify(mine)) this.graph.agree++;
      else problems.push(`${fn}: reference ${JSON.stringify(want)}, ours ${JSON.stringify(mine)}`);
    }
    if (problems.length > 0) {
      this.disagreements.push({ kind: 'graph', what: problems.join('; '), instance, reference: g.stdout, ours: problems.join('\n'), signature: `graph ${instance.program.id}` });
    }
  }

  /** Shrink the first disagreement of each signature (up to `limit`). */
  async reduceAll(limit: number): Promise<void> {
    const seen = new Set<string>();
    let done = 0;
    for (const d of this.disagreements) {
      if (done >= limit) break;
      if (d.stillFails === undefined || seen.has(d.signature)) continue;
      seen.add(d.signature);
      done++;
      const r = await reduce(d.instance.text, d.stillFails, 300);
      const folder = d.instance.program.folder;
      if (d.kind === 'format') {
        // Show what went wrong on the reduced program: our output and the reference's verdict on it.
        const style = d.what.startsWith('dense') ? 'dense' : 'expanded';
        const out = ourFormat(this.place(r.text, folder).file, r.text, style);
        const text = out.ok ? out.text : out.why;
        const v = out.ok ? await this.ask('verdict', out.text, folder) : undefined;
        d.reduced = { text: r.text, tests: r.tests, reference: v === undefined ? '-' : (v.failure ?? describeRef(v.diagnostics)), ours: `our ${style} output:\n${text}` };
        continue;
      }
      const v = await this.verdicts(r.text, folder);
      d.reduced = { text: r.text, tests: r.tests, reference: v.ref.failure ?? describeRef(v.ref.diagnostics), ours: describeOurs(v.ours) };
    }
  }
}

const pct = (n: number, d: number): string => `${n}/${d} (${d === 0 ? '-' : ((100 * n) / d).toFixed(2)}%)`;

interface Summary {
  table: string;
  met: boolean;
  failures: string[];
}

function summarise(h: Harness, o: Options, elapsedMs: number, programs: number, mutantCount: number): Summary {
  const all = h.outcomes.filter((x) => x.outcome !== undefined).map((x) => x.outcome as Outcome);
  const originals = h.outcomes.filter((x) => x.outcome !== undefined && x.instance.mutation === undefined).map((x) => x.outcome as Outcome);
  const failures = h.outcomes.filter((x) => x.failure !== undefined).length;
  const clean = all.filter((x) => x.cleanAgrees).length;
  const withError = all.filter((x) => x.refError);
  const firstCode = withError.filter((x) => x.firstCode).length;
  const firstPos = withError.filter((x) => x.firstPosition).length;
  const refCleanOursErr = all.filter((x) => !x.refError && x.ourError).length;
  const refErrOursClean = all.filter((x) => x.refError && !x.ourError).length;
  const f = h.format;
  const formatFailures = f.refused + f.rejected + f.astDiffers + f.notIdempotent + f.commentsLost;
  const graphFails = h.disagreements.filter((d) => d.kind === 'graph').length;
  const rows: Array<[string, string, string]> = [
    ['corpus programs', String(programs), ''],
    ['mutants', `${mutantCount} (${o.mutations} per example, ${o.snippetMutations} per snippet, seed ${o.seed})`, ''],
    ['reference failures (timeout, crash; not compared)', String(failures), ''],
    ['clean ⇔ clean, all', pct(clean, all.length), `≥ ${TARGETS.clean * 100}%`],
    ['  corpus programs', pct(originals.filter((x) => x.cleanAgrees).length, originals.length), ''],
    ['  reference clean, ours error', String(refCleanOursErr), ''],
    ['  reference error, ours clean', String(refErrOursClean), ''],
    ["reference's first error: code among ours", pct(firstCode, withError.length), `≥ ${TARGETS.firstCode * 100}%`],
    ['  … at the same line and column', pct(firstPos, withError.length), ''],
    ['verifier codes (ILO-T…): same multiset', pct(all.filter((x) => x.sameVerifierCodes).length, all.length), ''],
    ['  … with --reference-compat', pct(all.filter((x) => x.sameVerifierCodesCompat).length, all.length), ''],
    ['formatter: clean programs × 2 styles checked', String(f.checked), ''],
    ['  failures (reference rejects, other AST, not idempotent, comments lost, refused)', `${formatFailures} (${f.rejected}, ${f.astDiffers}, ${f.notIdempotent}, ${f.commentsLost}, ${f.refused})`, '0'],
    ['  outputs equal to the input (AST trivially the same)', String(f.unchangedSkipped), ''],
    ['call hierarchy vs `ilo graph`: functions agree', `${pct(h.graph.agree, h.graph.functions)} in ${h.graph.programs} programs`, ''],
    ['  programs with a disagreement', String(graphFails), '0'],
    ['reference processes run / answers from the cache', `${h.oracle.runner.calls} / ${h.oracle.hits}`, ''],
    ['time', `${(elapsedMs / 1000).toFixed(1)} s`, ''],
  ];
  const w0 = Math.max(...rows.map((r) => r[0].length));
  const w1 = Math.max(...rows.map((r) => r[1].length));
  const lines = [`| ${'measure'.padEnd(w0)} | ${'value'.padEnd(w1)} | target |`, `|${'-'.repeat(w0 + 2)}|${'-'.repeat(w1 + 2)}|--------|`];
  for (const [a, b, c] of rows) lines.push(`| ${a.padEnd(w0)} | ${b.padEnd(w1)} | ${c} |`);

  // Per mutation kind: clean ⇔ clean and first code.
  lines.push('', '| mutation | mutants | clean ⇔ clean | first error code among ours |', '|---|---|---|---|');
  for (const kind of MUTATION_KINDS) {
    const xs = h.outcomes.filter((x) => x.outcome !== undefined && x.instance.mutation?.kind === kind).map((x) => x.outcome as Outcome);
    const errs = xs.filter((x) => x.refError);
    lines.push(`| ${kind} | ${xs.length} | ${pct(xs.filter((x) => x.cleanAgrees).length, xs.length)} | ${pct(errs.filter((x) => x.firstCode).length, errs.length)} |`);
  }

  const failed: string[] = [];
  if (all.length === 0) failed.push('nothing was compared');
  if (clean < TARGETS.clean * all.length) failed.push(`clean ⇔ clean ${pct(clean, all.length)} < ${TARGETS.clean * 100}%`);
  if (firstCode < TARGETS.firstCode * withError.length) failed.push(`first error code ${pct(firstCode, withError.length)} < ${TARGETS.firstCode * 100}%`);
  if (formatFailures > 0) failed.push(`${formatFailures} formatter failures`);
  if (graphFails > 0) failed.push(`${graphFails} programs whose call hierarchy disagrees with ilo graph`);
  return { table: lines.join('\n'), met: failed.length === 0, failures: failed };
}

function fence(text: string): string {
  let f = '```';
  while (text.includes(f)) f += '`';
  return `${f}\n${text}${text.endsWith('\n') ? '' : '\n'}${f}`;
}

function writeDisagreements(h: Harness, outDir: string, summary: Summary): void {
  fs.rmSync(outDir, { recursive: true, force: true });
  const dir = path.join(outDir, 'disagreements');
  fs.mkdirSync(dir, { recursive: true });
  const index: string[] = [];
  h.disagreements.forEach((d, i) => {
    const inst = d.instance;
    const origin = inst.mutation === undefined ? inst.program.id : `${inst.program.id}, mutant ${inst.mutation.index} (${inst.mutation.kind})`;
    const name = `${String(i + 1).padStart(4, '0')}-${d.kind}-${hash(inst.text).slice(0, 8)}.md`;
    const parts = [
      `# ${d.kind}: ${d.what}`,
      '',
      `Program: ${origin}`,
      '',
      '## Program',
      fence(inst.text),
      '## Reference',
      fence(d.reference),
      '## Ours',
      fence(d.ours),
    ];
    if (d.reduced) {
      parts.push(`## Minimal reduction (${d.reduced.tests} tests)`, fence(d.reduced.text), 'Reference:', fence(d.reduced.reference), 'Ours:', fence(d.reduced.ours));
    }
    fs.writeFileSync(path.join(dir, name), parts.join('\n') + '\n');
    index.push(`- [${d.kind}] ${origin}: ${d.what.split('\n')[0].slice(0, 160)} → disagreements/${name}`);
  });
  fs.writeFileSync(path.join(outDir, 'summary.md'), `${summary.table}\n\n${index.join('\n')}\n`);
}

export async function runDifferential(argv: readonly string[]): Promise<number> {
  let o: Options;
  try {
    o = parseOptions(argv);
  } catch (err) {
    console.error(`differential: ${(err as Error).message}`);
    return 2;
  }
  const root = repoRoot();
  const located = locateReference(root);
  const corpus = path.join(root, '..', 'shared', 'corpus');
  if (located.bin === undefined) {
    console.log(`differential: DID NOT RUN: ${located.why}.`);
    return 0;
  }
  if (!fs.existsSync(path.join(corpus, 'snippets.jsonl'))) {
    console.log(`differential: DID NOT RUN: no corpus at ${corpus} (snippets.jsonl missing).`);
    return 0;
  }
  const t0 = Date.now();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ilo-differential-'));
  try {
    const h = new Harness(o, located.bin, corpus, work);
    const programs = loadPrograms(corpus, o);
    const instances: Instance[] = [];
    for (const p of programs) {
      instances.push({ program: p, text: p.text });
      const n = p.kind === 'example' ? o.mutations : o.snippetMutations;
      const rnd = mulberry32(programSeed(o.seed, p.id));
      mutants(p.text, n, rnd).forEach((m, i) => instances.push({ program: p, mutation: { index: i + 1, kind: m.kind }, text: m.text }));
    }
    const mutantCount = instances.length - programs.length;
    console.log(`differential: ${programs.length} programs, ${mutantCount} mutants; reference ${located.bin}`);
    let done = 0;
    const batch = 32;
    for (let i = 0; i < instances.length; i += batch) {
      await Promise.all(
        instances.slice(i, i + batch).map(async (inst) => {
          const r = await h.check(inst);
          if (r?.refClean && (inst.mutation === undefined || o.formatMutants)) {
            await h.checkFormat(inst);
            const multi = (inst.text.match(/(^|[\s;])[a-z][a-z0-9-]*(\s+[a-z][a-z0-9-]*:[^\s>]+)*\s*>/g) ?? []).length > 1;
            if (inst.mutation === undefined && (inst.program.kind === 'example' || o.allGraphs || multi)) await h.checkGraph(inst);
          }
        }),
      );
      done = Math.min(instances.length, i + batch);
      if (process.stdout.isTTY) process.stdout.write(`\r  ${done}/${instances.length}`);
      else if (Math.floor(done / 2000) !== Math.floor((done - batch) / 2000)) console.log(`  ${done}/${instances.length} (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
    }
    if (process.stdout.isTTY) process.stdout.write('\n');
    if (o.reduce > 0) await h.reduceAll(o.reduce);
    const summary = summarise(h, o, Date.now() - t0, programs.length, mutantCount);
    const outDir = path.resolve(root, o.out);
    writeDisagreements(h, outDir, summary);
    console.log(summary.table);
    console.log(`\n${h.disagreements.length} disagreements written to ${path.relative(process.cwd(), outDir) || outDir}/ (summary.md lists them)`);
    if (summary.met) console.log('differential: every target met');
    else console.log(`differential: targets NOT met: ${summary.failures.join('; ')}`);
    return summary.met || !o.ci ? 0 : 1;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

if (launchedAs('differential')) {
  runDifferential(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err) => {
      console.error(`differential: failed: ${(err as Error).stack ?? err}`);
      process.exit(2);
    },
  );
}
