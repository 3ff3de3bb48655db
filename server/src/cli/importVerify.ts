// `ilo-ls import FILE|--config CFG --server N [-o OUT.ilo] [--force]` (FILE: MCP tools or an A2A agent card)
// `ilo-ls verify --config CFG [--lock PATH]`

import * as fs from 'node:fs';
import * as path from 'node:path';
import { LOCK_FILE_NAME } from '../contracts';
import { mcpConfigProblem, planImport, serverNameFor, verifyAgainstServers, type ImportSource } from '../service/importWorkflow';
import { formatRecord, toRecords } from './check';
import { runCardImport } from './importCard';
import { readProblem, readTextFile } from '../textFiles';
import { binaryContent } from '../syntax/binaryText';
import type { CliIo } from './io';
import type { ParsedArgs } from './args';

function exists(p: string): boolean {
  return fs.existsSync(p);
}

export async function runImport(p: ParsedArgs, io: CliIo): Promise<number> {
  const config = p.string('config');
  const server = p.string('server');
  const out = p.string('out');
  const force = p.flag('force');
  const timeout = p.string('timeout');
  const timeoutMs = timeout === undefined ? undefined : Number(timeout) * 1000;
  let source: ImportSource;
  if (config) {
    if (!server) {
      io.err('ilo-ls import: --config needs --server NAME (which server to list)\n');
      return 2;
    }
    const problem = mcpConfigProblem(config);
    if (problem) {
      io.err(`ilo-ls import: ${problem}\n`);
      return 2;
    }
    source = { kind: 'config', configPath: config, server, timeoutMs };
  } else {
    if (p.positionals.length !== 1) {
      io.err('ilo-ls import: give one JSON file (a tools/list result, an array of tools or an A2A agent card), or --config CFG --server N\n');
      return 2;
    }
    const file = p.positionals[0];
    const read = readTextFile(file);
    if ('problem' in read) {
      io.err(`ilo-ls import: cannot read ${file}: ${read.problem}\n`);
      return 2;
    }
    const text = read.text;
    if (binaryContent(text)) {
      io.err(`ilo-ls import: ${file} looks like a binary file, not JSON (a tools/list result, an array of tools or an A2A agent card)\n`);
      return 2;
    }
    const card = runCardImport(text, out, force, io);
    if (card !== undefined) return card;
    source = { kind: 'text', text, server: server ?? serverNameFor(file) };
  }

  let plan;
  try {
    plan = await planImport(source, out);
  } catch (err) {
    io.err(`ilo-ls import: ${(err as Error).message}\n`);
    return 1;
  }
  const { result } = plan;
  const syntax = result.problems.find((problem) => problem.syntax !== undefined)?.syntax;
  if (syntax && source.kind === 'text') {
    // One line, like a compiler: where the file goes wrong and why.
    io.err(`ilo-ls import: ${p.positionals[0]}:${syntax.line}:${syntax.col}: not valid JSON: ${syntax.reason}\n`);
    return 1;
  }
  for (const problem of result.problems) io.err(`${problem.severity}: ${problem.path ? `${problem.path}: ` : ''}${problem.message}\n`);
  for (const finding of result.lint) io.err(`lint ${finding.code}: ${finding.toolName} (${finding.path}): ${finding.message}\n`);
  if (result.tools.length === 0) {
    io.err('ilo-ls import: no usable tools in the input\n');
    return 1;
  }
  if (!out) {
    io.out(result.source);
  } else {
    const existing = exists(out) ? readTextFile(out) : undefined;
    if (existing && 'problem' in existing) {
      io.err(`ilo-ls import: cannot write ${out}: ${existing.problem}\n`);
      return 2;
    }
    if (existing && existing.text !== result.source && !force) {
      io.err(`ilo-ls import: ${out} exists and differs; not overwriting it (use --force to replace it)\n`);
      return 1;
    }
    if (plan.replacesPins && !force) {
      const c = plan.lockChange!;
      io.err(
        `ilo-ls import: this would replace pins of \`${plan.server}\` in ${plan.lockPath} (changed: ${c.changed.join(', ') || 'none'}; removed: ${c.removed.join(', ') || 'none'}); use --force to accept\n`,
      );
      return 1;
    }
    for (const problem of plan.lockProblems) io.err(`lock: ${problem}\n`);
    try {
      fs.writeFileSync(out, result.source);
    } catch (err) {
      io.err(`ilo-ls import: cannot write ${out}: ${readProblem(err)}\n`);
      return 2;
    }
    try {
      if (plan.lockPath && plan.lockText) fs.writeFileSync(plan.lockPath, plan.lockText);
    } catch (err) {
      io.err(`ilo-ls import: wrote ${out} but cannot write the lock ${plan.lockPath}: ${readProblem(err)}\n`);
      return 2;
    }
  }
  const statuses = result.tools.reduce<Record<string, number>>((acc, t) => ({ ...acc, [t.status]: (acc[t.status] ?? 0) + 1 }), {});
  const summary = Object.entries(statuses).map(([k, v]) => `${v} ${k}`).join(', ');
  io.err(`Imported ${result.tools.length} tool${result.tools.length === 1 ? '' : 's'} from \`${plan.server}\` (${summary})${out ? ` into ${out}; pinned in ${plan.lockPath}` : ''}.\n`);
  return 0;
}

export async function runVerify(p: ParsedArgs, io: CliIo): Promise<number> {
  const config = p.string('config');
  if (!config) {
    io.err('ilo-ls verify: --config CFG is required (the MCP config naming the servers)\n');
    return 2;
  }
  const lock = p.string('lock') ?? path.join(process.cwd(), LOCK_FILE_NAME);
  const timeout = p.string('timeout');
  const timeoutMs = timeout === undefined ? undefined : Number(timeout) * 1000;
  let outcome;
  try {
    outcome = await verifyAgainstServers(lock, config, timeoutMs);
  } catch (err) {
    io.err(`ilo-ls verify: ${(err as Error).message}\n`);
    return 2;
  }
  const records = [...outcome.byFile].flatMap(([file, diags]) => toRecords(path.relative(process.cwd(), file) || file, outcome.texts.get(file) ?? '', diags));
  if (p.flag('json')) io.out(`${JSON.stringify(records, null, 2)}\n`);
  else for (const r of records) io.out(`${formatRecord(r)}\n`);
  for (const u of outcome.unplaced) io.err(`drift without a declaration to show it on: ${u}\n`);
  for (const m of outcome.missingDeclarations) io.err(`missing declaration: ${m}\n`);
  for (const f of outcome.failures) io.err(`not checked: ${f.message}\n`);
  for (const n of outcome.notConfigured) io.err(`not checked: server \`${n}\` is pinned but not in ${config}\n`);
  const problems = outcome.unplaced.length + outcome.missingDeclarations.length;
  io.err(
    `Checked ${outcome.checked.length} server${outcome.checked.length === 1 ? '' : 's'}: ${records.length} finding${records.length === 1 ? '' : 's'}` +
      (problems > 0 ? `; ${problems} pin${problems === 1 ? '' : 's'} without a declaration (re-import, or fix the lock's "file")` : '') +
      '.\n',
  );
  const failed = records.some((r) => r.severity === 'error') || outcome.failures.length > 0 || problems > 0;
  return failed ? 1 : 0;
}
