// One call's analysis: the editor's pipeline (service/analysis.ts) over the
// call's source, with the contract analyses of the file and what it uses —
// exactly what `ilo-ls check` reports for a file.

import type { Diagnostic } from '../diagnostics';
import { Analyzer, combineDiagnostics, contractsFor, type FileAnalysis } from '../service/analysis';
import type { CallLevel } from './level';
import { MAX_TOOLS } from './limits';
import type { Source } from './source';
import { ToolFailure } from './toolFailure';

export interface Analysed {
  analysis: FileAnalysis;
  /** Every diagnostic of the file, sorted by position. */
  diagnostics: Diagnostic[];
}

/**
 * Analyses `text` as the source's file (a fix round passes its own text) at
 * the call's level; `contracts: false` leaves out the contract analyses
 * across tools (collisions), for answers that do not report them.
 */
export function analyse(source: Source, level: CallLevel, text = source.text, options: { contracts?: boolean } = {}): Analysed {
  const analysis = new Analyzer(source.host, { level: level.fallback }).analyze(source.file, text);
  if (options.contracts === false) return { analysis, diagnostics: analysis.diagnostics };
  // Bounded before the contract analyses, whose time grows with the square of the tools.
  const tools = toolCount(analysis);
  if (tools > MAX_TOOLS) throw new ToolFailure(`the source declares ${tools} tools (with what it uses); the limit is ${MAX_TOOLS} a call`);
  const contracts = contractsFor([analysis], 'file', { related: true });
  return { analysis, diagnostics: combineDiagnostics(analysis.diagnostics, contracts.get(analysis.path) ?? []) };
}

function toolCount(analysis: FileAnalysis): number {
  let n = 0;
  for (const d of analysis.program.decls) if (d.kind === 'ToolDecl') n++;
  for (const d of analysis.imported) if (d.kind === 'ToolDecl') n++;
  return n;
}
