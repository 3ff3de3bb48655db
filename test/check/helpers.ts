// Shared helpers for the verifier tests: parse a program we wrote, check it,
// and look at the diagnostics the way a user would (code, underlined text,
// what a quick fix turns the text into).

import assert from 'node:assert/strict';
import type { Diagnostic, Suggestion } from '../../server/src/diagnostics';
import { parseIlo } from '../../server/src/syntax/parse';
import { checkProgram, type CheckOptions } from '../../server/src/check/check';
import { levelById } from '../../server/src/level';

/** Verifier diagnostics (errors and warnings) for `src`; fails the test if `src` does not parse. */
export function check(src: string, opts: CheckOptions = {}): Diagnostic[] {
  // Parsed at the level it is checked at (0.11 unless `opts.level` says otherwise).
  const parsed = parseIlo(src, opts.level !== undefined ? { level: levelById(opts.level.id === '26' ? '26' : '0.11') } : undefined);
  assert.deepEqual(
    parsed.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.code} ${d.message}`),
    [],
    `test program should parse: ${src}`,
  );
  return checkProgram(parsed.program, opts).filter((d) => d.severity === 'error' || d.severity === 'warning');
}

export function codes(src: string, opts?: CheckOptions): string[] {
  return check(src, opts).map((d) => d.code);
}

/** The single diagnostic `src` produces, asserting there is exactly one and it has `code`. */
export function single(src: string, code: string): Diagnostic {
  const ds = check(src);
  assert.deepEqual(
    ds.map((d) => d.code),
    [code],
    `expected exactly ${code} for ${JSON.stringify(src)}, got ${JSON.stringify(ds.map((d) => `${d.code}: ${d.message}`))}`,
  );
  return ds[0];
}

/** The text a diagnostic underlines. */
export function underlined(src: string, d: Diagnostic): string {
  return src.slice(d.start, d.end);
}

/** `src` after applying a suggestion's edits. */
export function applyFix(src: string, s: Suggestion): string {
  const edits = [...s.edits].sort((a, b) => b.start - a.start);
  let out = src;
  for (const e of edits) out = out.slice(0, e.start) + e.newText + out.slice(e.end);
  return out;
}

/** Assert `src` has no verifier errors or warnings. */
export function clean(src: string, opts?: CheckOptions): void {
  const ds = check(src, opts);
  assert.deepEqual(
    ds.map((d) => `${d.code}: ${d.message}`),
    [],
    `expected no diagnostics for ${JSON.stringify(src)}`,
  );
}
