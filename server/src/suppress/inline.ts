// Inline suppressions: an ordinary ilo comment
//
//   -- ilo-ignore CODE[,CODE…] REASON
//
// silences the findings with those codes on its own line (after code), or,
// on a line of its own, on the lines below it down to and including the next
// line of code (so it may stand at the top of a declaration's doc comment).
// The reason is required. Being a comment, the file stays valid for the
// reference ilo, which never sees it.

import type { Comment } from '../syntax/ast';
import type * as Explain from '../explain';

export const SUPPRESSION_KEYWORD = 'ilo-ignore';

export interface SuppressionCode {
  /** The code as normalised (`ILO-T005`, `same-schema`). */
  code: string;
  /** Where it is written in the comment. */
  start: number;
  end: number;
}

export interface InlineSuppression {
  codes: SuppressionCode[];
  /** The reason, trimmed; empty when none was given. */
  reason: string;
  /** The comment (from its `--`). */
  start: number;
  end: number;
  /** Whether code precedes the comment on its line. */
  trailing: boolean;
  /** 0-based lines it applies to: [first, last]. Empty (first > last) when nothing follows it. */
  firstLine: number;
  lastLine: number;
}

const KEYWORD_RE = /^\s*ilo-ignore(?=\s|$)/;

/**
 * The `ilo-ignore` comments of a file, in order. `lineOf` gives the 0-based
 * line of an offset. Only comments whose text starts with the keyword count:
 * a comment that mentions it further on is prose.
 */
export function inlineSuppressions(text: string, comments: readonly Comment[], lineOf: (offset: number) => number): InlineSuppression[] {
  const out: InlineSuppression[] = [];
  for (const c of comments) {
    const m = KEYWORD_RE.exec(c.text);
    if (!m) continue;
    // The comment's text starts after the `--`.
    const textStart = c.end - c.text.length;
    const { codes, reason } = parseDirective(c.text.slice(m[0].length), textStart + m[0].length);
    const line = lineOf(c.start);
    const trailing = !onlySpaceBefore(text, c.start);
    let lastLine = line;
    let firstLine = line;
    if (!trailing) {
      firstLine = line + 1;
      lastLine = coveredUntil(text, c.end, comments, line);
    }
    out.push({ codes, reason, start: c.start, end: c.end, trailing, firstLine, lastLine });
  }
  return out;
}

/** The registry of codes, loaded the first time a suppression names one (most files have none, and it is large). */
let explainLoaded: typeof Explain | undefined;
function explainModule(): typeof Explain {
  explainLoaded ??= require('../explain') as typeof Explain;
  return explainLoaded;
}

/** `CODE[,CODE…] reason`: the codes and where each is, and the reason. */
function parseDirective(rest: string, at: number): { codes: SuppressionCode[]; reason: string } {
  const lead = rest.length - rest.trimStart().length;
  const body = rest.slice(lead);
  const first = /^\S+/.exec(body)?.[0] ?? '';
  const codes: SuppressionCode[] = [];
  let offset = at + lead;
  for (const part of first.split(',')) {
    // A colon may close the codes: `ilo-ignore same-schema: reason`.
    const written = part.replace(/:$/, '');
    if (written !== '') codes.push({ code: explainModule().normalizeCode(written) ?? written.toLowerCase(), start: offset, end: offset + written.length });
    offset += part.length + 1;
  }
  const reason = body
    .slice(first.length)
    .replace(/^\s*[:\u2014\u2013-]*\s*/, '')
    .trim();
  return { codes, reason };
}

function onlySpaceBefore(text: string, at: number): boolean {
  for (let i = at - 1; i >= 0; i--) {
    const ch = text[i];
    if (ch === '\n') return true;
    if (ch !== ' ' && ch !== '\t' && ch !== '\r') return false;
  }
  return true;
}

/**
 * The last line a whole-line suppression on `line` covers: the lines below
 * it that are comments only, then the first line of code. A blank line (or
 * the end of the file) ends it early: then it covers only the comment lines.
 */
function coveredUntil(text: string, from: number, comments: readonly Comment[], line: number): number {
  const commentStarts = new Set(comments.map((c) => c.start));
  let pos = text.indexOf('\n', from);
  let current = line;
  while (pos >= 0) {
    const start = pos + 1;
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const content = text.slice(start, end);
    const indent = content.length - content.trimStart().length;
    if (content.trim() === '') return current;
    current++;
    if (!commentStarts.has(start + indent)) return current;
    pos = end < text.length ? end : -1;
  }
  return current;
}
