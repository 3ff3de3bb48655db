// `ilo-ls` argument parsing and help: every command has `--help` and
// `help CMD`, generated from its one description; bad arguments exit 2 with
// one line that names the problem.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { runCli } from '../../server/src/cli';
import { COMMANDS } from '../../server/src/cli/commands';
import { commandHelp, isArgsError, parseCommandArgs, type CommandSpec } from '../../server/src/cli/args';

const root = path.resolve(__dirname, '..', '..');
const cli = path.join(root, 'dist', 'cli.js');

async function run(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runCli(args, { out: (s) => (out += s), err: (s) => (err += s) });
  return { code, out, err };
}

test('every command answers --help, -h and `help CMD` with the same text, naming each of its options', async () => {
  assert.ok(COMMANDS.length >= 8);
  for (const spec of COMMANDS) {
    const long = await run([spec.name, '--help']);
    assert.equal(long.code, 0, `${spec.name} --help: ${long.err}`);
    assert.equal(long.err, '');
    assert.equal((await run([spec.name, '-h'])).out, long.out);
    assert.equal((await run(['help', spec.name])).out, long.out);
    assert.match(long.out, new RegExp(`^usage: ilo-ls ${spec.name}\\b`, 'm'));
    for (const o of spec.options) assert.match(long.out, new RegExp(`--${o.name}\\b`), `${spec.name} --help lacks --${o.name}`);
    // --help wins wherever it is: the user asked how to use the command.
    assert.equal((await run([spec.name, '--no-such-option', '--help'])).out, long.out);
    assert.equal((await run([spec.name, 'x', '--help'])).out, long.out);
    for (const line of long.out.split('\n')) assert.ok(line.length <= 80, `${spec.name} --help: too long: ${line}`);
  }
});

test('the overview lists every command with its summary', async () => {
  const r = await run(['--help']);
  assert.equal(r.code, 0);
  for (const spec of COMMANDS) assert.match(r.out, new RegExp(`^  ${spec.name} +\\S`, 'm'));
  assert.equal((await run(['help'])).out, r.out);
  const bare = await run([]);
  assert.equal(bare.code, 2, 'no command at all is a usage error');
  assert.equal(bare.err, r.out);
});

test('unknown options, missing values, bad choices and stray arguments exit 2 with one line', async () => {
  const cases: Array<[string[], RegExp]> = [
    [['check', '--frobnicate', 'a.ilo'], /^ilo-ls check: unknown option --frobnicate \(see 'ilo-ls check --help'\)\n$/],
    [['check', '-q', 'a.ilo'], /^ilo-ls check: unknown option -q /],
    [['check', '--scope'], /^ilo-ls check: --scope needs a value: file\|workspace /],
    [['check', '--scope', 'galaxy', 'a.ilo'], /^ilo-ls check: --scope must be file or workspace, not 'galaxy' /],
    [['check', '--json=yes', 'a.ilo'], /^ilo-ls check: --json takes no value /],
    [['check'], /^ilo-ls check: no file or folder given /],
    [['export', '-f', 'yaml', 'a.ilo'], /^ilo-ls export: --format must be mcp, openai, openai-chat, anthropic or a2a, not 'yaml' /],
    [['export', '--format', '--force', 'a.ilo'], /^ilo-ls export: --format needs a value/],
    [['fmt', '--style', 'x', 'a.ilo'], /^ilo-ls fmt: --style must be expanded or dense/],
    [['import', 'a.json', 'b.json'], /^ilo-ls import: too many arguments: takes at most 1 JSON file /],
    [['verify', '--config', 'c.json', '--timeout', 'soon'], /^ilo-ls verify: --timeout must be a number greater than 0, not 'soon' /],
    [['verify', '--config', 'c.json', 'extra'], /^ilo-ls verify: unexpected argument 'extra' /],
    [['gate', '--config', 'a.json', '--config', 'b.json'], /^ilo-ls gate: --config was given twice with different values /],
    [['gate', '--readonly'], /^ilo-ls gate: unknown option --readonly /],
    [['frobnicate'], /^ilo-ls: unknown command 'frobnicate' \(commands: check, /],
    [['help', 'frobnicate'], /^ilo-ls: unknown command 'frobnicate'/],
    [['check', '--scope', 'x\u001b[31m'], /not 'x\?\[31m'/],
  ];
  for (const [args, expected] of cases) {
    const r = await run(args);
    assert.equal(r.code, 2, `${args.join(' ')}: ${r.err}`);
    assert.equal(r.out, '', args.join(' '));
    assert.match(r.err, expected, args.join(' '));
    assert.equal(r.err.trimEnd().split('\n').length, 1, `${args.join(' ')}: one line`);
  }
});

test('values may follow as the next argument or after =, short options take theirs too, and -- ends the options', () => {
  const spec: CommandSpec = {
    name: 'demo',
    summary: 'demo',
    usage: ['[options] FILE...'],
    description: [],
    options: [
      { name: 'out', short: 'o', value: 'FILE', help: 'out' },
      { name: 'server', value: 'NAME', multiple: true, help: 'server' },
      { name: 'force', help: 'force' },
    ],
    run: () => 0,
  };
  const p = parseCommandArgs(spec, ['-o', 'a.json', '--server=one', 'x.ilo', '--server', 'two', '--force', '--', '--not-an-option']);
  assert.ok(p !== 'help' && !isArgsError(p));
  assert.equal(p.string('out'), 'a.json');
  assert.deepEqual(p.list('server'), ['one', 'two']);
  assert.equal(p.flag('force'), true);
  assert.deepEqual(p.positionals, ['x.ilo', '--not-an-option']);
  const glued = parseCommandArgs(spec, ['-oout.json']);
  assert.ok(glued !== 'help' && !isArgsError(glued));
  assert.equal(glued.string('out'), 'out.json');
  assert.equal(glued.has('force'), false);
});

test('help is rendered from the description: a new option shows up with its default and choices', () => {
  const spec: CommandSpec = {
    name: 'demo',
    summary: 'a demonstration',
    usage: ['FILE'],
    description: ['One paragraph.'],
    options: [{ name: 'level', choices: ['low', 'high'], defaultValue: 'low', help: 'How high.' }],
    exit: ['0: fine'],
    run: () => 0,
  };
  const help = commandHelp(spec);
  assert.match(help, /^ilo-ls demo: a demonstration\n\nusage: ilo-ls demo FILE\n\nOne paragraph\.\n/);
  assert.match(help, /--level low\|high +How high\. Default: low\./);
  assert.match(help, /-h, --help +Show this help/);
  assert.match(help, /exit status:\n {2}0: fine/);
  for (const line of help.split('\n')) assert.ok(line.length <= 80, `too long: ${line}`);
});

test('the bundled CLI prints per-command help and refuses unknown options the same way', () => {
  const help = spawnSync(process.execPath, [cli, 'gate', '--help'], { encoding: 'utf8' });
  assert.equal(help.status, 0, help.stderr);
  assert.match(help.stdout, /^usage: ilo-ls gate --config CFG/m);
  const bad = spawnSync(process.execPath, [cli, 'check', '--colour', 'x.ilo'], { encoding: 'utf8' });
  assert.equal(bad.status, 2);
  assert.equal(bad.stderr, "ilo-ls check: unknown option --colour (see 'ilo-ls check --help')\n");
});
