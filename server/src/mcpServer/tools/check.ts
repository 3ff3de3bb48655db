// `check`: every diagnostic of the source (the verifier's reference codes and
// our contract analyses), in compact form, with the quick-fix edits.

import { LineIndex } from '../../syntax/lineIndex';
import { analyse } from '../analyze';
import type { Args } from '../args';
import { capDiagnostics, compactDiagnostic, countLine, diagnosticLine } from '../compact';
import type { ToolAnswer, ToolContext } from '../context';
import { levelFor } from '../level';
import { MAX_DIAGNOSTICS, MAX_DIAGNOSTICS_VERBOSE } from '../limits';
import { resolveSource } from '../source';
import { explainCode } from './explain';

export async function runCheck(args: Args, ctx: ToolContext): Promise<ToolAnswer> {
  const source = await resolveSource({ text: args.text as string | undefined, path: args.path as string | undefined }, () => ctx.roots());
  const level = levelFor(args.level as string | undefined, source.text);
  const verbose = args.verbose === true;
  const { analysis, diagnostics } = analyse(source, level);
  const index = new LineIndex(source.text);
  const { shown, more } = capDiagnostics(diagnostics, verbose ? MAX_DIAGNOSTICS_VERBOSE : MAX_DIAGNOSTICS);
  const texts = new Map<string, string | undefined>();
  const textOf = (file: string) => {
    if (!texts.has(file)) texts.set(file, source.host.readFile(file));
    return texts.get(file);
  };
  const diags = shown.map((d) => compactDiagnostic(d, index, { related: verbose, file: source.located ? source.file : undefined, textOf }));
  const summary = countLine(diagnostics);
  const structured: Record<string, unknown> = { ok: !diagnostics.some((d) => d.severity === 'error'), summary, level: analysis.level.id, diags };
  if (more > 0) structured.more = more;
  const lines = [summary, ...diags.map(diagnosticLine)];
  if (more > 0) lines.push(`(${more} more)`);
  if (verbose) {
    const codes: Record<string, string> = {};
    for (const d of diags) {
      if (Object.hasOwn(codes, d.code)) continue;
      const e = explainCode(d.code, analysis.level.id);
      if (e) codes[d.code] = `${e.title ?? e.meaning}${e.fix ? `; fix: ${e.fix}` : ''}`;
    }
    if (Object.keys(codes).length > 0) {
      structured.codes = codes;
      for (const [code, what] of Object.entries(codes)) lines.push(`${code}: ${what}`);
    }
  }
  return { structured, text: lines.join('\n') };
}
