// The effect gate's one diagnostic per PURE function: everything it reaches
// that may change the world, each with its shortest call chain, and quick
// fixes that write `-- @behavior …` above each tool whose behavior is only
// guessed or unknown (the author confirms the guess, or says what the tool
// does).

import type { Diagnostic, RelatedInfo, Suggestion } from '../../diagnostics';
import type { FunctionDecl } from '../../syntax/ast';
import { behaviorFix, behaviorWords, completeTriple, type BehaviorTriple, type ContractTool } from '../behavior';
import type { Sink, Step } from './effectGate';

/** How many reached things the message names; related information lists them all. */
const SHOWN = 4;

const tick = (s: string): string => `\`${s}\``;

function sinkName(s: Sink): string {
  return s.kind === 'tool' ? s.tool.name : s.name;
}

function label(s: Sink): string {
  if (s.kind === 'builtin') return `builtin ${tick(s.name)} (${s.what})`;
  const b = s.tool.behavior;
  const triple = completeTriple(b);
  if (s.verdict === 'mutates') return `tool ${tick(s.tool.name)} (${triple ? behaviorWords(triple) : 'MUTATES'}, ${b.source})`;
  if (b.mutability === undefined) return `tool ${tick(s.tool.name)} (behavior unknown, so it may change things)`;
  return `tool ${tick(s.tool.name)} (${triple ? behaviorWords(triple) : 'PURE'} is only a low-confidence guess)`;
}

/** Definite writes first, then tools that only may write. */
function order(s: Sink): number {
  if (s.kind === 'builtin') return 0;
  if (s.verdict === 'mutates') return s.tool.behavior.source === 'declared' ? 0 : 1;
  return 2;
}

/** The two declarations an author can choose between for a tool the gate cannot judge. */
function choices(t: ContractTool): Array<{ triple: BehaviorTriple; label: string }> {
  const b = t.behavior;
  const readAction = b.action === 'READ' || b.action === 'SEARCH' ? b.action : 'READ';
  const writeAction = b.action && b.action !== 'READ' && b.action !== 'SEARCH' ? b.action : 'UPDATE';
  const domain = b.domain ?? 'DATA';
  return [
    { triple: { mutability: 'MUTATES', action: writeAction, domain: domain }, label: `Declare ${tick(t.name)} mutating` },
    { triple: { mutability: 'PURE', action: readAction, domain }, label: `Declare ${tick(t.name)} read-only` },
  ];
}

function fixesFor(s: Sink, file: string, text: string | undefined): Suggestion[] {
  if (s.kind !== 'tool' || s.tool.behavior.source === 'declared') return [];
  const t = s.tool;
  const own = t.file === undefined || t.file === file;
  const candidates =
    s.verdict === 'mutates' ? [{ triple: completeTriple(t.behavior), label: `Declare ${tick(t.name)}'s inferred behavior` }] : choices(t);
  const out: Suggestion[] = [];
  for (const c of candidates) {
    if (!c.triple) continue;
    const fix = behaviorFix(t.decl, c.triple, own ? text : undefined, c.label);
    if (!fix) continue;
    if (!own) fix.file = t.file;
    out.push(fix);
  }
  return out;
}

function relatedFor(s: Sink, chain: readonly Step[], file: string): RelatedInfo[] {
  const related: RelatedInfo[] = chain.map((step) => {
    const r: RelatedInfo = { start: step.site.at.start, end: step.site.at.end, message: `${tick(step.fn.decl.name.text)} calls ${tick(step.site.callee)} here` };
    if (step.fn.file !== undefined && step.fn.file !== file) r.file = step.fn.file;
    return r;
  });
  if (s.kind === 'tool' && s.tool.file !== undefined) {
    const b = s.tool.behavior;
    const what = s.verdict === 'mutates' ? `is ${behaviorWords(b)} (${b.source})` : b.mutability === undefined ? 'has no known behavior' : `is only guessed ${behaviorWords(b)}`;
    const r: RelatedInfo = { start: s.tool.decl.name.start, end: s.tool.decl.name.end, message: `${tick(s.tool.name)} ${what}` };
    if (s.tool.file !== file) r.file = s.tool.file;
    related.push(r);
  }
  return related;
}

/** One `effect-gate` diagnostic on `fn` for everything it reaches. */
export function gateDiagnostic(fn: FunctionDecl, reached: ReadonlyArray<{ sink: Sink; chain: Step[] }>, input: { file: string; text?: string }): Diagnostic {
  const items = [...reached].sort((a, b) => order(a.sink) - order(b.sink));
  const phrase = (r: { sink: Sink; chain: Step[] }) => `the ${label(r.sink)}: ${[fn.name.text, ...r.chain.map((s) => s.site.callee)].map(tick).join(' → ')}`;
  const shown = items.slice(0, SHOWN).map(phrase);
  const more = items.length > SHOWN ? `; and ${items.length - SHOWN} more (see related information)` : '';

  const guessed = items.filter((r) => r.sink.kind === 'tool' && r.sink.verdict === 'mutates' && r.sink.tool.behavior.source !== 'declared').map((r) => sinkName(r.sink));
  const unsure = items.filter((r) => r.sink.kind === 'tool' && r.sink.verdict === 'unsure').map((r) => sinkName(r.sink));
  const notes: string[] = [];
  if (guessed.length > 0) {
    notes.push(`The behavior of ${list(guessed)} is inferred; declare it with \`@behavior\` if the guess is wrong.`);
  }
  if (unsure.length > 0) {
    notes.push(
      `A tool whose behavior is unknown or only a low-confidence guess counts as possibly mutating: declare what ${list(unsure)} ${unsure.length === 1 ? 'does' : 'do'} with \`@behavior\`.`,
    );
  }

  const related: RelatedInfo[] = [];
  const suggestions: Suggestion[] = [];
  for (const r of items) {
    related.push(...relatedFor(r.sink, r.chain, input.file));
    suggestions.push(...fixesFor(r.sink, input.file, input.text));
  }
  const d: Diagnostic = {
    code: 'effect-gate',
    source: 'ilo-contracts',
    severity: 'warning',
    start: fn.name.start,
    end: fn.name.end,
    message: `${tick(fn.name.text)} is declared PURE but reaches ${shown.join('; ')}${more}.${notes.length > 0 ? ' ' + notes.join(' ') : ''}`,
    hint: unsure.length > 0 ? 'declare the tools\' behavior with @behavior, remove the call, or declare the function `@behavior MUTATES`' : 'remove the call, or declare the function `@behavior MUTATES`',
  };
  if (related.length > 0) d.related = related;
  if (suggestions.length > 0) d.suggestions = suggestions;
  return d;
}

/** `a`, `b` and `c` (at most SHOWN names, then a count). */
function list(names: readonly string[]): string {
  const shown = names.slice(0, SHOWN).map(tick);
  if (names.length > SHOWN) shown.push(`${names.length - SHOWN} more`);
  if (shown.length === 1) return shown[0];
  return `${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}`;
}
