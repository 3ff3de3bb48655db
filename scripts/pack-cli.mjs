#!/usr/bin/env node
// `npm run pack:cli`: the `ilo-ls` command line as an npm package tarball
// (ilo-tooling-VERSION.tgz) that `npm install -g` and `npx` take. A
// production build of the bundles is made in a copy of the tree (as for the
// .vsix, see package.mjs), then `npm pack` packs what .npmignore lets
// through: the bundles, the grammar, README, CHANGELOG, LICENSE. Everything the
// CLI runs is bundled, so the package has no dependencies to install.
//
// Usage: node scripts/pack-cli.mjs [--out DIR]   (default: the repository root)
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(fileURLToPath(new URL('.', import.meta.url)), '..');
const outIndex = process.argv.indexOf('--out');
const outDir = outIndex > 0 ? resolve(process.argv[outIndex + 1]) : root;

function run(cmd, args, cwd) {
  const res = spawnSync(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`\`${cmd} ${args.join(' ')}\` failed (${res.status ?? res.signal})`);
  return res.stdout;
}

const skipped = new Set(['node_modules', '.git', '.tools', '.e2e', 'dist']);
const stage = mkdtempSync(join(tmpdir(), 'ilo-pack-'));
try {
  cpSync(root, stage, {
    recursive: true,
    filter: (src) => {
      const rel = src.slice(root.length + 1);
      return !skipped.has(rel.split('/')[0]) && !rel.endsWith('.vsix') && !rel.endsWith('.tgz');
    },
  });
  symlinkSync(join(root, 'node_modules'), join(stage, 'node_modules'), 'dir');
  run(process.execPath, [join(stage, 'scripts', 'build.mjs'), '--production'], stage);
  // --ignore-scripts: nothing of the project runs while packing; the build above is the whole preparation.
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const packed = JSON.parse(run(npm, ['pack', '--json', '--ignore-scripts', '--pack-destination', stage], stage));
  const name = packed[0].filename;
  mkdirSync(outDir, { recursive: true });
  // Copied, not renamed: the temporary folder may be on another file system.
  copyFileSync(join(stage, name), join(outDir, name));
  console.log(`pack-cli: wrote ${join(outDir, name)} (${packed[0].entryCount} files, ${Math.round(packed[0].size / 1024)} KB)`);
} catch (err) {
  console.error(`pack-cli: FAILED: ${err.message}`);
  process.exitCode = 1;
} finally {
  rmSync(stage, { recursive: true, force: true });
}
