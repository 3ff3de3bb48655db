// One name, one story: the contract analyses (collisions, lints, schema
// checks) may each have something to say about the same tool name. Several
// `ilo-contracts` diagnostics on exactly the same range become one: the most
// severe leads (its code and severity), the others follow in the message
// with their codes, and related information and quick fixes are kept from
// all of them. Diagnostics of the reference (`ilo`) are never merged.

import type { Diagnostic, Severity } from '../diagnostics';

const SEVERITY_ORDER: Record<Severity, number> = { error: 0, warning: 1, information: 2, hint: 3 };

/**
 * `diags` with every group of `ilo-contracts` diagnostics sharing a range
 * merged into one, placed where the first of the group was. Order is kept
 * otherwise. Pure: the inputs are not modified.
 */
export function mergeSameRange(diags: readonly Diagnostic[]): Diagnostic[] {
  const groups = new Map<string, Diagnostic[]>();
  for (const d of diags) {
    if (d.source !== 'ilo-contracts') continue;
    const key = `${d.start}:${d.end}`;
    const g = groups.get(key);
    if (g) g.push(d);
    else groups.set(key, [d]);
  }
  if ([...groups.values()].every((g) => g.length < 2)) return [...diags];
  const out: Diagnostic[] = [];
  const done = new Set<string>();
  for (const d of diags) {
    if (d.source !== 'ilo-contracts') {
      out.push(d);
      continue;
    }
    const key = `${d.start}:${d.end}`;
    if (done.has(key)) continue;
    done.add(key);
    const g = groups.get(key)!;
    out.push(g.length === 1 ? d : merge(g));
  }
  return out;
}

function merge(group: readonly Diagnostic[]): Diagnostic {
  const sorted = [...group].sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity]);
  const [lead, ...rest] = sorted;
  const merged: Diagnostic = {
    code: lead.code,
    source: lead.source,
    severity: lead.severity,
    start: lead.start,
    end: lead.end,
    message: [lead.message, ...rest.map((d) => `Also (${d.code}): ${d.message}`)].join(' '),
  };
  const hints = [...new Set(sorted.map((d) => d.hint).filter((h): h is string => h !== undefined && h !== ''))];
  if (hints.length > 0) merged.hint = hints.join('; ');
  const related = sorted.flatMap((d) => d.related ?? []);
  if (related.length > 0) merged.related = related;
  const seen = new Set<string>();
  const suggestions = sorted.flatMap((d) => d.suggestions ?? []).filter((s) => {
    const key = `${s.file ?? ''}\u0000${s.message}\u0000${JSON.stringify(s.edits)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  if (suggestions.length > 0) merged.suggestions = suggestions;
  return merged;
}
