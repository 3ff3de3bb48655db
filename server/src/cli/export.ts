// `ilo-ls export --format mcp|openai|openai-chat|anthropic|a2a [--base-url URL] [-o OUT] [--force] FILE...`

import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Decl, Program, ToolDecl } from '../syntax/ast';
import type { FileAnalysis } from '../service/analysis';
import { describeErrors, describeExport, exportTools, type ExportFormat } from '../service/exports';
import { contractExtender } from '../contracts';
import { checkBaseUrl } from '../interop/a2aCard';
import { analyzeGivenFiles } from './analyzeFiles';
import type { CliIo } from './io';
import type { ParsedArgs } from './args';

/**
 * Declarations of several files, each once: a file given on the command line
 * and also reached through another's `use` contributes its tools once.
 */
export function mergedDecls(analyses: readonly FileAnalysis[]): Decl[] {
  const seen = new Set<string>();
  const out: Decl[] = [];
  const add = (decl: Decl, file: string | undefined): void => {
    const key = `${file ?? '?'}:${decl.start}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push(decl);
  };
  for (const a of analyses) for (const d of a.program.decls) add(d, a.path);
  for (const a of analyses) for (const { decl, file } of a.importedLocated) add(decl, file);
  return out;
}

/** Each tool's level: that of the given file declaring it (a tool only reached through `use` takes its importer's). */
function levelOfTool(analyses: ReadonlyArray<{ program: Program; importedLocated: ReadonlyArray<{ decl: Decl }> }>): (decl: ToolDecl) => '0.11' | '26' | undefined {
  const own = new Map<Decl, '0.11' | '26' | undefined>();
  for (const a of analyses) for (const d of a.program.decls) own.set(d, a.program.level);
  for (const a of analyses) for (const { decl } of a.importedLocated) if (!own.has(decl)) own.set(decl, a.program.level);
  return (decl) => own.get(decl);
}

export function runExport(p: ParsedArgs, io: CliIo): number {
  const format = (p.string('format') ?? 'mcp') as ExportFormat;
  const baseUrl = p.string('base-url');
  if (format === 'a2a') {
    const checked = checkBaseUrl(baseUrl);
    if (checked.error) {
      io.err(`ilo-ls export: ${checked.error} (--base-url URL)\n`);
      return 2;
    }
  } else if (baseUrl !== undefined) {
    io.err('ilo-ls export: --base-url only applies to --format a2a\n');
    return 2;
  }
  const out = p.string('out');
  const force = p.flag('force');
  const analyzed = analyzeGivenFiles('export', p.positionals, io);
  if (!analyzed) return 2;
  const analyses = analyzed.map((a) => a.analysis);
  for (const line of describeErrors(analyzed)) io.err(`ilo-ls export: ${line}\n`);
  const agentName = path.basename(p.positionals[0]).replace(/\.(ilo|@)$/, '');
  const result = exportTools(mergedDecls(analyses), format, { extend: contractExtender({ level: levelOfTool(analyses) }), baseUrl, agentName });
  if (out === undefined) {
    io.out(result.content);
  } else {
    const existing = readIfExists(out);
    if (existing !== undefined && existing !== result.content && !force) {
      io.err(`ilo-ls export: ${out} exists and differs; not overwriting it (use --force to replace it)\n`);
      return 1;
    }
    try {
      fs.writeFileSync(out, result.content);
    } catch (err) {
      io.err(`ilo-ls export: cannot write ${out}: ${(err as Error).message}\n`);
      return 2;
    }
  }
  io.err(`${describeExport(result)}\n`);
  return 0;
}

function readIfExists(p: string): string | undefined {
  try {
    return fs.readFileSync(p, 'utf8');
  } catch {
    return undefined;
  }
}
