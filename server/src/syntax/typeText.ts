// ilo type expressions back to ilo source text, for messages and summaries.
import type { TypeExpr } from './ast';

/** `L O n`, `R profile t`, `(F n n)` when nested, ... */
export function typeText(t: TypeExpr, nested = false): string {
  switch (t.kind) {
    case 'PrimType':
      return t.name;
    case 'NamedType':
      return t.name;
    case 'ListType':
      return `L ${typeText(t.elem, true)}`;
    case 'OptType':
      return `O ${typeText(t.inner, true)}`;
    case 'MapType':
      return `M ${typeText(t.key, true)} ${typeText(t.value, true)}`;
    case 'ResultType':
      return `R ${typeText(t.ok, true)} ${typeText(t.err, true)}`;
    case 'SumType': {
      const s = `S ${t.variants.map((v) => v.text).join(' ')}`;
      return nested ? `(${s})` : s;
    }
    case 'FnType': {
      const s = `F ${[...t.params, t.ret].map((p) => typeText(p, true)).join(' ')}`;
      return nested ? `(${s})` : s;
    }
    default:
      return '?';
  }
}
