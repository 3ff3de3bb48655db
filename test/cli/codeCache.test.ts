// dist/cli.js loads its bundle through a V8 code cache kept in the user's cache
// folder: the first run writes it, later runs use it, and the output is the
// same with, without and despite a broken cache.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const root = path.resolve(__dirname, '..', '..');
const cli = path.join(root, 'dist', 'cli.js');

function check(file: string, env: Record<string, string>, cwd?: string): { status: number | null; stdout: string } {
  const r = spawnSync(process.execPath, [cli, 'check', file], { cwd, encoding: 'utf8', timeout: 60_000, env: { ...process.env, ...env } });
  return { status: r.status, stdout: r.stdout };
}

test('the CLI writes a code cache on its first run and gives the same diagnostics with it, without it and with a corrupt one', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilo-cache-'));
  try {
    const file = path.join(dir, 'bad.ilo');
    fs.writeFileSync(file, 'half x:n>n;/x\n');
    const cacheHome = path.join(dir, 'cache');
    const cached = { XDG_CACHE_HOME: cacheHome };
    const first = check(file, cached);
    assert.equal(first.status, 1);
    assert.match(first.stdout, /ILO-/);
    const written = fs.readdirSync(path.join(cacheHome, 'ilo-ls')).filter((f) => f.startsWith('cli-') && f.endsWith('.v8cache'));
    assert.equal(written.length, 1, 'one cache file for the CLI bundle');
    assert.deepEqual(check(file, cached), first);
    assert.deepEqual(check(file, { ...cached, ILO_LS_NO_CODE_CACHE: '1' }), first);
    // A cache V8 rejects is replaced, and the run is unaffected.
    const cacheFile = path.join(cacheHome, 'ilo-ls', written[0]);
    fs.writeFileSync(cacheFile, Buffer.from('not a code cache'));
    assert.deepEqual(check(file, cached), first);
    assert.ok(fs.statSync(cacheFile).size > 1000, 'the rejected cache was written again');
    // An unwritable cache folder only means no cache.
    assert.deepEqual(check(file, { XDG_CACHE_HOME: path.join(file, 'not-a-folder') }), first);
    // No home folder: no cache, and none in the working folder either.
    const work = path.join(dir, 'work');
    fs.mkdirSync(work);
    assert.deepEqual(check(file, { HOME: '', XDG_CACHE_HOME: '' }, work), first);
    assert.deepEqual(fs.readdirSync(work), []);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('the CLI and server bundles are pure ASCII, so node reads them as one-byte strings (one non-ASCII character makes the whole megabyte two-byte)', () => {
  for (const name of ['cli-main.js', 'server.js']) {
    const bytes = fs.readFileSync(path.join(root, 'dist', name));
    const at = bytes.findIndex((b) => b > 0x7f);
    assert.equal(at, -1, `${name}: a non-ASCII byte at ${at}: ${bytes.subarray(Math.max(0, at - 60), at + 10).toString('latin1')} (escape it in the source, e.g. \\u2014)`);
  }
});
