// ILO-T024: a match whose arms do not cover every value of the subject's type.

import type { Diagnostic } from '../diagnostics';
import type { Suggestion } from '../diagnostics';
import type { Expr, MatchArm, Pattern, Span } from '../syntax/ast';
import type { VariantDef } from './env';
import { diag, insertAt } from './report';
import { showTy, type Ty } from './types';

/**
 * Report a non-exhaustive match. A wildcard or a type pattern (`n v:`...)
 * covers everything; a Result needs both `~` and `^`; a bool both literals; a
 * sum type every variant; a subject of unknown type, or a subjectless match,
 * is not judged; anything else needs a wildcard.
 *
 * `head` is where to point (the `?subject` part), `closeBrace` the offset of
 * the match's closing `}` (missing arms are inserted before it).
 */
export function checkExhaustive(
  subject: Ty,
  arms: readonly MatchArm[],
  head: Span,
  closeBrace: number,
  out: Diagnostic[],
  variants?: readonly VariantDef[],
): void {
  if (arms.some((a) => a.pattern.kind === 'WildPat' || a.pattern.kind === 'TypePat')) return;
  // An or-pattern (level 26) covers what each of its alternatives covers.
  const patterns = arms.flatMap((a) => alternatives(a.pattern));
  if (patterns.some((p) => p.kind === 'WildPat' || p.kind === 'TypePat')) return;
  if (variants !== undefined) {
    unionVariants(variants, patterns, arms.length, head, closeBrace, out);
    return;
  }
  // Arms this check does not know (list patterns...) may cover anything: do not judge.
  if (patterns.some((p) => p.kind !== 'OkPat' && p.kind !== 'ErrPat' && p.kind !== 'LitPat')) return;

  const missing: { label: string; arm: string }[] = [];
  let what: string;
  switch (subject.kind) {
    case 'unknown':
    case 'nil':
      return;
    case 'result':
      what = 'Result';
      if (!arms.some((a) => a.pattern.kind === 'OkPat')) missing.push({ label: `~v (v: ${showTy(subject.ok)})`, arm: '~v:v' });
      if (!arms.some((a) => a.pattern.kind === 'ErrPat')) missing.push({ label: `^e (e: ${showTy(subject.err)})`, arm: '^e:^e' });
      break;
    case 'b':
      what = 'a bool';
      for (const want of [true, false]) {
        const has = arms.some((a) => a.pattern.kind === 'LitPat' && a.pattern.value.kind === 'Bool' && a.pattern.value.value === want);
        if (!has) missing.push({ label: String(want), arm: `${want}:nil` });
      }
      break;
    case 'sum': {
      what = 'the sum type';
      const covered = new Set(arms.flatMap((a) => (a.pattern.kind === 'LitPat' && a.pattern.value.kind === 'Text' ? [a.pattern.value.value] : [])));
      for (const v of subject.variants) if (!covered.has(v)) missing.push({ label: v, arm: `${JSON.stringify(v)}:nil` });
      break;
    }
    default:
      out.push(
        diag('ILO-T024', head, `match on ${showTy(subject)} has no wildcard arm, so some values are not handled`, {
          hint: 'add a default arm: _:<expr>',
          suggestions: [insertAt('Add a wildcard arm', closeBrace, `${arms.length > 0 ? ';' : ''}_:nil`)],
        }),
      );
      return;
  }
  if (missing.length === 0) return;
  const arms2 = missing.map((m) => m.arm).join(';');
  out.push(
    diag('ILO-T024', head, `match on ${what} does not handle ${missing.map((m) => m.label).join(', ')}`, {
      hint: `add: ${missing.map((m) => m.arm.replace(/:nil$/, ':<expr>')).join(' and ')}`,
      suggestions: [insertAt(`Add the missing arm${missing.length > 1 ? 's' : ''}`, closeBrace, `${arms.length > 0 ? ';' : ''}${arms2}`)],
    }),
  );
}

/**
 * ILO-T035 (level 26): Result arms (`~v:` / `^e:`) in a match on an optional,
 * where they never match. Returns whether it reported (the match's
 * exhaustiveness is then not judged as well).
 */
export function resultArmsOnOption(subject: Ty, arms: readonly MatchArm[], out: Diagnostic[], match?: Span & { subject?: Expr }): boolean {
  if (subject.kind !== 'opt') return false;
  const wrong = arms.map((a) => a.pattern).filter((p): p is Extract<Pattern, { kind: 'OkPat' | 'ErrPat' }> => p.kind === 'OkPat' || p.kind === 'ErrPat');
  if (wrong.length === 0) return false;
  const shown = wrong.map((p) => `${p.kind === 'OkPat' ? '~' : '^'}${p.binding.text}:`).join(' and ');
  out.push(
    diag('ILO-T035', wrong[0], `${shown} ${wrong.length > 1 ? 'are Result arms' : 'is a Result arm'}, but the subject is an optional (${showTy(subject)}): ${wrong.length > 1 ? 'they never match' : 'it never matches'}`, {
      hint: 'for an optional use ?? (??x default), or literal arms and _: for nil',
      suggestions: match !== undefined ? coalesceFix(match, arms) : undefined,
    }),
  );
  return true;
}

/**
 * `?x{~v:v;_:d}` (either order) is `??x d`: the rewrite as edits around the
 * subject and the default, or nothing for any other shape.
 */
function coalesceFix(match: Span & { subject?: Expr }, arms: readonly MatchArm[]): Suggestion[] | undefined {
  const subject = match.subject;
  if (subject === undefined || arms.length !== 2) return undefined;
  const ok = arms.find((a) => a.pattern.kind === 'OkPat');
  const wild = arms.find((a) => a.pattern.kind === 'WildPat');
  if (ok === undefined || wild === undefined || ok.pattern.kind !== 'OkPat') return undefined;
  const [okBody, wildBody] = [ok.body, wild.body];
  if (okBody.length !== 1 || okBody[0].kind !== 'ExprStmt' || okBody[0].expr.kind !== 'Ref' || okBody[0].expr.name !== ok.pattern.binding.text) return undefined;
  if (wildBody.length !== 1 || wildBody[0].kind !== 'ExprStmt') return undefined;
  const fallback = wildBody[0].expr;
  // `?(call){…}` keeps its parentheses; `?x{…}` has none.
  const paren = subject.start - match.start === 2;
  if (!paren && subject.start - match.start !== 1) return undefined;
  return [
    {
      message: 'Write it with ??',
      edits: [
        { start: match.start, end: subject.start, newText: paren ? '??(' : '??' },
        { start: subject.end, end: fallback.start, newText: paren ? ') ' : ' ' },
        { start: fallback.end, end: match.end, newText: '' },
      ],
    },
  ];
}

/** The alternatives of an or-pattern, or the pattern itself. */
function alternatives(p: Pattern): Pattern[] {
  return p.kind === 'OrPat' ? p.alternatives.flatMap(alternatives) : [p];
}

/**
 * T024 for a sum type with payloads (level 26): every variant needs an arm,
 * `tag(v):` for one with a payload, `tag:` for one without (either spelling
 * is accepted for either); one report names all that are missing.
 */
function unionVariants(variants: readonly VariantDef[], patterns: readonly Pattern[], armCount: number, head: Span, closeBrace: number, out: Diagnostic[]): void {
  const covered = new Set<string>();
  for (const p of patterns) {
    if (p.kind === 'VariantPat') covered.add(p.tag.text);
    else if (p.kind === 'LitPat' && p.value.kind === 'Text') covered.add(p.value.value);
  }
  const missing = variants.filter((v) => !covered.has(v.name));
  if (missing.length === 0) return;
  const arm = (v: VariantDef): string => (v.payload !== undefined ? `${v.name}(v):nil` : `${v.name}:nil`);
  out.push(
    diag('ILO-T024', head, `match does not handle the variant${missing.length > 1 ? 's' : ''} ${missing.map((v) => v.name).join(', ')}`, {
      hint: `add: ${missing.map((v) => arm(v).replace(/:nil$/, ':<expr>')).join(' and ')}, or a _ arm`,
      suggestions: [insertAt(`Add the missing arm${missing.length > 1 ? 's' : ''}`, closeBrace, `${armCount > 0 ? ';' : ''}${missing.map(arm).join(';')}`)],
    }),
  );
}
