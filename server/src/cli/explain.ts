// `ilo-ls explain CODE...`: what a diagnostic code means, a wrong and a right
// example and the fix; the same explanation the editor shows when hovering
// the diagnostic. `--list` names every code it can explain.

import { EXPLANATIONS, explain, explanationText } from '../explain';
import type { ParsedArgs } from './args';
import type { CliIo } from './io';

export function runExplain(p: ParsedArgs, io: CliIo): number {
  if (p.flag('list')) {
    for (const e of EXPLANATIONS) io.out(`${e.code}  ${e.title}\n`);
    return 0;
  }
  if (p.positionals.length === 0) {
    io.err('ilo-ls explain: name a code, e.g. `ilo-ls explain ILO-T005` (`--list` shows them all)\n');
    return 2;
  }
  let status = 0;
  p.positionals.forEach((code, i) => {
    const e = explain(code);
    if (!e) {
      io.err(`ilo-ls explain: no explanation for '${code}' (\`ilo-ls explain --list\` shows the known codes)\n`);
      status = 2;
      return;
    }
    if (i > 0) io.out('\n');
    io.out(explanationText(e));
  });
  return status;
}
