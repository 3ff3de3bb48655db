// Import → export round trip over the real MCP tool lists of the corpus
// (../shared/corpus/mcp/*.tools.json, or the folder given as argument).
// For each server: import the tools to ilo source, parse and verify that
// source, export it again as an MCP manifest, and compare every tool with the
// original: under the contract criterion, as an exact input schema, field by
// field, and as the whole definition (canonical JSON, nothing ignored).
// Prints one line per server, the tools that do not come back, and the totals. Exit code 1 when any tool fails the contract criterion or the
// imported source has errors.
//
//   npm run roundtrip            (npx tsx scripts/roundtrip.ts [DIR])

import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { checkImportedSource, importToolsFromText } from '../server/src/contracts/import';
import { formatDifferences } from '../server/src/contracts/pins';

const dir = resolve(process.argv[2] ?? join(__dirname, '..', '..', 'shared', 'corpus', 'mcp'));
if (!existsSync(dir)) {
  console.error(`roundtrip: no such folder ${dir}`);
  process.exit(2);
}
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.tools.json'))
  .sort();

let total = 0;
let contract = 0;
let exact = 0;
let fullTool = 0;
let identical = 0;
let errors = 0;
let warnings = 0;
let lints = 0;
const failures: string[] = [];
console.log('server        tools  contract  exact  whole-tool  identical  diagnostics  notes');
for (const f of files) {
  const server = basename(f, '.tools.json');
  const text = readFileSync(join(dir, f), 'utf8');
  const imported = importToolsFromText(text, { server });
  const originals = (JSON.parse(text) as { tools: Parameters<typeof checkImportedSource>[0] }).tools;
  const check = checkImportedSource(originals, imported.source);
  const ok = check.tools.filter((t) => t.status === 'exact' || t.status === 'contract').length;
  const ex = check.tools.filter((t) => t.status === 'exact').length;
  const whole = check.tools.filter((t) => (t.status === 'exact' || t.status === 'contract') && t.other.length === 0).length;
  const same = check.tools.filter((t) => t.identical).length;
  const errs = check.diagnostics.filter((d) => d.severity === 'error').length;
  const warns = check.diagnostics.length - errs;
  const notes = imported.tools.reduce((n, t) => n + t.notes.length, 0);
  total += check.tools.length;
  contract += ok;
  exact += ex;
  fullTool += whole;
  identical += same;
  errors += errs;
  warnings += warns;
  lints += check.lint.length;
  console.log(
    `${server.padEnd(13)} ${String(check.tools.length).padStart(5)}  ${String(ok).padStart(8)}  ${String(ex).padStart(5)}  ${String(whole).padStart(10)}  ${String(same).padStart(9)}  ${String(check.diagnostics.length).padStart(11)}  ${notes}`,
  );
  for (const t of check.tools) {
    if (t.status === 'lossy' || t.status === 'missing') failures.push(`${server}/${t.name}: ${t.status}\n    ${formatDifferences(t.input).join('\n    ')}`);
    else if (!t.identical) failures.push(`${server}/${t.name}: not identical\n    ${formatDifferences([...t.input, ...t.other]).join('\n    ')}`);
  }
  for (const d of check.diagnostics) failures.push(`${server}: ${d.severity} ${d.code} ${d.message}`);
}
console.log('');
console.log(`round trip (same names, types, required sets, enums, descriptions, defaults): ${contract}/${total} tools`);
console.log(`  exact input schema (only $schema dropped):                                  ${exact}/${total}`);
console.log(`  and name, title, description, outputSchema, annotations, other fields too: ${fullTool}/${total}`);
console.log(`  the whole definition, canonical JSON equal (nothing ignored):              ${identical}/${total}`);
console.log(`imported sources: ${errors} errors, ${warnings} other diagnostics, ${lints} contract lints`);
if (failures.length > 0) {
  console.log('');
  for (const line of failures) console.log(line);
}
process.exit(contract === total && errors === 0 ? 0 : 1);
