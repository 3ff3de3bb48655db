// Calls: builtins, user functions and tools, function values held in
// locals, and the `!` / `!!` auto-unwrap rules (ILO-T005/T006/T007/T013/
// T025/T026/T034).

import type { Diagnostic, Suggestion } from '../diagnostics';
import type { CallExpr, Expr, Span } from '../syntax/ast';
import type { BodyContext } from './context';
import { deniedNetCall } from './capabilities';
import { readTemplate } from './fmtTemplate';
import { genericCallIssues } from './generics';
import { unguardedCall } from './preconditions';
import { diag, didYouMean, insertAt, replaceWith } from './report';
import { NUM, TEXT, UNKNOWN, compatible, showTy, type Ty } from './types';

export function inferCall(cx: BodyContext, e: CallExpr): Ty {
  const argTys = e.args.map((a) => cx.infer(a));
  if (e.piped && cx.level.rules.resultAwarePipes && argTys.length > 0) {
    // ilo 26: `f x>>g` passes the Ok value (or the present value) on, an Err or nil leaves the function.
    const last = argTys.length - 1;
    const piped = argTys[last];
    if (piped.kind === 'result') argTys[last] = piped.ok;
    else if (piped.kind === 'opt') argTys[last] = piped.inner;
  }
  const callee = e.callee.text;
  const out = cx.out;
  let ty: Ty;

  const builtins = cx.level.builtins;
  const canonical = builtins.name(callee);
  const fn = canonical === undefined ? cx.fn(callee) : undefined;
  if (canonical !== undefined) {
    if (!builtins.acceptsArity(canonical, e.args.length)) {
      const words = builtins.arityWords(canonical);
      out.push(
        diag('ILO-T006', e, `'${canonical}' takes ${words} argument${words === '1' ? '' : 's'}, got ${e.args.length}`, {
          hint: builtins.table.lookup(canonical)?.arityHints?.[e.args.length] ?? builtins.signatureHint(canonical),
        }),
      );
      return UNKNOWN;
    }
    const b = builtins.table.lookup(canonical);
    if (b?.template === 'spec') templateArgChecks(canonical, e, out);
    else literalArgChecks(canonical, e, out);
    const world = b?.capability !== undefined ? cx.deniedWorld() : undefined;
    if (b !== undefined && world !== undefined) deniedNetCall(e.callee, b, world, out);
    const { ret, issues } = builtins.checkArgs(canonical, argTys);
    for (const issue of issues) {
      const at: Span = issue.arg !== undefined && e.args[issue.arg] !== undefined ? e.args[issue.arg] : e;
      out.push(diag(issue.code ?? 'ILO-T013', at, issue.message, { hint: issue.hint }));
    }
    ty = ret;
  } else if (fn !== undefined) {
    if (fn.kind === 'broken' && cx.level.rules.collapseBrokenCalls) {
      // ilo 26 checks no call of a function that failed to parse: one ILO-T005 at the declaration says it (check.ts).
      ty = UNKNOWN;
    } else if (fn.params === undefined) {
      ty = fn.ret; // header unknown (declaration failed to parse): accept the call as written
    } else if (fn.params.length !== e.args.length) {
      const sig = fn.params.map((p) => `${p.name}:${showTy(p.ty)}`).join(' ');
      out.push(
        diag('ILO-T006', e, `'${callee}' takes ${fn.params.length} argument${fn.params.length === 1 ? '' : 's'}, got ${e.args.length}`, {
          hint: `${callee} ${sig}>${showTy(fn.ret)}`.replace(/ >/, '>'),
        }),
      );
      return fn.ret;
    } else {
      fn.params.forEach((p, i) => {
        const a = argTys[i];
        if (!compatible(p.ty, a)) {
          out.push(
            diag('ILO-T007', e.args[i], `'${callee}' expects ${showTy(p.ty)} for '${p.name}', got ${showTy(a)}`, conversionHelp(p.ty, a, e.args[i])),
          );
        }
      });
      if (fn.typeParams !== undefined && fn.paramVars !== undefined) genericCallIssues(callee, fn.typeParams, fn.paramVars, argTys, e.args, out);
      if (fn.requires !== undefined && cx.level.rules.preconditions) {
        unguardedCall(e, fn.params.map((p) => p.name), fn.requires, cx.guardsBefore(), cx.isMatchSubject(e), out);
      }
      ty = fn.ret;
    }
  } else {
    const local = cx.local(callee);
    if (local?.kind === 'fn') {
      if (local.params.length !== e.args.length) {
        out.push(
          diag('ILO-T006', e, `'${callee}' is a function of ${local.params.length} argument${local.params.length === 1 ? '' : 's'} (${showTy(local)}), got ${e.args.length}`),
        );
      } else {
        local.params.forEach((p, i) => {
          const a = argTys[i];
          if (!compatible(p, a)) {
            out.push(diag('ILO-T007', e.args[i], `argument ${i + 1} of '${callee}' must be ${showTy(p)}, got ${showTy(a)}`, conversionHelp(p, a, e.args[i])));
          }
        });
      }
      ty = local.ret;
    } else if (local?.kind === 'unknown' && cx.level.rules.closuresTyped) {
      // ilo 26: a value of unknown type may well be a function (a closure passed in, a `_` parameter).
      ty = UNKNOWN;
    } else if (local !== undefined) {
      if (e.args.length === 0 && e.unwrap !== 'none') {
        const op = e.unwrap === 'panic' ? '!!' : '!';
        out.push(
          diag('ILO-T034', e, `'${op}' unwraps the result of a function call, but '${callee}' is a value (${showTy(local)}), not a call`, {
            hint: `to look inside a Result value match on it: ?${callee}{~v:v;^e:^e}`,
            suggestions: [replaceWith(`Remove '${op}'`, { start: e.callee.end, end: e.callee.end + op.length }, '')],
          }),
        );
      } else {
        out.push(
          diag('ILO-T005', e.callee, `'${callee}' is a ${showTy(local)} value, not a function (called with ${e.args.length} argument${e.args.length === 1 ? '' : 's'})`, {
            hint: `only functions can be called; '${callee}' is bound to ${showTy(local)} here`,
          }),
        );
      }
      ty = UNKNOWN;
    } else {
      const near = cx.suggestCallee(callee);
      out.push(
        diag('ILO-T005', e.callee, `no function named '${callee}' (called with ${e.args.length} argument${e.args.length === 1 ? '' : 's'})`, {
          hint: near !== undefined ? `did you mean '${near}'?` : undefined,
          suggestions: near !== undefined ? [didYouMean(e.callee, near)] : undefined,
        }),
      );
      ty = UNKNOWN;
    }
  }

  return e.unwrap === 'none' ? ty : unwrapped(cx, e, ty, out);
}

/** The value behind `f! args` / `f!! args`, with ILO-T025/T026. */
function unwrapped(cx: BodyContext, e: CallExpr, ty: Ty, out: Diagnostic[]): Ty {
  const op = e.unwrap === 'panic' ? '!!' : '!';
  const propagate = e.unwrap === 'propagate';
  const enclosing = cx.enclosingReturn();
  switch (ty.kind) {
    case 'result':
      if (propagate && enclosing !== undefined && enclosing.kind !== 'result') {
        out.push(
          diag('ILO-T026', e, `'!' passes an error on to the caller, but this function returns ${showTy(enclosing)}, not a Result`, {
            hint: `declare a Result return type (R ...) or use '!!' to abort on error instead`,
            suggestions: [insertAt("Use '!!' (abort on error)", e.callee.end, '!')],
          }),
        );
      }
      return ty.ok;
    case 'opt':
      if (propagate && enclosing !== undefined && enclosing.kind !== 'opt' && enclosing.kind !== 'nil' && enclosing.kind !== 'unknown') {
        out.push(
          diag('ILO-T026', e, `'!' passes nil on to the caller, but this function returns ${showTy(enclosing)}, not an optional`, {
            hint: `declare an optional return type (O ...) or use '!!' to abort on nil instead`,
            suggestions: [insertAt("Use '!!' (abort on nil)", e.callee.end, '!')],
          }),
        );
      }
      return ty.inner;
    case 'unknown':
      return UNKNOWN;
    default:
      out.push(
        diag('ILO-T025', e, `'${op}' needs a call that returns a Result or an optional, but '${e.callee.text}' returns ${showTy(ty)}`, {
          hint: `'${op}' unwraps R (Ok → value) and O (nil ${propagate ? 'is passed on' : 'aborts'}); drop it for plain values`,
          suggestions: [replaceWith(`Remove '${op}'`, { start: e.callee.end, end: e.callee.end + op.length }, '')],
        }),
      );
      return UNKNOWN;
  }
}

/** Checks that look at literal arguments: `fmt` placeholders and `wr` formats. */
function literalArgChecks(name: string, e: CallExpr, out: Diagnostic[]): void {
  const first = e.args[0];
  if (name === 'fmt' && first?.kind === 'Text') {
    const spec = printfSpec(first.value);
    if (spec !== undefined) {
      out.push(
        diag('ILO-T013', first, `'fmt' fills bare {} placeholders only; '${spec}' is not supported`, {
          hint: 'for decimals use fmt "...{}" (fmt2 v 2); for width use padl (str n) 6',
        }),
      );
    }
  }
  const third = e.args[2];
  if (name === 'wr' && e.args.length === 3 && third?.kind === 'Text' && !['json', 'csv', 'tsv'].includes(third.value)) {
    out.push(
      diag('ILO-T013', third, `'wr' cannot write format "${third.value}"; use "json", "csv" or "tsv"`, {
        suggestions: ['json', 'csv', 'tsv'].map((f) => replaceWith(`Change to "${f}"`, third, JSON.stringify(f))),
      }),
    );
  }
}

/** Level 26: `fmt` templates with format specs, counted against the arguments (see fmtTemplate.ts). */
function templateArgChecks(name: string, e: CallExpr, out: Diagnostic[]): void {
  const first = e.args[0];
  if (first?.kind !== 'Text') return;
  const reading = readTemplate(first.value);
  if (reading.rejected !== undefined) {
    out.push(
      diag('ILO-T013', first, `'${name}' does not support the format spec '${reading.rejected}'`, {
        hint: 'specs: {} {:.2f} {:8} {:8d} {:<8}; for zero padding or signs compose fmt2, padl and padr',
      }),
    );
    return;
  }
  const given = e.args.length - 1;
  if (reading.slots === undefined || reading.slots === given) return;
  out.push(
    diag('ILO-T013', first, `'${name}' template has ${reading.slots} placeholder${reading.slots === 1 ? '' : 's'} but ${given} argument${given === 1 ? '' : 's'} follow${given === 1 ? 's' : ''}`, {
      hint: 'one argument per {} (a list fills one placeholder: fmt "{} {}" a b, not fmt "{} {}" [a b])',
    }),
  );
}

/** The first `{:...}` placeholder in a template, if any. */
function printfSpec(tmpl: string): string | undefined {
  const i = tmpl.indexOf('{:');
  if (i < 0) return undefined;
  const close = tmpl.indexOf('}', i);
  return close < 0 ? tmpl.slice(i) : tmpl.slice(i, close + 1);
}

/** `str`/`num` advice (and a wrap-in-`str` quick fix) for a number/text mix-up. */
export function conversionHelp(want: Ty, got: Ty, at: Expr): { hint?: string; suggestions?: Suggestion[] } {
  if (want.kind === 't' && got.kind === 'n' && compatible(want, TEXT)) {
    return {
      hint: "convert with 'str': str <number>",
      suggestions: [{ message: "Convert with 'str'", edits: [{ start: at.start, end: at.start, newText: '(str ' }, { start: at.end, end: at.end, newText: ')' }] }],
    };
  }
  if (want.kind === 'n' && got.kind === 't' && compatible(want, NUM)) {
    return { hint: "parse with 'num' (it returns R n t): num! <text> or match on num <text>" };
  }
  return {};
}
