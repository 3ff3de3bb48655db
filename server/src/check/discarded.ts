// ILO-T032 / ILO-T033: a statement whose value is thrown away although the
// value is the whole point of it (a text built by `fmt`, a new list from
// `+=`, a new map from `mset`/`mdel`).

import type { Diagnostic } from '../diagnostics';
import type { Stmt } from '../syntax/ast';
import type { BuiltinChecks } from './builtins';
import { diag, insertAt } from './report';

/**
 * Warnings for statement `s`. `tail`: it is the last statement of its block
 * (its value flows out). `inLoop`: the block is (inside) a loop body, where
 * even the tail value is dropped each iteration — that matters for `+=`,
 * `mset` and `mdel` only, as in the reference.
 */
export function discardedResult(s: Stmt, tail: boolean, inLoop: boolean, out: Diagnostic[], builtins: BuiltinChecks): void {
  if (s.kind !== 'ExprStmt') return;
  const e = s.expr;
  if (!tail && e.kind === 'Call') {
    const name = builtins.name(e.callee.text);
    if (name === 'fmt' && e.interpolated) {
      out.push(
        diag('ILO-T032', s, 'this interpolated text is built and thrown away (a text literal does not print)', {
          hint: 'print it with `prnt "…"` or keep it with `name="…"`',
          suggestions: [insertAt('Print it with prnt', e.start, 'prnt ')],
        }),
      );
      return;
    }
    if (name === 'fmt' || name === 'fmt2') {
      out.push(
        diag('ILO-T032', s, `the text built by '${name}' is thrown away (${name} does not print)`, {
          hint: `print it with \`prnt ${name} ...\` or keep it with \`name=${name} ...\``,
          suggestions: [insertAt('Print it with prnt', e.start, 'prnt ')],
        }),
      );
      return;
    }
  }
  if (tail && !inLoop) return;
  if (e.kind === 'Binary' && e.op === '+=') {
    const target = e.left.kind === 'Ref' ? e.left.name : undefined;
    out.push(
      diag('ILO-T033', s, `'+=' returns a new list; this one is thrown away and the original is unchanged`, {
        hint: `rebind it: ${target ?? 'xs'}=+=${target ?? 'xs'} v`,
        suggestions: target !== undefined ? [insertAt(`Rebind to '${target}'`, e.start, `${target}=`)] : undefined,
      }),
    );
  } else if (e.kind === 'Call') {
    const name = builtins.name(e.callee.text);
    if (name !== 'mset' && name !== 'mdel') return;
    const first = e.args[0];
    const target = first?.kind === 'Ref' ? first.name : undefined;
    out.push(
      diag('ILO-T033', s, `'${name}' returns a new map; this one is thrown away and the original is unchanged`, {
        hint: `rebind it: ${target ?? 'm'}=${name} ${target ?? 'm'} ...`,
        suggestions: target !== undefined ? [insertAt(`Rebind to '${target}'`, e.start, `${target}=`)] : undefined,
      }),
    );
  }
}
