// Document highlight: the occurrences in this file of the symbol under the
// cursor. Declaring or (re)binding a name, and setting a field in a record
// literal or `with`, is a write; every other use is a read.

import { DocumentHighlightKind, type DocumentHighlight } from 'vscode-languageserver';
import { rangeIn, type ProjectFile } from './project';

export function highlightsAt(here: ProjectFile, offset: number): DocumentHighlight[] {
  const at = here.symbols.at(offset);
  if (!at) return [];
  return here.symbols
    .of(at.symbol.key)
    .filter((o) => o.place !== 'annotation')
    .map((o) => ({ range: rangeIn(here, o), kind: o.role === 'read' ? DocumentHighlightKind.Read : DocumentHighlightKind.Write }));
}
