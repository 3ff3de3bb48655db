// Rename (textDocument/prepareRename and textDocument/rename): one
// WorkspaceEdit over every file that names the symbol — the declaring file
// and the files that use it, open or not. Refusals (./renameRules.ts) are LSP
// errors with a message; a rename that would break a file or change what any
// name refers to is refused too (./renameCheck.ts), so the edit it returns
// leaves the files checking as cleanly as before.

import type { Range, TextEdit, WorkspaceEdit } from 'vscode-languageserver';
import { describeSymbol } from '../../query/symbolIdentity';
import { checkRenameResult } from './renameCheck';
import { localsRenamedWith, renameEdits } from './renameEdits';
import { checkConflicts, checkNewName, renameTarget } from './renameRules';
import { levelById } from '../../level';
import { filesNaming, rangeIn, type ProjectFile, type ProjectView } from './project';

/** The range of the name to rename and its current text; refused (an error) where nothing can be renamed. */
export function prepareRenameAt(here: ProjectFile, offset: number): { range: Range; placeholder: string } {
  const o = renameTarget(here, offset);
  return { range: rangeIn(here, o), placeholder: o.symbol.name };
}

export function renameAt(view: ProjectView, here: ProjectFile, offset: number, newName: string): WorkspaceEdit {
  const s = renameTarget(here, offset).symbol;
  if (newName === s.name) return { changes: {} };
  checkNewName(s, newName, levelById(here.analysis.program.level ?? '0.11'));
  const files = filesNaming(view, s, here, [s.name, newName]);
  checkConflicts(s, newName, files, new Map(files.map((f) => [f.path, localsRenamedWith(s, f)])));
  const edits = renameEdits(s, newName, files);
  checkRenameResult(view, files, edits, `renaming ${describeSymbol(s)} to \`${newName}\``);
  const changes: Record<string, TextEdit[]> = {};
  for (const f of files) {
    const list = edits.get(f.path);
    if (list) changes[f.uri] = list.map((e) => ({ range: rangeIn(f, e), newText: e.newText }));
  }
  return { changes };
}
