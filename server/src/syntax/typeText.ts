// ilo type expressions back to ilo source text: for messages and summaries
// (every nested `F`/`S` in parentheses, the easiest to read) and for the
// formatter (parentheses only where a greedy `F`/`S` would swallow what
// follows it, as the parser reads them).
import type { TypeExpr } from './ast';

/**
 * One spelling for both uses. `final`: nothing follows in the enclosing type;
 * `top`: not inside another type; `minimal`: parenthesise only where needed.
 */
function spell(t: TypeExpr, final: boolean, top: boolean, minimal: boolean): string {
  const wrap = (s: string): string => ((minimal ? !final : !top) ? `(${s})` : s);
  switch (t.kind) {
    case 'PrimType':
    case 'NamedType':
      return t.name;
    case 'ListType':
      return `L ${spell(t.elem, final, false, minimal)}`;
    case 'OptType':
      return `O ${spell(t.inner, final, false, minimal)}`;
    case 'MapType':
      return `M ${spell(t.key, false, false, minimal)} ${spell(t.value, final, false, minimal)}`;
    case 'ResultType':
      return `R ${spell(t.ok, false, false, minimal)} ${spell(t.err, final, false, minimal)}`;
    case 'SumType':
      return wrap(`S ${t.variants.map((v) => v.text).join(' ')}`);
    case 'FnType':
      return wrap(`F ${[...t.params.map((p) => spell(p, false, false, minimal)), spell(t.ret, true, false, minimal)].join(' ')}`);
    default:
      return '?';
  }
}

/** `L O n`, `R profile t`, `(F n n)` when nested, ... */
export function typeText(t: TypeExpr, nested = false): string {
  return spell(t, true, !nested, false);
}

/** A type as the formatter prints it (`L n`, `M t L n`): `F`/`S` get parentheses only in a non-final slot. */
export function typeSource(t: TypeExpr, last = true): string {
  return spell(t, last, true, true);
}
