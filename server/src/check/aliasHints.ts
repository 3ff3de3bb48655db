// Long-form builtin names (`length`, `filter`, ...) work but have a shorter
// canonical spelling. The reference prints a hint for them; we report a
// hint-level diagnostic with a one-click rename. It is not an error or a
// warning, so it never changes whether a file is clean.

import type { Diagnostic } from '../diagnostics';
import type { FunctionDecl } from '../syntax/ast';
import { BUILTIN_TABLE_011, type BuiltinTable } from '../syntax/builtins';
import { replaceWith } from './report';
import { forEachNode } from '../syntax/walk';
import { namesUsed } from '../query/callSites';

export const ALIAS_HINT_CODE = 'long-form-alias';

/** Hints for the long-form builtin names called in one function. */
export function aliasHints(decl: FunctionDecl, table: BuiltinTable = BUILTIN_TABLE_011): Diagnostic[] {
  const out: Diagnostic[] = [];
  // The names the body uses are known (one walk per declaration, shared with the flow analysis): most bodies call no long form.
  if (!namesUsed(decl).some((name) => table.isAlias(name))) return out;
  forEachNode(decl.body, (n) => {
    if (!('kind' in n) || n.kind !== 'Call' || !table.isAlias(n.callee.text)) return;
    const short = table.canonical(n.callee.text)!;
    out.push({
      code: ALIAS_HINT_CODE,
      // Our own code (kebab-case): the reference's hint has no code.
      source: 'ilo-contracts',
      severity: 'hint',
      start: n.callee.start,
      end: n.callee.end,
      message: `'${n.callee.text}' is the long form of '${short}'`,
      hint: `\`${n.callee.text}\` → \`${short}\` (canonical short form)`,
      suggestions: [replaceWith(`Use '${short}'`, n.callee, short)],
    });
  });
  return out;
}
