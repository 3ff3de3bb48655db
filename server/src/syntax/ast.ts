// The typed syntax tree of an ilo document.
//
// Every node carries `start`/`end`: UTF-16 offsets into the *document* text
// (absolute, even though the parser works chunk by chunk), half-open. Use
// `LineIndex` (./lineIndex.ts) to turn an offset into a 1-based line/column.
//
// The tree has no LSP types in it and no behaviour: it is plain data that the
// parser builds and that the checker, schema generator and editor features read.

export interface Span {
  start: number;
  end: number;
}

/** An identifier as written, with its range. */
export interface Name extends Span {
  text: string;
}

// ---------------------------------------------------------------- types

export type TypeExpr =
  | PrimType
  | ListType
  | OptType
  | MapType
  | ResultType
  | SumType
  | FnType
  | NamedType;

/** `n` number, `t` text, `b` bool, `_` any. */
export interface PrimType extends Span {
  kind: 'PrimType';
  name: 'n' | 't' | 'b' | '_';
}
/** `L T` */
export interface ListType extends Span {
  kind: 'ListType';
  elem: TypeExpr;
}
/** `O T` */
export interface OptType extends Span {
  kind: 'OptType';
  inner: TypeExpr;
}
/** `M K V` */
export interface MapType extends Span {
  kind: 'MapType';
  key: TypeExpr;
  value: TypeExpr;
}
/** `R ok err` */
export interface ResultType extends Span {
  kind: 'ResultType';
  ok: TypeExpr;
  err: TypeExpr;
}
/** `S red green blue` */
export interface SumType extends Span {
  kind: 'SumType';
  variants: Name[];
}
/** `F a b r`: parameters then the return type (the last one). */
export interface FnType extends Span {
  kind: 'FnType';
  params: TypeExpr[];
  ret: TypeExpr;
}
/** A record type, an alias, or (single letter other than n/t/b) a type variable. */
export interface NamedType extends Span {
  kind: 'NamedType';
  name: string;
}

/** `name:type` in a function, tool, lambda header or record field list. */
export interface Param extends Span {
  name: Name;
  type: TypeExpr;
}

// ---------------------------------------------------------------- comments

/** One `--` line comment; `text` excludes the leading `--`. */
export interface Comment extends Span {
  text: string;
}

// ---------------------------------------------------------------- declarations

export type Decl = FunctionDecl | TypeDecl | SumTypeDecl | ToolDecl | AliasDecl | UseDecl | TestDecl | ErrorDecl;

interface DeclBase extends Span {
  /**
   * The run of `--` comment lines directly above the declaration (no blank
   * line between them and it). Tool annotations live here.
   */
  doc: Comment[];
}

/** `name p:T ...>R;body` */
export interface FunctionDecl extends DeclBase {
  kind: 'FunctionDecl';
  /** A leading `_` (level 26) marks a module-private function: `_helper`. */
  name: Name;
  params: Param[];
  returnType: TypeExpr;
  body: Stmt[];
  /** Range of the header `name params>ret` (for hover, symbols). */
  header: Span;
  /** Level 26: `name<a:comparable b>` generic parameters. */
  typeParams?: TypeParam[];
  /** Level 26: `^a|b` after the return type, the errors that may leave the function (empty for a bare `^`). */
  errorSet?: Name[];
  /** Level 26: `/http /fs ...` effect sigils after the return type. */
  effects?: EffectSigil[];
  /** Level 26: `req cond` preconditions. */
  requires?: Expr[];
  /** Level 26: `ens cond` postconditions. */
  ensures?: Expr[];
}

/** `a`, `a:comparable` or `a:numeric+comparable` in `<...>`. */
export interface TypeParam extends Span {
  name: Name;
  /** Each of `any`, `comparable`, `numeric`, `text` (several joined by `+`); absent: any. */
  bounds?: Name[];
}

/** `/http` (the span covers the slash and the word; `name` is the word). */
export interface EffectSigil extends Span {
  name: Name;
}

/** Level 26: `type shape = circle(n) | square(n) | point`, `type opt<a> = some(a) | none`. */
export interface SumTypeDecl extends DeclBase {
  kind: 'SumTypeDecl';
  name: Name;
  typeParams: TypeParam[];
  variants: Variant[];
}

/** `circle(n)` or `point` in a sum type declaration. */
export interface Variant extends Span {
  name: Name;
  payload?: TypeExpr;
}

/** Level 26: `test add { ok add 2 3 5; err div 1 0 "division by zero" }`. */
export interface TestDecl extends DeclBase {
  kind: 'TestDecl';
  /** The function the block is about. */
  target: Name;
  cases: TestCase[];
}

/** `ok f a b expected` / `err f a b expected`: literal arguments, the last literal is what the call should give. */
export interface TestCase extends Span {
  expect: 'ok' | 'err';
  callee: Name;
  args: Expr[];
  expected: Expr;
}

/** `type name{field:T;...}` */
export interface TypeDecl extends DeclBase {
  kind: 'TypeDecl';
  name: Name;
  fields: Param[];
}

/** `tool name"description" params>ret timeout:n,retry:n` */
export interface ToolDecl extends DeclBase {
  kind: 'ToolDecl';
  name: Name;
  description: TextLit;
  params: Param[];
  returnType: TypeExpr;
  timeout?: NumberLit;
  retry?: NumberLit;
  /** Level 26: the parameters were written in parentheses: `(city:t)`. */
  parenParams?: boolean;
  /** Level 26: `policy{domain:"api.example.com",tokens:500,rate:10}`. */
  policy?: ToolPolicy;
}

/** A tool's runtime limits; each field's value is a literal. */
export interface ToolPolicy extends Span {
  fields: FieldInit[];
}

/** `alias name T` */
export interface AliasDecl extends DeclBase {
  kind: 'AliasDecl';
  name: Name;
  target: TypeExpr;
}

/** `use "file.ilo"` or `use "file.ilo" [a b]`; level 26 also `use m:"file.@"` and `use re:"file.@" [a b]`. */
export interface UseDecl extends DeclBase {
  kind: 'UseDecl';
  path: TextLit;
  only?: Name[];
  /** Level 26: `use m:"path"`: the file's public names, each prefixed `m-`. */
  alias?: Name;
  /** Level 26: `use re:"path" [a b]`: the names are also part of this file's public surface. */
  reexport?: Name;
}

/**
 * A declaration that failed to parse. When its header got far enough to name
 * it (`name` set, and for functions/tools the params/return type if they were
 * complete), later passes still know the name exists so that calls to it do
 * not become "undefined function" errors.
 */
export interface ErrorDecl extends DeclBase {
  kind: 'ErrorDecl';
  /** What the broken declaration was going to be, when that is known. */
  intended?: 'function' | 'type' | 'tool' | 'alias' | 'use' | 'test';
  name?: Name;
  params?: Param[];
  returnType?: TypeExpr;
}

// ---------------------------------------------------------------- statements

export type Stmt =
  | BindStmt
  | DestructureStmt
  | GuardStmt
  | MatchStmt
  | ForEachStmt
  | ForRangeStmt
  | WhileStmt
  | ReturnStmt
  | BreakStmt
  | ContinueStmt
  | ExprStmt;

/** `x=expr` */
export interface BindStmt extends Span {
  kind: 'Bind';
  name: Name;
  value: Expr;
}

/** `{a;b}=expr` */
export interface DestructureStmt extends Span {
  kind: 'Destructure';
  names: Name[];
  value: Expr;
}

/**
 * `cond{body}` (braced: conditional execution), `cond expr` (braceless:
 * early return), `cond{a}{b}` (ternary), each optionally negated with `!`.
 */
export interface GuardStmt extends Span {
  kind: 'Guard';
  cond: Expr;
  negated: boolean;
  braceless: boolean;
  body: Stmt[];
  elseBody?: Stmt[];
}

/** `?x{arms}` / `?{arms}` at statement position. */
export interface MatchStmt extends Span {
  kind: 'Match';
  subject?: Expr;
  arms: MatchArm[];
}

/** `@x xs{body}` */
export interface ForEachStmt extends Span {
  kind: 'ForEach';
  binding: Name;
  collection: Expr;
  body: Stmt[];
}

/** `@i a..b{body}` */
export interface ForRangeStmt extends Span {
  kind: 'ForRange';
  binding: Name;
  from: Expr;
  to: Expr;
  body: Stmt[];
}

/** `wh cond{body}` */
export interface WhileStmt extends Span {
  kind: 'While';
  cond: Expr;
  body: Stmt[];
}

/** `ret expr` */
export interface ReturnStmt extends Span {
  kind: 'Return';
  value: Expr;
}

/** `brk` / `brk expr` */
export interface BreakStmt extends Span {
  kind: 'Break';
  value?: Expr;
}

/** `cnt` */
export interface ContinueStmt extends Span {
  kind: 'Continue';
}

export interface ExprStmt extends Span {
  kind: 'ExprStmt';
  expr: Expr;
}

export interface MatchArm extends Span {
  pattern: Pattern;
  body: Stmt[];
}

export type Pattern =
  /** Level 26: `circle(r):`, a sum-type variant with its payload bound. */
  | { kind: 'VariantPat'; tag: Name; binding: Name; start: number; end: number }
  /** Level 26: `a|b:`, any of the alternatives. */
  | { kind: 'OrPat'; alternatives: Pattern[]; start: number; end: number }
  | { kind: 'OkPat'; binding: Name; start: number; end: number }
  | { kind: 'ErrPat'; binding: Name; start: number; end: number }
  | { kind: 'LitPat'; value: NumberLit | TextLit | BoolLit | NilLit; start: number; end: number }
  | { kind: 'WildPat'; start: number; end: number }
  /** `n v:` `t v:` `b v:` `l v:` */
  | { kind: 'TypePat'; type: 'n' | 't' | 'b' | 'l'; binding: Name; start: number; end: number };

// ---------------------------------------------------------------- expressions

export type Expr =
  | NumberLit
  | TextLit
  | BoolLit
  | NilLit
  | RefExpr
  | FieldExpr
  | IndexExpr
  | CallExpr
  | BinaryExpr
  | UnaryExpr
  | OkExpr
  | ErrExpr
  | ListExpr
  | RecordExpr
  | MatchExpr
  | CoalesceExpr
  | WithExpr
  | TernaryExpr
  | LambdaExpr
  | AnonRecordExpr;

export interface NumberLit extends Span {
  kind: 'Number';
  value: number;
  raw: string;
}
export interface TextLit extends Span {
  kind: 'Text';
  /** The decoded string (escapes applied). */
  value: string;
}
export interface BoolLit extends Span {
  kind: 'Bool';
  value: boolean;
}
export interface NilLit extends Span {
  kind: 'Nil';
}

/** A variable (or, in argument position, a function passed by name). */
export interface RefExpr extends Span {
  kind: 'Ref';
  name: string;
}

/** `obj.field` / `obj.?field` (field may be any identifier-shaped token). */
export interface FieldExpr extends Span {
  kind: 'Field';
  object: Expr;
  field: Name;
  safe: boolean;
}

/** `xs.0` / `xs.?0` */
export interface IndexExpr extends Span {
  kind: 'Index';
  object: Expr;
  index: number;
  safe: boolean;
}

export type UnwrapMode = 'none' | 'propagate' | 'panic';

/**
 * `f a b`, `f! a`, `f!! a`, `f()`, `$url` (callee `get`), and the target of a
 * pipe `x>>f` (desugared: the piped value is the last argument, `piped` set).
 */
export interface CallExpr extends Span {
  kind: 'Call';
  callee: Name;
  args: Expr[];
  unwrap: UnwrapMode;
  piped?: boolean;
  /** Level 26: written `f(a, b)` (the paren form is kept as written). */
  parens?: boolean;
  /**
   * Level 26: labelled arguments (`f b:2 a:1`). `args` are in parameter
   * order; `labels[i]` is the label written for `args[i]`, and `order` lists
   * the argument indexes in the order they were written.
   */
  labels?: Array<Name | undefined>;
  order?: number[];
  /**
   * Level 26: `"hello {name}"`, read as `fmt "hello {}" name`: the callee
   * (`fmt`, zero-width) and the template are the literal itself, each name
   * a Ref inside it.
   */
  interpolated?: boolean;
}

export type BinaryOp =
  | '+'
  | '-'
  | '*'
  | '/'
  | '='
  | '!='
  | '>'
  | '<'
  | '>='
  | '<='
  | '&'
  | '|'
  | '+=';

export interface BinaryExpr extends Span {
  kind: 'Binary';
  op: BinaryOp;
  left: Expr;
  right: Expr;
  /** true when written infix (`a + b`), false for prefix (`+a b`). */
  infix: boolean;
}

export interface UnaryExpr extends Span {
  kind: 'Unary';
  op: '!' | '-';
  operand: Expr;
}

/** `~expr` */
export interface OkExpr extends Span {
  kind: 'Ok';
  value: Expr;
}
/** `^expr` */
export interface ErrExpr extends Span {
  kind: 'Err';
  value: Expr;
}

export interface ListExpr extends Span {
  kind: 'List';
  items: Expr[];
}

export interface FieldInit extends Span {
  name: Name;
  value: Expr;
}

/** `point x:1 y:2` */
export interface RecordExpr extends Span {
  kind: 'Record';
  typeName: Name;
  fields: FieldInit[];
}

/** `?x{arms}` used as a value. */
export interface MatchExpr extends Span {
  kind: 'Match';
  subject?: Expr;
  arms: MatchArm[];
}

/** `a??b` */
export interface CoalesceExpr extends Span {
  kind: 'Coalesce';
  value: Expr;
  fallback: Expr;
}

/** `obj with f:v g:w` */
export interface WithExpr extends Span {
  kind: 'With';
  object: Expr;
  updates: FieldInit[];
}

/** `?=x 0 a b`, `?h a b`, `?h{a}{b}`, and `cond{a}{b}` in value position. */
export interface TernaryExpr extends Span {
  kind: 'Ternary';
  cond: Expr;
  then: Expr;
  else: Expr;
}

/** `(x:n>n;body)`; level 26 also `{x y> body}` (bare parameters, types `_`). */
export interface LambdaExpr extends Span {
  kind: 'Lambda';
  params: Param[];
  returnType: TypeExpr;
  body: Stmt[];
  /** The brace form: parameter and return types were not written (each is a zero-width `_`). */
  brace?: boolean;
}

/** Level 26: `{name:"a" age:3}`, a record without a declared type. */
export interface AnonRecordExpr extends Span {
  kind: 'AnonRecord';
  fields: FieldInit[];
}

// ---------------------------------------------------------------- program

export interface Program {
  decls: Decl[];
  /** Every comment in the document, in order. */
  comments: Comment[];
  /**
   * The language level the document was read at (its pragma's, else the one
   * asked for; see ../level). Absent in hand-built programs: 0.11.
   */
  level?: '0.11' | '26';
  /** The `^26.5` version pragma on the first line, at levels that have one. */
  pragma?: VersionPragma;
}

/** `^26.5`: the ilo release a file is written for (first line only). */
export interface VersionPragma extends Span {
  /** As written after `^`: `26.5`, `26.5.1`. */
  version: string;
}
