// `ilo-ls fmt [--style expanded|dense] [--check] [--write] FILE|DIR...`
//
// Without --write: prints the formatted text (a `==> FILE <==` line before
// each when there are several). --check: prints nothing but the files that
// would change (on stderr) and exits 1 if there are any. --write: replaces a
// file only when its text changes. A file that does not parse is never
// formatted: it is left untouched, the reason goes to stderr, and the exit
// status is 2.

import * as fs from 'node:fs';
import { declaredArities, declaredParams } from '../service/analysis';
import { describeRefusal, formatIlo, type FormatStyle } from '../format';
import { analyzeFiles } from './analyzeFiles';
import type { ParsedArgs } from './args';
import type { CliIo } from './io';

export function runFmt(p: ParsedArgs, io: CliIo): number {
  const style = p.string('style') ?? 'expanded';
  const fail = (message: string): number => {
    io.err(`ilo-ls fmt: ${message}\n`);
    return 2;
  };
  const check = p.flag('check');
  const write = p.flag('write');
  if (check && write) return fail('--check and --write cannot be combined');

  const { analyzed, missing, empty, unreadable } = analyzeFiles(p.positionals);
  let status = 0;
  for (const m of missing) status = fail(`no such file or directory: ${m}`);
  for (const d of empty) status = fail(`no ilo file (.ilo, .@) in ${d}`);
  for (const u of unreadable) status = fail(`cannot read ${u.file}: ${u.error}`);
  let changed = 0;
  for (const { file, analysis } of analyzed) {
    const r = formatIlo(analysis.text, {
      style: style as FormatStyle,
      externalArities: declaredArities(analysis.imported),
      externalParams: declaredParams(analysis.imported),
      level: analysis.level,
    });
    if (!r.ok) {
      status = fail(`${file}: not formatted (left as it is): ${describeRefusal(r)}`);
      continue;
    }
    if (r.changed) changed++;
    if (check) {
      if (r.changed) io.err(`ilo-ls fmt: ${file} would be reformatted\n`);
    } else if (write) {
      if (!r.changed) continue;
      try {
        fs.writeFileSync(file, r.text, 'utf8');
        io.out(`reformatted ${file}\n`);
      } catch (err) {
        status = fail(`cannot write ${file}: ${(err as Error).message}`);
      }
    } else {
      if (analyzed.length > 1) io.out(`==> ${file} <==\n`);
      io.out(r.text);
    }
  }
  if (status !== 0) return status;
  return check && changed > 0 ? 1 : 0;
}
