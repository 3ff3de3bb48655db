// Find references (textDocument/references): every place the symbol under
// the cursor is named in code — in this file, in the file declaring it and in
// every file that uses that one — with or without its declaration. Names in
// strings and comments (doc-comment annotations included) are not references.

import type { Location } from 'vscode-languageserver';
import { filesNaming, locationOf, type ProjectFile, type ProjectView } from './project';

export function referencesAt(view: ProjectView, here: ProjectFile, offset: number, includeDeclaration: boolean): Location[] {
  const at = here.symbols.at(offset);
  if (!at) return [];
  const out: Location[] = [];
  for (const file of filesNaming(view, at.symbol, here)) {
    for (const o of file.symbols.of(at.symbol.key)) {
      if (o.place === 'annotation') continue;
      if (!includeDeclaration && o.role === 'declaration') continue;
      out.push(locationOf(file, o));
    }
  }
  return out;
}
