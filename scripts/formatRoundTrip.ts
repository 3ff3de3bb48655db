// The formatter's round trip over one corpus program, as the corpus scripts
// measure it (format-corpus.ts at level 0.11, conformance26Parse.ts at level
// 26): the formatted text must parse to the same tree without an error, keep
// every comment, and format to itself a second time; files and declarations
// the formatter copied as written are counted.

import type { FormatResult, FormatSuccess } from '../server/src/format';
import { firstDifference } from '../server/src/format/meaning';
import { userNames } from '../server/src/format/arity';
import type { Program } from '../server/src/syntax/ast';
import type { ParseResult } from '../server/src/syntax/parse';

/** What the round trips of one style came to, over many programs. */
export interface FormatRoundTrip {
  formatted: number;
  refused: string[];
  meaningChanged: string[];
  notIdempotent: string[];
  commentsChanged: string[];
  /** Files the verifier left as they were (no safe print found). */
  unchanged: string[];
  /** Declarations copied as written, other than `use` lines. */
  copiedDecls: number;
}

export const emptyRoundTrip = (): FormatRoundTrip => ({
  formatted: 0,
  refused: [],
  meaningChanged: [],
  notIdempotent: [],
  commentsChanged: [],
  unchanged: [],
  copiedDecls: 0,
});

/** How a round trip formats and parses at the caller's level and options. */
export interface RoundTripWith {
  format: (text: string) => FormatResult;
  parse: (text: string) => ParseResult;
  /** Functions and tools of `use`d files (name → parameter count), when known. */
  external?: ReadonlyMap<string, number>;
}

const commentTexts = (p: Program): string => p.comments.map((c) => c.text.trimEnd()).join('\n');

/**
 * Formats `text` (already parsed clean as `before`) and adds what went wrong
 * to `out` under `id`. Returns the formatter's result when it formatted, for
 * callers that measure more of it.
 */
export function recordRoundTrip(id: string, text: string, before: ParseResult, how: RoundTripWith, out: FormatRoundTrip): FormatSuccess | undefined {
  const r = how.format(text);
  if (!r.ok) {
    out.refused.push(id);
    return undefined;
  }
  out.formatted++;
  if (r.stats.unchanged) out.unchanged.push(id);
  const uses = before.program.decls.filter((d) => d.kind === 'UseDecl').length;
  out.copiedDecls += r.stats.copied - (r.stats.unchanged ? before.program.decls.length : uses);
  const after = how.parse(r.text);
  if (
    after.diagnostics.some((d) => d.severity === 'error') ||
    firstDifference(before.program.decls, after.program.decls, userNames(before.program.decls, how.external))
  ) {
    out.meaningChanged.push(id);
  }
  if (commentTexts(before.program) !== commentTexts(after.program)) out.commentsChanged.push(id);
  const again = how.format(r.text);
  if (!again.ok || again.text !== r.text) out.notIdempotent.push(id);
  return r;
}
