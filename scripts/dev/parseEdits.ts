// Dev tool: the incremental parser alone on the bench's 200 one-character
// edits of the 5,000-line file, ROUNDS times (default 3), p50 and p95 each.
//   node scripts/run-bundled.mjs scripts/dev/parseEdits.ts
import { bigDocument, editedText as editAt } from '../bench';
import { IncrementalParser } from '../../server/src/syntax/parse';
import { quantile } from '../stats';
const doc = bigDocument(process.env.ILO_CORPUS ?? '../shared/corpus');
const lines = doc.split('\n');
const editedText = (i: number): string => editAt(doc, lines, i);
const p = new IncrementalParser();
p.parse(doc);
for (let round = 0; round < Number(process.env.ROUNDS ?? 3); round++) {
  const times: number[] = [];
  for (let i = 0; i < 200; i++) { const t = performance.now(); p.parse(editedText(i)); times.push(performance.now() - t); }
  console.log('parse p50', quantile(times, 0.5).toFixed(3), 'p95', quantile(times, 0.95).toFixed(3));
}
