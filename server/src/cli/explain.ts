// `ilo-ls explain CODE...`: what a diagnostic code means, a wrong and a right
// example and the fix; the same explanation the editor shows when hovering
// the diagnostic. `--list` names every code it can explain.

import { EXPLANATIONS, explain, explanationText } from '../explain';
import { parseArgs } from './args';
import type { CliIo } from './io';

export function runExplain(args: readonly string[], io: CliIo): number {
  const p = parseArgs(args, [], ['--list']);
  if (p.error) {
    io.err(`ilo-ls explain: ${p.error}\n`);
    return 2;
  }
  if (p.flags.has('--list')) {
    for (const e of EXPLANATIONS) io.out(`${e.code}  ${e.title}\n`);
    return 0;
  }
  if (p.positional.length === 0) {
    io.err('ilo-ls explain: name a code, e.g. `ilo-ls explain ILO-T005` (`--list` shows them all)\n');
    return 2;
  }
  let status = 0;
  p.positional.forEach((code, i) => {
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
