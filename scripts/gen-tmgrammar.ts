// Generates syntaxes/ilo.tmLanguage.json, the TextMate grammar of ilo.
//
// The grammar is written here as data rather than by hand in JSON so that the
// builtin patterns come straight from the server's builtin table
// (server/src/syntax/builtins.ts): adding a builtin there and re-running
//   npx tsx scripts/gen-tmgrammar.ts
// keeps editor colours and the language server in agreement. A test
// (test/grammar/tmgrammar.test.ts) fails when the checked-in JSON differs from
// what this script produces.
//
// TextMate works line by line with regexes, so the grammar follows ilo's
// layout conventions rather than its full syntax:
// - a function header is a column-0 `name params>type` (up to `;`/EOL), or
//   the same shape later on a line after `;` or a space, since declarations
//   may share a line (`f x:n>n;*x 2 main>n;f 3`); its params and their types
//   get parameter/type scopes;
// - type letters (n t b _ L O R M S F) are only coloured in type positions
//   (headers, tool signatures, record fields, aliases, lambda headers), so a
//   local called `n` in a body stays a variable;
// - `-1` is a number but `- 1` is minus then a number and `--` always starts
//   a comment, exactly like the reference lexer.
// One grammar serves both language levels (a TextMate grammar cannot know a
// file's level): it knows the builtins of 0.11 and 26 and the level-26 forms
// (`^26.5` pragma, `{name}` interpolation, `\xNN`, sum types `type s = a |
// b(n)`, `name<a:bound>` type parameters, effect sigils `/http`, `req`/`ens`,
// `test` blocks, brace lambdas `{x> body}`, `?h`, `_private` names, `use
// m:"…"`); the semantic tokens (service/display/classify.ts) refine it per
// level.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUILTINS } from '../server/src/syntax/builtins';
import { builtinsOf26 } from '../server/src/syntax/builtins26';
import { TOKEN_CLASSES, tmScope, type TokenClass } from '../server/src/service/display/tokenClasses';

export interface BuiltinNames {
  name: string;
  aliases: readonly string[];
}

/** One TextMate rule (the subset of the format this grammar uses). */
export interface TmRule {
  name?: string;
  contentName?: string;
  match?: string;
  begin?: string;
  end?: string;
  captures?: Record<string, { name: string }>;
  beginCaptures?: Record<string, { name: string }>;
  endCaptures?: Record<string, { name: string }>;
  patterns?: TmRule[];
  include?: string;
  comment?: string;
}

export interface TmGrammar {
  $schema: string;
  name: string;
  scopeName: string;
  fileTypes: string[];
  comment: string;
  patterns: TmRule[];
  repository: Record<string, TmRule>;
}

// ---------------------------------------------------------------- regex pieces

/** ilo identifier: lowercase, digits after the first letter, single hyphens between segments (level 26: `_private`). */
const IDENT = '_?[a-z][a-z0-9]*(?:-[a-z0-9]+)*';
/** Level 26: type parameters after a declared name, `<a>` or `<a:comparable b>`. */
const TYPE_PARAMS = '<[a-z](?::[a-z]+)?(?:\\s+[a-z](?::[a-z]+)?)*>';
/** Not glued to a preceding word character (a longer identifier would have matched from further left). */
const B = '(?<![A-Za-z0-9_])';
/** Not followed by more of an identifier (`len-x` is one name, `len` is not a prefix of it). */
const E = '(?![A-Za-z0-9_]|-[a-z0-9])';
/** After `.`/`.?` the reference accepts camelCase, PascalCase and snake_case keys. */
const FIELD = '[A-Za-z_][A-Za-z0-9_]*(?:-[A-Za-z0-9_]+)*';
/** The number token of the reference lexer, sign included. */
const NUMBER = '-?[0-9]+(?:\\.[0-9]+)?(?:[eE][+-]?[0-9]+)?';

/** Type text in a header: starts like a type, never contains `:`, `;` or `>`. */
const TYPE_TEXT = '[A-Za-z_(][^:;>]*';
/** What follows the name of a declaration that starts mid-line: params, `>` and a type up to `;`/EOL. */
const INLINE_HEADER_REST = `(?:\\s+${IDENT}\\s*:${TYPE_TEXT})*>(?![>=])\\s*${TYPE_TEXT}(?:;|$)`;

/** Level 26 effect sigils (`/http` after a return type). */
const EFFECTS = 'http|fs|io|net|ml|time|rand';

/** Where a one-line declaration (tool, alias) stops when another declaration follows on the same line. */
const NEXT_DECLARATION = `(?=\\s+(?:${IDENT}${INLINE_HEADER_REST}|(?:type|tool|use|alias)(?![A-Za-z0-9_-])))`;

/**
 * The scopes of names, from the classification table the semantic tokens use
 * too (server/src/service/display/tokenClasses.ts): a name gets the same
 * class from the grammar as from the language server.
 */
const declared = (c: TokenClass): string => tmScope(TOKEN_CLASSES[c].declarationScope ?? TOKEN_CLASSES[c].referenceScope);
const used = (c: TokenClass): string => tmScope(TOKEN_CLASSES[c].referenceScope);
const NAME = {
  functionDeclaration: declared('function'),
  toolDeclaration: declared('tool'),
  call: used('function'),
  builtin: used('builtin'),
  builtinAlias: used('builtinAlias'),
  parameterDeclaration: declared('parameter'),
  bindingDeclaration: declared('variable'),
  variable: used('variable'),
  recordDeclaration: declared('recordType'),
  aliasDeclaration: declared('alias'),
  typeReference: used('recordType'),
  field: used('field'),
  typeVariable: used('typeVariable'),
  variant: used('variant'),
};

const word = (w: string): string => `${B}${w}${E}`;
const scope = (name: string): { name: string } => ({ name });
const escapeRegex = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** An alternation of names, longest first so `rgxall1` is not cut to `rgxall`. */
function alternation(names: Iterable<string>): string {
  const sorted = [...new Set(names)].sort((a, b) => b.length - a.length || a.localeCompare(b));
  return sorted.map(escapeRegex).join('|');
}

/** The builtin names (canonical) and their long-form aliases, as sorted lists. */
export function builtinWordLists(builtins: readonly BuiltinNames[]): { names: string[]; aliases: string[] } {
  const names = builtins.map((b) => b.name);
  const canonical = new Set(names);
  const aliases = builtins.flatMap((b) => b.aliases).filter((a) => !canonical.has(a));
  return { names: [...new Set(names)].sort(), aliases: [...new Set(aliases)].sort() };
}

// ---------------------------------------------------------------- the grammar

export function buildGrammar(builtins: readonly BuiltinNames[]): TmGrammar {
  const { names, aliases } = builtinWordLists(builtins);

  const repository: Record<string, TmRule> = {
    comment: {
      patterns: [
        {
          comment: 'A full-line comment whose text starts with @key is a doc annotation (tool contracts).',
          begin: '^\\s*(--)(?=\\s*@[a-z])',
          end: '$',
          name: 'comment.line.double-dash.documentation.ilo',
          beginCaptures: { '1': scope('punctuation.definition.comment.ilo') },
          patterns: [{ include: '#annotation' }],
        },
        {
          begin: '--',
          end: '$',
          name: 'comment.line.double-dash.ilo',
          beginCaptures: { '0': scope('punctuation.definition.comment.ilo') },
        },
      ],
    },
    annotation: {
      patterns: [
        {
          comment: '@param / @field / @schema name, with an optional =wire name.',
          match: `\\G\\s*(@(?:param|field|schema))(?![a-z0-9-])(?:\\s+(${FIELD})(?:(=)([^\\s]+))?)?`,
          captures: {
            '1': scope('storage.type.class.annotation.ilo'),
            '2': scope('variable.parameter.annotation.ilo'),
            '3': scope('punctuation.separator.key-value.ilo'),
            '4': scope('string.unquoted.wire-name.ilo'),
          },
        },
        {
          comment: '@behavior WORDS: the behaviour words are constants.',
          begin: '\\G\\s*(@behavior)(?![a-z0-9-])',
          end: '$',
          beginCaptures: { '1': scope('storage.type.class.annotation.ilo') },
          patterns: [{ match: '\\b[A-Z][A-Z0-9_]*\\b', name: 'constant.language.behavior.ilo' }],
        },
        {
          match: '\\G\\s*(@[a-z][a-z0-9-]*)',
          captures: { '1': scope('storage.type.class.annotation.ilo') },
        },
      ],
    },
    strings: {
      patterns: [
        {
          begin: '"""',
          end: '"""',
          name: 'string.quoted.triple.ilo',
          beginCaptures: { '0': scope('punctuation.definition.string.begin.ilo') },
          endCaptures: { '0': scope('punctuation.definition.string.end.ilo') },
          patterns: [{ include: '#string-content' }],
        },
        {
          begin: '"',
          end: '"',
          name: 'string.quoted.double.ilo',
          beginCaptures: { '0': scope('punctuation.definition.string.begin.ilo') },
          endCaptures: { '0': scope('punctuation.definition.string.end.ilo') },
          patterns: [{ include: '#string-content' }],
        },
      ],
    },
    'string-content': {
      patterns: [
        {
          comment: 'The escapes of the spec table; any other \\x is kept verbatim by ilo.',
          match: '\\\\[ntrfbva0"\\\\/]',
          name: 'constant.character.escape.ilo',
        },
        { comment: 'Level 26: a byte by its hex code', match: '\\\\x[0-9A-Fa-f]{2}', name: 'constant.character.escape.ilo' },
        { comment: 'Level 26: `{{` and `}}` are a literal brace', match: '\\{\\{|\\}\\}', name: 'constant.character.escape.brace.ilo' },
        {
          comment: 'Level 26: `{name}` interpolates a binding',
          match: `(\\{)(${IDENT})(\\})`,
          name: 'meta.interpolation.ilo',
          captures: {
            '1': scope('punctuation.section.interpolation.begin.ilo'),
            '2': scope(NAME.variable),
            '3': scope('punctuation.section.interpolation.end.ilo'),
          },
        },
        { match: '\\\\.', name: 'constant.character.escape.unknown.ilo' },
        { comment: 'fmt placeholder', match: '\\{\\}', name: 'constant.other.placeholder.ilo' },
      ],
    },
    'tool-declaration': {
      comment: 'tool name"description" params>ret timeout:n,retry:n',
      begin: `${B}(tool)${E}(?:\\s+(${IDENT}))?`,
      end: `$|${NEXT_DECLARATION}`,
      name: 'meta.tool.ilo',
      beginCaptures: {
        '1': scope('storage.type.tool.ilo'),
        '2': scope(NAME.toolDeclaration),
      },
      patterns: [
        {
          begin: '\\G\\s*(")',
          end: '"',
          name: 'string.quoted.double.description.ilo',
          beginCaptures: { '1': scope('punctuation.definition.string.begin.ilo') },
          endCaptures: { '0': scope('punctuation.definition.string.end.ilo') },
          patterns: [{ include: '#string-content' }],
        },
        { include: '#comment' },
        {
          match: `${B}(timeout|retry)(?=\\s*:)`,
          name: 'keyword.other.tool-option.ilo',
        },
        {
          comment: 'Level 26: `policy{domain:"…",tokens:500,rate:10}`.',
          begin: `${B}(policy)\\s*(\\{)`,
          end: '\\}',
          beginCaptures: { '1': scope('keyword.other.tool-option.ilo'), '2': scope('punctuation.section.braces.begin.ilo') },
          endCaptures: { '0': scope('punctuation.section.braces.end.ilo') },
          patterns: [
            { match: `(${IDENT})\\s*(:)`, captures: { '1': scope('keyword.other.tool-option.ilo'), '2': scope('punctuation.separator.colon.ilo') } },
            { include: '#strings' },
            { include: '#numbers' },
            { match: ',', name: 'punctuation.separator.comma.ilo' },
          ],
        },
        { match: ',', name: 'punctuation.separator.comma.ilo' },
        { match: '(?<=timeout|retry)\\s*:', name: 'punctuation.separator.colon.ilo' },
        { include: '#numbers' },
        { include: '#signature' },
      ],
    },
    'sum-type-declaration': {
      comment: 'Level 26: `type shape = circle(n) | rect(n) | dot`, `type box<a> = full(a) | empty`.',
      begin: `${B}(type)\\s+(${IDENT})(${TYPE_PARAMS})?\\s*(=)`,
      end: `$|${NEXT_DECLARATION}`,
      name: 'meta.type.sum.ilo',
      beginCaptures: {
        '1': scope('storage.type.type.ilo'),
        '2': scope(NAME.recordDeclaration),
        '3': scope(NAME.typeVariable),
        '4': scope('keyword.operator.assignment.ilo'),
      },
      patterns: [
        { include: '#comment' },
        {
          begin: '\\(',
          end: '\\)',
          beginCaptures: { '0': scope('punctuation.section.parens.begin.ilo') },
          endCaptures: { '0': scope('punctuation.section.parens.end.ilo') },
          patterns: [{ include: '#type-expression' }],
        },
        { match: '\\|', name: 'punctuation.separator.variant.ilo' },
        { match: word(IDENT), name: NAME.variant },
      ],
    },
    'test-block': {
      comment: 'Level 26: `test f { ok f 1 2 3; err f 0 "msg" }`, on one line or several.',
      begin: `^(test)\\s+(${IDENT})\\s*(\\{)`,
      end: '\\}',
      name: 'meta.test.ilo',
      beginCaptures: {
        '1': scope('storage.type.test.ilo'),
        '2': scope(NAME.call),
        '3': scope('punctuation.section.braces.begin.ilo'),
      },
      endCaptures: { '0': scope('punctuation.section.braces.end.ilo') },
      patterns: [
        { include: '#comment' },
        {
          match: `${B}(ok|err)\\s+(${IDENT})${E}`,
          captures: { '1': scope('keyword.other.test-case.ilo'), '2': scope(NAME.call) },
        },
        { include: '#expression' },
      ],
    },
    pragma: {
      comment: 'Level 26: the version pragma `^26.5` (first code line).',
      match: '^(\\^)([0-9]+\\.[0-9]+)(?=\\s*(?:--|$))',
      name: 'meta.preprocessor.pragma.ilo',
      captures: {
        '1': scope('keyword.other.pragma.ilo'),
        '2': scope('constant.numeric.version.ilo'),
      },
    },
    'type-declaration': {
      comment: 'type name{field:T;...}',
      begin: `${B}(type)\\s+(${IDENT})\\s*(\\{)`,
      end: '\\}',
      name: 'meta.type.record.ilo',
      beginCaptures: {
        '1': scope('storage.type.type.ilo'),
        '2': scope(NAME.recordDeclaration),
        '3': scope('punctuation.section.braces.begin.ilo'),
      },
      endCaptures: { '0': scope('punctuation.section.braces.end.ilo') },
      patterns: [
        { include: '#comment' },
        {
          match: `(${IDENT})\\s*(:)`,
          captures: {
            '1': scope(NAME.field),
            '2': scope('punctuation.separator.colon.ilo'),
          },
        },
        { match: ';', name: 'punctuation.separator.field.ilo' },
        { include: '#type-expression' },
      ],
    },
    'alias-declaration': {
      comment: 'alias name T',
      begin: `${B}(alias)\\s+(${IDENT})${E}`,
      end: `$|${NEXT_DECLARATION}`,
      name: 'meta.alias.ilo',
      beginCaptures: {
        '1': scope('storage.type.alias.ilo'),
        '2': scope(NAME.aliasDeclaration),
      },
      patterns: [{ include: '#comment' }, { include: '#type-expression' }],
    },
    'function-header': {
      comment: 'A column-0 `name params>ret` up to the `;` that starts the body (or the end of the line).',
      begin: `^(?!use\\s)(${IDENT})(?=(?:${TYPE_PARAMS})?\\s*(?:>(?![>=])|${IDENT}\\s*:))`,
      end: '(;)|$',
      name: 'meta.function.header.ilo',
      beginCaptures: { '1': scope(NAME.functionDeclaration) },
      endCaptures: { '1': scope('punctuation.terminator.statement.ilo') },
      patterns: [{ include: '#type-parameters' }, { include: '#signature' }],
    },
    'type-parameters': {
      comment: 'Level 26: `<a>` or `<a:comparable b>` right after a declared name.',
      begin: '\\G(<)',
      end: '>',
      beginCaptures: { '1': scope('punctuation.definition.typeparameters.begin.ilo') },
      endCaptures: { '0': scope('punctuation.definition.typeparameters.end.ilo') },
      patterns: [
        { match: `${B}[a-z]${E}`, name: NAME.typeVariable },
        { match: `(:)(${IDENT})`, captures: { '1': scope('punctuation.separator.colon.ilo'), '2': scope('support.type.bound.ilo') } },
      ],
    },
    'inline-function-header': {
      comment:
        'A declaration sharing a line with the previous one (`f x:n>n;*x 2 g>n;f 3`): name, params with types, `>`, a type, then `;`.',
      begin: `(?<=[\\s;})"])(${IDENT})(?=${INLINE_HEADER_REST})`,
      end: '(;)|$',
      name: 'meta.function.header.ilo',
      beginCaptures: { '1': scope(NAME.functionDeclaration) },
      endCaptures: { '1': scope('punctuation.terminator.statement.ilo') },
      patterns: [{ include: '#signature' }],
    },
    lambda: {
      comment: 'Inline lambda `(x:n>n;body)`: the header part, up to its `;`.',
      begin: `(\\()(?=\\s*${IDENT}\\s*:[^;]*>)`,
      end: '(;)|$',
      name: 'meta.function.lambda.ilo',
      beginCaptures: { '1': scope('punctuation.section.parens.begin.ilo') },
      endCaptures: { '1': scope('punctuation.terminator.statement.ilo') },
      patterns: [{ include: '#signature' }],
    },
    signature: {
      patterns: [
        { include: '#comment' },
        {
          match: `(${IDENT})\\s*(:)`,
          captures: {
            '1': scope(NAME.parameterDeclaration),
            '2': scope('punctuation.separator.colon.ilo'),
          },
        },
        { match: '>', name: 'punctuation.separator.return-type.ilo' },
        {
          comment: 'Level 26: the error set after the return type, `^bad|worse`.',
          begin: `(?<=\\s)(\\^)(?=${IDENT})`,
          end: '(?=[;\\s]|$)',
          beginCaptures: { '1': scope('keyword.operator.result.err.ilo') },
          patterns: [
            { match: '\\|', name: 'punctuation.separator.variant.ilo' },
            { match: word(IDENT), name: NAME.variant },
          ],
        },
        {
          comment: 'Level 26: effect sigils after the return type, `/http /fs`.',
          match: `(?<=\\s)/(?:${EFFECTS})${E}`,
          name: 'storage.modifier.effect.ilo',
        },
        {
          comment: 'Level 26: `req cond` / `ens cond` contracts before the body.',
          begin: `${B}(req|ens)${E}`,
          end: `(?=;|$|\\s(?:req|ens)\\s)`,
          beginCaptures: { '1': scope('keyword.other.contract.ilo') },
          patterns: [{ include: '#expression' }],
        },
        { include: '#type-expression' },
      ],
    },
    'type-expression': {
      patterns: [
        {
          comment: 'S red green blue: the variants run until the next param, `>`, `;` or closer.',
          begin: `${B}(S)(?![A-Za-z0-9_])`,
          end: `(?=\\s*(?:>|;|\\)|\\}|,|--|${IDENT}\\s*:))|$`,
          beginCaptures: { '1': scope('support.type.constructor.ilo') },
          patterns: [{ match: word(IDENT), name: NAME.variant }],
        },
        { match: `${B}[LORMFW](?![A-Za-z0-9_])`, name: 'support.type.constructor.ilo' },
        { match: `${B}[ntb_](?![A-Za-z0-9_]|-[a-z0-9])`, name: 'support.type.primitive.ilo' },
        { comment: 'type variable', match: `${B}[a-z]${E}`, name: NAME.typeVariable },
        { comment: 'record type or alias', match: word(IDENT), name: NAME.typeReference },
        { match: '\\(', name: 'punctuation.section.parens.begin.ilo' },
        { match: '\\)', name: 'punctuation.section.parens.end.ilo' },
      ],
    },
    keywords: {
      patterns: [
        {
          comment: 'Words of other languages: the parser rejects them with a hint.',
          match: word('(?:if|return|let|fn|def|var|const)'),
          name: 'invalid.illegal.reserved-word.ilo',
        },
        { match: word('wh'), name: 'keyword.control.loop.while.ilo' },
        { match: word('ret'), name: 'keyword.control.flow.return.ilo' },
        { match: word('brk'), name: 'keyword.control.flow.break.ilo' },
        { match: word('cnt'), name: 'keyword.control.flow.continue.ilo' },
        { match: word('with'), name: 'keyword.other.with.ilo' },
        { match: word('(?:timeout|retry)'), name: 'keyword.other.tool-option.ilo' },
        {
          comment: 'Level 26: `use re:"…"` re-exports, `use m:"…"` prefixes the names with `m-`.',
          match: `${B}(use)\\s+(?:(re)|(${IDENT}))(:)(?=\\s*")`,
          captures: {
            '1': scope('keyword.control.import.ilo'),
            '2': scope('keyword.control.import.reexport.ilo'),
            '3': scope('entity.name.namespace.ilo'),
            '4': scope('punctuation.separator.colon.ilo'),
          },
        },
        { match: word('use'), name: 'keyword.control.import.ilo' },
        { match: word('type'), name: 'storage.type.type.ilo' },
        { match: word('tool'), name: 'storage.type.tool.ilo' },
        { match: word('alias'), name: 'storage.type.alias.ilo' },
        { match: word('(?:true|false)'), name: 'constant.language.boolean.ilo' },
        { match: word('nil'), name: 'constant.language.nil.ilo' },
      ],
    },
    builtins: {
      comment: 'Generated from server/src/syntax/builtins.ts and builtins26.ts (both levels) by scripts/gen-tmgrammar.ts.',
      patterns: [
        { match: `${B}(?:${alternation(names)})${E}`, name: NAME.builtin },
        { match: `${B}(?:${alternation(aliases)})${E}`, name: NAME.builtinAlias },
        { comment: '`$url` is `get url` (level 0.11), `$cmd argv` is `run cmd argv` (level 26)', match: '\\$', name: NAME.builtin },
      ],
    },
    'brace-lambda': {
      comment: 'Level 26: `{x> body}` and `{a b> body}`: the parameters up to `>`.',
      begin: `(\\{)(?=\\s*(?:${IDENT}\\s+)*${IDENT}\\s*>(?![>=]))`,
      end: '>',
      beginCaptures: { '1': scope('punctuation.section.braces.begin.ilo') },
      endCaptures: { '0': scope('punctuation.separator.return-type.ilo') },
      patterns: [{ match: word(IDENT), name: NAME.parameterDeclaration }],
    },
    binding: {
      patterns: [
        {
          comment: '`x=expr` at the start of a statement.',
          match: `(?:^|(?<=[;{:]))\\s*(${IDENT})\\s*(=)(?!=)`,
          captures: {
            '1': scope(NAME.bindingDeclaration),
            '2': scope('keyword.operator.assignment.ilo'),
          },
        },
        {
          comment: '`{a;b}=expr` destructuring.',
          match: '(\\})\\s*(=)(?!=)',
          captures: {
            '1': scope('punctuation.section.braces.end.ilo'),
            '2': scope('keyword.operator.assignment.ilo'),
          },
        },
      ],
    },
    calls: {
      patterns: [
        {
          comment: 'f! args / f!! args / f() are certainly calls.',
          match: `${B}(${IDENT})(?=!!|!(?!=)|\\(\\))`,
          captures: { '1': scope(NAME.call) },
        },
        {
          comment: 'The right side of >> is a function.',
          match: `(?<=>>|>>\\s)(${IDENT})${E}`,
          captures: { '1': scope(NAME.call) },
        },
      ],
    },
    labels: {
      patterns: [
        {
          comment: 'Match arm by type: `n v:`, `t s:`, `b f:`, `l xs:`.',
          match: `${B}([ntbl])\\s+(${IDENT}|_)(?=\\s*:)`,
          captures: {
            '1': scope('support.type.primitive.pattern.ilo'),
            '2': scope(NAME.variable),
          },
        },
        {
          comment: 'Record construction `point x:1 y:2`: the type name (not a label value like `a` in `x:a y:2`).',
          match: `(?<![A-Za-z0-9_:.])(${IDENT})(?=\\s+${IDENT}\\s*:(?!:))`,
          captures: { '1': scope(NAME.typeReference) },
        },
        {
          comment: 'A sum-variant match arm `{red:...;green:...}`.',
          match: `(?<=[{;])\\s*(${IDENT})(?=\\s*:)`,
          captures: { '1': scope(NAME.variant) },
        },
        {
          comment: 'A field label in a construction or `with` update.',
          match: `(?<=[\\s(])(${IDENT})(?=:)`,
          captures: { '1': scope(NAME.field) },
        },
      ],
    },
    'field-access': {
      patterns: [
        {
          match: `(?<!\\.)(?:(\\.\\?)|(\\.)(?!\\.))(?:([0-9]+)|(${FIELD}))`,
          captures: {
            '1': scope('punctuation.accessor.optional.ilo'),
            '2': scope('punctuation.accessor.ilo'),
            '3': scope('constant.numeric.index.ilo'),
            '4': scope(NAME.field),
          },
        },
      ],
    },
    numbers: {
      patterns: [{ match: `${B}${NUMBER}`, name: 'constant.numeric.ilo' }],
    },
    operators: {
      patterns: [
        { match: '\\?\\?', name: 'keyword.operator.nil-coalesce.ilo' },
        { match: '>>', name: 'keyword.operator.pipe.ilo' },
        { match: '\\.\\.', name: 'keyword.operator.range.ilo' },
        {
          comment: 'Unwrap after a callee: `f! x` propagates, `f!! x` aborts.',
          match: '(?<=[A-Za-z0-9_$])!!',
          name: 'keyword.operator.unwrap.panic.ilo',
        },
        { match: '(?<=[A-Za-z0-9_$])!(?!=)', name: 'keyword.operator.unwrap.ilo' },
        { match: '>=|<=|!=|==', name: 'keyword.operator.comparison.ilo' },
        { match: '\\+=', name: 'keyword.operator.append.ilo' },
        { match: '[-+*/]', name: 'keyword.operator.arithmetic.ilo' },
        { match: '[<>=]', name: 'keyword.operator.comparison.ilo' },
        { match: '[&|]', name: 'keyword.operator.logical.ilo' },
        { match: '!', name: 'keyword.operator.logical.not.ilo' },
        { comment: 'Level 26: the keyword ternary `?h cond a b`', match: '\\?h(?![A-Za-z0-9_-])', name: 'keyword.control.conditional.ilo' },
        { comment: 'match / ternary', match: '\\?', name: 'keyword.control.conditional.ilo' },
        { comment: 'foreach / range loop', match: '@', name: 'keyword.control.loop.ilo' },
        { comment: 'Ok: wrap or match', match: '~', name: 'keyword.operator.result.ok.ilo' },
        { comment: 'Err: wrap or match', match: '\\^', name: 'keyword.operator.result.err.ilo' },
      ],
    },
    punctuation: {
      patterns: [
        { match: ';', name: 'punctuation.terminator.statement.ilo' },
        { match: ':', name: 'punctuation.separator.colon.ilo' },
        { match: ',', name: 'punctuation.separator.comma.ilo' },
        { match: '\\{', name: 'punctuation.section.braces.begin.ilo' },
        { match: '\\}', name: 'punctuation.section.braces.end.ilo' },
        { match: '\\[', name: 'punctuation.section.brackets.begin.ilo' },
        { match: '\\]', name: 'punctuation.section.brackets.end.ilo' },
        { match: '\\(', name: 'punctuation.section.parens.begin.ilo' },
        { match: '\\)', name: 'punctuation.section.parens.end.ilo' },
      ],
    },
    expression: {
      comment: 'Order matters: at one position the first listed rule wins.',
      patterns: [
        { include: '#comment' },
        { include: '#strings' },
        { include: '#lambda' },
        { include: '#brace-lambda' },
        { include: '#inline-function-header' },
        { include: '#binding' },
        { include: '#keywords' },
        { include: '#builtins' },
        { include: '#calls' },
        { include: '#labels' },
        { include: '#field-access' },
        { include: '#numbers' },
        { include: '#operators' },
        { match: `${B}_(?![A-Za-z0-9_])`, name: 'variable.language.wildcard.ilo' },
        { match: word(IDENT), name: NAME.variable },
        { include: '#punctuation' },
      ],
    },
  };

  return {
    $schema: 'https://raw.githubusercontent.com/martinring/tmlanguage/master/tmlanguage.json',
    name: 'ilo',
    scopeName: 'source.ilo',
    fileTypes: ['ilo', '@'],
    comment: 'GENERATED by scripts/gen-tmgrammar.ts from server/src/syntax/builtins.ts and builtins26.ts. Do not edit by hand.',
    patterns: [
      { include: '#comment' },
      { include: '#pragma' },
      { include: '#tool-declaration' },
      { include: '#sum-type-declaration' },
      { include: '#test-block' },
      { include: '#type-declaration' },
      { include: '#alias-declaration' },
      { include: '#function-header' },
      { include: '#expression' },
    ],
    repository,
  };
}

/** The builtins the grammar names: those of every level (a file's level is not known to TextMate). */
export const GRAMMAR_BUILTINS: readonly BuiltinNames[] = [...BUILTINS, ...builtinsOf26()];

/** The grammar file's exact text (what the sync test compares against). */
export function renderGrammar(builtins: readonly BuiltinNames[] = GRAMMAR_BUILTINS): string {
  return JSON.stringify(buildGrammar(builtins), null, 2) + '\n';
}

export const GRAMMAR_PATH = join(__dirname, '..', 'syntaxes', 'ilo.tmLanguage.json');

// Run as a script: write the file.
if (process.argv[1] !== undefined && /gen-tmgrammar\.[cm]?[jt]s$/.test(process.argv[1])) {
  writeFileSync(GRAMMAR_PATH, renderGrammar());
  console.log(`wrote ${GRAMMAR_PATH}`);
}
