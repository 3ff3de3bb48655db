import { bigDocument } from '../bench';
import { IncrementalParser } from '../../server/src/syntax/parse';
import { quantile } from '../stats';
const doc = bigDocument(process.env.ILO_CORPUS ?? '../shared/corpus');
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
const p = new IncrementalParser();
p.parse(doc);
for (let round = 0; round < Number(process.env.ROUNDS ?? 3); round++) {
  const times: number[] = [];
  for (let i = 0; i < 200; i++) { const t = performance.now(); p.parse(editedText(i)); times.push(performance.now() - t); }
  console.log('parse p50', quantile(times, 0.5).toFixed(3), 'p95', quantile(times, 0.95).toFixed(3));
}
{
  for (const k of ['move','build','stream','loop','tailx','binary','spans','nspans','ntoks','reus','reparse','nre']) (globalThis as any)['__'+k] = 0;
  const t = performance.now();
  for (let i = 0; i < 200; i++) p.parse(editedText(i));
  for (const k of ['build','stream','loop','tailx','binary','spans','nspans','ntoks','reus','reparse','nre']) console.log(k, ((globalThis as any)['__'+k] / 200).toFixed(3));
  console.log('total', ((performance.now() - t) / 200).toFixed(3), 'move', ((globalThis as any).__move / 200).toFixed(3));
}
