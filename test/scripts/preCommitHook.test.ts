// docs/examples/pre-commit as a real git hook: it checks the .ilo files as
// they are staged (with the staged files they `use`), blocks a commit with a
// finding, and lets a clean one through whatever the working tree holds.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const root = path.resolve(__dirname, '..', '..');

test('the sample pre-commit hook blocks a staged finding and checks staged text, not the working tree', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilo-hook-'));
  try {
    const bin = path.join(dir, 'bin');
    fs.mkdirSync(bin);
    fs.writeFileSync(path.join(bin, 'ilo-ls'), `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(path.join(root, 'dist', 'cli.js'))} "$@"\n`, { mode: 0o755 });
    const repo = path.join(dir, 'repo');
    fs.mkdirSync(path.join(repo, 'src'), { recursive: true });
    const env = { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}`, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com' };
    const git = (...args: string[]) => {
      const r = spawnSync('git', args, { cwd: repo, encoding: 'utf8', env });
      return { status: r.status, out: r.stdout + r.stderr };
    };
    assert.equal(git('init', '-q').status, 0);
    fs.copyFileSync(path.join(root, 'docs', 'examples', 'pre-commit'), path.join(repo, '.git', 'hooks', 'pre-commit'));
    fs.chmodSync(path.join(repo, '.git', 'hooks', 'pre-commit'), 0o755);

    // A helper in another file, and a program that uses it: ilo 26 with test blocks (`check --strict`,
    // as `ilo check --strict`, reports a function without one: ILO-W020, and warnings fail).
    const tested = (body: string): string => `^26.8\nuse "lib.ilo"\nf x:n>n;${body}\ntest f {ok f 1 2}\n`;
    fs.writeFileSync(path.join(repo, 'src', 'lib.ilo'), '^26.8\ndbl x:n>n;*x 2\ntest dbl {ok dbl 2 4}\n');
    fs.writeFileSync(path.join(repo, 'src', 'main.ilo'), tested('dbl y'));
    git('add', '.');
    const blocked = git('commit', '-q', '-m', 'bad');
    assert.notEqual(blocked.status, 0, 'an undefined name blocks the commit');
    assert.match(blocked.out, /src\/main\.ilo:3:\d+ error ILO-T004 'y' is not defined/);

    // Fixed in the index; the working tree goes bad again: the staged text is what counts.
    fs.writeFileSync(path.join(repo, 'src', 'main.ilo'), tested('dbl x'));
    git('add', 'src/main.ilo');
    fs.writeFileSync(path.join(repo, 'src', 'main.ilo'), tested('dbl zzz'));
    const passed = git('commit', '-q', '-m', 'good');
    assert.equal(passed.status, 0, passed.out);

    // A commit without .ilo files does not run the check at all.
    fs.writeFileSync(path.join(repo, 'notes.txt'), 'hello\n');
    git('add', 'notes.txt');
    assert.equal(git('commit', '-q', '-m', 'notes').status, 0);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
