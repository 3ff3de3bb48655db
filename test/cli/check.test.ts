// `ilo-ls check` as CI uses it: the bundled CLI, real files, exit codes.

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

function tempDir(files: Record<string, string | Buffer>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilo-cli-'));
  for (const [name, content] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), content);
  return dir;
}

test('check --json reports each problem with 1-based positions and exits 1 on errors', () => {
  const dir = tempDir({
    'ok.ilo': 'sq x:n>n;*x x\n',
    'bad.ilo': 'sq x:n>n;*x x\nhalf x:n>n;/x\n',
  });
  const r = run(['check', '--json', 'ok.ilo', 'bad.ilo'], dir);
  assert.equal(r.status, 1, r.stderr);
  const records = JSON.parse(r.stdout) as Array<Record<string, unknown>>;
  assert.equal(records.length, 1);
  const [rec] = records;
  assert.deepEqual(Object.keys(rec).sort(), ['code', 'col', 'endCol', 'endLine', 'file', 'line', 'message', 'severity', 'source']);
  assert.equal(rec.file, 'bad.ilo');
  assert.equal(rec.source, 'ilo');
  assert.equal(rec.severity, 'error');
  assert.equal(rec.line, 2);
  assert.match(String(rec.code), /^ILO-P01[0]$/);
});

test('check exits 0 on clean files and prints nothing in text mode', () => {
  const dir = tempDir({ 'ok.ilo': 'sq x:n>n;*x x\n' });
  const r = run(['check', 'ok.ilo'], dir);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout, '');
});

test('text mode prints file:line:col severity code message', () => {
  const dir = tempDir({ 'bad.ilo': 'f x:n>n;undefined-thing\n' });
  const r = run(['check', 'bad.ilo'], dir);
  assert.equal(r.status, 1);
  assert.match(r.stdout, /^bad\.ilo:1:9 error ILO-T004 .+$/m);
});

test('directories are searched for .ilo files', () => {
  const dir = tempDir({ 'a.ilo': 'f x:n>n;nope\n', 'notes.txt': 'not ilo' });
  const r = run(['check', '--json', '.'], dir);
  const records = JSON.parse(r.stdout) as Array<{ file: string }>;
  assert.deepEqual([...new Set(records.map((x) => path.basename(x.file)))], ['a.ilo']);
});

test('a folder without .ilo files is named, not passed over in silence', () => {
  const dir = tempDir({ 'notes.txt': 'not ilo' });
  fs.mkdirSync(path.join(dir, 'empty'));
  fs.writeFileSync(path.join(dir, 'ok.ilo'), 'sq x:n>n;*x x\n');
  const nothing = run(['check', 'empty'], dir);
  assert.equal(nothing.status, 2, 'nothing was checked');
  assert.match(nothing.stderr, /no ilo file \(\.ilo, \.@\) in empty/);
  assert.match(run(['export', 'empty'], dir).stderr, /no ilo file \(\.ilo, \.@\) in empty/);
  const here = run(['check', '.'], dir);
  assert.equal(here.status, 0);
  assert.doesNotMatch(here.stderr, /no \.ilo file/, 'the current folder holds ok.ilo');
  const some = run(['check', 'empty', 'ok.ilo'], dir);
  assert.equal(some.status, 0, 'the other input was checked and is clean');
  assert.match(some.stderr, /no ilo file \(\.ilo, \.@\) in empty/);
});

test('usage errors exit 2 with a message instead of a stack trace', () => {
  const dir = tempDir({});
  const missing = run(['check', 'nowhere.ilo'], dir);
  assert.equal(missing.status, 2);
  assert.match(missing.stderr, /no such file or directory: nowhere\.ilo/);
  const unknown = run(['frobnicate'], dir);
  assert.equal(unknown.status, 2);
  assert.match(unknown.stderr, /unknown command 'frobnicate'/);
});

test('output piped into a reader that stops early does not crash the CLI', () => {
  const dir = tempDir({ 'many.ilo': 'f x:n>n;nope\n'.repeat(2000) });
  const r = spawnSync('bash', ['-c', `node ${JSON.stringify(cli)} check many.ilo | head -n 1`], { cwd: dir, encoding: 'utf8' });
  assert.equal(r.stderr, '');
  assert.match(r.stdout, /^many\.ilo:1:9 error ILO-T004/);
});

test('a long output into a pipe that is read slowly arrives whole before the program ends', () => {
  const dir = tempDir({ 'many.ilo': 'f x:n>n;nope\n'.repeat(1500) });
  const direct = spawnSync(process.execPath, [cli, 'check', '--format', 'json', 'many.ilo'], { cwd: dir, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  assert.equal(direct.status, 1);
  // The reader waits before reading: the pipe (64 KB) fills, and the writer must wait, not drop the rest.
  const slow = spawnSync('bash', ['-c', `node ${JSON.stringify(cli)} check --format json many.ilo | (sleep 0.5; cat); exit \${PIPESTATUS[0]}`], { cwd: dir, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  assert.equal(slow.status, 1);
  assert.ok(direct.stdout.length > 200_000, 'the output is larger than a pipe holds');
  assert.equal(slow.stdout, direct.stdout);
});

test('hostile input gets diagnostics, never a crash or a hang', () => {
  const garbage = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 131 + 7) % 256));
  const big = 'sq x:n>n;*x x\n'.repeat(Math.ceil((5 * 1024 * 1024) / 14));
  const dir = tempDir({
    'garbage.ilo': garbage,
    'quote.ilo': '"',
    'deep.ilo': `f>n;${'('.repeat(10_000)}1${')'.repeat(10_000)}\n`,
    'unclosed.ilo': `f>n;${'['.repeat(10_000)}\n`,
    'big.ilo': big,
  });
  // Binary data is recognised as such: one diagnostic, the file is not lexed.
  const bin = run(['check', '--json', 'garbage.ilo'], dir);
  assert.equal(bin.status, 1, bin.stderr);
  assert.deepEqual((JSON.parse(bin.stdout) as Array<{ code: string }>).map((x) => x.code), ['binary-file']);
  for (const name of ['quote.ilo', 'deep.ilo', 'unclosed.ilo']) {
    const r = run(['check', '--json', name], dir);
    assert.equal(r.status, 1, `${name}: ${r.stderr}`);
    const records = JSON.parse(r.stdout) as Array<{ code: string; severity: string }>;
    assert.ok(records.length > 0 && records.every((x) => /^ILO-[LPT]\d{3}$/.test(x.code)), `${name}: ${r.stdout.slice(0, 300)}`);
  }
  // A 5 MB file is answered promptly with a clear message that it is too large to analyse.
  const r = run(['check', '--json', 'big.ilo'], dir);
  assert.equal(r.status, 0, r.stderr);
  const [tooLarge] = JSON.parse(r.stdout) as Array<{ code: string; message: string; line: number }>;
  assert.equal(tooLarge.code, 'file-too-large');
  assert.match(tooLarge.message, /not analysed/);
});

test('--reference-compat reports calls to a declaration that failed to parse, as the ilo CLI does', () => {
  const dir = tempDir({ 'broken.ilo': 'half x:n>n;)\n\ntwice y:n>n;*2 half y\n' });
  const codes = (args: string[]): string[] => {
    const r = run(['check', '--json', ...args, 'broken.ilo'], dir);
    assert.equal(r.status, 1, r.stderr);
    return (JSON.parse(r.stdout) as Array<{ code: string; line: number }>).map((x) => `${x.code}@${x.line}`);
  };
  // Level 0.11. The editor's default keeps the broken function's header: only the parse error.
  const plain = codes(['--language-version', '0.11']);
  assert.equal(plain.length, 1);
  assert.match(plain[0], /^ILO-P\d+@1$/);
  // Compat mode: the call in `twice` names an undefined function too.
  assert.deepEqual(codes(['--language-version', '0.11', '--reference-compat']), [plain[0], 'ILO-T005@3']);
  // Level 26: as ilo 26 does, the calls of the broken function collapse into one ILO-T005 at it.
  assert.deepEqual(codes(['--language-version', '26']).sort(), ['ILO-T005@1', plain[0]].sort());
});

test('check --strict fails on warnings too, printing the same diagnostics', () => {
  // A bare `fmt` whose text is thrown away is a warning (ILO-T032), not an error.
  const dir = tempDir({ 'warn.ilo': 'f x:n>n;fmt "{}" x;x\n', 'ok.ilo': 'sq x:n>n;*x x\n' });
  const at011 = ['--language-version', '0.11'];
  const plain = run(['check', ...at011, 'warn.ilo'], dir);
  assert.equal(plain.status, 0, plain.stderr);
  assert.match(plain.stdout, /warning ILO-T032/);
  const strict = run(['check', ...at011, '--strict', 'warn.ilo'], dir);
  assert.equal(strict.status, 1);
  assert.equal(strict.stdout, plain.stdout);
  assert.equal(run(['check', ...at011, '--strict', 'ok.ilo'], dir).status, 0);
  // Level 26: --strict also names the functions without a test block (ILO-W020), as ilo check --strict does.
  const strict26 = run(['check', '--language-version', '26', '--strict', 'ok.ilo'], dir);
  assert.equal(strict26.status, 1);
  assert.match(strict26.stdout, /warning ILO-W020 'sq' has no test block/);
  assert.equal(run(['check', '--language-version', '26', 'ok.ilo'], dir).status, 0);
});
