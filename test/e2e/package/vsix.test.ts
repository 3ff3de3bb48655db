// `npm run package` produces a .vsix that holds exactly what the extension
// needs at run time, and that a real VS Code (code-server) installs.
import { after, before, describe, it } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { codeServerCli, prepareScratch } from '../../../scripts/e2e/codeServer.mjs';
import { e2eOut, root } from '../../../scripts/e2e/paths.mjs';
import { listZip, readZipEntry, type ZipEntry } from './zip';

interface Manifest {
  name: string;
  icon?: string;
  repository?: { url: string };
  bugs?: { url: string };
  publisher: string;
  version: string;
  main: string;
  contributes?: {
    languages?: { configuration?: string }[];
    grammars?: { path: string }[];
    snippets?: { path: string }[];
  };
}

const inExtension = (p: string) => `extension/${p.replace(/^\.\//, '')}`;

describe('the .vsix package', () => {
  let dir: string;
  let vsix: string;
  let zip: Buffer;
  let entries: ZipEntry[];
  let names: string[];
  let manifest: Manifest;

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'ilo-vsix-test-'));
    vsix = join(dir, 'ilo.vsix');
    const res = spawnSync(process.execPath, [join(root, 'scripts', 'package.mjs'), '--out', vsix], {
      cwd: root,
      encoding: 'utf8',
      timeout: 180_000,
    });
    assert.equal(res.status, 0, `npm run package failed:\n${res.stdout}\n${res.stderr}`);
    zip = readFileSync(vsix);
    entries = listZip(zip);
    names = entries.map((e) => e.name);
    manifest = JSON.parse(readZipEntry(zip, entries.find((e) => e.name === 'extension/package.json')!).toString('utf8'));
  });

  after(() => rmSync(dir, { recursive: true, force: true }));

  it('contains the bundles and every file package.json points to', () => {
    const needed = [
      manifest.main,
      'dist/server.js',
      // The CLI (the gate command runs it): a code-cache loader and the bundle it loads.
      'dist/cli.js',
      'dist/cli-main.js',
      // The tokenizer of the token-cost lenses and the long-description lint, loaded by the server when first needed.
      'dist/tokenizer.js',
      // The MCP SDK (import, verify, the gate), loaded when a server is first contacted.
      'dist/mcp-sdk.js',
      ...(manifest.contributes?.languages ?? []).flatMap((l) => (l.configuration ? [l.configuration] : [])),
      ...(manifest.contributes?.grammars ?? []).map((g) => g.path),
      ...(manifest.contributes?.snippets ?? []).map((s) => s.path),
    ];
    for (const file of needed) assert.ok(names.includes(inExtension(file)), `${file} is not in the .vsix:\n${names.join('\n')}`);
  });

  it('contains no source maps, sources, tests, node_modules or local tool folders', () => {
    const unwanted = [/\.map$/, /\.tsx?$/, /\/node_modules\//, /^extension\/(server|client|test|scripts|examples)\//, /\/\.(tools|e2e|git|ci)\//, /\.vsix$/, /tsconfig/];
    const offenders = names.filter((n) => unwanted.some((re) => re.test(n)));
    assert.deepEqual(offenders, []);
  });

  it('ships minified bundles that reference no source map', () => {
    const client = readZipEntry(zip, entries.find((e) => e.name === inExtension(manifest.main))!).toString('utf8');
    assert.doesNotMatch(client, /sourceMappingURL/);
    // A production bundle has very few line breaks; a dev build has thousands.
    assert.ok(client.split('\n').length < 200, 'dist client bundle is not minified');
  });

  it('carries the icon, CHANGELOG and README, and every README link works from the extension page', () => {
    assert.ok(manifest.icon && names.includes(inExtension(manifest.icon)), `icon ${manifest.icon} is not in the .vsix`);
    const icon = readZipEntry(zip, entries.find((e) => e.name === inExtension(manifest.icon!))!);
    assert.deepEqual([...icon.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'the icon is a PNG');
    assert.ok(icon.readUInt32BE(16) >= 128 && icon.readUInt32BE(20) >= 128, 'the icon is at least 128×128');
    assert.match(manifest.repository?.url ?? '', /^https:\/\/github\.com\//);
    assert.match(manifest.bugs?.url ?? '', /^https:\/\/github\.com\/.*\/issues$/);
    // vsce stores them as readme.md, changelog.md and LICENSE.txt.
    const entryOf = (file: string) => entries.find((e) => e.name.toLowerCase() === inExtension(file).toLowerCase());
    for (const file of ['README.md', 'CHANGELOG.md', 'LICENSE.txt']) assert.ok(entryOf(file), `${file} is not in the .vsix: ${names.join(', ')}`);
    const readme = readZipEntry(zip, entryOf('README.md')!).toString('utf8');
    const targets = [...readme.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]);
    assert.ok(targets.length > 10, 'README has links');
    for (const target of targets) {
      if (target.startsWith('#')) continue;
      if (/^https:\/\//.test(target)) continue;
      // A relative target must be a file the package carries (the pictures).
      assert.ok(names.includes(inExtension(target)), `README links to ${target}, which is not in the .vsix and not an absolute URL`);
    }
  });

  it('installs into code-server (VS Code 1.139) with the packaged id and version', () => {
    const dirs = prepareScratch(join(e2eOut, 'vsix-install'));
    const install = codeServerCli(dirs, ['--install-extension', vsix]);
    assert.equal(install.status, 0, `--install-extension failed:\n${install.output}${install.error ?? ''}`);
    const id = `${manifest.publisher}.${manifest.name}`;
    const list = codeServerCli(dirs, ['--list-extensions', '--show-versions']);
    assert.equal(list.status, 0, list.output);
    assert.ok(list.output.includes(`${id}@${manifest.version}`), `not listed as installed:\n${list.output}`);
    const installed = join(dirs.extensions, `${id}-${manifest.version}`);
    assert.ok(existsSync(join(installed, 'dist', 'server.js')), `no dist/server.js in ${installed}`);
  });
});
