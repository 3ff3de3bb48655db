// `ilo-ls contracts [--json] [--scope=file|workspace] FILE...`: every tool's
// wire name, schema hash and behavioral identity, and the collision groups.

import { contractsReport, type ContractsReport } from '../contracts';
import { parseArgs, scopeOption } from './args';
import { analyzeGivenFiles } from './analyzeFiles';
import type { CliIo } from './io';

function table(report: ContractsReport): string {
  const lines: string[] = [];
  for (const t of report.tools) {
    const b = t.behavior;
    const triple = [b.mutability, b.action, b.domain].map((x) => x ?? '?').join(' ');
    lines.push(`${t.file ?? '?'}  ${t.name}  wire=${t.wireName}  ${triple} (${b.source}, ${b.confidence})  id=${t.behaviorId ?? '-'}  schema=${t.schemaHash}`);
  }
  for (const g of report.collisions) {
    lines.push(`same schema ${g.shape}: ${g.tools.map((x) => x.name).join(', ')}`);
    for (const p of g.pairs) lines.push(`  ${p.a.name} / ${p.b.name}: ${p.relation}${p.rank ? ` (${p.rank})` : ''}${p.summary ? ` ${p.summary}` : ''}`);
  }
  for (const n of report.near) lines.push(`near: ${n.a.name} / ${n.b.name}: ${n.differences.join('; ')}`);
  return lines.join('\n') + (lines.length > 0 ? '\n' : '');
}

export function runContracts(args: readonly string[], io: CliIo): number {
  const p = parseArgs(args, ['--scope'], ['--json']);
  const scope = scopeOption(p);
  if (p.error || scope === 'invalid') {
    io.err(`ilo-ls contracts: ${p.error ?? '--scope must be file or workspace'}\n`);
    return 2;
  }
  const json = p.flags.has('--json');
  const analyzed = analyzeGivenFiles('contracts', p.positional, io);
  if (!analyzed) return 2;
  const report = contractsReport(
    analyzed.map(({ analysis }) => ({ path: analysis.path, program: analysis.program, text: analysis.text, imported: analysis.importedLocated })),
    { scope: scope ?? 'file', relativeTo: process.cwd() },
  );
  io.out(json ? `${JSON.stringify(report, null, 2)}\n` : table(report));
  return 0;
}
