// Go to definition: locals, parameters, fields, declarations here or in
// `use`d files — wherever the shared resolver says the name is declared.

import type { Location } from 'vscode-languageserver';
import type { FileAnalysis } from './analysis';
import { symbolAt } from '../query/symbols';
import { LineIndex } from '../syntax/lineIndex';
import { rangeOf } from './lspDiagnostics';

export interface DefinitionContext {
  uri: string;
  analysis: FileAnalysis;
  index: LineIndex;
  /** URI and text of another file (for declarations reached through `use`). */
  fileInfo: (path: string) => { uri: string; text: string } | undefined;
}

export function definitionAt(ctx: DefinitionContext, offset: number): Location | undefined {
  const hit = symbolAt(ctx.analysis, offset);
  const s = hit?.symbol;
  if (!s?.declaration || !s.file) return undefined;
  const { start, end } = s.declaration;
  if (s.file === ctx.analysis.path) return { uri: ctx.uri, range: rangeOf(ctx.index, start, end) };
  const info = ctx.fileInfo(s.file);
  return info ? { uri: info.uri, range: rangeOf(new LineIndex(info.text), start, end) } : undefined;
}
