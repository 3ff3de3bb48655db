// The quick fix that writes an inferred behavior down as `-- @behavior …`
// above a tool, for the author to confirm (or correct) the guess.

import type { Suggestion } from '../../diagnostics';
import type { Comment, ToolDecl } from '../../syntax/ast';
import { behaviorWords, completeTriple, type BehaviorTriple } from './behavior';

/** Where the doc-comment line of an annotation starts (`@behavior` after `--` and spaces). */
function behaviorLine(doc: readonly Comment[]): { start: number; end: number } | undefined {
  for (const c of doc) {
    const m = /^(\s*)@behavior\b/.exec(c.text);
    if (!m) continue;
    const textStart = Math.max(c.start, c.end - c.text.length);
    return { start: textStart + m[1].length, end: c.end };
  }
  return undefined;
}

/**
 * Insert `-- @behavior M A D` on its own line right above the tool (below
 * any existing doc lines, so it joins the doc block), or replace an existing
 * `@behavior` line that did not parse. Undefined when the behavior is not
 * complete (there is nothing to propose). `label` replaces the start of the
 * fix's title ("Declare the inferred behavior").
 */
export function behaviorFix(decl: ToolDecl, behavior: Partial<BehaviorTriple>, text?: string, label?: string): Suggestion | undefined {
  const triple = completeTriple(behavior);
  if (!triple) return undefined;
  const words = behaviorWords(triple);
  const message = `${label ?? 'Declare the inferred behavior'}: @behavior ${words}`;
  const existing = behaviorLine(decl.doc ?? []);
  if (existing) return { message, edits: [{ ...existing, newText: `@behavior ${words}` }] };

  const at = decl.start;
  if (text === undefined) return { message, edits: [{ start: at, end: at, newText: `-- @behavior ${words}\n` }] };
  const lineStart = text.lastIndexOf('\n', at - 1) + 1;
  const before = text.slice(lineStart, at);
  if (/^[ \t]*$/.test(before)) {
    return { message, edits: [{ start: lineStart, end: lineStart, newText: `${before}-- @behavior ${words}\n` }] };
  }
  // The tool shares a line with earlier code: give the annotation a line of its own.
  return { message, edits: [{ start: at, end: at, newText: `\n-- @behavior ${words}\n` }] };
}
