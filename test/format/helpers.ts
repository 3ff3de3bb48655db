// Shared by the formatter tests: format a program and check what every
// format must keep — the same tree (meaning.ts: no positions, no notation),
// the same comments in the same order, and a second format changes nothing.

import assert from 'node:assert/strict';
import { formatIlo, type FormatOptions, type FormatStyle, type FormatSuccess } from '../../server/src/format';
import { firstDifference } from '../../server/src/format/meaning';
import { userNames } from '../../server/src/format/arity';
import { parseIlo } from '../../server/src/syntax/parse';
import type { Program } from '../../server/src/syntax/ast';
import type { LanguageLevel } from '../../server/src/level';

export const STYLES: readonly FormatStyle[] = ['expanded', 'dense'];

/** A clean parse (fails the test on any syntax error). */
export function parseClean(text: string, external?: ReadonlyMap<string, number>): Program {
  const r = parseIlo(text, external ? { externalArities: external } : undefined);
  const errors = r.diagnostics.filter((d) => d.severity === 'error');
  assert.deepEqual(errors.map((d) => `${d.code} ${d.message}`), [], `expected a clean parse of:\n${text}`);
  return r.program;
}

/** Why `after` does not mean what `before` means (undefined when it does). */
export function meaningProblem(before: string, after: string, external?: ReadonlyMap<string, number>, level?: LanguageLevel): string | undefined {
  const opts = { externalArities: external, level };
  const a = parseIlo(before, opts);
  const b = parseIlo(after, opts);
  const errors = b.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0) return `the output does not parse: ${errors[0].code} ${errors[0].message}`;
  const d = firstDifference(a.program.decls, b.program.decls, userNames(a.program.decls, external));
  if (d) return `declaration ${d.decl} changed (${JSON.stringify(d.node, (k, v) => (k === 'start' || k === 'end' ? undefined : v))?.slice(0, 200)})`;
  const comments = (p: Program): string[] => p.comments.map((c) => c.text.trimEnd());
  if (JSON.stringify(comments(a.program)) !== JSON.stringify(comments(b.program))) return 'the comments changed';
  const docs = (p: Program): string[][] => p.decls.map((x) => x.doc.map((c) => c.text.trimEnd()));
  if (JSON.stringify(docs(a.program)) !== JSON.stringify(docs(b.program))) return 'doc comments moved';
  return undefined;
}

/** Formats `text` (which must parse) and checks meaning, comments and idempotence. */
export function format(text: string, style: FormatStyle, options: Omit<FormatOptions, 'style'> = {}): FormatSuccess {
  const r = formatIlo(text, { ...options, style });
  assert.ok(r.ok, `formatting was refused: ${JSON.stringify(r)}`);
  const problem = meaningProblem(text, r.text, options.externalArities, options.level);
  assert.equal(problem, undefined, `${style} output of\n${text}\nis\n${r.text}`);
  const again = formatIlo(r.text, { ...options, style });
  assert.ok(again.ok && again.text === r.text, `formatting the ${style} output again changes it:\n${r.text}`);
  return r;
}

/** The formatted text, lines joined with `\n` (the expected text of a test is written as an array of lines). */
export function formatted(text: string, style: FormatStyle, options: Omit<FormatOptions, 'style'> = {}): string {
  return format(text, style, options).text;
}

/** Lines plus the final newline every formatted file ends with. */
export function lines(...ls: string[]): string {
  return `${ls.join('\n')}\n`;
}
