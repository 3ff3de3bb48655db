// `ilo-ls explain CODE...`: what a diagnostic code means, a wrong and a right
// example and the fix; the same explanation the editor shows when hovering
// the diagnostic. `--list` names every code it can explain.
// `--language-version 0.11|26` picks the level's meaning; without it, a code
// that means something else at level 26 is explained at both levels.

import { EXPLANATIONS, EXPLANATIONS_26, explain, explainAtEveryLevel, explanationText, type ExplainLevel, type Explanation } from '../explain';
import type { ParsedArgs } from './args';
import type { CliIo } from './io';

export function runExplain(p: ParsedArgs, io: CliIo): number {
  const written = p.string('language-version');
  // `auto` (accepted by every command) explains at every level, as no flag does.
  const level = written === '0.11' || written === '26' ? (written as ExplainLevel) : undefined;
  if (p.flag('list')) {
    for (const e of listed(level)) io.out(`${e.code}  ${e.title}\n`);
    return 0;
  }
  if (p.positionals.length === 0) {
    io.err('ilo-ls explain: name a code, e.g. `ilo-ls explain ILO-T005` (`--list` shows them all)\n');
    return 2;
  }
  let status = 0;
  p.positionals.forEach((code, i) => {
    const found = level !== undefined ? single(explain(code, level)) : explainAtEveryLevel(code);
    if (found.length === 0) {
      io.err(`ilo-ls explain: no explanation for '${code}' (\`ilo-ls explain --list\` shows the known codes)\n`);
      status = 2;
      return;
    }
    if (i > 0) io.out('\n');
    found.forEach((f, j) => {
      if (j > 0) io.out('\n');
      if (found.length > 1) io.out(`At level ${f.level}:\n`);
      io.out(explanationText(f.explanation));
    });
  });
  return status;
}

function single(e: Explanation | undefined): Array<{ level: ExplainLevel | undefined; explanation: Explanation }> {
  return e === undefined ? [] : [{ level: undefined, explanation: e }];
}

/** The codes of a level (both levels when none), each once, in code order (the reference's `ILO-…` codes, then our kebab-case ones). */
function listed(level: ExplainLevel | undefined): Explanation[] {
  const byCode = new Map<string, Explanation>();
  if (level !== '26') for (const e of EXPLANATIONS) byCode.set(e.code, e);
  if (level !== '0.11') for (const e of EXPLANATIONS_26) if (level === '26' || !byCode.has(e.code)) byCode.set(e.code, e);
  if (level === '26') for (const e of EXPLANATIONS) if (!byCode.has(e.code)) byCode.set(e.code, e);
  return [...byCode.values()].sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
}
