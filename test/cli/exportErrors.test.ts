// `ilo-ls export` of a file with errors says how many there are (and the
// first), then what the export left out.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const cli = path.join(path.resolve(__dirname, '..', '..'), 'dist', 'cli.js');

test('export of a file with errors counts them, names the first, and lists what was left out', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilo-export-errors-'));
  fs.writeFileSync(
    path.join(dir, 'err.ilo'),
    ['tool get-user"Get a user by id" user-id:t>R t t', 'tool broken"Broken tool" x:t>R t', 'f x:n>n;+x "a"', ''].join('\n'),
  );
  const r = spawnSync(process.execPath, [cli, 'export', 'err.ilo'], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
  assert.equal(r.status, 0, r.stderr);
  const lines = r.stderr.trim().split('\n');
  assert.equal(lines.length, 2, r.stderr);
  assert.match(lines[0], /^ilo-ls export: err\.ilo has 2 errors \(the first at 2:32: ILO-P007 .*\); only what is valid is exported$/);
  assert.match(lines[1], /^Exported 1 tool; left out 1: broken \(the declaration has syntax errors\)\.$/);
  assert.deepEqual((JSON.parse(r.stdout) as { tools: Array<{ name: string }> }).tools.map((t) => t.name), ['get-user']);
});

test('export of a clean file says nothing about errors', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilo-export-clean-'));
  fs.writeFileSync(path.join(dir, 'ok.ilo'), 'tool get-user"Get a user by id" user-id:t>R t t\n');
  const r = spawnSync(process.execPath, [cli, 'export', 'ok.ilo'], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
  assert.equal(r.stderr, 'Exported 1 tool.\n');
});
