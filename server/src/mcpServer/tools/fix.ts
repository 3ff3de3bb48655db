// `fix`: applies the quick fixes that leave nothing to choose, round after
// round (a fix can uncover another), and says what changed and what is still
// wrong. Nothing is written: the new text is returned.
//
// A fix is a candidate when its diagnostic offers exactly one suggestion, the
// suggestion edits this file only, and it is not one of the kinds that need
// a person's choice (NEEDS_CHOICE). Contract findings are left alone except
// plain misspellings in annotations: their other fixes declare a guessed
// behavior or rename a tool, which only the author can confirm.
//
// Every round is checked: the text is analysed again and the round is kept
// only when it leaves fewer errors (or as many errors and fewer diagnostics).
// While the text has a syntax error, diagnostics near it may be its echoes
// (a call of unknown or several arities swallows the next line, whose name
// then reads as an undefined variable): no fix is applied on a line or in a
// declaration holding a syntax error, and the others are tried one at a time,
// first one first. Otherwise all fixes that do not touch each other go in
// one round, one by one again if that round is refused.

import type { Diagnostic, Suggestion, TextEdit } from '../../diagnostics';
import { LineIndex } from '../../syntax/lineIndex';
import { analyse } from '../analyze';
import type { Args } from '../args';
import { capDiagnostics, compactDiagnostic, countLine, diagnosticLine, span } from '../compact';
import type { ToolAnswer, ToolContext } from '../context';
import { levelFor } from '../level';
import { FIX_BUDGET_MS, MAX_DIAGNOSTICS, MAX_FIX_ROUNDS } from '../limits';
import { resolveSource } from '../source';

/** Codes whose single suggestion is still a choice the author makes. */
const NEEDS_CHOICE: ReadonlyMap<string, string> = new Map([
  ['ILO-T029', 'it deletes the unreachable code'],
  ['ILO-T032', 'the text may be meant to be kept rather than printed'],
]);

/** `ilo-contracts` codes whose fix only corrects a misspelt annotation or name, or writes a builtin's short name. */
const CONTRACT_SPELLING: ReadonlySet<string> = new Set(['annotation', 'unknown-param', 'unknown-field', 'long-form-alias']);

/** The suggestion `fix` may apply for this diagnostic, if any. */
export function unambiguousFix(d: Diagnostic): Suggestion | undefined {
  const s = d.suggestions;
  if (!s || s.length !== 1 || s[0].file !== undefined || s[0].edits.length === 0) return undefined;
  if (NEEDS_CHOICE.has(d.code)) return undefined;
  if (d.source === 'ilo-contracts' && !CONTRACT_SPELLING.has(d.code)) return undefined;
  return s[0];
}

/**
 * Where offset `o` of a text is once `edits` (sorted by start, not
 * overlapping) are applied. An offset where an edit starts stays before it.
 */
export function mapOffset(o: number, edits: readonly TextEdit[]): number {
  let delta = 0;
  for (const e of edits) {
    if (o <= e.start) break;
    if (o >= e.end) {
      delta += e.newText.length - (e.end - e.start);
      continue;
    }
    // Inside replaced text: the end of its replacement.
    return e.start + delta + e.newText.length;
  }
  return o + delta;
}

/** Do two edits touch in a way whose order would matter? */
function clash(a: TextEdit, b: TextEdit): boolean {
  if (a.start < b.end && b.start < a.end) return true;
  // An insertion at the edge of another edit, or two at one place.
  const empty = (e: TextEdit) => e.start === e.end;
  return (empty(a) || empty(b)) && a.start <= b.end && b.start <= a.end;
}

interface Candidate {
  d: Diagnostic;
  s: Suggestion;
  /** Names the fix in one text, to skip it once refused. */
  key: string;
}

interface Applied {
  code: string;
  title: string;
  /** Where its new text is, in the current text. */
  start: number;
  end: number;
}

/** What one analysis of a text says, as `fix` needs it. */
export interface FixView {
  diagnostics: Diagnostic[];
  /** Spans of the top-level declarations. */
  decls: ReadonlyArray<{ start: number; end: number }>;
}

function isSyntaxError(d: Diagnostic): boolean {
  return d.severity === 'error' && (d.code.startsWith('ILO-P') || d.code.startsWith('ILO-L'));
}

/** The parts of the text no fix may touch: the lines and declarations holding a syntax error. */
function nearSyntaxErrors(text: string, view: FixView): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const d of view.diagnostics) {
    if (!isSyntaxError(d)) continue;
    const lineStart = text.lastIndexOf('\n', Math.max(0, d.start - 1)) + 1;
    const next = text.indexOf('\n', d.end);
    out.push([lineStart, next < 0 ? text.length : next]);
    for (const decl of view.decls) if (decl.start <= d.start && d.start < Math.max(decl.end, decl.start + 1)) out.push([decl.start, decl.end]);
  }
  return out;
}

/** Fixes that may be applied to `text`, in position order, minus the refused ones. */
function candidates(text: string, view: FixView, refused: ReadonlySet<string>): Candidate[] {
  const out: Candidate[] = [];
  const blocked = nearSyntaxErrors(text, view);
  for (const d of view.diagnostics) {
    const s = unambiguousFix(d);
    if (!s) continue;
    if (s.edits.some((e) => blocked.some(([a, b]) => e.start <= b && a <= e.end))) continue;
    if (s.edits.some((e) => e.start < 0 || e.end > text.length || e.end < e.start)) continue;
    if (s.edits.some((e, i) => s.edits.some((f, j) => i < j && clash(e, f)))) continue;
    const key = `${d.code}\u0000${d.start}\u0000${s.message}`;
    if (!refused.has(key)) out.push({ d, s, key });
  }
  return out;
}

/** The candidates that do not touch each other, first come first. */
function compatible(cands: readonly Candidate[]): Candidate[] {
  const taken: TextEdit[] = [];
  const out: Candidate[] = [];
  for (const c of cands) {
    if (c.s.edits.some((e) => taken.some((t) => clash(e, t)))) continue;
    taken.push(...c.s.edits);
    out.push(c);
  }
  return out;
}

/** Applies the fixes together: the new text, the sorted edits, and where each fix's new text is. */
function apply(text: string, chosen: readonly Candidate[]): { text: string; edits: TextEdit[]; applied: Applied[] } {
  const edits = chosen.flatMap((c) => c.s.edits).sort((a, b) => a.start - b.start);
  const placed = new Map<TextEdit, number>();
  let delta = 0;
  let out = '';
  let from = 0;
  for (const e of edits) {
    out += text.slice(from, e.start) + e.newText;
    placed.set(e, e.start + delta);
    delta += e.newText.length - (e.end - e.start);
    from = e.end;
  }
  out += text.slice(from);
  const applied = chosen.map(({ d, s }) => ({
    code: d.code,
    title: s.message,
    start: Math.min(...s.edits.map((e) => placed.get(e)!)),
    end: Math.max(...s.edits.map((e) => placed.get(e)! + e.newText.length)),
  }));
  return { text: out, edits, applied };
}

const errorCount = (ds: readonly Diagnostic[]) => ds.filter((d) => d.severity === 'error').length;

/** Fewer errors, or as many and fewer diagnostics. */
function better(after: readonly Diagnostic[], before: readonly Diagnostic[]): boolean {
  const a = errorCount(after);
  const b = errorCount(before);
  return a < b || (a === b && after.length < before.length);
}

function hasSyntaxError(ds: readonly Diagnostic[]): boolean {
  return ds.some(isSyntaxError);
}

export interface FixOutcome {
  text: string;
  applied: Applied[];
  diagnostics: Diagnostic[];
}

/** The fixing loop over one text; `analyse` gives what an analysis of a text says. */
export function fixText(text0: string, analyse: (text: string) => FixView, deadline = Date.now() + FIX_BUDGET_MS): FixOutcome {
  let text = text0;
  let view = analyse(text);
  let diags = view.diagnostics;
  let single = hasSyntaxError(diags);
  const refused = new Set<string>();
  const applied: Applied[] = [];
  for (let round = 0; round < MAX_FIX_ROUNDS && Date.now() < deadline; round++) {
    const cands = candidates(text, view, refused);
    if (cands.length === 0) break;
    const batch = single ? [cands[0]] : compatible(cands);
    const r = apply(text, batch);
    const nextView = analyse(r.text);
    const next = nextView.diagnostics;
    if (!better(next, diags)) {
      if (batch.length > 1) single = true;
      else refused.add(batch[0].key);
      continue;
    }
    // Earlier fixes move with this round's edits.
    for (const a of applied) {
      const end = mapOffset(a.end, r.edits);
      a.start = mapOffset(a.start, r.edits);
      a.end = Math.max(a.start, end);
    }
    applied.push(...r.applied);
    text = r.text;
    view = nextView;
    diags = next;
    refused.clear();
    single = hasSyntaxError(diags);
  }
  return { text, applied, diagnostics: diags };
}

export async function runFix(args: Args, ctx: ToolContext): Promise<ToolAnswer> {
  const source = await resolveSource({ text: args.text as string | undefined, path: args.path as string | undefined }, () => ctx.roots());
  const level = levelFor(args.level as string | undefined, source.text);
  const { text, applied, diagnostics: diags } = fixText(source.text, (t) => {
    const a = analyse(source, level, t);
    return { diagnostics: a.diagnostics, decls: a.analysis.program.decls };
  });
  const index = new LineIndex(text);
  const fixed = applied.sort((a, b) => a.start - b.start).map((a) => ({ code: a.code, at: span(index, a.start, a.end), title: a.title }));
  const { shown, more } = capDiagnostics(diags, MAX_DIAGNOSTICS);
  const left = shown.map((d) => diagnosticLine(compactDiagnostic(d, index)));
  if (more > 0) left.push(`(${more} more)`);
  const ok = !diags.some((d) => d.severity === 'error');
  const changed = text !== source.text;
  // The new text says everything; the list of what changed is capped like diagnostics.
  const listed = fixed.slice(0, MAX_DIAGNOSTICS);
  const unlisted = fixed.length - listed.length;
  const head =
    fixed.length > 0
      ? `fixed ${fixed.length}: ${listed.map((f) => `${f.at} ${f.code} ${f.title}`).join('; ')}${unlisted > 0 ? `; (${unlisted} more)` : ''}`
      : 'nothing to fix unambiguously';
  const lines = [head, `left: ${countLine(diags)}`, ...left];
  if (changed) lines.push('---', text);
  const structured: Record<string, unknown> = { text, changed, fixed: listed, ok, left };
  if (unlisted > 0) structured.more = unlisted;
  return { structured, text: lines.join('\n') };
}
