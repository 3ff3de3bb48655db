// Dev tool (not a benchmark of record; `npm run bench` is): the language
// service facade in one process, the 5,000-line file opened and edited as the
// bench edits it. Prints the open time, edit p50/p95 over the first 200 edits
// (a fresh process, as the editor sees them) and the size of the last publish.
//   node scripts/run-bundled.mjs scripts/dev/stages.ts [corpusDir]
import { bigDocument } from '../bench';
import { LanguageService } from '../../server/src/service/languageService';
import { quantile } from '../stats';

const dir = process.argv[2] ?? '../shared/corpus';
const doc = bigDocument(dir);
const lines = doc.split('\n');
function editedText(i: number): string {
  if (i % 2 === 1) return doc;
  let ln = Math.floor(lines.length / 2) + (i % 50);
  while (ln < lines.length - 1 && (lines[ln].trim() === '' || lines[ln].trimStart().startsWith('--'))) ln++;
  let offset = 0;
  for (let k = 0; k < ln; k++) offset += lines[k].length + 1;
  offset += lines[ln].length;
  return doc.slice(0, offset) + 'x' + doc.slice(offset);
}
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
console.log(`edit (facade + JSON) p50 ${quantile(times, 0.5).toFixed(2)} ms, p95 ${quantile(times, 0.95).toFixed(2)} ms`);
const last = svc.setDocument(uri, doc, 999);
console.log(`publish: ${last[0].diagnostics.length} diagnostics, ${JSON.stringify(last[0]).length} bytes of JSON`);
