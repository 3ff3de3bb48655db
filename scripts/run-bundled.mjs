// Runs a TypeScript script the way the shipped code runs: bundled by esbuild
// (as dist/server.js is) and executed by plain node, so a benchmark measures
// our code rather than a development-time TypeScript loader.
//   node scripts/run-bundled.mjs scripts/bench.ts [args...]
import { build } from 'esbuild';
import { copyFileSync, mkdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { grammarDefines } from './grammarRecipe.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const [entry, ...args] = process.argv.slice(2);
if (!entry) {
  console.error('usage: node scripts/run-bundled.mjs SCRIPT.ts [args...]');
  process.exit(2);
}
const outdir = join(root, 'dist', 'scripts');
const outfile = join(outdir, basename(entry).replace(/\.ts$/, '.js'));
mkdirSync(outdir, { recursive: true });
await build({
  entryPoints: [resolve(root, entry)],
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node18',
  outfile,
  logLevel: 'warning',
  define: grammarDefines(root),
});
// The parser reads its grammar from beside the bundle.
copyFileSync(join(root, 'server/src/syntax/ilo.ohm'), join(outdir, 'ilo.ohm'));
const res = spawnSync(process.execPath, [outfile, ...args], { stdio: 'inherit', env: { ...process.env, ILO_REPO_ROOT: root } });
process.exit(res.status ?? 1);
