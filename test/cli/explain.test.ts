// `ilo-ls explain` (the bundled CLI): the explanation the editor shows on a
// diagnostic, as text. And the tokenizer the long-description lint counts
// with is loaded by `ilo-ls check` only when a description is long enough to
// need it.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { EXPLANATIONS, explain, explanationText } from '../../server/src/explain';

const root = path.resolve(__dirname, '..', '..');
const cli = path.join(root, 'dist', 'cli.js');

function run(args: string[], env: NodeJS.ProcessEnv = {}): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', timeout: 60_000, env: { ...process.env, ...env } });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

test('explain prints what the hover says: meaning, wrong and right examples, fix', () => {
  const r = run(['explain', 'ILO-T005']);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout, explanationText(explain('ILO-T005')!));
  assert.match(r.stdout, /^ILO-T005: /);
  assert.match(r.stdout, /\nwrong:\n {4}f x:n>n;dbl x\n/);
  assert.match(r.stdout, /\nfix: /);
});

test('explain takes short spellings and several codes', () => {
  const r = run(['explain', 't5', 'ilo-p011']);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout, `${explanationText(explain('ILO-T005')!)}\n${explanationText(explain('ILO-P011')!)}`);
});

test('explain --list names every code it explains', () => {
  const r = run(['explain', '--list']);
  assert.equal(r.status, 0);
  const listed = r.stdout.trim().split('\n').map((l) => l.split(/\s+/)[0]);
  assert.deepEqual(listed, EXPLANATIONS.map((e) => e.code));
});

test('explain with an unknown code or none exits 2 and says why', () => {
  const unknown = run(['explain', 'ILO-T999']);
  assert.equal(unknown.status, 2);
  assert.match(unknown.stderr, /no explanation for 'ILO-T999'/);
  const none = run(['explain']);
  assert.equal(none.status, 2);
  assert.match(none.stderr, /name a code/);
  assert.equal(run(['explain', '--bogus']).status, 2);
});

test('check loads the tokenizer only for a description long enough to need counting', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilo-cli-'));
  try {
    const short = path.join(dir, 'short.ilo');
    fs.writeFileSync(short, 'tool find"Find a customer by their id" cid:t>R t t\n');
    const sentence = 'Searches the product catalogue by name, category and price range, returning matching products. ';
    const description = sentence.repeat(20).trim();
    const long = path.join(dir, 'long.ilo');
    fs.writeFileSync(long, `tool search"${description}" query:t>t\n`);

    const loads = (file: string): { loaded: boolean; stdout: string } => {
      const r = run(['check', file], { NODE_DEBUG: 'module' });
      return { loaded: /Module\._load REQUEST \S*tokenizer\.js/.test(r.stderr), stdout: r.stdout };
    };
    assert.equal(loads(short).loaded, false, 'a short description needs no tokenizer');
    const l = loads(long);
    assert.equal(l.loaded, true);
    assert.match(l.stdout, new RegExp(`long-description the description is ${countTokens(description)} tokens \\(o200k_base; ${description.length} characters\\)`));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
