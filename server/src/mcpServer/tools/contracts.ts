// `contracts`: the tool contracts of the source — each tool's behavioral
// identity, the groups an agent could confuse, and every contract finding
// (lints, collisions, effect gate, schema problems) as one line each. The
// same report `ilo-ls contracts` prints. Toxic flows (`toxic-flow`
// diagnostics, from the flow analysis once it is part of the contract
// analyses) get a `flows` key of their own, present when there are any.

import * as path from 'node:path';
import { contractsReport, toolsOf } from '../../contracts';
import { behaviorWords } from '../../contracts/behavior';
import type { Diagnostic } from '../../diagnostics';
import { LineIndex } from '../../syntax/lineIndex';
import { analyse } from '../analyze';
import type { Args } from '../args';
import { compactDiagnostic, diagnosticLine } from '../compact';
import type { ToolAnswer, ToolContext } from '../context';
import { levelFor } from '../level';
import { MAX_DIAGNOSTICS } from '../limits';
import { resolveSource } from '../source';

export async function runContracts(args: Args, ctx: ToolContext): Promise<ToolAnswer> {
  const source = await resolveSource({ text: args.text as string | undefined, path: args.path as string | undefined }, () => ctx.roots());
  // No `level` input (its inputs would equal check's): the pragma, else the server's level.
  const level = levelFor(undefined, source.text);
  const verbose = args.verbose === true;
  const { analysis, diagnostics } = analyse(source, level);
  const input = { path: analysis.path, program: analysis.program, text: analysis.text, imported: analysis.importedLocated, env: analysis.env };
  // Files named relative to the analysed one, which is not named at all.
  const report = contractsReport([input], { scope: 'file', relativeTo: path.dirname(analysis.path) });
  const own = (file: string | null) => (file === null || file === path.basename(analysis.path) ? undefined : file);
  const whyOf = new Map<string, string>();
  if (verbose) {
    for (const t of toolsOf(input, analysis.env).tools) {
      const r = t.behavior.reasons ?? {};
      whyOf.set(t.name, [r.mutability, r.action, r.domain].filter((x) => x).join('; '));
    }
  }
  const tools = report.tools.map((t) => {
    const b = t.behavior;
    const out: Record<string, unknown> = { name: t.name, behavior: behaviorWords({ mutability: b.mutability ?? undefined, action: b.action ?? undefined, domain: b.domain ?? undefined } as never), source: b.source };
    if (t.wireName !== t.name) out.wire = t.wireName;
    if (t.behaviorId) out.id = t.behaviorId;
    const file = own(t.file);
    if (file) out.file = file;
    if (verbose) {
      out.schema = t.schemaHash;
      const why = whyOf.get(t.name);
      if (why) out.why = why;
    }
    return out;
  });
  const collisions = report.collisions.map((g) => {
    const worst = g.pairs.find((p) => p.relation === 'different' && p.rank === 'critical') ?? g.pairs.find((p) => p.relation === 'same') ?? g.pairs[0];
    const out: Record<string, unknown> = { shape: g.shape, tools: g.tools.map((t) => t.name) };
    if (worst) out.worst = worst.relation === 'different' ? `${worst.a.name}/${worst.b.name}: ${worst.summary}, ${worst.rank}` : `${worst.a.name}/${worst.b.name}: ${worst.relation === 'same' ? 'same behavior' : 'behavior unknown'}`;
    return out;
  });
  const near = report.near.map((n) => {
    const out: Record<string, unknown> = { tools: [n.a.name, n.b.name], why: n.differences.join('; ') };
    if (n.relation === 'different') out.risk = `${n.summary}, ${n.rank}`;
    else out.risk = n.relation === 'same' ? 'same behavior' : 'behavior unknown';
    return out;
  });
  const index = new LineIndex(source.text);
  const { lints: lintDiags, flows: flowDiags } = splitFindings(diagnostics);
  const line = (d: Diagnostic) => diagnosticLine(compactDiagnostic(d, index, { fixes: false }));
  const lints = lintDiags.slice(0, MAX_DIAGNOSTICS).map(line);
  const flows = flowDiags.slice(0, MAX_DIAGNOSTICS).map(line);
  const lines: string[] = [];
  for (const t of tools) lines.push(`${t.name}${t.wire ? ` (wire ${t.wire})` : ''}: ${t.behavior} (${t.source})${t.id ? ` id=${t.id}` : ''}${t.why ? ` — ${t.why}` : ''}`);
  for (const c of collisions) lines.push(`same schema ${c.shape}: ${(c.tools as string[]).join(', ')}${c.worst ? `; ${c.worst}` : ''}`);
  for (const n of near) lines.push(`near: ${(n.tools as string[]).join('/')}: ${n.why} (${n.risk})`);
  lines.push(...lints, ...flows);
  const structured: Record<string, unknown> = { tools, collisions, near, lints };
  if (flows.length > 0) structured.flows = flows;
  return { structured, text: lines.length > 0 ? lines.join('\n') : 'no tools' };
}

/** The code of a toxic flow (where data from one tool reaches another it should not). */
export const TOXIC_FLOW_CODE = 'toxic-flow';

/** A file's contract findings: toxic flows apart from the rest. */
export function splitFindings(diagnostics: readonly Diagnostic[]): { lints: Diagnostic[]; flows: Diagnostic[] } {
  const lints: Diagnostic[] = [];
  const flows: Diagnostic[] = [];
  for (const d of diagnostics) {
    if (d.source !== 'ilo-contracts') continue;
    (d.code === TOXIC_FLOW_CODE ? flows : lints).push(d);
  }
  return { lints, flows };
}
