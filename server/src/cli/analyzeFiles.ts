// Reads and analyses the files a CLI command names (directories expand to the
// `.ilo` files below them), with the editor's pipeline.

import * as fs from 'node:fs';
import { Analyzer, type FileAnalysis } from '../service/analysis';
import { OverlayFileHost } from '../service/documents';
import { expandInputs } from '../service/workspaceFiles';

export { expandInputs };

export interface AnalyzedFile {
  /** The path as the user wrote it (or as found below a directory they named). */
  file: string;
  analysis: FileAnalysis;
}

export interface AnalyzedInputs {
  analyzed: AnalyzedFile[];
  missing: string[];
  unreadable: Array<{ file: string; error: string }>;
}

export function analyzeFiles(inputs: readonly string[], options: { referenceCompat?: boolean } = {}): AnalyzedInputs {
  const { files, missing } = expandInputs(inputs);
  const analyzer = new Analyzer(new OverlayFileHost(), options);
  const analyzed: AnalyzedFile[] = [];
  const unreadable: Array<{ file: string; error: string }> = [];
  for (const file of files) {
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch (err) {
      unreadable.push({ file, error: (err as Error).message });
      continue;
    }
    analyzed.push({ file, analysis: analyzer.analyze(file, text) });
  }
  return { analyzed, missing, unreadable };
}
