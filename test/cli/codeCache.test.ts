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

test('the build stamps the loader with its bundle: the cache is named by the content hash; a bundle that is not the stamped one still loads, named by size and time', () => {
  const stampLine = fs.readFileSync(cli, 'utf8').split('\n').find((l) => l.startsWith('const ILO_BUNDLE_STAMP = '));
  assert.ok(stampLine, 'dist/cli.js carries the stamp');
  const stamp = JSON.parse(stampLine!.slice('const ILO_BUNDLE_STAMP = '.length, -1)) as { length: number; hash: string; ascii: boolean };
  const bundle = fs.readFileSync(path.join(root, 'dist', 'cli-main.js'));
  assert.equal(stamp.length, bundle.length);
  assert.equal(stamp.ascii, true);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilo-stamp-'));
  try {
    const file = path.join(dir, 'bad.ilo');
    fs.writeFileSync(file, 'half x:n>n;/x\n');
    const stamped = path.join(dir, 'stamped');
    const first = check(file, { XDG_CACHE_HOME: stamped });
    assert.deepEqual(fs.readdirSync(path.join(stamped, 'ilo-ls')), [`cli-${process.version}-${process.arch}-${stamp.hash}-check.v8cache`]);
    // A copy whose bundle was changed after the build (one more line): the stamp no longer fits.
    const copy = path.join(dir, 'dist');
    fs.mkdirSync(copy);
    fs.copyFileSync(cli, path.join(copy, 'cli.js'));
    fs.writeFileSync(path.join(copy, 'cli-main.js'), Buffer.concat([bundle, Buffer.from('\n// changed\n')]));
    const other = path.join(dir, 'other');
    const r = spawnSync(process.execPath, [path.join(copy, 'cli.js'), 'check', file], { encoding: 'utf8', timeout: 60_000, env: { ...process.env, XDG_CACHE_HOME: other } });
    assert.deepEqual({ status: r.status, stdout: r.stdout }, first);
    const [name] = fs.readdirSync(path.join(other, 'ilo-ls'));
    assert.match(name, new RegExp(`^cli-${process.version.replace(/\./g, '\\.')}-${process.arch}-${bundle.length + 12}-\\d+-check\\.v8cache$`));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('the code cache is one per command and grows with the work: a run much longer than the runs behind it writes it again, with what it holds and what the run compiled', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilo-grow-'));
  try {
    const file = path.join(dir, 'ok.ilo');
    fs.writeFileSync(file, 'sq x:n>n;*x x\n');
    const env = { ...process.env, XDG_CACHE_HOME: path.join(dir, 'cache') };
    const folder = path.join(dir, 'cache', 'ilo-ls');
    const run = (...args: string[]) => spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', timeout: 60_000, env });
    const cacheOf = (command: string) => path.join(folder, fs.readdirSync(folder).find((f) => f.endsWith(`-${command}.v8cache`))!);
    const noteOf = (buf: Buffer) => JSON.parse(buf.toString('utf8', 6, 6 + buf.readUInt16LE(4))) as { gen: number; cpu: number };
    const checked = run('check', file);
    const formatted = run('fmt', file);
    assert.equal(checked.status, 0);
    assert.equal(formatted.status, 0);
    assert.deepEqual(fs.readdirSync(folder).map((f) => f.replace(/^cli-.*-(\w+)\.v8cache$/, '$1')).sort(), ['check', 'fmt'], 'one cache per command');
    const first = fs.readFileSync(cacheOf('check'));
    assert.equal(first.toString('latin1', 0, 4), 'ILOC');
    assert.equal(noteOf(first).gen, 0);
    assert.ok(noteOf(first).cpu > 0);
    // The same run again: nothing new, nothing written, the same output.
    assert.deepEqual(run('check', file).stdout, checked.stdout);
    assert.ok(fs.readFileSync(cacheOf('check')).equals(first));
    // A cache whose note says the runs behind it were tiny: this run is far longer, so it writes the cache again.
    const head = Buffer.from(JSON.stringify({ gen: 0, cpu: 1 }));
    const size = Buffer.alloc(2);
    size.writeUInt16LE(head.length);
    fs.writeFileSync(cacheOf('check'), Buffer.concat([first.subarray(0, 4), size, head, first.subarray(6 + first.readUInt16LE(4))]));
    assert.deepEqual(run('check', file).stdout, checked.stdout);
    const again = fs.readFileSync(cacheOf('check'));
    assert.equal(noteOf(again).gen, 1);
    assert.ok(noteOf(again).cpu > 1);
    assert.deepEqual(run('check', file).stdout, checked.stdout);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
