// A language level: everything that differs between the ilo versions we
// speak, in one object. The lexer, the parser, the builtin table, the
// verifier and the formatter each read the switches they need from the level
// of the file they work on (resolved once per parse, never per token), so no
// part of the code asks "which version is this?".
//
// Two levels exist: 0.11 (exactly what the ilo 0.11.6 binary accepts and
// reports) and 26 (the 26.x line: CalVer 26.5 and 26.8, from the upstream
// spec, registry and runnable examples). How a file's level is chosen is in
// ./choose.ts; the pragma that can name it in ./pragma.ts.

import type { BuiltinTable } from '../syntax/builtinKit';
import type { CallTable } from '../syntax/callArity';

export type LevelId = '0.11' | '26';

/** What the lexer (and the newline normaliser and chunker before it) does differently. */
export interface LexicalFeatures {
  /** `"""..."""` literals: raw newlines, a lone `"` is literal, indentation stripped when `"""` closes on its own line. */
  readonly tripleQuotedText: boolean;
  /** `\xNN` in a text literal is the code point U+00NN. */
  readonly hexEscapes: boolean;
  /** `{{` / `}}` in a text literal are a literal `{` / `}`. */
  readonly braceEscapes: boolean;
  /** `"{name}"` slots in a text literal read the binding `name` (the literal becomes a `fmt`). */
  readonly interpolation: boolean;
  /** `W`, the capability World type, is a type sigil. */
  readonly worldType: boolean;
  /**
   * CRLF is a line break (ilo 26 normalises it before lexing). Without it a
   * carriage return outside comments and text literals is ILO-L001, as ilo
   * 0.11.6 reports it.
   */
  readonly crlfLineEnds: boolean;
}

/** What the parser accepts beyond the other level, and which codes it reports where the levels differ. */
export interface SyntaxFeatures {
  /** The syntactic layer of ilo.ohm describes this level (the strict parse path may run). */
  readonly strictGrammar: boolean;
  /** `^26.5` on the first line is a declaration of its own. */
  readonly versionPragma: boolean;
  /** `f(a, b)`: a `(` glued to a name opens a comma-separated argument list. */
  readonly parenCalls: boolean;
  /** `f a:1 b:2` / `f(b:2, a:1)`: arguments named by their parameter (ILO-P019 for unknown or repeated labels). */
  readonly labelledArgs: boolean;
  /** `{x y> body}` lambdas with bare parameters. */
  readonly braceLambdas: boolean;
  /** `{x:1 y:2}` record literals without a type name. */
  readonly anonRecords: boolean;
  /** `_=expr` evaluates and drops a value. */
  readonly discardBind: boolean;
  /** `type shape = circle(n) | point` and `type opt<a> = some(a) | none`. */
  readonly sumTypeDecls: boolean;
  /** `name<a:comparable b>` generic parameters on functions (ILO-P022 when malformed). */
  readonly genericParams: boolean;
  /** The effect sigils a function header may carry after its return type (`/http /fs`; none at 0.11). */
  readonly effectSigils: readonly string[];
  /** `^a|b` error set after a function's return type. */
  readonly errorSets: boolean;
  /** `req cond` / `ens cond` contracts after a function's return type. */
  readonly contracts: boolean;
  /** `test name { ok f 1 2; err g 0 "msg" }` blocks. */
  readonly testBlocks: boolean;
  /** `policy{domain:"...",tokens:n,rate:n}` after a tool's options, and `(p:t)` parameters. */
  readonly toolPolicies: boolean;
  /** `use name:"path"`, `use re:"path" [names]`, and `_private` declaration names. */
  readonly moduleForms: boolean;
  /** `?h cond a b`: with three operands `?h` is the ternary keyword (at 0.11 `h` is an ordinary subject: `?h a b`). */
  readonly keywordTernary: boolean;
  /** ILO-P023: a braceless guard inside a lambda body is an error. */
  readonly lambdaGuardError: boolean;
  /** ILO-P024: a function declaration inside a body is an error. */
  readonly nestedFnError: boolean;
  /** ILO-P102: a top-level `name=expr` gets its own code. */
  readonly topLevelBindError: boolean;
  /** ILO-P101: a variadic builtin bare inside `[...]`. */
  readonly listCallError: boolean;
  /** The code for nesting deeper than the parser's limit. */
  readonly nestingCode: 'ILO-P003' | 'ILO-P103';
  /** Operands of the `$` shorthand: 1 at 0.11 (`$url` = `get url`), 2 at 26 (`$cmd argv` = `run cmd argv`). */
  readonly dollarOperands: 1 | 2;
  /** ILO-P010 for `+a+b+c` (a leading prefix `+` before an infix chain). */
  readonly infixChainError: boolean;
  // The switches below were found rule by rule with the differential harness
  // against the 0.11.6 binary (scripts/differential.ts, docs/differential.md):
  // off at 0.11, where the reference reads the text the other way.
  /**
   * `mmap()` reads as the empty map. Off at 0.11, where `mmap` is a literal
   * that takes no `()`: `m=mmap()` is ILO-P001 at `(`, `mkeys mmap()`
   * ILO-P009 at `)`.
   */
  readonly mmapParens: boolean;
  /**
   * `(>` opens an inline function only when a `;` follows its return type.
   * Off at 0.11, where every `(>…)` is a parameterless inline function:
   * `(>x 1)` returns type `x` with body `1`, not the comparison.
   */
  readonly zeroParamLambdaNeedsSemicolon: boolean;
  /**
   * Functions of `use`d files group their operands by arity like the file's
   * own (rule 1 of syntax/parser/index.ts). Off at 0.11: the reference parses
   * a file before it reads the files it uses, so `+abs-val n 1` is
   * `+ abs-val n` with `1` left over (ILO-P001).
   */
  readonly usedFileArities: boolean;
  /**
   * The branches of a ternary (`?c a b`, `?>x 0 a b`, `?h c a b`) are
   * operands where a known-arity name is a nested call (`?c len xs 0`). Off
   * at 0.11, where a branch is one plain operand: `?c len xs 0` has branches
   * `len` and `xs` and leaves `0` over (ILO-P001).
   */
  readonly ternaryBranchCalls: boolean;
  /**
   * The operands of `-` are operands where a known-arity name is a nested
   * call, as for the other prefix operators (`+len xs 1`). Off at 0.11, where
   * `-` reads plain operands: `- len xs` subtracts `xs` from `len`, and
   * `- avg xs sum ys` leaves `sum ys` over (ILO-P011 at `sum`).
   */
  readonly minusOperandCalls: boolean;
  /**
   * A bare name is a match pattern: a sum-type variant (`?c{red:1;_:0}`).
   * Off at 0.11, whose parser has no such pattern: every name that is not a
   * type pattern (`n x`, `t x`, `b x`, `l x`) is ILO-P011 "expected pattern",
   * the spec's own sum-type example included.
   */
  readonly variantPatterns: boolean;
}

/** How the formatter prints what a level spells differently. */
export interface FormatFeatures {
  /** How an empty map is written: 0.11 prints the bare name, 26 may keep `mmap()` (paren calls are valid). */
  readonly zeroArgCallParens: boolean;
  /**
   * Text literals are printed as written (26: triple quotes, interpolation
   * slots and brace escapes would not survive re-escaping the value); at
   * 0.11 they are printed from their value, as the reference does.
   */
  readonly textAsWritten: boolean;
}

export interface LanguageLevel {
  readonly id: LevelId;
  /** For people: `ilo 0.11.6`, `ilo 26.x`. */
  readonly title: string;
  /** The newest release of the line (the version a `^YY.M` pragma is compared against). */
  readonly newest: string;
  readonly lexical: LexicalFeatures;
  readonly syntax: SyntaxFeatures;
  readonly format: FormatFeatures;
  /** The level's builtins: names, arities, signatures, aliases, effects. */
  readonly builtins: BuiltinTable;
  /** How the parser groups operands after a builtin name (known arities, zero-argument and variadic builtins, labels). */
  readonly calls: CallTable;
  /** Words of other languages rejected as names with a hint (ILO-P011). */
  readonly reservedWords: readonly string[];
  /** Every `ILO-…` code the level's reference can report. */
  readonly codes: ReadonlySet<string>;
}
