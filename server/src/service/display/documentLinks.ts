// Document links: the path of `use "file.ilo"` opens that file (resolved
// against the importing file's folder, as the import itself is), when the
// file exists.

import * as path from 'node:path';
import type { DocumentLink } from 'vscode-languageserver';
import type { LineIndex } from '../../syntax/lineIndex';
import type { FileAnalysis } from '../analysis';
import { rangeOf } from '../lspDiagnostics';
import { useCandidates } from '../../project/imports';

/**
 * `exists(absPath)` says whether a file is there (open buffers count);
 * `uriOf` gives the URI to open it with.
 */
export function useLinks(
  analysis: FileAnalysis,
  index: LineIndex,
  exists: (absPath: string) => boolean,
  uriOf: (absPath: string) => string,
): DocumentLink[] {
  if (!path.isAbsolute(analysis.path)) return []; // an untitled buffer has no folder to resolve against
  const links: DocumentLink[] = [];
  for (const d of analysis.program.decls) {
    if (d.kind !== 'UseDecl' || d.path.value === '') continue;
    // Level 26: `use "lib"` finds lib.@ or lib.ilo, `use "org/pkg"` an installed package.
    const target = useCandidates(path.dirname(analysis.path), d.path.value, analysis.program.level).find(exists);
    if (target === undefined) continue;
    // The text between the quotes (the whole literal when it is cut short).
    const quoted = d.path.end - d.path.start >= 2 && analysis.text[d.path.end - 1] === '"';
    const start = quoted ? d.path.start + 1 : d.path.start;
    const end = quoted ? d.path.end - 1 : d.path.end;
    links.push({ range: rangeOf(index, start, end), target: uriOf(target), tooltip: `Open ${d.path.value}` });
  }
  return links;
}
