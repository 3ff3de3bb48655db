// Findings as `toxic-flow` diagnostics (source `ilo-contracts`): one per
// sink call, on the callee's name, its related information walking the path
// from the source call to the sink's argument. When the sink is in another
// file, the diagnostic sits on the call in this file through which the data
// gets there.

import * as path from 'node:path';
import type { Diagnostic, RelatedInfo } from '../../diagnostics';
import type { Span } from '../../syntax/ast';
import type { Finding, FlowKind, SinkSite } from './analyze';
import { MAX_TRACE, stepsOf, type Step } from './values';

export const TOXIC_FLOW = 'toxic-flow';

/** Related information shows at most this many steps of a path: the first ones and the last ones. */
const SHOWN_STEPS = 12;

const LABEL_WORDS: Record<FlowKind, string> = { leak: 'private data', tamper: 'untrusted content' };

function source(f: Finding): Step {
  return stepsOf(f.trace)[0];
}

function sinkName(site: SinkSite): string {
  return `\`${site.target}\``;
}

function sourceText(s: Step): string {
  return `\`${s.name ?? '?'}\``;
}

/** Findings at one place from one source to one target: a leak, a tampering, or both along one path. */
interface Story {
  kinds: FlowKind[];
  findings: Finding[];
}

function phrase(story: Story): string {
  const f = story.findings[0];
  const src = sourceText(source(f));
  const which = `which ${f.site.what}`;
  if (story.kinds.length === 2) return `leak and tamper: private, untrusted content from ${src} reaches ${sinkName(f.site)}, ${which}`;
  if (f.kind === 'leak') return `leak: private data from ${src} reaches ${sinkName(f.site)}, ${which}`;
  return `tamper: untrusted content from ${src} reaches ${sinkName(f.site)}, ${which}`;
}

/** The same steps, through the same nodes. */
function samePath(a: Finding, b: Finding): boolean {
  const x = stepsOf(a.trace);
  const y = stepsOf(b.trace);
  return x.length === y.length && x.every((s, i) => s.at === y[i].at && s.kind === y[i].kind) && a.site.arg === b.site.arg;
}

function stepMessage(s: Step, kinds: readonly FlowKind[]): string {
  switch (s.kind) {
    case 'source':
      return `${kinds.length === 2 ? 'private, untrusted content' : LABEL_WORDS[kinds[0]]}: the result of \`${s.name}\` (${s.detail ?? kinds.join(', ')})`;
    case 'bind':
      return `kept in \`${s.name}\``;
    case 'field':
      return `put in field \`${s.name}\``;
    case 'arg':
      return s.detail ? `passed to ${s.name === 'the lambda' ? 'the lambda' : `\`${s.name}\``} as \`${s.detail}\`` : `passed to \`${s.name}\``;
    case 'return':
      return s.name === 'the lambda' ? 'returned by the lambda' : `returned by \`${s.name}\``;
    case 'match':
      return `bound to \`${s.name}\` by the match`;
    case 'loop':
      return `each element bound to \`${s.name}\``;
  }
}

function related(s: { at: Span; file?: string }, here: string, message: string): RelatedInfo {
  const r: RelatedInfo = { start: s.at.start, end: s.at.end, message };
  if (s.file !== undefined && s.file !== here) r.file = s.file;
  return r;
}

/** The path of a finding as related information: source call first, the sink's argument last. */
export function pathInfo(f: Finding, here: string, kinds: readonly FlowKind[] = [f.kind]): RelatedInfo[] {
  const steps = stepsOf(f.trace);
  const out: RelatedInfo[] = [];
  const shown = steps.length <= SHOWN_STEPS ? steps : [...steps.slice(0, SHOWN_STEPS - 4), ...steps.slice(-4)];
  shown.forEach((s, i) => {
    if (steps.length > SHOWN_STEPS && i === SHOWN_STEPS - 4) {
      const skipped = steps.length - SHOWN_STEPS;
      out.push(related(shown[i - 1], here, `… ${skipped} more step${skipped === 1 ? '' : 's'}`));
    }
    out.push(related(s, here, stepMessage(s, kinds)));
  });
  const param = f.site.param ? `\`${f.site.param}\` of ` : 'an argument of ';
  const more = f.trace.len >= MAX_TRACE ? ' (the path is shortened)' : '';
  out.push(related({ at: f.site.arg, file: f.site.file }, here, `reaches ${param}${sinkName(f.site)} (${f.site.role.label}: ${f.site.what})${more}`));
  return out;
}

/** `toxic-flow` diagnostics for findings of functions in `file`, one per place. Sorted by position. */
export function flowDiagnostics(findings: readonly Finding[], file: string): Diagnostic[] {
  const byPlace = new Map<string, { at: Span; list: Finding[] }>();
  for (const f of findings) {
    const at = f.site.file === file || f.site.file === undefined ? f.site.call : f.meeting;
    const key = `${at.start}:${at.end}`;
    const entry = byPlace.get(key);
    if (entry) entry.list.push(f);
    else byPlace.set(key, { at, list: [f] });
  }
  const out: Diagnostic[] = [];
  for (const { at, list } of byPlace.values()) {
    // One story per source and target: leaks first; a leak and a tampering along one path are told once.
    const stories = new Map<string, Story>();
    for (const f of [...list].sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'leak' ? -1 : 1))) {
      const key = `${source(f).name}\u0000${f.site.target}`;
      const story = stories.get(key);
      if (!story) stories.set(key, { kinds: [f.kind], findings: [f] });
      else if (!story.kinds.includes(f.kind)) {
        story.kinds.push(f.kind);
        if (!story.findings.some((g) => samePath(g, f))) story.findings.push(f);
      }
    }
    const told = [...stories.values()];
    const first = told[0].findings[0];
    const elsewhere =
      first.site.file !== undefined && first.site.file !== file ? ` (the sink is in ${path.basename(first.site.file)}; the data gets there through this call)` : '';
    const parts = told.slice(0, 3).map(phrase);
    if (told.length > 3) parts.push(`and ${told.length - 3} more`);
    out.push({
      code: TOXIC_FLOW,
      source: 'ilo-contracts',
      severity: 'warning',
      start: at.start,
      end: at.end,
      message: `${parts.join('; ')}${elsewhere}`,
      hint: "clean the data on the way with a function declared `-- @flow sanitizer`, or correct a tool's labels with `-- @flow …` above it",
      related: told.slice(0, 3).flatMap((st) => st.findings.flatMap((f) => pathInfo(f, file, st.findings.length === 1 ? st.kinds : [f.kind]))),
    });
  }
  return out.sort((a, b) => a.start - b.start || a.end - b.end);
}
