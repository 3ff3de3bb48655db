// What "agree" means, measure by measure, for one program: the reference's
// verdict against ours. Pure functions over the two lists of diagnostics.

import type { RefDiag } from './reference';
import type { OurDiag } from './ours';

export interface Verdicts {
  ref: RefDiag[];
  ours: OurDiag[];
  /** Ours with broken declarations undefined (`ilo-ls check --reference-compat`). */
  oursCompat: OurDiag[];
}

export interface Outcome {
  refError: boolean;
  ourError: boolean;
  cleanAgrees: boolean;
  /** The reference's first error, when it reports one. */
  refFirst?: RefDiag;
  /** Its code is among our errors. */
  firstCode?: boolean;
  /** … at the same line and byte column (a reference error without a position matches on the code). */
  firstPosition?: boolean;
  /** The multiset of verifier codes (ILO-T…, errors and warnings) is the same. */
  sameVerifierCodes: boolean;
  sameVerifierCodesCompat: boolean;
}

const isVerifier = (code: string): boolean => code.startsWith('ILO-T');

function sortedCodes(ds: ReadonlyArray<{ code: string }>): string {
  return ds
    .map((d) => d.code)
    .filter(isVerifier)
    .sort()
    .join(' ');
}

export function compareVerdicts(v: Verdicts): Outcome {
  const refErrors = v.ref.filter((d) => d.severity === 'error');
  const ourErrors = v.ours.filter((d) => d.severity === 'error');
  const refError = refErrors.length > 0;
  const ourError = ourErrors.length > 0;
  const out: Outcome = {
    refError,
    ourError,
    cleanAgrees: refError === ourError,
    sameVerifierCodes: sortedCodes(v.ref) === sortedCodes(v.ours),
    sameVerifierCodesCompat: sortedCodes(v.ref) === sortedCodes(v.oursCompat),
  };
  if (refError) {
    const first = refErrors[0];
    out.refFirst = first;
    const same = ourErrors.filter((d) => d.code === first.code);
    out.firstCode = same.length > 0;
    out.firstPosition = same.some((d) => first.line === null || (d.line === first.line && (first.col === null || d.col === first.col)));
  }
  return out;
}

export function describeRef(ds: readonly RefDiag[]): string {
  if (ds.length === 0) return 'clean';
  return ds.map((d) => `${d.code} ${d.severity} ${d.line ?? '-'}:${d.col ?? '-'} ${d.message}`).join('\n');
}

export function describeOurs(ds: readonly OurDiag[]): string {
  if (ds.length === 0) return 'clean';
  return ds.map((d) => `${d.code} ${d.severity} ${d.line}:${d.col} ${d.message}`).join('\n');
}

/**
 * The AST JSON with keys sorted and spans removed, for comparison. The 0.11.6
 * AST carries no positions (`start`/`end` are a range loop's bounds, not
 * offsets), so only keys named `span` would be dropped.
 */
export function normaliseAst(json: string): string {
  const SPAN_KEYS = new Set(['span', 'spans']);
  const walk = (x: unknown): unknown => {
    if (Array.isArray(x)) return x.map(walk);
    if (x === null || typeof x !== 'object') return x;
    const o = x as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(o).sort()) if (!SPAN_KEYS.has(k)) out[k] = walk(o[k]);
    return out;
  };
  return JSON.stringify(walk(JSON.parse(json)));
}

/** `--` comments of a program in order (outside text literals), without the dashes and surrounding blanks. */
export function commentsOf(text: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '"') {
      i++;
      while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
      i++;
      continue;
    }
    if (c === '-' && text[i + 1] === '-') {
      let e = text.indexOf('\n', i);
      if (e < 0) e = text.length;
      out.push(text.slice(i + 2, e).trim());
      i = e;
      continue;
    }
    i++;
  }
  return out;
}
