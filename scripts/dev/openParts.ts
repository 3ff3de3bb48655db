// Dev tool: in a fresh process, the cold cost of lexing the 5,000-line file
// (every chunk normalised and lexed, filling the piece cache) and then of the
// rest of the analysis, as the server's open runs it.
import { bigDocument } from '../bench';
import { splitChunks } from '../../server/src/syntax/incremental/chunks';
import { normalizeNewlines } from '../../server/src/syntax/normalize';
import { lexItems } from '../../server/src/syntax/grammar';
import { LanguageService } from '../../server/src/service/languageService';

const doc = bigDocument(process.env.ILO_CORPUS ?? '../shared/corpus');
const half = process.argv.includes('--half');
let t = performance.now();
const chunks = splitChunks(doc);
const upTo = half ? Math.floor(chunks.length / 2) : process.argv.includes('--none') ? 0 : chunks.length;
for (const ch of chunks.slice(0, upTo)) lexItems(normalizeNewlines(doc.slice(ch.start, ch.end), ch.start).text);
const lexMs = performance.now() - t;
t = performance.now();
const svc = new LanguageService();
JSON.stringify(svc.setDocument('file:///tmp/ilo-open/big.ilo', doc, 1));
console.log(`pre-lex ${upTo}/${chunks.length} chunks ${lexMs.toFixed(0)} ms; open after it ${(performance.now() - t).toFixed(0)} ms`);
