// Bad input to every command: one line on stderr naming the file and what is
// wrong, the documented exit status, never raw bytes of the input, never a
// stack trace; and our own codes are explained like the reference's.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const root = path.resolve(__dirname, '..', '..');
const cli = path.join(root, 'dist', 'cli.js');

/** Bytes that look like an executable: NULs, control characters, invalid UTF-8. */
const BINARY = Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, ...Array.from({ length: 3000 }, (_, i) => (i * 37 + 11) % 256)]);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilo-bad-'));
fs.writeFileSync(path.join(dir, 'bin.ilo'), BINARY);
fs.writeFileSync(path.join(dir, 'bin.json'), BINARY);
fs.writeFileSync(path.join(dir, 'broken.ilo'), 'tool ping"Check that a host answers" host:t>R t t\nf x:n>n;+ (\n');
fs.writeFileSync(path.join(dir, 'ok.ilo'), 'tool ping"Check that a host answers" host:t>R t t\n');
fs.writeFileSync(path.join(dir, 'quoted.json'), "{'mcpServers': {}}");
fs.writeFileSync(path.join(dir, 'noservers.json'), '{"mcpServers": {}}');
fs.mkdirSync(path.join(dir, 'folder.json'));

function run(args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [cli, ...args], { cwd: dir, encoding: 'utf8', timeout: 60_000, input: '' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** One line, nothing from the input's bytes, no stack. */
function oneCleanLine(stderr: string, what: string): void {
  assert.equal(stderr.split('\n').filter(Boolean).length, 1, `${what}: ${stderr}`);
  // eslint-disable-next-line no-control-regex
  assert.doesNotMatch(stderr, /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\ufffd]/, `${what}: raw bytes in ${JSON.stringify(stderr)}`);
  assert.doesNotMatch(stderr, /\n\s+at |internal error|ENOENT|EISDIR/, what);
}

const cases: Array<{ args: string[]; status: number; says: RegExp }> = [
  { args: ['contracts', 'bin.ilo'], status: 2, says: /^ilo-ls contracts: bin\.ilo: this looks like a binary file, not ilo source/ },
  { args: ['export', 'bin.ilo'], status: 2, says: /^ilo-ls export: bin\.ilo: this looks like a binary file/ },
  { args: ['import', 'missing.json'], status: 2, says: /^ilo-ls import: cannot read missing\.json: no such file$/m },
  { args: ['import', 'folder.json'], status: 2, says: /^ilo-ls import: cannot read folder\.json: it is a folder, not a file$/m },
  { args: ['import', 'bin.json'], status: 2, says: /^ilo-ls import: bin\.json looks like a binary file, not JSON/ },
  { args: ['import', '--config', 'bin.json', '--server', 'x'], status: 2, says: /^ilo-ls import: bin\.json is not valid JSON: it looks like a binary file/ },
  { args: ['import', '--config', 'missing.json', '--server', 'x'], status: 2, says: /^ilo-ls import: cannot read the MCP config missing\.json: no such file$/m },
  { args: ['gate', '--config', 'bin.json'], status: 2, says: /^ilo-ls gate: bin\.json is not valid JSON: it looks like a binary file/ },
  { args: ['gate', '--config', 'bin.json', '--server', 'x'], status: 2, says: /^ilo-ls gate: bin\.json is not valid JSON/ },
  { args: ['gate', '--config', 'quoted.json'], status: 2, says: /^ilo-ls gate: quoted\.json is not valid JSON: expected a property name in double quotes but found `'` \(line 1, column 2\)$/m },
  { args: ['gate', '--config', 'folder.json'], status: 2, says: /^ilo-ls gate: cannot read the MCP config folder\.json: it is a folder, not a file$/m },
  { args: ['verify', '--config', 'missing.json'], status: 2, says: /^ilo-ls verify: cannot read the MCP config missing\.json: no such file$/m },
  { args: ['verify', '--config', 'bin.json'], status: 2, says: /^ilo-ls verify: bin\.json is not valid JSON: it looks like a binary file/ },
  { args: ['verify', '--config', 'noservers.json'], status: 2, says: /^ilo-ls verify: cannot read the lock file .*ilo-tools\.lock\.json: no such file \(it is written by `import -o`; name another with --lock\)$/m },
  { args: ['verify', '--config', 'noservers.json', '--lock', 'bin.json'], status: 2, says: /^ilo-ls verify: bin\.json: ilo-tools\.lock\.json is not valid JSON: it looks like a binary file/ },
  { args: ['check', '--baseline', 'bin.json', 'ok.ilo'], status: 2, says: /^ilo-ls check: bin\.json: not a baseline file: not valid JSON: it looks like a binary file/ },
  { args: ['explain', 'no-such-code'], status: 2, says: /^ilo-ls explain: no explanation for 'no-such-code'/ },
];

for (const c of cases) {
  test(`ilo-ls ${c.args.join(' ')}: exit ${c.status}, one clean line`, () => {
    const r = run(c.args);
    assert.equal(r.status, c.status, r.stderr);
    assert.match(r.stderr, c.says);
    oneCleanLine(r.stderr, c.args.join(' '));
  });
}

test('contracts on a file with syntax errors lists what parses and says so on stderr', () => {
  const r = run(['contracts', 'broken.ilo']);
  assert.equal(r.status, 0);
  assert.match(r.stdout, /^broken\.ilo {2}ping {2}wire=ping /);
  assert.match(r.stderr, /^ilo-ls contracts: broken\.ilo has 1 error \(the first at 2:11: ILO-P010 .*\); only what parses is listed\n$/);
});

test('explain knows our own codes as well as the reference codes', () => {
  for (const code of ['same-schema', 'effect-gate', 'instructs-model', 'unused-suppression', 'long-form-alias', 'binary-file']) {
    const r = run(['explain', code]);
    assert.equal(r.status, 0, `${code}: ${r.stderr}`);
    assert.match(r.stdout, new RegExp(`^${code}: `));
    assert.match(r.stdout, /\nfix: /);
  }
  const list = run(['explain', '--list']).stdout;
  assert.match(list, /^ILO-T005 {2}/m);
  assert.match(list, /^same-schema {2}tools that take the same input$/m);
});
