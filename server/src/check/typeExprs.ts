// Turning written types (`TypeExpr` from the AST) into verifier types.

import type { TypeExpr } from '../syntax/ast';
import { isTypeVariable } from '../syntax/names';
import { BOOL, NUM, TEXT, UNKNOWN, fnOf, listOf, mapOf, named, optOf, resultOf, type Ty } from './types';

/** Nesting beyond this is treated as `_` instead of being followed (pathological input). */
export const MAX_TYPE_DEPTH = 200;

/**
 * Type names the language provides (level 26; capitals never reach the
 * verifier at 0.11): the fixed-width integers are numbers to the verifier,
 * the World token `W` and `run2`'s `RunResult` record are not modelled (any
 * value fits them, any field may be read).
 */
const PROVIDED_TYPES: ReadonlyMap<string, Ty> = new Map([
  ['U32', NUM],
  ['U64', NUM],
  ['I64', NUM],
  ['W', UNKNOWN],
  ['RunResult', UNKNOWN],
]);

/**
 * Convert a written type. Aliases are replaced by what they stand for; a lone
 * lowercase letter other than n/t/b that is not an alias is a type variable
 * and becomes `unknown`; other names stay named (records, or undefined names
 * that the signature check reports).
 */
export function toTy(te: TypeExpr, aliases: ReadonlyMap<string, Ty>, depth = 0): Ty {
  if (depth > MAX_TYPE_DEPTH) return UNKNOWN;
  const d = depth + 1;
  switch (te.kind) {
    case 'PrimType':
      return te.name === 'n' ? NUM : te.name === 't' ? TEXT : te.name === 'b' ? BOOL : UNKNOWN;
    case 'ListType':
      return listOf(toTy(te.elem, aliases, d));
    case 'OptType':
      return optOf(toTy(te.inner, aliases, d));
    case 'MapType':
      return mapOf(toTy(te.key, aliases, d), toTy(te.value, aliases, d));
    case 'ResultType':
      return resultOf(toTy(te.ok, aliases, d), toTy(te.err, aliases, d));
    case 'SumType':
      return { kind: 'sum', variants: te.variants.map((v) => v.text) };
    case 'FnType':
      return fnOf(
        te.params.map((p) => toTy(p, aliases, d)),
        toTy(te.ret, aliases, d),
      );
    case 'NamedType': {
      const alias = aliases.get(te.name);
      if (alias !== undefined) return alias;
      if (isTypeVariable(te.name)) return UNKNOWN;
      return PROVIDED_TYPES.get(te.name) ?? named(te.name);
    }
  }
}

/** Every named type mentioned in a written type (for alias dependencies and signature fingerprints). */
export function namedRefs(te: TypeExpr, out: string[] = [], depth = 0): string[] {
  if (depth > MAX_TYPE_DEPTH) return out;
  const d = depth + 1;
  switch (te.kind) {
    case 'NamedType':
      out.push(te.name);
      break;
    case 'ListType':
      namedRefs(te.elem, out, d);
      break;
    case 'OptType':
      namedRefs(te.inner, out, d);
      break;
    case 'MapType':
      namedRefs(te.key, out, d);
      namedRefs(te.value, out, d);
      break;
    case 'ResultType':
      namedRefs(te.ok, out, d);
      namedRefs(te.err, out, d);
      break;
    case 'FnType':
      for (const p of te.params) namedRefs(p, out, d);
      namedRefs(te.ret, out, d);
      break;
    default:
      break;
  }
  return out;
}

/**
 * Named types in the positions the reference validates: the type itself, list
 * elements and result halves (not optionals, maps or function types). Each
 * hit carries the node so a diagnostic can point at it.
 */
export function validatedNamedTypes(
  te: TypeExpr,
  aliases: ReadonlyMap<string, Ty>,
  out: { name: string; node: TypeExpr }[] = [],
  depth = 0,
): { name: string; node: TypeExpr }[] {
  if (depth > MAX_TYPE_DEPTH) return out;
  const d = depth + 1;
  switch (te.kind) {
    case 'NamedType': {
      // An alias contributes whatever its expansion would be checked for.
      const alias = aliases.get(te.name);
      if (alias !== undefined) {
        for (const name of validatedNamesInTy(alias)) out.push({ name, node: te });
      } else if (!isTypeVariable(te.name) && !PROVIDED_TYPES.has(te.name)) {
        out.push({ name: te.name, node: te });
      }
      break;
    }
    case 'ListType':
      validatedNamedTypes(te.elem, aliases, out, d);
      break;
    case 'ResultType':
      validatedNamedTypes(te.ok, aliases, out, d);
      validatedNamedTypes(te.err, aliases, out, d);
      break;
    default:
      break;
  }
  return out;
}

function validatedNamesInTy(t: Ty, out: string[] = [], depth = 0): string[] {
  if (depth > MAX_TYPE_DEPTH) return out;
  if (t.kind === 'named') out.push(t.name);
  else if (t.kind === 'list') validatedNamesInTy(t.elem, out, depth + 1);
  else if (t.kind === 'result') {
    validatedNamesInTy(t.ok, out, depth + 1);
    validatedNamesInTy(t.err, out, depth + 1);
  }
  return out;
}
