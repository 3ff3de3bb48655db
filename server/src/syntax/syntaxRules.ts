// Where the same text parses differently by language level. Level 0.11 is
// what the reference binary (ilo 0.11.6) does, found rule by rule with the
// differential harness (scripts/differential.ts, docs/differential.md); a
// later level (the level object) turns a rule on. Every rule is off at 0.11,
// so a parse without rules is a 0.11 parse.

export interface SyntaxRules {
  /**
   * `mmap()` reads as the empty map. Off at 0.11, where `mmap` is a literal
   * that takes no `()`: `m=mmap()` is ILO-P001 at `(`, `mkeys mmap()`
   * ILO-P009 at `)`.
   */
  mmapParens: boolean;
  /**
   * `(>` opens an inline function only when a `;` follows its return type.
   * Off at 0.11, where every `(>…)` is a parameterless inline function:
   * `(>x 1)` returns type `x` with body `1`, not the comparison (ilo 26
   * requires the `;`).
   */
  zeroParamLambdaNeedsSemicolon: boolean;
  /**
   * Functions of `use`d files group their operands by arity like the file's
   * own (rule 1 of parser/index.ts). Off at 0.11: the reference parses a
   * file before it reads the files it uses, so `+abs-val n 1` is
   * `+ abs-val n` with `1` left over (ILO-P001).
   */
  usedFileArities: boolean;
  /**
   * The branches of a ternary (`?c a b`, `?>x 0 a b`) are operands where a
   * known-arity name is a nested call (`?c len xs 0`). Off at 0.11, where a
   * branch is one plain operand: `?c len xs 0` has branches `len` and `xs`
   * and leaves `0` over (ILO-P001).
   */
  ternaryBranchCalls: boolean;
  /**
   * `?h cond a b` is a ternary on `cond` (ilo 26). Off at 0.11, where `h`
   * is an ordinary subject (`?h a b`: a ternary on the variable `h`).
   */
  hTernary: boolean;
  /**
   * The operands of `-` are operands where a known-arity name is a nested
   * call, as for the other prefix operators (`+len xs 1`). Off at 0.11, where
   * `-` reads plain operands: `- len xs` subtracts `xs` from `len`, and
   * `- avg xs sum ys` leaves `sum ys` over (ILO-P011 at `sum`).
   */
  minusOperandCalls: boolean;
  /**
   * A bare name is a match pattern: a sum-type variant (`?c{red:1;_:0}`).
   * Off at 0.11, whose parser has no such pattern: every name that is not a
   * type pattern (`n x`, `t x`, `b x`, `l x`) is ILO-P011 "expected pattern",
   * the spec's own sum-type example included.
   */
  variantPatterns: boolean;
}

/** Level 0.11: every rule off. */
export const LEVEL_011_RULES: Readonly<SyntaxRules> = Object.freeze({
  mmapParens: false,
  zeroParamLambdaNeedsSemicolon: false,
  usedFileArities: false,
  ternaryBranchCalls: false,
  hTernary: false,
  minusOperandCalls: false,
  variantPatterns: false,
});

/** The rules given, the others as at level 0.11. */
export function syntaxRules(given?: Partial<SyntaxRules>): SyntaxRules {
  return { ...LEVEL_011_RULES, ...given };
}

/** A string that differs exactly when two sets of rules do (for caches). */
export function rulesKey(r: SyntaxRules): string {
  return `${+r.mmapParens}${+r.zeroParamLambdaNeedsSemicolon}${+r.usedFileArities}${+r.ternaryBranchCalls}${+r.hTernary}${+r.minusOperandCalls}${+r.variantPatterns}`;
}
