// Dev tool (not a benchmark of record; `npm run bench` is): the language
// service facade in one process, the 5,000-line file opened and edited as the
// bench edits it. Prints the open time, edit p50/p95 over the first 200 edits
// (a fresh process, as the editor sees them) and the size of the last publish.
//   node scripts/run-bundled.mjs scripts/dev/stages.ts [corpusDir] [--series]
import { bigDocument, editedText as editAt } from '../bench';
import { LanguageService } from '../../server/src/service/languageService';
import { quantile } from '../stats';

const dir = process.argv.slice(2).find((a) => !a.startsWith("--")) ?? '../shared/corpus';
const doc = bigDocument(dir);
const lines = doc.split('\n');
const editedText = (i: number): string => editAt(doc, lines, i);
const svc = new LanguageService();
const uri = 'file:///tmp/ilo-stages/big.ilo';
const t = performance.now();
JSON.stringify(svc.setDocument(uri, doc, 1));
console.log(`open ${(performance.now() - t).toFixed(1)} ms`);
const times: number[] = [];
for (let i = 0; i < 200; i++) {
  const tt = performance.now();
  JSON.stringify(svc.setDocument(uri, editedText(i), i + 2));
  times.push(performance.now() - tt);
}
if (process.argv.includes("--series")) console.log(times.map((x) => x.toFixed(1)).join(" "));
console.log(`edit (facade + JSON) p50 ${quantile(times, 0.5).toFixed(2)} ms, p95 ${quantile(times, 0.95).toFixed(2)} ms`);
const last = svc.setDocument(uri, doc, 999);
console.log(`publish: ${last[0].diagnostics.length} diagnostics, ${JSON.stringify(last[0]).length} bytes of JSON`);
