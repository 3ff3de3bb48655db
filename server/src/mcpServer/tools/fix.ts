// `fix`: applies the quick fixes that leave nothing to choose, round after
// round (a fix can uncover another) until none is left or MAX_FIX_ROUNDS,
// and says what changed and what is still wrong. Nothing is written: the
// new text is returned.
//
// A fix is applied when its diagnostic offers exactly one suggestion, the
// suggestion edits this file only, and it is not one of the kinds that need
// a person's choice (see NEEDS_CHOICE). Contract findings are left alone
// except plain misspellings in annotations: their other fixes declare a
// guessed behavior or rename a tool, which only the author can confirm.

import type { Diagnostic, Suggestion, TextEdit } from '../../diagnostics';
import { LineIndex } from '../../syntax/lineIndex';
import { analyse } from '../analyze';
import type { Args } from '../args';
import { capDiagnostics, compactDiagnostic, countLine, diagnosticLine, span } from '../compact';
import type { ToolAnswer, ToolContext } from '../context';
import { levelFor } from '../level';
import { MAX_DIAGNOSTICS, MAX_FIX_ROUNDS } from '../limits';
import { resolveSource } from '../source';

/** Codes whose single suggestion is still a choice the author makes. */
const NEEDS_CHOICE: ReadonlyMap<string, string> = new Map([
  ['ILO-T029', 'it deletes the unreachable code'],
  ['ILO-T032', 'the text may be meant to be kept rather than printed'],
]);

/** `ilo-contracts` codes whose fix only corrects a misspelt annotation or name. */
const CONTRACT_SPELLING: ReadonlySet<string> = new Set(['annotation', 'unknown-param', 'unknown-field']);

/** The suggestion `fix` may apply for this diagnostic, if any. */
export function unambiguousFix(d: Diagnostic): Suggestion | undefined {
  const s = d.suggestions;
  if (!s || s.length !== 1 || s[0].file !== undefined || s[0].edits.length === 0) return undefined;
  if (NEEDS_CHOICE.has(d.code)) return undefined;
  if (d.source === 'ilo-contracts' && !CONTRACT_SPELLING.has(d.code)) return undefined;
  return s[0];
}

interface Applied {
  code: string;
  title: string;
  /** Where its new text is, in the current text. */
  start: number;
  end: number;
}

/** Where offset `o` of a text is once `edits` (sorted by start, not overlapping) are applied. */
export function mapOffset(o: number, edits: readonly TextEdit[]): number {
  let delta = 0;
  for (const e of edits) {
    if (o < e.start) break;
    if (o >= e.end) {
      delta += e.newText.length - (e.end - e.start);
      continue;
    }
    // Inside replaced text: the end of its replacement.
    return e.start + delta + e.newText.length;
  }
  return o + delta;
}

/** Do two edited ranges touch in a way whose order would matter? */
function clash(a: TextEdit, b: TextEdit): boolean {
  if (a.start < b.end && b.start < a.end) return true;
  // An insertion at the edge of another edit, or two at one place.
  const empty = (e: TextEdit) => e.start === e.end;
  return (empty(a) || empty(b)) && a.start <= b.end && b.start <= a.end;
}

/** One round: the fixes that apply and do not clash, applied together. */
function applyRound(text: string, diags: readonly Diagnostic[]): { text: string; applied: Applied[]; edits: TextEdit[] } {
  const chosen: Array<{ d: Diagnostic; s: Suggestion }> = [];
  const taken: TextEdit[] = [];
  for (const d of diags) {
    const s = unambiguousFix(d);
    if (!s) continue;
    const bad = s.edits.some((e) => e.start < 0 || e.end > text.length || e.end < e.start);
    const own = s.edits.some((e, i) => s.edits.some((f, j) => i < j && clash(e, f)));
    if (bad || own || s.edits.some((e) => taken.some((t) => clash(e, t)))) continue;
    taken.push(...s.edits);
    chosen.push({ d, s });
  }
  const edits = [...taken].sort((a, b) => a.start - b.start);
  // Where each edit's new text starts in the new text.
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
  const applied = chosen.map(({ d, s }) => {
    const start = Math.min(...s.edits.map((e) => placed.get(e)!));
    const end = Math.max(...s.edits.map((e) => placed.get(e)! + e.newText.length));
    return { code: d.code, title: s.message, start, end };
  });
  return { text: out, applied, edits };
}

export async function runFix(args: Args, ctx: ToolContext): Promise<ToolAnswer> {
  const source = await resolveSource({ text: args.text as string | undefined, path: args.path as string | undefined }, () => ctx.roots());
  const level = levelFor(args.level as string | undefined, source.text);
  let text = source.text;
  let diags = analyse(source, level).diagnostics;
  const applied: Applied[] = [];
  const seen = new Set([text]);
  for (let round = 0; round < MAX_FIX_ROUNDS; round++) {
    const r = applyRound(text, diags);
    if (r.applied.length === 0 || seen.has(r.text)) break;
    // Earlier fixes move with this round's edits.
    for (const a of applied) {
      const end = mapOffset(a.end, r.edits);
      a.start = mapOffset(a.start, r.edits);
      a.end = Math.max(a.start, end);
    }
    applied.push(...r.applied);
    text = r.text;
    seen.add(text);
    diags = analyse(source, level, text).diagnostics;
  }
  const index = new LineIndex(text);
  const fixed = applied.sort((a, b) => a.start - b.start).map((a) => ({ code: a.code, at: span(index, a.start, a.end), title: a.title }));
  const { shown, more } = capDiagnostics(diags, MAX_DIAGNOSTICS);
  const left = shown.map((d) => diagnosticLine(compactDiagnostic(d, index)));
  if (more > 0) left.push(`(${more} more)`);
  const ok = !diags.some((d) => d.severity === 'error');
  const changed = text !== source.text;
  const head = fixed.length > 0 ? `fixed ${fixed.length}: ${fixed.map((f) => `${f.at} ${f.code} ${f.title}`).join('; ')}` : 'nothing to fix unambiguously';
  const lines = [head, `left: ${countLine(diags)}`, ...left];
  if (changed) lines.push('---', text);
  return { structured: { text, changed, fixed, ok, left }, text: lines.join('\n') };
}
