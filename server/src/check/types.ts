// The verifier's view of types: what an expression is known to produce.
//
// `unknown` is the escape hatch: anything we cannot infer (type variables,
// `_`, results of untyped builtins) is `unknown` and fits everywhere, exactly
// like the reference's weak generics. `nil` is the type of `nil` and of a
// statement that produces no value (a binding).

export type Ty =
  | { kind: 'n' }
  | { kind: 't' }
  | { kind: 'b' }
  | { kind: 'nil' }
  | { kind: 'unknown' }
  | { kind: 'opt'; inner: Ty }
  | { kind: 'list'; elem: Ty }
  | { kind: 'map'; key: Ty; value: Ty }
  | { kind: 'result'; ok: Ty; err: Ty }
  | { kind: 'sum'; variants: readonly string[] }
  | { kind: 'fn'; params: readonly Ty[]; ret: Ty }
  | { kind: 'named'; name: string }
  /** Level 26: an anonymous record (`{x:1 y:2}`): exactly these fields. */
  | { kind: 'anon'; fields: readonly { name: string; ty: Ty }[] };

export const NUM: Ty = Object.freeze({ kind: 'n' });
export const TEXT: Ty = Object.freeze({ kind: 't' });
export const BOOL: Ty = Object.freeze({ kind: 'b' });
export const NIL: Ty = Object.freeze({ kind: 'nil' });

/** The type of a literal expression kind (`Number`, `Text`, `Bool`, `Nil`), or undefined for any other kind. */
export function literalType(kind: string): Ty | undefined {
  switch (kind) {
    case 'Number':
      return NUM;
    case 'Text':
      return TEXT;
    case 'Bool':
      return BOOL;
    case 'Nil':
      return NIL;
    default:
      return undefined;
  }
}
export const UNKNOWN: Ty = Object.freeze({ kind: 'unknown' });

export const listOf = (elem: Ty): Ty => ({ kind: 'list', elem });
export const optOf = (inner: Ty): Ty => ({ kind: 'opt', inner });
export const mapOf = (key: Ty, value: Ty): Ty => ({ kind: 'map', key, value });
export const resultOf = (ok: Ty, err: Ty): Ty => ({ kind: 'result', ok, err });
export const fnOf = (params: readonly Ty[], ret: Ty): Ty => ({ kind: 'fn', params, ret });
export const named = (name: string): Ty => ({ kind: 'named', name });
export const anonOf = (fields: readonly { name: string; ty: Ty }[]): Ty => ({ kind: 'anon', fields });

export const isUnknown = (t: Ty): boolean => t.kind === 'unknown';

/**
 * How a type is written in messages: ilo type syntax without parentheses
 * (`L L n`, `R L t t`, `M _ L n`), `_` for both nil and unknown — the same
 * rendering the reference uses, so messages read alike.
 */
export function showTy(t: Ty): string {
  switch (t.kind) {
    case 'n':
    case 't':
    case 'b':
      return t.kind;
    case 'nil':
    case 'unknown':
      return '_';
    case 'opt':
      return `O ${showTy(t.inner)}`;
    case 'list':
      return `L ${showTy(t.elem)}`;
    case 'map':
      return `M ${showTy(t.key)} ${showTy(t.value)}`;
    case 'result':
      return `R ${showTy(t.ok)} ${showTy(t.err)}`;
    case 'sum':
      return ['S', ...t.variants].join(' ');
    case 'fn':
      return ['F', ...t.params.map(showTy), showTy(t.ret)].join(' ');
    case 'named':
      return t.name;
    case 'anon':
      return `{${t.fields.map((f) => `${f.name}:${showTy(f.ty)}`).join(' ')}}`;
  }
}

/**
 * Whether a value of one type may stand where the other is expected. The
 * relation is deliberately loose (and symmetric): `unknown` fits anything,
 * `nil` and the inner type both fit an optional, sum types are text.
 */
export function compatible(a: Ty, b: Ty): boolean {
  if (a.kind === 'unknown' || b.kind === 'unknown') return true;
  if (a.kind === 'nil' && b.kind === 'opt') return true;
  if (a.kind === 'opt' && b.kind === 'nil') return true;
  if (a.kind === 'opt' && b.kind === 'opt') return compatible(a.inner, b.inner);
  if (b.kind === 'opt') return compatible(a, b.inner);
  if (a.kind === 'opt') return compatible(a.inner, b);
  if ((a.kind === 'sum' && b.kind === 't') || (a.kind === 't' && b.kind === 'sum')) return true;
  // An anonymous record fits any record: its shape is not compared (ilo 26's rules for it are not documented).
  if ((a.kind === 'anon' && (b.kind === 'anon' || b.kind === 'named')) || (b.kind === 'anon' && a.kind === 'named')) return true;
  switch (a.kind) {
    case 'sum':
      return b.kind === 'sum' && sameStrings(a.variants, b.variants);
    case 'n':
    case 't':
    case 'b':
    case 'nil':
      return a.kind === b.kind;
    case 'list':
      return b.kind === 'list' && compatible(a.elem, b.elem);
    case 'map':
      return b.kind === 'map' && compatible(a.key, b.key) && compatible(a.value, b.value);
    case 'result':
      return b.kind === 'result' && compatible(a.ok, b.ok) && compatible(a.err, b.err);
    case 'fn':
      return (
        b.kind === 'fn' &&
        a.params.length === b.params.length &&
        a.params.every((p, i) => compatible(p, b.params[i])) &&
        compatible(a.ret, b.ret)
      );
    case 'named':
      return b.kind === 'named' && a.name === b.name;
    case 'anon':
      return false;
  }
}

/** Structural equality (no `unknown` wildcard). */
export function sameTy(a: Ty, b: Ty): boolean {
  if (a.kind !== b.kind) return false;
  switch (a.kind) {
    case 'opt':
      return sameTy(a.inner, (b as typeof a).inner);
    case 'list':
      return sameTy(a.elem, (b as typeof a).elem);
    case 'map': {
      const o = b as typeof a;
      return sameTy(a.key, o.key) && sameTy(a.value, o.value);
    }
    case 'result': {
      const o = b as typeof a;
      return sameTy(a.ok, o.ok) && sameTy(a.err, o.err);
    }
    case 'sum':
      return sameStrings(a.variants, (b as typeof a).variants);
    case 'fn': {
      const o = b as typeof a;
      return a.params.length === o.params.length && a.params.every((p, i) => sameTy(p, o.params[i])) && sameTy(a.ret, o.ret);
    }
    case 'named':
      return a.name === (b as typeof a).name;
    case 'anon': {
      const o = b as typeof a;
      return a.fields.length === o.fields.length && a.fields.every((f, i) => f.name === o.fields[i].name && sameTy(f.ty, o.fields[i].ty));
    }
    default:
      return true;
  }
}

function sameStrings(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((s, i) => s === b[i]);
}
