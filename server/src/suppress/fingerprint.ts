// Fingerprints of findings that survive unrelated edits: a finding is
// identified by its code, the text of its line (without a comment after the
// code: adding an `ilo-ignore` keeps it the same finding) and the text it
// covers, all with runs of white space made one space; not by its line
// number, so lines added above it do not change it. Findings that come out the same in one
// file are told apart by their order (`…:1`, `…:2`). The baseline file and
// SARIF's partialFingerprints use them.

import type { Diagnostic } from '../diagnostics';
import { sha256Hex } from '../contracts/sha256';

/** The version of the fingerprint recipe, named in SARIF's partialFingerprints. */
export const FINGERPRINT_KEY = 'iloFinding/v1';

/** Text that a finding's fingerprint reads is cut to this many characters. */
const MAX_TEXT = 400;

const squash = (s: string): string => s.replace(/\s+/g, ' ').trim().slice(0, MAX_TEXT);

/** One fingerprint per diagnostic of `text`, in the same order. */
export function fingerprints(text: string, diags: readonly Diagnostic[]): string[] {
  const seen = new Map<string, number>();
  return diags.map((d) => {
    const lineStart = text.lastIndexOf('\n', d.start - 1) + 1;
    let lineEnd = text.indexOf('\n', d.start);
    if (lineEnd < 0) lineEnd = text.length;
    const line = withoutTrailingComment(text.slice(lineStart, lineEnd));
    const base = sha256Hex(`${d.code}\u0000${squash(line)}\u0000${squash(text.slice(d.start, Math.max(d.start, d.end)))}`).slice(0, 16);
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return `${base}:${n}`;
  });
}

/** The line without a `--` comment that follows code on it (a comment line stays whole). */
function withoutTrailingComment(line: string): string {
  const at = line.search(/\s--/);
  return at > 0 && line.slice(0, at).trim() !== '' ? line.slice(0, at) : line;
}
