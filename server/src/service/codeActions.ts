// Quick fixes: every structured suggestion a diagnostic carries becomes a
// code action that applies its edits.

import { CodeActionKind, type CodeAction, type Diagnostic as LspDiagnostic, type TextEdit } from 'vscode-languageserver';
import type { Suggestion } from '../diagnostics';
import type { LineIndex } from '../syntax/lineIndex';
import { rangeOf } from './lspDiagnostics';

/**
 * `other` gives the URI and line index of another file a suggestion edits
 * (e.g. `@behavior` on a tool in a `use`d file); a suggestion whose file
 * cannot be read is not offered.
 */
export function quickFixes(
  uri: string,
  index: LineIndex,
  diagnostics: readonly LspDiagnostic[],
  other: (path: string) => { uri: string; index: LineIndex } | undefined = () => undefined,
): CodeAction[] {
  const actions: CodeAction[] = [];
  for (const d of diagnostics) {
    const data = d.data as { suggestions?: Suggestion[] } | undefined;
    for (const s of data?.suggestions ?? []) {
      const target = s.file ? other(s.file) : { uri, index };
      if (!target) continue;
      const edits: TextEdit[] = s.edits.map((e) => ({ range: rangeOf(target.index, e.start, e.end), newText: e.newText }));
      actions.push({
        title: s.message,
        kind: CodeActionKind.QuickFix,
        diagnostics: [d],
        isPreferred: data!.suggestions!.length === 1,
        edit: { changes: { [target.uri]: edits } },
      });
    }
  }
  return actions;
}
