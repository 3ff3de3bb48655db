// `ilo-ls check` in CI (the bundled CLI): SARIF 2.1.0 validated against the
// OASIS schema, GitHub workflow annotations, the fail severity, inline
// suppressions and the baseline file.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import Ajv from 'ajv-draft-04';
import { explain, explanationMarkdown } from '../../server/src/explain';

const root = path.resolve(__dirname, '..', '..');
const cli = path.join(root, 'dist', 'cli.js');

/** The SARIF 2.1.0 JSON schema (draft-04), as the SARIF SDK's own matchers package ships it. */
const SARIF_SCHEMA = require.resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json');

function run(args: string[], cwd: string): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [cli, ...args], { cwd, encoding: 'utf8', timeout: 60_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

function tempDir(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilo-ci-'));
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), content);
  }
  return dir;
}

/** A read and a write that take the same input (same-schema warnings), a reference error and a hint. */
const SQL = [
  '-- @behavior PURE READ DATA',
  'tool query"Run a read-only SQL query" sql:t>R t t',
  '-- @behavior MUTATES UPDATE ACK',
  'tool execute"Run a SQL statement that changes data" sql:t>R t t',
].join('\n');
const BROKEN = 'f x:n>n;+x y\nsize xs:L n>n;length xs\n';

interface SarifResult {
  ruleId: string;
  ruleIndex: number;
  level: string;
  message: { text: string };
  locations: Array<{ physicalLocation: { artifactLocation: { uri: string; uriBaseId?: string }; region: { startLine: number; startColumn: number } } }>;
  partialFingerprints: Record<string, string>;
  suppressions?: Array<{ kind: string; justification: string }>;
}
interface SarifLog {
  runs: Array<{ tool: { driver: { name: string; rules: Array<{ id: string; help: { markdown: string }; properties: { tags: string[] } }> } }; results: SarifResult[] }>;
}

function validSarif(text: string): SarifLog {
  // unicodeRegExp off: one pattern of the published schema (a language tag) is not valid with the `u` flag.
  const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
  const validate = ajv.compile(JSON.parse(fs.readFileSync(SARIF_SCHEMA, 'utf8')) as object);
  const log = JSON.parse(text) as SarifLog;
  assert.ok(validate(log), JSON.stringify(validate.errors, null, 2));
  return log;
}

test('--format sarif is a valid SARIF 2.1.0 log: rules with our explanations, levels, locations, fingerprints', () => {
  const dir = tempDir({ 'src/sql.ilo': SQL, 'src/my file.ilo': BROKEN });
  const r = run(['check', '--format', 'sarif', 'src'], dir);
  assert.equal(r.status, 1, r.stderr);
  const log = validSarif(r.stdout);
  const [run0] = log.runs;
  assert.equal(run0.tool.driver.name, 'ilo-ls');
  const byRule = new Map(run0.tool.driver.rules.map((rule, i) => [rule.id, { rule, i }]));
  assert.deepEqual([...byRule.keys()].sort(), ['ILO-T004', 'long-form-alias', 'same-schema']);
  assert.equal(byRule.get('same-schema')!.rule.help.markdown, explanationMarkdown(explain('same-schema')!));
  assert.equal(byRule.get('ILO-T004')!.rule.help.markdown, explanationMarkdown(explain('ILO-T004')!));
  assert.ok(byRule.get('same-schema')!.rule.properties.tags.includes('security'));
  const levels = run0.results.map((x) => `${x.ruleId} ${x.level} ${x.locations[0].physicalLocation.artifactLocation.uri}:${x.locations[0].physicalLocation.region.startLine}`);
  assert.deepEqual(levels.sort(), ['ILO-T004 error src/my%20file.ilo:1', 'long-form-alias note src/my%20file.ilo:2', 'same-schema warning src/sql.ilo:2', 'same-schema warning src/sql.ilo:4']);
  for (const x of run0.results) {
    assert.equal(run0.tool.driver.rules[x.ruleIndex].id, x.ruleId);
    assert.equal(x.locations[0].physicalLocation.artifactLocation.uriBaseId, '%SRCROOT%');
    assert.match(x.partialFingerprints['iloFinding/v1'], /^[0-9a-f]{16}:\d+$/);
  }
});

test('SARIF fingerprints survive lines added above a finding; suppressed findings are included as suppressed', () => {
  const dir = tempDir({ 'sql.ilo': SQL });
  const before = validSarif(run(['check', '--format', 'sarif', 'sql.ilo'], dir).stdout).runs[0].results;
  fs.writeFileSync(path.join(dir, 'sql.ilo'), `-- a comment\n\nhelper x:n>n;+x 1\n${SQL.replace('sql:t>R t t\n-- @behavior MUTATES', 'sql:t>R t t -- ilo-ignore same-schema execute needs an admin token\n-- @behavior MUTATES')}`);
  const after = validSarif(run(['check', '--format', 'sarif', 'sql.ilo'], dir).stdout).runs[0].results;
  assert.deepEqual(
    after.map((x) => x.partialFingerprints['iloFinding/v1']).sort(),
    before.map((x) => x.partialFingerprints['iloFinding/v1']).sort(),
    'the same two findings, three lines further down',
  );
  const suppressed = after.filter((x) => x.suppressions);
  assert.equal(suppressed.length, 1);
  assert.deepEqual(suppressed[0].suppressions, [{ kind: 'inSource', status: 'accepted', justification: 'execute needs an admin token' }]);
});

test('--format github prints one workflow command per finding, escaped, notices for information, no hints', () => {
  const dir = tempDir({ 'a,b.ilo': BROKEN, 'sql.ilo': SQL });
  const r = run(['check', '--format', 'github', '.'], dir);
  assert.equal(r.status, 1);
  const lines = r.stdout.trimEnd().split('\n');
  assert.deepEqual(lines.map((l) => l.slice(0, l.indexOf(' '))), ['::error', '::warning', '::warning']);
  assert.match(lines[0], /^::error file=a%2Cb\.ilo,line=1,col=12,endLine=1,endColumn=13,title=ILO-T004 \(ilo\)::'y' is not defined/);
  assert.match(lines[1], /^::warning file=sql\.ilo,line=2,col=6,.*title=same-schema \(ilo-contracts\)::`query`/);
  const multiline = run(['check', '--format', 'github', 'x.ilo'], tempDir({ 'x.ilo': 'f>n;"a\n' }));
  for (const l of multiline.stdout.trimEnd().split('\n')) assert.match(l, /^::(error|warning|notice) file=x\.ilo,line=\d+/);
});

test('--fail-severity and --strict decide the exit status; --json and --format json agree', () => {
  const dir = tempDir({ 'sql.ilo': SQL, 'info.ilo': 'tool get-day"Get the forecast of one day" d:t>R t t' });
  assert.equal(run(['check', 'sql.ilo'], dir).status, 0, 'warnings do not fail by default');
  assert.equal(run(['check', '--strict', 'sql.ilo'], dir).status, 1);
  assert.equal(run(['check', '--fail-severity', 'warning', 'sql.ilo'], dir).status, 1);
  assert.equal(run(['check', '--fail-severity', 'warning', 'info.ilo'], dir).status, 0, 'one-letter-param is information');
  assert.equal(run(['check', '--fail-severity', 'info', 'info.ilo'], dir).status, 1);
  assert.equal(run(['check', '--fail-severity', 'fatal', 'info.ilo'], dir).status, 2);
  assert.equal(run(['check', '--json', 'sql.ilo'], dir).stdout, run(['check', '--format', 'json', 'sql.ilo'], dir).stdout);
  const both = run(['check', '--json', '--format', 'sarif', 'sql.ilo'], dir);
  assert.equal(both.status, 2);
  assert.match(both.stderr, /--json and --format cannot be combined/);
});

test('inline ilo-ignore: silences with a reason, reports a missing reason and suppressions that match nothing, never a language error', () => {
  const text = [
    '-- ilo-ignore same-schema the read and the write go to different databases',
    '-- @behavior PURE READ DATA',
    'tool query"Run a read-only SQL query" sql:t>R t t',
    '-- @behavior MUTATES UPDATE ACK',
    'tool execute"Run a SQL statement that changes data" sql:t>R t t -- ilo-ignore same-schema',
    '-- ilo-ignore effect-gate,near-schema nothing to see',
    'f x:n>n;+x y -- ilo-ignore t4 hiding an error',
  ].join('\n');
  const dir = tempDir({ 'a.ilo': text });
  const r = run(['check', '--json', 'a.ilo'], dir);
  assert.equal(r.status, 1);
  const got = (JSON.parse(r.stdout) as Array<{ line: number; code: string; message: string }>).map((x) => `${x.line} ${x.code}`);
  assert.deepEqual(got, ['5 same-schema', '5 suppression-without-reason', '6 unused-suppression', '6 unused-suppression', '7 ILO-T004', '7 unused-suppression']);
  const text2 = run(['check', 'a.ilo'], dir);
  assert.match(text2.stderr, /1 finding suppressed \(1 by ilo-ignore comments\)/);
  assert.match(text2.stdout, /a\.ilo:7:\d+ warning unused-suppression `ILO-T004` is an error of the language/);
});

test('the baseline: --update-baseline writes it, only new findings are reported, stale entries are named', () => {
  const dir = tempDir({ 'sql.ilo': SQL, 'other.ilo': 'tool get-day"Get the forecast of one day" day:t>R t t' });
  const missing = run(['check', '--baseline', 'base.json', 'sql.ilo'], dir);
  assert.equal(missing.status, 2);
  assert.equal(missing.stderr, 'ilo-ls check: base.json: no such file\n');
  assert.equal(run(['check', '--update-baseline', 'sql.ilo'], dir).status, 2, '--update-baseline needs --baseline');

  const made = run(['check', '--strict', '--baseline', 'base.json', '--update-baseline', '.'], dir);
  assert.equal(made.status, 0, made.stdout + made.stderr);
  assert.match(made.stderr, /wrote base\.json: 2 findings of the checked files/);
  const baseline = JSON.parse(fs.readFileSync(path.join(dir, 'base.json'), 'utf8')) as { version: number; findings: Array<Record<string, unknown>> };
  assert.equal(baseline.version, 1);
  assert.deepEqual(baseline.findings.map((f) => `${f.file} ${f.line} ${f.code}`), ['sql.ilo 2 same-schema', 'sql.ilo 4 same-schema']);

  // Clean against the baseline; a new finding is reported alone.
  assert.equal(run(['check', '--strict', '--baseline', 'base.json', '.'], dir).status, 0);
  fs.appendFileSync(path.join(dir, 'other.ilo'), '\ntool get-week"Get the forecast of a week" day:t>R t t');
  const fresh = run(['check', '--strict', '--json', '--baseline', 'base.json', '.'], dir);
  assert.equal(fresh.status, 1);
  assert.deepEqual((JSON.parse(fresh.stdout) as Array<{ file: string; code: string }>).map((x) => `${x.file} ${x.code}`), ['other.ilo same-behavior', 'other.ilo same-behavior']);

  // A reason written into the baseline by hand is kept by the next update.
  baseline.findings[0].reason = 'known; tracked in the backlog';
  fs.writeFileSync(path.join(dir, 'base.json'), JSON.stringify(baseline));
  run(['check', '--baseline', 'base.json', '--update-baseline', 'sql.ilo'], dir);
  const kept = JSON.parse(fs.readFileSync(path.join(dir, 'base.json'), 'utf8')) as { findings: Array<Record<string, unknown>> };
  assert.equal(kept.findings.find((f) => f.line === 2)?.reason, 'known; tracked in the backlog');

  // Fixed findings leave entries that match nothing: named, with how to drop them.
  fs.writeFileSync(path.join(dir, 'sql.ilo'), SQL.replace('sql:t>R t t\n-- @behavior MUTATES', 'query:t>R t t\n-- @behavior MUTATES'));
  const stale = run(['check', '--baseline', 'base.json', 'sql.ilo'], dir);
  assert.equal(stale.status, 0, 'unused entries are warnings');
  assert.match(stale.stdout, /^sql\.ilo:2:1 warning unused-suppression the baseline base\.json holds a `same-schema` finding at line 2 that is no longer reported/m);
  // A removed file's entries are named on the baseline itself.
  fs.rmSync(path.join(dir, 'sql.ilo'));
  const gone = run(['check', '--baseline', 'base.json', 'other.ilo'], dir);
  assert.match(gone.stdout, /^base\.json:1:1 warning unused-suppression the baseline holds a `same-schema` finding for sql\.ilo, which does not exist/m);
});

test('a baseline that is not one is never overwritten, and says what is wrong in one line', () => {
  const dir = tempDir({ 'sql.ilo': SQL, 'notes.json': '{"todo": ["write the baseline"]}', 'bin.json': '\u0000\u0001\u0002PK' });
  for (const [file, why] of [
    ['notes.json', /^ilo-ls check: notes\.json: not a baseline file: "findings" must be an array\n$/],
    ['bin.json', /^ilo-ls check: bin\.json: not a baseline file: not valid JSON: unexpected U\+0000 where a value was expected \(line 1, column 1\)\n$/],
  ] as const) {
    const before = fs.readFileSync(path.join(dir, file));
    const r = run(['check', '--baseline', file, '--update-baseline', 'sql.ilo'], dir);
    assert.equal(r.status, 2);
    assert.match(r.stderr, why);
    assert.deepEqual(fs.readFileSync(path.join(dir, file)), before, `${file} is left as it was`);
  }
  fs.mkdirSync(path.join(dir, 'folder.json'));
  assert.match(run(['check', '--baseline', 'folder.json', 'sql.ilo'], dir).stderr, /folder\.json: it is a folder, not a file/);
});
