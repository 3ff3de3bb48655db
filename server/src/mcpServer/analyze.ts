// One call's analysis: the editor's pipeline (service/analysis.ts) over the
// call's source, with the contract analyses of the file and what it uses —
// exactly what `ilo-ls check` reports for a file.

import type { Diagnostic } from '../diagnostics';
import { Analyzer, combineDiagnostics, contractsFor, type FileAnalysis } from '../service/analysis';
import type { CallLevel } from './level';
import type { Source } from './source';

export interface Analysed {
  analysis: FileAnalysis;
  /** Every diagnostic of the file, sorted by position. */
  diagnostics: Diagnostic[];
}

/** Analyses `text` as the source's file (a fix round passes its own text) at the call's level. */
export function analyse(source: Source, level: CallLevel, text = source.text): Analysed {
  const analysis = new Analyzer(source.host, { level: level.fallback }).analyze(source.file, text);
  const contracts = contractsFor([analysis], 'file', { related: true });
  return { analysis, diagnostics: combineDiagnostics(analysis.diagnostics, contracts.get(analysis.path) ?? []) };
}
