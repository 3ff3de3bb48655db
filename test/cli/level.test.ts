// `--language-version 0.11|26|auto` on the commands that read ilo (the
// bundled CLI): the level of files without a pragma; a pragma decides for
// its file; a bad value is refused like any bad option.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const root = path.resolve(__dirname, '..', '..');
const cli = path.join(root, 'dist', 'cli.js');

function run(args: string[], cwd: string): { status: number | null; stdout: string; stderr: string } {
  // PATH without an `ilo`, so that `auto` means the newest level.
  const r = spawnSync(process.execPath, [cli, ...args], { cwd, encoding: 'utf8', timeout: 60_000, env: { ...process.env, PATH: '' } });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

function tempDir(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilo-level-'));
  for (const [name, content] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), content);
  return dir;
}

// The keyword ternary `?h cond a b`: valid at 26, a syntax error at 0.11 (ILO-P001, as the 0.11.6 binary).
const KEYWORD_TERNARY = 'main>n;?h true 1 2\n';

test('check reads files without a pragma at the level of --language-version (auto without ilo on PATH: 26)', () => {
  const dir = tempDir({ 'a.ilo': KEYWORD_TERNARY });
  assert.equal(run(['check', 'a.ilo'], dir).status, 0);
  assert.equal(run(['check', '--language-version', '26', 'a.ilo'], dir).status, 0);
  const old = run(['check', '--language-version', '0.11', 'a.ilo'], dir);
  assert.equal(old.status, 1, old.stdout);
  assert.match(old.stdout, /ILO-P/);
  assert.equal(run(['check', '--language-version=auto', 'a.ilo'], dir).status, 0);
});

test('a pragma decides for its file whatever --language-version says', () => {
  const dir = tempDir({ 'p.ilo': `^26.5\n${KEYWORD_TERNARY}` });
  assert.equal(run(['check', '--language-version', '0.11', 'p.ilo'], dir).status, 0);
});

test('.@ files are found in folders and read like .ilo files', () => {
  const dir = tempDir({ 'm.@': KEYWORD_TERNARY });
  const r = run(['check', '.'], dir);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(run(['fmt', '--check', 'm.@'], dir).status, 1, 'the file is not formatted yet');
});

test('a bad --language-version is refused with exit 2', () => {
  const dir = tempDir({ 'a.ilo': KEYWORD_TERNARY });
  const r = run(['check', '--language-version', '27', 'a.ilo'], dir);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /--language-version must be/);
  assert.match(run(['check', '--help'], dir).stdout, /--language-version/);
});
