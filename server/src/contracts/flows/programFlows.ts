// Program flows of one file: every own function's summary (summaries.ts)
// and the findings they hold, as `toxic-flow` diagnostics. Never throws: an
// internal failure yields no diagnostics.

import type { Diagnostic } from '../../diagnostics';
import type { Finding } from './analyze';
import { flowDiagnostics } from './flowDiagnostics';
import { functionsReachingSinks } from './sinkScreen';
import { FlowWorld, type FlowInput, type FlowReuse } from './summaries';

export interface ProgramFlows {
  findings: Finding[];
  /** Function bodies analysed (the rest were reused). */
  analysed: number;
}

/** The findings of the file's own functions. */
export function programFlows(input: FlowInput, reuse?: FlowReuse): ProgramFlows {
  // Only functions from which a sink is reachable can make a finding (sinkScreen.ts).
  const reaching = functionsReachingSinks(input);
  if (reaching.size === 0) return { findings: [], analysed: 0 };
  const world = new FlowWorld(input, reuse);
  const findings: Finding[] = [];
  for (const { decl, file } of input.visible) {
    if (decl.kind !== 'FunctionDecl' || file !== input.file || !reaching.has(decl)) continue;
    findings.push(...world.summaryOf(decl, file).findings);
  }
  return { findings, analysed: world.analysed };
}

/** `toxic-flow` diagnostics of the file's own functions. */
export function programFlowDiagnostics(input: FlowInput, reuse?: FlowReuse): Diagnostic[] {
  try {
    return flowDiagnostics(programFlows(input, reuse).findings, input.file);
  } catch {
    return [];
  }
}
