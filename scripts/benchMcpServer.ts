// `npm run bench`, `ilo-ls mcp` section: what the server costs a model in
// tokens (o200k_base). Each tool definition as tools/list sends it, and the
// part most hosts put in the model's context (name, description, input
// schema); then a typical `check` answer — an agent's first draft with four
// mistakes, and every corpus example with diagnostics — against what
// `ilo-ls check --json` prints for the same diagnostics.
//   node scripts/run-bundled.mjs scripts/benchMcpServer.ts   (also run by scripts/bench.ts)

import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { isArgsError, parseCommandArgs } from '../server/src/cli/args';
import { findCommand } from '../server/src/cli/commands';
import { setLevelPreference } from '../server/src/cli/level';
import { TOOL_DEFINITIONS } from '../server/src/mcpServer';
import { runCheck } from '../server/src/mcpServer/tools/check';
import { countTokens } from '../server/src/measure/tokenCount';
import { exampleNames, examplesDir } from './corpusReader';
import { launchedAs, repoRoot } from './entry';

const FIRST_DRAFT = `-- Stats over a list of scores.
total xs:L n>n;fld add xs 0
add a:n b:n>n;+a bb
size xs:L n>n;length xs
passed x:b>t;?x{true:"pass"}
best xs:L n>L n;rsrtt xs
`;

const NO_ROOTS = { roots: async () => ({ kind: 'none' as const }) };

interface Costs {
  diagnostics: number;
  text: number;
  structured: number;
  cliJson: number;
  cliJsonCompact: number;
}

/** Our answer and the CLI's JSON for one file, in tokens. */
async function costs(file: string): Promise<Costs> {
  const text = fs.readFileSync(file, 'utf8');
  const answer = await runCheck({ text }, NO_ROOTS);
  // What `ilo-ls check --json FILE` prints (the command itself, run in this process).
  let out = '';
  const check = findCommand('check')!;
  const args = parseCommandArgs(check, ['--json', file]);
  if (args === 'help' || isArgsError(args)) throw new Error('bench: ilo-ls check --json FILE was not accepted');
  await check.run(args, { out: (s) => (out += s), err: () => undefined });
  const records = JSON.parse(out) as unknown[];
  return {
    diagnostics: records.length,
    text: countTokens(answer.text),
    structured: countTokens(JSON.stringify(answer.structured)),
    cliJson: countTokens(out),
    cliJsonCompact: countTokens(JSON.stringify(records)),
  };
}

function add(a: Costs, b: Costs): Costs {
  return {
    diagnostics: a.diagnostics + b.diagnostics,
    text: a.text + b.text,
    structured: a.structured + b.structured,
    cliJson: a.cliJson + b.cliJson,
    cliJsonCompact: a.cliJsonCompact + b.cliJsonCompact,
  };
}

function row(cells: Array<string | number>, widths: number[]): string {
  return `| ${cells.map((c, i) => (typeof c === 'number' ? String(c).padStart(widths[i]) : c.padEnd(widths[i]))).join(' | ')} |`;
}

export async function printMcpServerBench(): Promise<void> {
  // The programs are ilo 0.11.6 programs; both sides read them at that level (not at whatever `ilo` is on PATH).
  setLevelPreference('0.11');
  console.log('\n`ilo-ls mcp`: tokens (o200k_base)\n');
  const w = [10, 16, 20];
  console.log(row(['tool', 'definition', 'name+desc+input'], w));
  console.log(`|${w.map((x) => '-'.repeat(x + 2)).join('|')}|`);
  let full = 0;
  let visible = 0;
  for (const d of TOOL_DEFINITIONS) {
    const f = countTokens(JSON.stringify(d));
    const v = countTokens(JSON.stringify({ name: d.name, description: d.description, inputSchema: d.inputSchema }));
    full += f;
    visible += v;
    console.log(row([d.name, f, v], w));
  }
  console.log(row(['all', full, visible], w));

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilo-mcp-bench-'));
  try {
    const draft = path.join(dir, 'stats.ilo');
    fs.writeFileSync(draft, FIRST_DRAFT);
    const rows: Array<[string, Costs]> = [['first draft (4 mistakes)', await costs(draft)]];
    const corpus = path.join(repoRoot(), '..', 'shared', 'corpus');
    const examples = examplesDir(corpus);
    if (fs.existsSync(examples)) {
      let sum: Costs | undefined;
      let files = 0;
      for (const name of exampleNames(corpus)) {
        const c = await costs(path.join(examples, name));
        if (c.diagnostics === 0) continue;
        files++;
        sum = sum ? add(sum, c) : c;
      }
      if (sum) rows.push([`corpus examples with diagnostics (${files} files)`, sum]);
    }
    console.log('\n`check` answer vs `ilo-ls check --json` for the same diagnostics\n');
    const cw = [46, 11, 9, 10, 14, 16, 11];
    console.log(row(['source', 'diagnostics', 'mcp text', 'mcp struct', 'cli --json', 'cli json, 1 line', 'text / cli'], cw));
    console.log(`|${cw.map((x) => '-'.repeat(x + 2)).join('|')}|`);
    for (const [label, c] of rows) {
      console.log(row([label, c.diagnostics, c.text, c.structured, c.cliJson, c.cliJsonCompact, (c.text / c.cliJson).toFixed(2)], cw));
    }
    console.log('\n(mcp struct also carries each quick fix\'s edits, which the CLI JSON does not.)');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (launchedAs('benchMcpServer')) void printMcpServerBench();
