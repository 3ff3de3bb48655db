// `ilo-ls contracts [--json] [--scope=file|workspace] FILE...`: every tool's
// wire name, schema hash and behavioral identity, and the collision groups.

import { contractsReport, type ContractsReport } from '../contracts';
import type { ParsedArgs } from './args';
import type { CollisionScope } from '../contracts';
import { analyzeGivenFiles } from './analyzeFiles';
import type { CliIo } from './io';
import { describeErrors } from '../service/exports';

/** How many names a group line shows before "and N more". */
const NAMES_SHOWN = 5;

const RANKS = ['critical', 'high', 'medium', 'low'];

/** `read-file ×200, list-dir, …` — each name once, with its count. */
function names(refs: ReadonlyArray<{ name: string }>): string {
  const counts = new Map<string, number>();
  for (const r of refs) counts.set(r.name, (counts.get(r.name) ?? 0) + 1);
  const shown = [...counts].slice(0, NAMES_SHOWN).map(([n, c]) => (c > 1 ? `${n} ×${c}` : n));
  if (counts.size > NAMES_SHOWN) shown.push(`and ${counts.size - NAMES_SHOWN} more`);
  return shown.join(', ');
}

/** The most serious pair of a group, in words. */
function worstPair(g: ContractsReport['collisions'][number]): string {
  const ranked = [...g.pairs].sort((a, b) => rankIndex(a) - rankIndex(b))[0];
  if (!ranked) return '';
  const what = ranked.relation === 'same' ? 'same behavior' : ranked.relation === 'unknown' ? 'behavior unknown' : `${ranked.rank}: ${ranked.summary}`;
  return `; worst: ${ranked.a.name} / ${ranked.b.name} ${what}`;
}

/** Critical confusions first, then tools that cannot be told apart, then the other ranks. */
function rankIndex(p: { relation: string; rank?: string }): number {
  if (p.relation === 'same') return 0.5;
  if (p.relation === 'unknown') return RANKS.length;
  return RANKS.indexOf(p.rank ?? 'low');
}

/** One line per tool, one per collision group, one per near pair of kinds of tool. */
function table(report: ContractsReport): string {
  const lines: string[] = [];
  for (const t of report.tools) {
    const b = t.behavior;
    const triple = [b.mutability, b.action, b.domain].map((x) => x ?? '?').join(' ');
    lines.push(`${t.file ?? '?'}  ${t.name}  wire=${t.wireName}  ${triple} (${b.source}, ${b.confidence})  id=${t.behaviorId ?? '-'}  schema=${t.schemaHash}`);
  }
  for (const g of report.collisions) lines.push(`same schema ${g.shape}: ${g.tools.length} tools (${names(g.tools)})${worstPair(g)}`);
  for (const n of report.near) {
    const count = n.count > 1 ? ` (${n.count} pairs)` : '';
    lines.push(`near: ${n.a.name} / ${n.b.name}${count}: ${n.differences.join('; ')}`);
  }
  return lines.join('\n') + (lines.length > 0 ? '\n' : '');
}

export function runContracts(p: ParsedArgs, io: CliIo): number {
  const scope = (p.string('scope') ?? 'file') as CollisionScope;
  const json = p.flag('json');
  const analyzed = analyzeGivenFiles('contracts', p.positionals, io);
  if (!analyzed) return 2;
  const report = contractsReport(
    analyzed.map(({ analysis }) => ({ path: analysis.path, program: analysis.program, text: analysis.text, imported: analysis.importedLocated })),
    { scope, relativeTo: process.cwd() },
  );
  io.out(json ? `${JSON.stringify(report, null, 2)}\n` : table(report));
  // A file with syntax errors is reported on as far as it parses; say so.
  for (const line of describeErrors(analyzed, 'only what parses is listed')) io.err(`ilo-ls contracts: ${line}\n`);
  return 0;
}
