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
import { EXPLANATIONS, EXPLANATIONS_26, explain, explanationText } from '../../server/src/explain';

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
  const r = run(['explain', 't5', 'ilo-p012']);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout, `${explanationText(explain('ILO-T005')!)}\n${explanationText(explain('ILO-P012')!)}`);
});

test('explain gives both meanings of a code that changed at level 26, or the one of --language-version', () => {
  const both = run(['explain', 'P017']);
  assert.equal(both.status, 0, both.stderr);
  assert.equal(both.stdout, `At level 0.11:\n${explanationText(explain('P017', '0.11')!)}\nAt level 26:\n${explanationText(explain('P017', '26')!)}`);
  const at26 = run(['explain', '--language-version', '26', 'P017']);
  assert.equal(at26.stdout, explanationText(explain('P017', '26')!));
  const new26 = run(['explain', 'T043']);
  assert.equal(new26.stdout, explanationText(explain('T043', '26')!));
  assert.equal(run(['explain', '--language-version', '0.11', 'T043']).status, 2, 'T043 does not exist at 0.11');
  assert.equal(run(['explain', '--language-version', '27', 'T005']).status, 2);
});

test('explain --list names every code it explains, at both levels or at one', () => {
  const codes = (args: string[]): string[] => {
    const r = run(['explain', '--list', ...args]);
    assert.equal(r.status, 0);
    return r.stdout.trim().split('\n').map((l) => l.split(/\s+/)[0]);
  };
  const all = codes([]);
  assert.deepEqual(all, [...all].sort());
  for (const e of [...EXPLANATIONS, ...EXPLANATIONS_26]) assert.ok(all.includes(e.code), e.code);
  assert.equal(new Set(all).size, all.length);
  assert.deepEqual(codes(['--language-version', '0.11']), EXPLANATIONS.map((e) => e.code).sort());
  const at26 = codes(['--language-version', '26']);
  assert.ok(at26.includes('ILO-T043') && at26.includes('ILO-T005'));
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
