// Quick fixes: every structured suggestion a diagnostic carries becomes a
// code action that applies its edits.

import { CodeActionKind, type CodeAction, type Diagnostic as LspDiagnostic, type TextEdit } from 'vscode-languageserver';
import type { Suggestion } from '../diagnostics';
import type { LineIndex } from '../syntax/lineIndex';
import { rangeOf } from './lspDiagnostics';

export function quickFixes(uri: string, index: LineIndex, diagnostics: readonly LspDiagnostic[]): CodeAction[] {
  const actions: CodeAction[] = [];
  for (const d of diagnostics) {
    const data = d.data as { suggestions?: Suggestion[] } | undefined;
    for (const s of data?.suggestions ?? []) {
      if (s.file) continue; // edits to other files are not offered from here
      const edits: TextEdit[] = s.edits.map((e) => ({ range: rangeOf(index, e.start, e.end), newText: e.newText }));
      actions.push({
        title: s.message,
        kind: CodeActionKind.QuickFix,
        diagnostics: [d],
        isPreferred: data!.suggestions!.length === 1,
        edit: { changes: { [uri]: edits } },
      });
    }
  }
  return actions;
}
