// `ilo-ls import agent-card.json [-o OUT.ilo [--force]]`: an A2A agent card
// becomes one commented tool stub per skill (interop/a2aImport.ts). Nothing is
// pinned: a skill has no schema to pin.

import * as fs from 'node:fs';
import { importAgentCard, isAgentCard } from '../interop/a2aImport';
import type { CliIo } from './io';

/** Handles the import when `text` is an agent card; undefined when it is not one (MCP tools go on as before). */
export function runCardImport(text: string, out: string | undefined, force: boolean, io: CliIo): number | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined; // the MCP importer reports the syntax error
  }
  if (!isAgentCard(value)) return undefined;
  const result = importAgentCard(value);
  for (const problem of result.problems) io.err(`warning: ${problem}\n`);
  if (result.stubs.length === 0) {
    io.err('ilo-ls import: no usable skills in the agent card\n');
    return 1;
  }
  if (!out) {
    io.out(result.source);
  } else {
    let existing: string | undefined;
    try {
      existing = fs.readFileSync(out, 'utf8');
    } catch {
      existing = undefined;
    }
    if (existing !== undefined && existing !== result.source && !force) {
      io.err(`ilo-ls import: ${out} exists and differs; not overwriting it (use --force to replace it)\n`);
      return 1;
    }
    try {
      fs.writeFileSync(out, result.source);
    } catch (err) {
      io.err(`ilo-ls import: cannot write ${out}: ${(err as Error).message}\n`);
      return 2;
    }
  }
  const n = result.stubs.length;
  io.err(
    `Imported ${n} skill${n === 1 ? '' : 's'} of the A2A agent \`${result.agent}\` as tool stubs${out ? ` into ${out}` : ''}; A2A skills carry no input schema: complete each stub's parameters and return type.\n`,
  );
  return 0;
}
