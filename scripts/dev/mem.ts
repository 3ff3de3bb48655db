import { bigDocument, editedText } from '../bench';
import { LanguageService } from '../../server/src/service/languageService';
import * as v8 from 'node:v8';
const mb = (x: number) => (x / 1048576).toFixed(1);
const show = (label: string) => { const m = process.memoryUsage(); console.log(label, 'rss', mb(m.rss), 'heapTotal', mb(m.heapTotal), 'heapUsed', mb(m.heapUsed), 'external', mb(m.external), 'ab', mb(m.arrayBuffers)); };
show('start');
const doc = bigDocument(process.env.ILO_CORPUS ?? '../shared/corpus');
const svc = new LanguageService();
svc.setDocument('file:///tmp/x/big.ilo', doc, 1);
show('after open');
const lines = doc.split('\n');
for (let i = 0; i < 200; i++) svc.setDocument('file:///tmp/x/big.ilo', editedText(doc, lines, i), i + 2);
show('after edits');
for (const s of v8.getHeapSpaceStatistics()) console.log(' ', s.space_name.padEnd(24), mb(s.space_size), mb(s.space_used_size));
v8.setFlagsFromString('--expose-gc');
const gc = require('node:vm').runInNewContext('gc');
gc();
show('after gc');
for (const s of v8.getHeapSpaceStatistics()) console.log(' ', s.space_name.padEnd(24), mb(s.space_size), mb(s.space_used_size));
if (process.argv.includes('--snapshot')) {
  const file = v8.writeHeapSnapshot('/tmp/ilo-mem.heapsnapshot');
  const snap = JSON.parse(require('node:fs').readFileSync(file, 'utf8'));
  const f = snap.snapshot.meta.node_fields as string[];
  const types = snap.snapshot.meta.node_types[0] as string[];
  const n = f.length;
  const big: Array<[string, string, number]> = [];
  for (let i = 0; i < snap.nodes.length; i += n) {
    const size = snap.nodes[i + f.indexOf('self_size')];
    if (size < 100_000) continue;
    big.push([types[snap.nodes[i + f.indexOf('type')]], String(snap.strings[snap.nodes[i + f.indexOf('name')]]).slice(0, 60).replace(/\n/g, '⏎'), size]);
  }
  big.sort((a, b) => b[2] - a[2]);
  for (const b of big.slice(0, 40)) console.log(b[0], b[2], b[1]);
  console.log('count', big.length, 'total', mb(big.reduce((s, b) => s + b[2], 0)));
}
