// What `npm start` and `npm test` do to a user's machine before any editor
// runs: the scratch workspace `npm start` opens, and the e2e installer's
// refusal to start downloading when it cannot install Debian packages.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
// @ts-expect-error: a plain .mjs script without type declarations
import { scratchExamples } from '../../scripts/scratchWorkspace.mjs';

const repo = path.join(__dirname, '..', '..');

function fakeRepo(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ilo-start-'));
  fs.mkdirSync(path.join(root, 'examples'));
  fs.writeFileSync(path.join(root, 'examples', 'a.ilo'), 'f x:n>n;+x 1\n');
  return root;
}

test('npm start opens a copy of examples/ and keeps what the user wrote there on the next start', () => {
  const root = fakeRepo();
  const first = scratchExamples(root);
  assert.equal(first.created, true);
  assert.notEqual(path.resolve(first.path), path.resolve(root, 'examples'));
  assert.equal(fs.readFileSync(path.join(first.path, 'a.ilo'), 'utf8'), 'f x:n>n;+x 1\n');

  fs.writeFileSync(path.join(first.path, 'a.ilo'), 'f x:n>n;*x 2\n');
  const second = scratchExamples(root);
  assert.equal(second.created, false);
  assert.equal(fs.readFileSync(path.join(second.path, 'a.ilo'), 'utf8'), 'f x:n>n;*x 2\n', 'the edit survives');
  assert.equal(fs.readFileSync(path.join(root, 'examples', 'a.ilo'), 'utf8'), 'f x:n>n;+x 1\n', 'the tracked file is untouched');
});

test("the scratch workspace of this repository is outside git's view", () => {
  const probe = path.join(repo, '.e2e', 'workspace', 'examples', 'probe.ilo');
  const res = spawnSync('git', ['check-ignore', '-q', probe], { cwd: repo });
  assert.equal(res.status, 0, `${probe} is ignored by git`);
});

test('without apt-get the e2e installer fails at once, naming the packages, before any download', () => {
  // A PATH where dpkg-query reports nothing installed and apt-get is absent.
  const bin = fs.mkdtempSync(path.join(os.tmpdir(), 'ilo-noapt-'));
  fs.writeFileSync(path.join(bin, 'dpkg-query'), '#!/bin/sh\nexit 1\n', { mode: 0o755 });
  fs.symlinkSync('/bin/sh', path.join(bin, 'sh'));
  const res = spawnSync(process.execPath, [path.join(repo, 'scripts', 'e2e', 'install.mjs')], {
    env: { PATH: `${bin}:/bin:/usr/bin`.split(':').filter((d) => d === bin || !fs.existsSync(path.join(d, 'apt-get'))).join(':') },
    encoding: 'utf8',
    timeout: 30_000,
  });
  assert.equal(res.status, 1, res.stdout + res.stderr);
  assert.match(res.stderr, /need these Debian packages: chromium /);
  assert.match(res.stderr, /apt-get is not available/);
  assert.match(res.stderr, /apt-get install -y chromium/);
  assert.doesNotMatch(res.stdout, /installing Node|installing code-server/);
});
