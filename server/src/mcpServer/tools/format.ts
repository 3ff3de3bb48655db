// `format`: the formatter over the source; text that does not parse is
// refused with its syntax error (a tool error), never half formatted.

import { declaredArities } from '../../service/analysis';
import { describeRefusal, formatIlo, type FormatStyle } from '../../format';
import { readPragma } from '../../level';
import { analyse } from '../analyze';
import type { Args } from '../args';
import type { ToolAnswer, ToolContext } from '../context';
import { levelFor } from '../level';
import { resolveSource } from '../source';
import { ToolFailure } from '../toolFailure';

export async function runFormat(args: Args, ctx: ToolContext): Promise<ToolAnswer> {
  const source = await resolveSource({ text: args.text as string | undefined, path: args.path as string | undefined }, () => ctx.roots());
  const level = levelFor(args.level as string | undefined, source.text);
  const style = (args.style as FormatStyle | undefined) ?? 'expanded';
  // Functions of `use`d files group their call arguments too: only a located source can have them.
  const externalArities = source.located ? declaredArities(analyse(source, level, source.text, { contracts: false }).analysis.imported) : undefined;
  const r = formatIlo(source.text, { style, externalArities, level: level.fallback });
  if (!r.ok) throw new ToolFailure(`not formatted: ${describeRefusal(r)}`);
  // The pragma decides the file's level: text that would lose or change it is not handed back.
  const before = readPragma(source.text)?.version;
  if (before !== readPragma(r.text)?.version) throw new ToolFailure(`not formatted: the formatter would drop the ^${before} pragma, which sets the file's level`);
  return { structured: { text: r.text, changed: r.changed }, text: r.changed ? r.text : 'already formatted' };
}
