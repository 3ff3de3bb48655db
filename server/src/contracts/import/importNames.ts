// ilo names for imported tools, parameters, record types and fields.
//
// Wire names (`read_file`, `entityType`, `describe-table`) become lower
// kebab-case (`read-file`, `entity-type`). A converted name must also be
// usable in ilo: not a builtin (ILO-P011), keyword or reserved word, not a
// lone letter where a type is expected (that would be a type variable), and
// unique in its scope. The original name is never lost: the importer writes
// it into the `@wire` / `@param name=wire` / `@field name=wire` annotations.

import { canonicalBuiltinName } from '../../syntax/builtins';
import { isKeyword, isReservedWord, isValidIdentifier, toKebabCase } from '../../syntax/names';

export type NameRole = 'tool' | 'param' | 'field' | 'type';

/** Suffix added when a converted name is taken by the language. */
const CLASH_SUFFIX: Record<NameRole, string> = { tool: 'tool', param: 'arg', field: 'val', type: 'rec' };
/** Prefix for names with no usable letters, or starting with a digit. */
const EMPTY_PREFIX: Record<NameRole, string> = { tool: 'tool', param: 'arg', field: 'field', type: 'rec' };

/** Type-position words that are not identifiers for a record (`n t b` are primitives, lone letters are type variables). */
function isTypeWord(name: string): boolean {
  return /^[a-z]$/.test(name);
}

/**
 * True when ilo reserves this name for itself in the given role. Builtins'
 * canonical names are reserved (ILO-P011). Their long-form aliases (`head`,
 * `tail`, `contains`) may be declared, but a call by such a name still
 * reaches the builtin, so a tool never takes one (nor a canonical name).
 */
export function isTakenByLanguage(name: string, role: NameRole): boolean {
  if (isKeyword(name) || isReservedWord(name) || canonicalBuiltinName(name) === name) return true;
  if (role === 'tool' && canonicalBuiltinName(name) !== undefined) return true;
  return role === 'type' && isTypeWord(name);
}

/**
 * The plain kebab-case form of a wire name, folding accents (`café` → `cafe`).
 * May be empty or start with a digit; `iloName` deals with that.
 */
export function kebabOf(wire: string): string {
  const folded = wire.normalize('NFKD').replace(/\p{M}+/gu, '');
  return toKebabCase(folded);
}

/** Allocates unique ilo names in one scope (a file's tools and types, or one tool's parameters). */
export class NameScope {
  private readonly used = new Set<string>();

  constructor(taken: Iterable<string> = []) {
    for (const n of taken) this.used.add(n);
  }

  has(name: string): boolean {
    return this.used.has(name);
  }

  /** Reserve a name exactly (already-declared names, shared records). */
  reserve(name: string): void {
    this.used.add(name);
  }

  /**
   * An ilo name for `wire`. `prefix` (e.g. the server name for a tool named
   * like a builtin: `get` → `redis-get`) is tried before the role's suffix.
   */
  allocate(wire: string, role: NameRole, prefix?: string): string {
    let base = kebabOf(wire);
    if (base === '' || !/^[a-z]/.test(base)) base = base === '' ? EMPTY_PREFIX[role] : `${EMPTY_PREFIX[role]}-${base}`;
    if (!isValidIdentifier(base)) base = EMPTY_PREFIX[role];
    const candidates: string[] = [];
    if (!isTakenByLanguage(base, role)) candidates.push(base);
    const pre = prefix ? kebabOf(prefix) : '';
    if (pre !== '' && /^[a-z]/.test(pre) && isValidIdentifier(`${pre}-${base}`)) candidates.push(`${pre}-${base}`);
    candidates.push(`${base}-${CLASH_SUFFIX[role]}`);
    for (const c of candidates) {
      if (!this.used.has(c) && !isTakenByLanguage(c, role)) {
        this.used.add(c);
        return c;
      }
    }
    const stem = candidates[candidates.length - 1];
    for (let i = 2; ; i++) {
      const c = `${stem}-${i}`;
      if (!this.used.has(c)) {
        this.used.add(c);
        return c;
      }
    }
  }
}

/** Naive English singular for naming the record of an array's items (`entities` → `entity`). */
export function singular(word: string): string {
  if (/ies$/i.test(word) && word.length > 4) return word.slice(0, -3) + 'y';
  if (/(?:ss|us|is)$/i.test(word)) return word;
  if (/(?:sses|shes|ches|xes|zes)$/i.test(word)) return word.slice(0, -2);
  if (/s$/i.test(word) && word.length > 3) return word.slice(0, -1);
  return word;
}
