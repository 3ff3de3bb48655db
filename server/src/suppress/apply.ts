// Applies a file's suppressions to its findings: first the inline
// `-- ilo-ignore` comments, then the baseline's entries for the file. What
// they silence is kept aside (hover and SARIF show it); suppressions that
// silence nothing, and suppressions without a reason, become findings of
// their own. Errors of the language itself (source `ilo`, severity error)
// are never silenced: the reference rejects such a file whatever we say.

import type { Diagnostic, Suggestion } from '../diagnostics';
import type { Comment } from '../syntax/ast';
import type { BaselineEntry } from './baseline';
import { fingerprints } from './fingerprint';
import { inlineSuppressions, SUPPRESSION_KEYWORD, type InlineSuppression } from './inline';

export const UNUSED_SUPPRESSION = 'unused-suppression';
export const SUPPRESSION_WITHOUT_REASON = 'suppression-without-reason';

export type SuppressedBy = { kind: 'inline'; suppression: InlineSuppression } | { kind: 'baseline'; entry: BaselineEntry; baseline: string };

export interface SuppressedFinding {
  diagnostic: Diagnostic;
  by: SuppressedBy;
}

export interface SuppressionOutcome {
  /** What is reported: the findings left, and the suppressions' own findings, sorted. */
  diagnostics: Diagnostic[];
  suppressed: SuppressedFinding[];
  /** The file's `ilo-ignore` comments. */
  inline: InlineSuppression[];
}

export interface FileBaseline {
  /** Absolute path of the baseline file (named in messages). */
  path: string;
  /** The entries for this file. */
  entries: readonly BaselineEntry[];
}

export interface SuppressionInput {
  text: string;
  comments: readonly Comment[];
  /** The file's findings, sorted by position. */
  diagnostics: Diagnostic[];
  /** 0-based line of an offset; asked only when the file has suppressions. */
  lineOf: (offset: number) => number;
  /** Offset of the start of a 0-based line (for baseline entries that match nothing). */
  lineStart: (line: number) => number;
  baseline?: FileBaseline;
}

/** Whether a finding can be silenced at all. */
export function suppressible(d: Diagnostic): boolean {
  return !(d.source === 'ilo' && d.severity === 'error') && d.code !== UNUSED_SUPPRESSION && d.code !== SUPPRESSION_WITHOUT_REASON;
}

/** The findings a baseline records: those that can be silenced, hints aside (they never fail a check). */
export function baselineCandidates(diags: readonly Diagnostic[]): Diagnostic[] {
  return diags.filter((d) => suppressible(d) && d.severity !== 'hint');
}

/** Whether any comment of the file may be a suppression (a cheap test made on every analysis). */
function mayHaveInline(comments: readonly Comment[]): boolean {
  for (let i = 0; i < comments.length; i++) if (comments[i].text.includes(SUPPRESSION_KEYWORD)) return true;
  return false;
}

export function applySuppressions(input: SuppressionInput): SuppressionOutcome {
  const { text, comments, diagnostics, baseline } = input;
  const hasBaseline = baseline !== undefined && baseline.entries.length > 0;
  if (!hasBaseline && !mayHaveInline(comments)) return { diagnostics, suppressed: [], inline: [] };

  const inline = inlineSuppressions(text, comments, input.lineOf);
  const suppressed: SuppressedFinding[] = [];
  const own: Diagnostic[] = [];
  /** Per suppression, which of its codes silenced something. */
  const used = inline.map((s) => s.codes.map(() => false));
  const blocked = inline.map((s) => s.codes.map(() => false));
  let kept: Diagnostic[] = diagnostics;

  if (inline.length > 0) {
    kept = [];
    for (const d of diagnostics) {
      const line = input.lineOf(d.start);
      let silencedBy: InlineSuppression | undefined;
      inline.forEach((s, si) => {
        if (line < s.firstLine || line > s.lastLine || s.reason === '') return;
        s.codes.forEach((c, ci) => {
          if (c.code !== d.code) return;
          if (!suppressible(d)) {
            blocked[si][ci] = true;
            return;
          }
          used[si][ci] = true;
          silencedBy ??= s;
        });
      });
      if (silencedBy) suppressed.push({ diagnostic: d, by: { kind: 'inline', suppression: silencedBy } });
      else kept.push(d);
    }
    inline.forEach((s, si) => own.push(...inlineFindings(text, s, used[si], blocked[si])));
  }

  if (hasBaseline) {
    const candidates = baselineCandidates(kept);
    const prints = fingerprints(text, candidates);
    const open = new Map<string, BaselineEntry[]>();
    for (const e of baseline.entries) {
      const key = `${e.code}\u0000${e.fingerprint}`;
      open.set(key, [...(open.get(key) ?? []), e]);
    }
    const silenced = new Set<Diagnostic>();
    candidates.forEach((d, i) => {
      const key = `${d.code}\u0000${prints[i]}`;
      const entry = open.get(key)?.shift();
      if (!entry) return;
      silenced.add(d);
      suppressed.push({ diagnostic: d, by: { kind: 'baseline', entry, baseline: baseline.path } });
    });
    if (silenced.size > 0) kept = kept.filter((d) => !silenced.has(d));
    for (const left of open.values()) for (const e of left) own.push(unusedBaselineFinding(text, e, baseline.path, input.lineStart));
  }

  if (own.length === 0 && suppressed.length === 0) return { diagnostics, suppressed, inline };
  const all = own.length > 0 ? [...kept, ...own].sort((a, b) => a.start - b.start || a.end - b.end) : kept;
  return { diagnostics: all, suppressed, inline };
}

function inlineFindings(text: string, s: InlineSuppression, used: readonly boolean[], blocked: readonly boolean[]): Diagnostic[] {
  const span = { start: s.start, end: s.end };
  if (s.codes.length === 0 || s.reason === '') {
    const what = s.codes.length === 0 ? 'a code and a reason' : 'a reason';
    return [
      {
        code: SUPPRESSION_WITHOUT_REASON,
        source: 'ilo-contracts',
        severity: 'warning',
        ...span,
        message: `this \`${SUPPRESSION_KEYWORD}\` comment needs ${what}, so it is not applied`,
        hint: `write \`-- ${SUPPRESSION_KEYWORD} ${s.codes[0]?.code ?? 'CODE'} why this finding does not apply here\``,
      },
    ];
  }
  const out: Diagnostic[] = [];
  const none = used.every((u) => !u);
  s.codes.forEach((c, i) => {
    if (used[i]) return;
    const where = s.firstLine > s.lastLine ? 'nothing follows it' : s.trailing ? 'on this line' : s.firstLine === s.lastLine ? 'on the next line' : `on lines ${s.firstLine + 1}–${s.lastLine + 1}`;
    const message = blocked[i]
      ? `\`${c.code}\` is an error of the language: the reference rejects the file with it, so it cannot be suppressed`
      : `\`${c.code}\` is suppressed here but nothing ${where} is reported with that code`;
    const d: Diagnostic = { code: UNUSED_SUPPRESSION, source: 'ilo-contracts', severity: 'warning', start: c.start, end: c.end, message };
    d.suggestions = [none && s.codes.length === 1 ? removeComment(text, s) : removeCode(text, c)];
    out.push(d);
  });
  // Several codes, none used: one fix that removes the whole comment too.
  if (none && s.codes.length > 1) for (const d of out) d.suggestions = [removeComment(text, s)];
  return out;
}

function removeComment(text: string, s: InlineSuppression): Suggestion {
  if (s.trailing) {
    let from = s.start;
    while (from > 0 && (text[from - 1] === ' ' || text[from - 1] === '\t')) from--;
    return { message: `Remove the \`${SUPPRESSION_KEYWORD}\` comment`, edits: [{ start: from, end: s.end, newText: '' }] };
  }
  const lineStart = text.lastIndexOf('\n', s.start - 1) + 1;
  const nl = text.indexOf('\n', s.end);
  return { message: `Remove the \`${SUPPRESSION_KEYWORD}\` comment`, edits: [{ start: lineStart, end: nl < 0 ? s.end : nl + 1, newText: '' }] };
}

function removeCode(text: string, c: { code: string; start: number; end: number }): Suggestion {
  // The code and the comma that joins it to the list.
  const start = text[c.start - 1] === ',' ? c.start - 1 : c.start;
  const end = start === c.start && text[c.end] === ',' ? c.end + 1 : c.end;
  return { message: `Remove \`${c.code}\` from the suppression`, edits: [{ start, end, newText: '' }] };
}

function unusedBaselineFinding(text: string, e: BaselineEntry, baselinePath: string, lineStart: (line: number) => number): Diagnostic {
  const start = e.line !== undefined ? Math.min(lineStart(e.line - 1), text.length) : 0;
  let end = text.indexOf('\n', start);
  if (end < 0) end = text.length;
  const was = e.message ? `: "${e.message.length > 80 ? `${e.message.slice(0, 77)}...` : e.message}"` : '';
  return {
    code: UNUSED_SUPPRESSION,
    source: 'ilo-contracts',
    severity: 'warning',
    start,
    end: Math.max(start, end),
    message: `the baseline ${baseName(baselinePath)} holds a \`${e.code}\` finding${e.line ? ` at line ${e.line}` : ''} that is no longer reported${was}`,
    hint: 'drop it with `ilo-ls check --baseline FILE --update-baseline`',
  };
}

function baseName(p: string): string {
  const i = Math.max(p.lastIndexOf('/'), p.lastIndexOf('\\'));
  return i >= 0 ? p.slice(i + 1) : p;
}
