#!/usr/bin/env node
// `npm run package`: a production build of the bundles, then a .vsix made by
// @vscode/vsce. Everything the extension runs is bundled into dist/, so vsce
// is told not to collect node_modules; .vscodeignore allow-lists the rest.
//
// Usage: node scripts/package.mjs [--out path/to/file.vsix]
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(fileURLToPath(new URL('.', import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const outIndex = process.argv.indexOf('--out');
const out = outIndex > 0 ? resolve(process.argv[outIndex + 1]) : join(root, `${pkg.name}-${pkg.version}.vsix`);

function run(cmd, args, cwd = root) {
  const res = spawnSync(cmd, args, { cwd, stdio: 'inherit' });
  if (res.status !== 0) throw new Error(`\`${cmd} ${args.join(' ')}\` failed (${res.status ?? res.signal})`);
}

// Everything happens in a copy of the tree:
//  - the production build goes to the copy's dist/, so the working tree's
//    dev build (and anything using it meanwhile) is left alone, and no stale
//    file of a dev build can ship;
//  - vsce walks every file below its folder before applying .vscodeignore,
//    and the git-ignored tool and scratch folders (hundreds of MB) would make
//    that take half a minute. .vscodeignore still decides what ships.
const skipped = new Set(['node_modules', '.git', '.tools', '.e2e', 'dist']);
const stage = mkdtempSync(join(tmpdir(), 'ilo-vsix-'));
try {
  cpSync(root, stage, {
    recursive: true,
    filter: (src) => {
      const rel = src.slice(root.length + 1);
      return !skipped.has(rel.split('/')[0]) && !rel.endsWith('.vsix');
    },
  });
  symlinkSync(join(root, 'node_modules'), join(stage, 'node_modules'), 'dir');
  run(process.execPath, [join(stage, 'scripts', 'build.mjs'), '--production'], stage);

  const vsce = join(root, 'node_modules', '@vscode', 'vsce', 'vsce');
  const args = ['package', '--no-dependencies', '--out', out];
  // Never prompt (CI has no terminal): say up front what this package lacks.
  if (!['LICENSE', 'LICENSE.md', 'LICENSE.txt'].some((f) => existsSync(join(root, f)))) args.push('--skip-license');
  if (!pkg.repository) args.push('--allow-missing-repository');
  // README's links to docs are absolute already; its pictures stay relative, so the extension
  // page shows them from the package itself (they ship: .vscodeignore), also offline.
  args.push('--no-rewrite-relative-links');
  mkdirSync(dirname(out), { recursive: true });
  run(process.execPath, [vsce, ...args], stage);
  console.log(`package: wrote ${out}`);
} catch (err) {
  console.error(`package: FAILED: ${err.message}`);
  process.exitCode = 1;
} finally {
  rmSync(stage, { recursive: true, force: true });
}
