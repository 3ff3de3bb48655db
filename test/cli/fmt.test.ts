// `ilo-ls fmt`: printing, --style, --check, --write (only files that change),
// files with syntax errors left untouched (exit 2), directories and `use`.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const root = path.resolve(__dirname, '..', '..');
const cli = path.join(root, 'dist', 'cli.js');

function run(args: string[], cwd: string): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [cli, ...args], { cwd, encoding: 'utf8', timeout: 60_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

function tempDir(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilo-fmt-'));
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), content);
  }
  return dir;
}

const UGLY = '-- doubles then adds\nf x:n>n;a=x * 2;a + 1\n';
const EXPANDED = '-- doubles then adds\nf x:n > n\n  a = * x 2\n  + a 1\n';
const DENSE = '-- doubles then adds\nf x:n>n;a=*x 2;+a 1\n';

test('prints the formatted text, expanded by default, dense with --style dense', () => {
  const dir = tempDir({ 'a.ilo': UGLY });
  const r = run(['fmt', 'a.ilo'], dir);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout, EXPANDED);
  const d = run(['fmt', '--style', 'dense', 'a.ilo'], dir);
  assert.equal(d.status, 0, d.stderr);
  assert.equal(d.stdout, DENSE);
  assert.equal(run(['fmt', '--style=dense', 'a.ilo'], dir).stdout, DENSE);
  assert.equal(fs.readFileSync(path.join(dir, 'a.ilo'), 'utf8'), UGLY, 'without --write the file is not touched');
});

test('--check exits 1 when a file would change and 0 when none would', () => {
  const dir = tempDir({ 'ugly.ilo': UGLY, 'fine.ilo': EXPANDED });
  const r = run(['fmt', '--check', 'ugly.ilo', 'fine.ilo'], dir);
  assert.equal(r.status, 1);
  assert.equal(r.stdout, '');
  assert.match(r.stderr, /ugly\.ilo would be reformatted/);
  assert.doesNotMatch(r.stderr, /fine\.ilo/);
  assert.equal(run(['fmt', '--check', 'fine.ilo'], dir).status, 0);
  assert.equal(run(['fmt', '--check', '--style', 'dense', 'fine.ilo'], dir).status, 1);
});

test('--write rewrites only the files whose text changes', () => {
  const dir = tempDir({ 'ugly.ilo': UGLY, 'fine.ilo': EXPANDED });
  const fine = path.join(dir, 'fine.ilo');
  const old = new Date(2000, 0, 1);
  fs.utimesSync(fine, old, old);
  const r = run(['fmt', '--write', '.'], dir);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(fs.readFileSync(path.join(dir, 'ugly.ilo'), 'utf8'), EXPANDED);
  assert.equal(fs.statSync(fine).mtime.getTime(), old.getTime(), 'an already formatted file is not written');
  assert.match(r.stdout, /reformatted .*ugly\.ilo/);
  assert.doesNotMatch(r.stdout, /fine\.ilo/);
  assert.equal(run(['fmt', '--check', '.'], dir).status, 0, 'formatted now');
});

test('a file with a syntax error is left untouched, with a clear message and exit 2', () => {
  const broken = 'f x:n>n;+x\n';
  const dir = tempDir({ 'broken.ilo': broken, 'ugly.ilo': UGLY });
  const r = run(['fmt', '--write', 'broken.ilo', 'ugly.ilo'], dir);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /broken\.ilo: not formatted \(left as it is\): syntax error at line 1, col \d+: ILO-P\d+/);
  assert.equal(fs.readFileSync(path.join(dir, 'broken.ilo'), 'utf8'), broken);
  assert.equal(fs.readFileSync(path.join(dir, 'ugly.ilo'), 'utf8'), EXPANDED, 'the other file is still formatted');
  const printed = run(['fmt', 'broken.ilo'], dir);
  assert.equal(printed.status, 2);
  assert.equal(printed.stdout, '', 'nothing half-formatted is printed');
});

test('several files are printed each under its name', () => {
  const dir = tempDir({ 'a.ilo': 'a>n;1\n', 'b.ilo': 'b>n;2\n' });
  const r = run(['fmt', '--style', 'dense', 'a.ilo', 'b.ilo'], dir);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout, '==> a.ilo <==\na>n;1\n==> b.ilo <==\nb>n;2\n');
});

test('calls of functions from used files keep their parentheses (at 0.11 the reference groups no operands for them)', () => {
  const dir = tempDir({ 'lib.ilo': 'twice x:n>n;*x 2\n', 'main.ilo': 'use "lib.ilo"\nf x:n>n;(twice x) + 1\n' });
  const r = run(['fmt', '--style', 'dense', '--language-version', '0.11', 'main.ilo'], dir);
  assert.equal(r.status, 0, r.stderr);
  // `+twice x 1` would be ILO-P001 for the reference: it parses main.ilo before reading lib.ilo.
  assert.equal(r.stdout, 'use "lib.ilo"\nf x:n>n;+(twice x) 1\n');
  // At level 26 used files' functions group their operands like the file's own.
  const at26 = run(['fmt', '--style', 'dense', '--language-version', '26', 'main.ilo'], dir);
  assert.equal(at26.status, 0, at26.stderr);
  assert.equal(at26.stdout, 'use "lib.ilo"\nf x:n>n;+twice x 1\n');
});

test('usage errors exit 2', () => {
  const dir = tempDir({ 'a.ilo': 'a>n;1\n' });
  for (const args of [['fmt'], ['fmt', '--style', 'pretty', 'a.ilo'], ['fmt', '--check', '--write', 'a.ilo'], ['fmt', '--wat', 'a.ilo'], ['fmt', 'missing.ilo']]) {
    const r = run(args, dir);
    assert.equal(r.status, 2, args.join(' '));
    assert.match(r.stderr, /^ilo-ls fmt: /, args.join(' '));
  }
});
