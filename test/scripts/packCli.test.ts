// The CLI as users install it: `npm run pack:cli` packs a tarball with the
// bundles and nothing of the development tree; `npm install -g` into a
// temporary prefix and `npx --package` both run `ilo-ls check` from it, with
// no registry access (the package has no dependencies).

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { VERSION } from '../../server/src/version';

const root = path.resolve(__dirname, '..', '..');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  bin: Record<string, string>;
  dependencies?: Record<string, string>;
};
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

describe('the packed ilo-ls CLI', () => {
  let dir: string;
  let tarball: string;
  let work: string;

  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilo-pack-test-'));
    const packed = spawnSync(process.execPath, [path.join(root, 'scripts', 'pack-cli.mjs'), '--out', dir], { cwd: root, encoding: 'utf8', timeout: 240_000 });
    assert.equal(packed.status, 0, packed.stdout + packed.stderr);
    tarball = path.join(dir, `${pkg.name}-${pkg.version}.tgz`);
    assert.ok(fs.existsSync(tarball), packed.stdout);
    work = path.join(dir, 'project');
    fs.mkdirSync(work);
    fs.writeFileSync(path.join(work, 'tools.ilo'), 'tool read-doc"Read a document by its path" path:t>R t t\ntool drop-doc"Delete a document by its path" path:t>R t t\nf x:n>n;+x y\n');
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('holds the bundles, the grammar files and the docs a user reads, and no development files', () => {
    const list = spawnSync('tar', ['tzf', tarball], { encoding: 'utf8' });
    assert.equal(list.status, 0, list.stderr);
    const files = list.stdout.trim().split('\n').map((f) => f.replace(/^package\//, ''));
    for (const needed of ['package.json', 'README.md', 'CHANGELOG.md', 'LICENSE', 'dist/cli.js', 'dist/cli-main.js', 'dist/server.js', 'dist/mcp-sdk.js', 'dist/tokenizer.js', 'dist/ilo.ohm']) {
      assert.ok(files.includes(needed), `${needed} is missing from the tarball: ${files.join(', ')}`);
    }
    const junk = files.filter((f) => /\.map$|\.ts$|^(server|client|test|scripts|examples|node_modules|\.e2e|\.tools)\/|tsconfig|\.vsix$/.test(f));
    assert.deepEqual(junk, []);
    assert.deepEqual(pkg.dependencies ?? {}, {}, 'everything is bundled: installing fetches nothing');
    assert.equal(pkg.bin['ilo-ls'], 'dist/cli.js');
    assert.equal(VERSION, pkg.version, 'ilo-ls --version says the package version');
  });

  it('npm install -g into a prefix puts a working ilo-ls on PATH, without the registry', () => {
    const prefix = path.join(dir, 'prefix');
    const cache = path.join(dir, 'npm-cache');
    const install = spawnSync(npm, ['install', '-g', '--prefix', prefix, '--offline', '--cache', cache, '--no-audit', '--no-fund', tarball], { encoding: 'utf8', timeout: 120_000 });
    assert.equal(install.status, 0, install.stdout + install.stderr);
    const bin = path.join(prefix, 'bin', 'ilo-ls');
    const env = { ...process.env, PATH: `${path.dirname(bin)}${path.delimiter}${process.env.PATH ?? ''}`, ILO_LS_NO_CODE_CACHE: '1' };
    const version = spawnSync('ilo-ls', ['--version'], { encoding: 'utf8', env });
    assert.equal(version.stdout, `${pkg.version}\n`, version.stderr);
    const check = spawnSync('ilo-ls', ['check', '--json', 'tools.ilo'], { cwd: work, encoding: 'utf8', env });
    assert.equal(check.status, 1, check.stderr);
    const codes = (JSON.parse(check.stdout) as Array<{ code: string }>).map((r) => r.code);
    assert.ok(codes.includes('ILO-T004') && codes.includes('same-schema'), codes.join(', '));
    const help = spawnSync('ilo-ls', ['check', '--help'], { encoding: 'utf8', env });
    assert.match(help.stdout, /^usage: ilo-ls check /m);
  });

  it('npx --package runs it once without installing', () => {
    const cache = path.join(dir, 'npx-cache');
    const r = spawnSync(npx, ['--offline', '--cache', cache, '--yes', '--package', tarball, 'ilo-ls', 'check', '--format', 'github', 'tools.ilo'], {
      cwd: work,
      encoding: 'utf8',
      timeout: 120_000,
      env: { ...process.env, ILO_LS_NO_CODE_CACHE: '1' },
    });
    assert.equal(r.status, 1, r.stderr);
    assert.match(r.stdout, /^::error file=tools\.ilo,line=3,col=12,.*title=ILO-T004 \(ilo\)::/m);
  });
});
