// Reads and analyses the files a CLI command names (directories expand to the
// `.ilo` files below them), with the editor's pipeline.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { Analyzer, type FileAnalysis } from '../service/analysis';
import { OverlayFileHost } from '../service/documents';
import { expandInputs } from '../service/workspace/workspaceFiles';
import type { CliIo } from './io';
import type { LanguageLevel } from '../level';
import { cliDefaultLevel } from './level';
import { readProblem } from '../textFiles';

export { expandInputs };

export interface AnalyzedFile {
  /** The path as the user wrote it (or as found below a directory they named). */
  file: string;
  analysis: FileAnalysis;
}

export interface AnalyzedInputs {
  analyzed: AnalyzedFile[];
  missing: string[];
  /** Directories named on the command line with no `.ilo` file below them. */
  empty: string[];
  unreadable: Array<{ file: string; error: string }>;
}

export function analyzeFiles(
  inputs: readonly string[],
  options: { referenceCompat?: boolean; level?: LanguageLevel; strict?: boolean } = {},
): AnalyzedInputs {
  const { files, missing } = expandInputs(inputs);
  const analyzer = new Analyzer(new OverlayFileHost(), { ...options, level: options.level ?? cliDefaultLevel(), oneShot: true });
  const analyzed: AnalyzedFile[] = [];
  const unreadable: Array<{ file: string; error: string }> = [];
  for (const file of files) {
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch (err) {
      unreadable.push({ file, error: readProblem(err) });
      continue;
    }
    analyzed.push({ file, analysis: analyzer.analyze(file, text) });
  }
  return { analyzed, missing, empty: emptyDirectories(inputs, files), unreadable };
}

/** The inputs that are directories and hold none of `files`. */
function emptyDirectories(inputs: readonly string[], files: readonly string[]): string[] {
  const found = files.map((f) => path.resolve(f));
  return inputs.filter((input) => {
    if (!isDirectory(input)) return false;
    const prefix = path.resolve(input) + path.sep;
    return !found.some((f) => f.startsWith(prefix));
  });
}

function isDirectory(p: string): boolean {
  try {
    return fs.statSync(p).isDirectory();
  } catch {
    return false;
  }
}

/** Codes of a file that was not analysed at all (binary, too large, the parser failed): nothing in it was read. */
const NOT_ANALYSED = new Set(['binary-file', 'file-too-large', 'internal-error']);

/** The files among `analyzed` that were not analysed at all, with why (one line each). */
export function notAnalysed(analyzed: readonly AnalyzedFile[]): Array<{ file: string; reason: string }> {
  const out: Array<{ file: string; reason: string }> = [];
  for (const { file, analysis } of analyzed) {
    const d = analysis.diagnostics.find((x) => NOT_ANALYSED.has(x.code));
    if (d) out.push({ file, reason: d.message });
  }
  return out;
}

/**
 * The files a command was given, analysed. Undefined, after saying why on
 * stderr (`ilo-ls COMMAND: …`), when none were given or any is missing,
 * unreadable or not ilo source at all (binary, too large): the command then
 * exits with 2.
 */
export function analyzeGivenFiles(command: string, inputs: readonly string[], io: CliIo): AnalyzedFile[] | undefined {
  if (inputs.length === 0) {
    io.err(`ilo-ls ${command}: no files given\n`);
    return undefined;
  }
  const { analyzed, missing, empty, unreadable } = analyzeFiles(inputs);
  for (const m of missing) io.err(`ilo-ls ${command}: no such file or directory: ${m}\n`);
  for (const d of empty) io.err(`ilo-ls ${command}: no ilo file (.ilo, .@) in ${d}\n`);
  for (const u of unreadable) io.err(`ilo-ls ${command}: cannot read ${u.file}: ${u.error}\n`);
  const skipped = notAnalysed(analyzed);
  for (const s of skipped) io.err(`ilo-ls ${command}: ${s.file}: ${s.reason}\n`);
  return missing.length > 0 || unreadable.length > 0 || skipped.length > 0 || analyzed.length === 0 ? undefined : analyzed;
}
