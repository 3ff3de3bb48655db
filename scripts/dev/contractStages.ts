// Dev tool (not a benchmark of record): what the schema and contract stages
// cost per keystroke in the 5,000-line file, computed afresh (the functions
// the CLI calls) and with a document's ContractReuse (the editor), on the
// same parse of each edit, alternating which goes first. Also checks that
// both give the same diagnostics.
//   node scripts/run-bundled.mjs scripts/dev/contractStages.ts [corpusDir]
import { isDeepStrictEqual } from 'node:util';
import { bigDocument, editedText as editAt } from '../bench';
import { IncrementalParser } from '../../server/src/syntax/parse';
import { buildSchemaEnv, schemaDiagnostics } from '../../server/src/schema';
import { ContractReuse, contractDiagnostics, lintToolDecls } from '../../server/src/contracts';
import { quantile } from '../stats';

const dir = process.argv[2] ?? '../shared/corpus';
const doc = bigDocument(dir);
const lines = doc.split('\n');
const editedText = (i: number): string => editAt(doc, lines, i);

const file = '/tmp/ilo-stages/big.ilo';
const parser = new IncrementalParser();
const reuse = new ContractReuse();
type Stage = 'env' | 'schema' | 'lint' | 'contracts';
const stages: Stage[] = ['env', 'schema', 'lint', 'contracts'];
const fresh: Record<Stage, number[]> = { env: [], schema: [], lint: [], contracts: [] };
const kept: Record<Stage, number[]> = { env: [], schema: [], lint: [], contracts: [] };
let mismatches = 0;

function run(text: string, withReuse: boolean, times: Record<Stage, number[]>) {
  const { program } = parser.parse(text);
  const decls = program.decls;
  let t = performance.now();
  const env = withReuse ? reuse.schema.env(decls) : buildSchemaEnv(decls);
  times.env.push(performance.now() - t);
  t = performance.now();
  const schema = withReuse ? reuse.schema.diagnostics(decls, env) : schemaDiagnostics(decls, env);
  times.schema.push(performance.now() - t);
  t = performance.now();
  const lint = lintToolDecls(decls, { imported: [], env, text, reuse: withReuse ? reuse.lint : undefined });
  times.lint.push(performance.now() - t);
  t = performance.now();
  const contracts = contractDiagnostics([{ path: file, program, text, imported: [], env }], { scope: 'file', reuse: withReuse ? new Map([[file, reuse]]) : undefined });
  times.contracts.push(performance.now() - t);
  return { schema, lint, contracts: contracts.get(file) };
}

run(doc, true, { env: [], schema: [], lint: [], contracts: [] });
for (let i = 0; i < 200; i++) {
  const text = editedText(i);
  // The same parse serves both (the parser returns its last result again for the same text).
  const order = i % 4 < 2 ? [true, false] : [false, true];
  const results = order.map((r) => run(text, r, r ? kept : fresh));
  if (!isDeepStrictEqual(results[0], results[1])) mismatches++;
}
const fmt = (xs: number[]) => `p50 ${quantile(xs, 0.5).toFixed(3)} p95 ${quantile(xs, 0.95).toFixed(3)}`;
for (const s of stages) console.log(`${s.padEnd(10)} fresh ${fmt(fresh[s])}   reused ${fmt(kept[s])}`);
const sum = (r: Record<Stage, number[]>) => r.env.map((_, i) => stages.reduce((a, s) => a + r[s][i], 0));
console.log(`${'total'.padEnd(10)} fresh ${fmt(sum(fresh))}   reused ${fmt(sum(kept))}`);
console.log(`mismatches: ${mismatches} of 200`);
