#!/usr/bin/env node
// `npm run package`: a production build of the bundles, then a .vsix made by
// @vscode/vsce. Everything the extension runs is bundled into dist/, so vsce
// is told not to collect node_modules; .vscodeignore allow-lists the rest.
//
// Usage: node scripts/package.mjs [--out path/to/file.vsix]
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(fileURLToPath(new URL('.', import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const outIndex = process.argv.indexOf('--out');
const out = outIndex > 0 ? resolve(process.argv[outIndex + 1]) : join(root, `${pkg.name}-${pkg.version}.vsix`);

function run(cmd, args, cwd = root) {
  const res = spawnSync(cmd, args, { cwd, stdio: 'inherit' });
  if (res.status !== 0) {
    console.error(`package: \`${cmd} ${args.join(' ')}\` failed (${res.status ?? res.signal})`);
    process.exit(1);
  }
}

// A clean dist/ so no stale bundle or source map of a dev build can ship.
rmSync(join(root, 'dist'), { recursive: true, force: true });
run(process.execPath, [join(root, 'scripts', 'build.mjs'), '--production']);

// vsce walks every file below its folder before applying .vscodeignore; the
// git-ignored tool and scratch folders (hundreds of MB) would make that take
// half a minute. It runs on a copy without them; .vscodeignore still decides.
const heavy = new Set(['node_modules', '.git', '.tools', '.e2e']);
const stage = mkdtempSync(join(tmpdir(), 'ilo-vsix-'));
try {
  cpSync(root, stage, {
    recursive: true,
    filter: (src) => {
      const rel = src.slice(root.length + 1);
      return !heavy.has(rel.split('/')[0]) && !rel.endsWith('.vsix');
    },
  });
  const vsce = join(root, 'node_modules', '@vscode', 'vsce', 'vsce');
  const args = ['package', '--no-dependencies', '--out', out];
  // Never prompt (CI has no terminal): say up front what this package lacks.
  if (!['LICENSE', 'LICENSE.md', 'LICENSE.txt'].some((f) => existsSync(join(root, f)))) args.push('--skip-license');
  if (!pkg.repository) args.push('--allow-missing-repository', '--no-rewrite-relative-links');
  mkdirSync(dirname(out), { recursive: true });
  run(process.execPath, [vsce, ...args], stage);
} finally {
  rmSync(stage, { recursive: true, force: true });
}
console.log(`package: wrote ${out}`);
