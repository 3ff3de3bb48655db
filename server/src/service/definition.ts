// Go to definition: locals, parameters, declarations here or in `use`d files.

import type { Location } from 'vscode-languageserver';
import type { FileAnalysis } from './analysis';
import { declName, symbolAt } from '../query/symbols';
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
  const hit = symbolAt(ctx.analysis.program, ctx.analysis.importedLocated, offset);
  if (!hit) return undefined;
  const t = hit.target;
  const here = (start: number, end: number): Location => ({ uri: ctx.uri, range: rangeOf(ctx.index, start, end) });
  const elsewhere = (file: string, start: number, end: number): Location | undefined => {
    const info = ctx.fileInfo(file);
    return info ? { uri: info.uri, range: rangeOf(new LineIndex(info.text), start, end) } : undefined;
  };
  switch (t.kind) {
    case 'local':
      return here(t.binding.start, t.binding.end);
    case 'decl': {
      const name = declName(t.decl) ?? t.decl;
      return t.file ? elsewhere(t.file, name.start, name.end) : here(name.start, name.end);
    }
    case 'field': {
      if (!t.field || !t.owner) return undefined;
      return t.owner.file ? elsewhere(t.owner.file, t.field.start, t.field.end) : here(t.field.start, t.field.end);
    }
    case 'builtin':
      return undefined;
  }
}
