// Hover on a suppressed finding, or on the `-- ilo-ignore` comment that
// suppresses it: what was silenced, by what, and why. Suppressions hide a
// finding from the problems list, so the hover is where a reader finds it.

import type { Hover } from 'vscode-languageserver';
import type { LineIndex } from '../../syntax/lineIndex';
import type { SuppressionOutcome, SuppressedFinding } from '../../suppress';
import { appendToHover } from './explanations';

const MAX_SHOWN = 5;

function describe(s: SuppressedFinding, index: LineIndex): string {
  const line = index.position(s.diagnostic.start).line;
  const what = `\`${s.diagnostic.code}\` (${s.diagnostic.severity}, line ${line}): ${s.diagnostic.message}`;
  if (s.by.kind === 'inline') {
    return `**Suppressed** by \`-- ilo-ignore\` on line ${index.position(s.by.suppression.start).line}: ${what}\n\nReason: ${s.by.suppression.reason}`;
  }
  const file = s.by.baseline.split(/[\\/]/).pop();
  return `**Accepted in the baseline** \`${file}\`: ${what}${s.by.entry.reason ? `\n\nReason: ${s.by.entry.reason}` : ''}`;
}

/** `hover` with the suppressed findings at `offset` (or silenced by the comment at `offset`) appended. */
export function withSuppressions(hover: Hover | undefined, outcome: SuppressionOutcome | undefined, index: LineIndex, offset: number): Hover | undefined {
  if (!outcome || outcome.suppressed.length === 0) return hover;
  const here = outcome.suppressed.filter((s) => {
    const d = s.diagnostic;
    const onFinding = offset >= d.start && offset <= Math.max(d.end, d.start + 1);
    const onComment = s.by.kind === 'inline' && offset >= s.by.suppression.start && offset <= s.by.suppression.end;
    return onFinding || onComment;
  });
  if (here.length === 0) return hover;
  const shown = here.slice(0, MAX_SHOWN).map((s) => describe(s, index));
  if (here.length > MAX_SHOWN) shown.push(`and ${here.length - MAX_SHOWN} more suppressed here`);
  const first = here[0];
  const at = first.by.kind === 'inline' && offset >= first.by.suppression.start && offset <= first.by.suppression.end ? first.by.suppression : first.diagnostic;
  return appendToHover(hover, shown, index, at);
}
