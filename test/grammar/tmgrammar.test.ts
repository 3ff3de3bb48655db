// The TextMate grammar, run through the engine VS Code uses: each row says
// which scope a token of a small ilo program gets (what decides its colour),
// plus checks that the grammar file is the generator's output and lists
// exactly the server's builtins.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { builtinWordLists, GRAMMAR_BUILTINS as BUILTINS, renderGrammar } from '../../scripts/gen-tmgrammar';
import { KEYWORDS } from '../../server/src/syntax/names';
import { compileRegex, dump, GRAMMAR_FILE, tokenize, type Token } from './textmate';

interface Row {
  /** What the row proves (test name). */
  what: string;
  src: string;
  /** The exact text of the token to inspect. */
  tok: string;
  /** A scope that token must have (substring of one of its scopes). */
  scope: string;
  /** Which occurrence of `tok` (1-based), default 1. */
  nth?: number;
  /** Scope fragments the token must NOT have. */
  not?: string[];
}

// How each class of names is coloured (functions, tools, parameters, locals,
// record types, fields, type variables, builtins and their long forms) is in
// tokenClasses.ts, checked against the semantic tokens too
// (tokenClasses.test.ts); the rows here cover the rest of the grammar and the
// layouts a line-based grammar has to recognise.
const ROWS: Row[] = [
  // comments and doc annotations
  { what: 'line comment', src: '-- hello there', tok: ' hello there', scope: 'comment.line.double-dash' },
  { what: 'end-of-line comment', src: 'f x:n>n;+x 1 -- add one', tok: ' add one', scope: 'comment.line' },
  { what: '--x 1 is a comment, not a double negation', src: 'f x:n>n;--x 1', tok: 'x 1', scope: 'comment.line' },
  { what: 'annotation key in a doc comment', src: '-- @title Get user', tok: '@title', scope: 'storage.type.class.annotation' },
  { what: 'annotation line stays a comment', src: '-- @title Get user', tok: ' Get user', scope: 'comment.line' },
  { what: '@param names its parameter', src: '-- @param uid The id', tok: 'uid', scope: 'variable.parameter.annotation' },
  { what: '@param wire name', src: '-- @param uid=userId The id', tok: 'userId', scope: 'string.unquoted.wire-name' },
  { what: '@behavior words', src: '-- @behavior PURE READ USER', tok: 'READ', scope: 'constant.language.behavior' },
  { what: '@ after code is not an annotation', src: 'f>n;1 -- @title x', tok: ' @title x', scope: 'comment.line', not: ['annotation'] },
  // strings
  { what: 'double-quoted string', src: 'f>t;"hi there"', tok: 'hi there', scope: 'string.quoted.double' },
  { what: 'newline escape', src: 'f>t;"a\\nb"', tok: '\\n', scope: 'constant.character.escape' },
  { what: 'form-feed escape', src: 'f>t;"a\\fb"', tok: '\\f', scope: 'constant.character.escape' },
  { what: 'slash escape', src: 'f>t;"a\\/b"', tok: '\\/', scope: 'constant.character.escape' },
  { what: 'escaped quote does not end the string', src: 'f>t;"say \\"hi\\" now"', tok: ' now', scope: 'string.quoted.double' },
  { what: 'escaped backslash before the closing quote', src: 'f>t;x="a\\\\";x', tok: 'x', nth: 2, scope: 'variable.other', not: ['string'] },
  { what: '-- inside a string is not a comment', src: 'f>t;"a -- b"', tok: 'a -- b', scope: 'string.quoted', not: ['comment'] },
  { what: 'fmt placeholder', src: 'f x:n>t;fmt "x={}" x', tok: '{}', scope: 'constant.other.placeholder' },
  { what: 'triple-quoted string spans lines', src: 'f>t;"""one\ntwo"""', tok: 'two', scope: 'string.quoted.triple' },
  // numbers
  { what: 'integer', src: 'f>n;42', tok: '42', scope: 'constant.numeric' },
  { what: 'decimal with exponent', src: 'f>n;1.5e3', tok: '1.5e3', scope: 'constant.numeric' },
  { what: '-1 is one number token', src: 'f>n;-1', tok: '-1', scope: 'constant.numeric' },
  { what: '- 1 is minus then a number', src: 'f>n;- 0 1', tok: '-', scope: 'keyword.operator.arithmetic', not: ['numeric'] },
  { what: 'number after a list comma', src: 'f>L n;[1,-2]', tok: '-2', scope: 'constant.numeric' },
  { what: 'digits inside a name are not a number', src: 'f r2:n>n;r2', tok: 'r2', nth: 2, scope: 'variable.other', not: ['numeric'] },
  { what: 'x-1 is one kebab-case name', src: 'f x-1:n>n;x-1', tok: 'x-1', nth: 2, scope: 'variable.other', not: ['numeric'] },
  // declarations
  { what: 'type keyword', src: 'type point{x:n;y:n}', tok: 'type', scope: 'storage.type.type' },
  { what: 'record field type', src: 'type point{x:n;tags:L t}', tok: 'L', scope: 'support.type.constructor' },
  { what: 'multi-line record type', src: 'type order{\n  id:t\n  total:n\n}', tok: 'total', scope: 'variable.other.property' },
  { what: 'tool keyword', src: 'tool get-user"Get a user" uid:t>R t t timeout:5,retry:2', tok: 'tool', scope: 'storage.type.tool' },
  { what: 'tool description', src: 'tool get-user"Get a user" uid:t>R t t', tok: 'Get a user', scope: 'string.quoted.double.description' },
  { what: 'tool return type names a record', src: 'tool get-user"Get" uid:t>R profile t', tok: 'profile', scope: 'entity.name.type' },
  { what: 'tool timeout option', src: 'tool g"d" a:t>t timeout:5,retry:2', tok: 'timeout', scope: 'keyword.other.tool-option' },
  { what: 'tool retry value', src: 'tool g"d" a:t>t timeout:5,retry:2', tok: '2', scope: 'constant.numeric' },
  { what: 'use keyword', src: 'use "lib.ilo" [dbl half]', tok: 'use', scope: 'keyword.control.import' },
  { what: 'use path', src: 'use "lib.ilo"', tok: 'lib.ilo', scope: 'string.quoted.double' },
  { what: 'alias keyword', src: 'alias ids L n', tok: 'alias', scope: 'storage.type.alias' },
  { what: 'alias target type', src: 'alias res R n t', tok: 'R', scope: 'support.type.constructor' },
  // function headers
  { what: 'function name', src: 'tot p:n q:n>n;+p q', tok: 'tot', scope: 'entity.name.function' },
  { what: 'parameter name', src: 'tot p:n q:n>n;+p q', tok: 'q', scope: 'variable.parameter' },
  { what: 'parameter type letter', src: 'tot p:n q:t>n;1', tok: 't', scope: 'support.type.primitive' },
  { what: 'return-type separator', src: 'tot p:n>n;p', tok: '>', scope: 'punctuation.separator.return-type' },
  { what: 'return type', src: 'g>R n t;~1', tok: 'R', scope: 'support.type.constructor' },
  { what: 'header without params', src: 'main>n;42', tok: 'main', scope: 'entity.name.function' },
  { what: 'header with an indented body', src: 'f x:n>n\n  y=*x 2\n  +y 1', tok: 'f', scope: 'entity.name.function' },
  { what: 'type variable', src: 'apply f:F a a x:a>a;f x', tok: 'a', scope: 'entity.name.type.parameter' },
  { what: 'F in a header', src: 'apply f:F a a x:a>a;f x', tok: 'F', scope: 'support.type.constructor' },
  { what: 'optional type', src: 'f x:O n>n;??x 0', tok: 'O', scope: 'support.type.constructor' },
  { what: 'map type', src: 'f m:M t n>n;len m', tok: 'M', scope: 'support.type.constructor' },
  { what: 'any type', src: 'f x:_>t;str x', tok: '_', scope: 'support.type.primitive' },
  { what: 'bool type', src: 'f x:b>b;x', tok: 'b', scope: 'support.type.primitive' },
  { what: 'sum type constructor', src: 'color x:S red green > t;"c"', tok: 'S', scope: 'support.type.constructor' },
  { what: 'sum type variant', src: 'color x:S red green > t;"c"', tok: 'green', scope: 'variable.other.enummember' },
  { what: 'type after a sum type', src: 'color x:S red green > t;"c"', tok: 't', scope: 'support.type.primitive' },
  { what: 'record type as param type', src: 'f p:point>n;p.x', tok: 'point', scope: 'entity.name.type' },
  { what: 'parenthesised type', src: 'f x:L (L n)>n;0', tok: '(', scope: 'punctuation.section.parens' },
  { what: 'second declaration on the same line', src: 'dbl x:n>n;*x 2 main>n;dbl 7', tok: 'main', scope: 'entity.name.function' },
  { what: 'function after a tool on the same line', src: 'tool g"d" x:n>n f y:n>n;g y', tok: 'f', scope: 'entity.name.function', not: ['type'] },
  { what: 'alias after an alias on the same line', src: 'alias a2 b2 alias b2 n', tok: 'b2', nth: 2, scope: 'entity.name.type.alias' },
  { what: 'declaration after ;', src: 'pos x:n>b;>x 0;f>n;1', tok: 'f', scope: 'entity.name.function' },
  { what: 'lambda parameter', src: 'f xs:L n>L n;srt (x:n>n;abs x) xs', tok: 'x', scope: 'variable.parameter' },
  { what: 'lambda types', src: 'f xs:L t>L t;flt (s:t>b;>(len s) 0) xs', tok: 'b', scope: 'support.type.primitive' },
  // type letters only in type positions
  { what: 'n in a body is a variable', src: 'f n:n>n;+n 1', tok: 'n', nth: 4, scope: 'variable.other', not: ['support.type'] },
  { what: 't in a body is a variable', src: 'f>n;t=1;t', tok: 't', nth: 2, scope: 'variable.other', not: ['support.type'] },
  // builtins
  { what: 'longest builtin wins', src: 'f>L t;rgxall1 "a" "b"', tok: 'rgxall1', scope: 'support.function.builtin' },
  { what: 'underscore alias', src: 'f>L t;regex_all "a" "b"', tok: 'regex_all', scope: 'support.function.builtin.alias' },
  { what: 'builtin prefix of a longer name is not a builtin', src: 'f len-x:n>n;len-x', tok: 'len-x', nth: 2, scope: 'variable.other', not: ['support.function'] },
  { what: 'builtin name as a field is a field', src: 'f r:_>n;r.len', tok: 'len', scope: 'variable.other.property', not: ['support.function'] },
  // operators and sigils
  { what: 'match ?', src: 'f r:R n t>n;?r{~v:v;^e:0}', tok: '?', scope: 'keyword.control.conditional' },
  { what: 'ok sigil', src: 'f r:R n t>n;?r{~v:v;^e:0}', tok: '~', scope: 'keyword.operator.result.ok' },
  { what: 'err sigil', src: 'f r:R n t>n;?r{~v:v;^e:0}', tok: '^', scope: 'keyword.operator.result.err' },
  { what: 'foreach @', src: 'f xs:L n>n;s=0;@x xs{s=+s x};s', tok: '@', scope: 'keyword.control.loop' },
  { what: 'range ..', src: 'f>n;s=0;@i 0..5{s=+s i};s', tok: '..', scope: 'keyword.operator.range' },
  { what: 'range end bound', src: 'f>n;s=0;@i 0..5{s=+s i};s', tok: '5', scope: 'constant.numeric' },
  { what: 'unwrap !', src: 'f x:n>R n t;d=inner! x;~d', tok: '!', scope: 'keyword.operator.unwrap' },
  { what: 'callee before ! is a function', src: 'f x:n>R n t;d=inner! x;~d', tok: 'inner', scope: 'entity.name.function.call' },
  { what: 'panic unwrap !!', src: 'main>t;rdl!! "in.txt"', tok: '!!', scope: 'keyword.operator.unwrap.panic' },
  { what: 'prefix ! is not', src: 'f x:b>b;!x', tok: '!', scope: 'keyword.operator.logical.not' },
  { what: '>> pipe', src: 'f x:n>n;x>>str>>len', tok: '>>', scope: 'keyword.operator.pipe' },
  { what: 'pipe target is a function', src: 'f x:n>n;x>>dbl', tok: 'dbl', scope: 'entity.name.function.call' },
  { what: '?? nil-coalesce', src: 'f x:O n>n;x??0', tok: '??', scope: 'keyword.operator.nil-coalesce' },
  { what: '+= append', src: 'f xs:L n>L n;+=xs 1', tok: '+=', scope: 'keyword.operator.append' },
  { what: 'prefix +', src: 'f a:n b:n>n;+a b', tok: '+', scope: 'keyword.operator.arithmetic' },
  { what: 'prefix *', src: 'f a:n b:n>n;*a b', tok: '*', scope: 'keyword.operator.arithmetic' },
  { what: 'prefix /', src: 'f a:n b:n>n;/a b', tok: '/', scope: 'keyword.operator.arithmetic' },
  { what: 'prefix = compares', src: 'f a:n b:n>n;=a b 1;0', tok: '=', scope: 'keyword.operator.comparison', not: ['assignment'] },
  { what: '== compares', src: 'f a:n b:n>n;==a b 1;0', tok: '==', scope: 'keyword.operator.comparison' },
  { what: '!= compares', src: 'f a:n b:n>n;!=a b 1;0', tok: '!=', scope: 'keyword.operator.comparison' },
  { what: '>= compares', src: 'f a:n>t;>=a 10 "big";"small"', tok: '>=', scope: 'keyword.operator.comparison' },
  { what: '<= compares', src: 'f a:n>t;<=a 10 "small";"big"', tok: '<=', scope: 'keyword.operator.comparison' },
  { what: '< compares', src: 'f a:n>t;<a 10 "small";"big"', tok: '<', scope: 'keyword.operator.comparison' },
  { what: '& is logical', src: 'f a:b b:b>b;&a b', tok: '&', scope: 'keyword.operator.logical' },
  { what: '| is logical', src: 'f a:b b:b>b;|a b', tok: '|', scope: 'keyword.operator.logical' },
  { what: 'binding =', src: 'f>n;x=5;x', tok: '=', scope: 'keyword.operator.assignment' },
  { what: 'bound name', src: 'f>n;total=5;total', tok: 'total', scope: 'variable.other.assignment' },
  { what: 'destructuring =', src: 'f p:point>n;{x;y}=p;+x y', tok: '=', scope: 'keyword.operator.assignment' },
  // control words, literals
  { what: 'ret', src: 'f x:n>n;>x 0{ret x};0', tok: 'ret', scope: 'keyword.control.flow.return' },
  { what: 'brk', src: 'f>n;i=0;wh true{i=+i 1;>=i 3{brk}};i', tok: 'brk', scope: 'keyword.control.flow.break' },
  { what: 'cnt', src: 'f>n;i=0;wh <i 5{i=+i 1;cnt};i', tok: 'cnt', scope: 'keyword.control.flow.continue' },
  { what: 'wh', src: 'f>n;i=0;wh <i 5{i=+i 1};i', tok: 'wh', scope: 'keyword.control.loop.while' },
  { what: 'with', src: 'f o:order>order;o with total:0', tok: 'with', scope: 'keyword.other.with' },
  { what: 'true', src: 'f>b;true', tok: 'true', scope: 'constant.language.boolean' },
  { what: 'false', src: 'f>b;false', tok: 'false', scope: 'constant.language.boolean' },
  { what: 'nil', src: 'g>O n;nil', tok: 'nil', scope: 'constant.language.nil' },
  { what: 'reserved word of another language', src: 'f x:n>n;if x', tok: 'if', scope: 'invalid.illegal.reserved-word' },
  // field access, records
  { what: '.field', src: 'f p:point>n;p.x', tok: 'x', scope: 'variable.other.property' },
  { what: '. accessor', src: 'f p:point>n;p.x', tok: '.', scope: 'punctuation.accessor' },
  { what: '.? accessor', src: 'f u:_>_;u.?name', tok: '.?', scope: 'punctuation.accessor.optional' },
  { what: '.?field', src: 'f u:_>_;u.?name', tok: 'name', scope: 'variable.other.property' },
  { what: '.0 index', src: 'f xs:L n>n;xs.0', tok: '0', scope: 'constant.numeric.index' },
  { what: 'camelCase key after a dot', src: 'f r:_>_;r.userId', tok: 'userId', scope: 'variable.other.property' },
  { what: 'keyword after a dot is a field', src: 'f r:_>_;r.type', tok: 'type', scope: 'variable.other.property', not: ['storage'] },
  { what: 'record construction type name', src: 'f>point;point x:1 y:2', tok: 'point', nth: 2, scope: 'entity.name.type' },
  { what: 'record construction field label', src: 'f>point;point x:1 y:2', tok: 'y', scope: 'variable.other.property' },
  { what: 'a label value is not a type name', src: 'f a:n>point;point x:a y:2', tok: 'a', nth: 2, scope: 'variable.other', not: ['entity.name.type'] },
  { what: 'match arm by type', src: 'f x:_>t;?x{n v:str v;_:"?"}', tok: 'n', nth: 1, scope: 'support.type.primitive', not: ['variable.parameter'] },
  { what: 'wildcard arm', src: 'f x:n>t;?x{1:"one";_:"other"}', tok: '_', scope: 'variable.language.wildcard' },
  // level 26 (one grammar serves both levels)
  { what: '26: version pragma', src: '^26.5\nf>n;1', tok: '^', scope: 'keyword.other.pragma', not: ['result.err'] },
  { what: '26: pragma version', src: '^26.5\nf>n;1', tok: '26.5', scope: 'constant.numeric.version' },
  { what: '26: pragma after a comment line', src: '-- tool\n^26.8', tok: '26.8', scope: 'constant.numeric.version' },
  { what: '26: interpolated name', src: 'hi who:t>t;"hi {who}!"', tok: 'who', nth: 2, scope: 'variable.other', not: ['parameter'] },
  { what: '26: interpolation braces', src: 'hi who:t>t;"hi {who}!"', tok: '{', scope: 'punctuation.section.interpolation' },
  { what: '26: {{ is a literal brace', src: 'j>t;"{{k}}"', tok: '{{', scope: 'constant.character.escape' },
  { what: '26: \\xNN escape', src: 'j>t;"\\x41"', tok: '\\x41', scope: 'constant.character.escape', not: ['unknown'] },
  { what: '26: interpolation in triple quotes', src: 'j who:t>t;"""\n  dear {who}\n"""', tok: 'who', nth: 2, scope: 'variable.other' },
  { what: '26: sum type name', src: 'type shape = circle(n) | dot', tok: 'shape', scope: 'entity.name.type' },
  { what: '26: sum type variant', src: 'type shape = circle(n) | dot', tok: 'dot', scope: 'variable.other.enummember' },
  { what: '26: variant payload type', src: 'type shape = circle(n) | dot', tok: 'n', scope: 'support.type.primitive' },
  { what: '26: generic sum type variant', src: 'type box<a> = full(a) | empty', tok: 'full', scope: 'variable.other.enummember' },
  { what: '26: type parameter of a function', src: 'pick<a:comparable> x:a y:a>a;x', tok: 'a', scope: 'entity.name.type.parameter' },
  { what: '26: bound of a type parameter', src: 'pick<a:comparable> x:a y:a>a;x', tok: 'comparable', scope: 'support.type.bound' },
  { what: '26: function with type parameters', src: 'pick<a:comparable> x:a y:a>a;x', tok: 'pick', scope: 'entity.name.function' },
  { what: '26: effect sigil', src: 'page u:t>t /http;u', tok: '/http', scope: 'storage.modifier.effect' },
  { what: '26: error set', src: 'safe x:n>R n t ^bad|worse;~x', tok: 'worse', scope: 'variable.other.enummember' },
  { what: '26: req keyword', src: 'half x:n>n req x>0;/x 2', tok: 'req', scope: 'keyword.other.contract' },
  { what: '26: req condition is an expression', src: 'half x:n>n req x>0;/x 2', tok: '0', scope: 'constant.numeric' },
  { what: '26: ens keyword', src: 'pos x:n>n ens result>=0;abs x', tok: 'ens', scope: 'keyword.other.contract' },
  { what: '26: test keyword', src: 'test half { ok half 4 2 }', tok: 'test', scope: 'storage.type.test' },
  { what: '26: ok case', src: 'test half { ok half 4 2 }', tok: 'ok', scope: 'keyword.other.test-case' },
  { what: '26: tested function', src: 'test half {\n  err half 0 "zero"\n}', tok: 'half', nth: 2, scope: 'entity.name.function.call' },
  { what: '26: brace lambda parameter', src: 'dbl xs:L n>L n;map {v> *v 2} xs', tok: 'v', scope: 'variable.parameter' },
  { what: '26: brace lambda with two parameters', src: 's xs:L n>n;fld {acc v> +acc v} xs 0', tok: 'acc', scope: 'variable.parameter' },
  { what: '26: ?h keyword ternary', src: 'sg x:n>n;?h >x 0 1 -1', tok: '?h', scope: 'keyword.control.conditional' },
  { what: '26: private name', src: '_helper x:n>n;x', tok: '_helper', scope: 'entity.name.function' },
  { what: '26: use with a prefix', src: 'use m:"math.@"', tok: 'm', scope: 'entity.name.namespace' },
  { what: '26: use re-export', src: 'use re:"math.@" [dbl]', tok: 're', scope: 'keyword.control.import.reexport' },
  { what: '26: tool policy', src: 'tool w"W" (city:t)>R _ t timeout:30 policy{domain:"a.b",rate:10}', tok: 'domain', scope: 'keyword.other.tool-option' },
  { what: '26: tool parameter in parentheses', src: 'tool w"W" (city:t)>R _ t timeout:30', tok: 'city', scope: 'variable.parameter' },
  { what: '26: W type', src: 'main w:W>n;1', tok: 'W', scope: 'support.type' },
  { what: '26: builtin new at 26', src: 'f>t;pst "u" "b"', tok: 'pst', scope: 'support.function.builtin' },
];

/** The nth token whose text is exactly `text`. */
function findToken(tokens: Token[], text: string, nth: number): Token | undefined {
  return tokens.filter((t) => t.text === text)[nth - 1];
}

describe('TextMate grammar: scopes', () => {
  for (const row of ROWS) {
    it(row.what, async () => {
      const tokens = await tokenize(row.src);
      const tok = findToken(tokens, row.tok, row.nth ?? 1);
      assert.ok(tok, `no token ${JSON.stringify(row.tok)} in ${JSON.stringify(row.src)}:\n${dump(tokens)}`);
      assert.ok(
        tok.scopes.some((s) => s.includes(row.scope)),
        `${JSON.stringify(row.tok)} has [${tok.scopes.join(' ')}], expected ${row.scope}\n${dump(tokens)}`,
      );
      for (const bad of row.not ?? []) {
        assert.ok(!tok.scopes.some((s) => s.includes(bad)), `${JSON.stringify(row.tok)} must not be ${bad}: [${tok.scopes.join(' ')}]`);
      }
    });
  }

  it('every ilo keyword gets a keyword, storage or constant scope', async () => {
    for (const kw of KEYWORDS) {
      const tokens = await tokenize(`f>n;${kw}`);
      const tok = findToken(tokens, kw, 1);
      assert.ok(tok, `${kw} is not a token of its own:\n${dump(tokens)}`);
      assert.ok(
        tok.scopes.some((s) => /^(keyword|storage|constant)\./.test(s)),
        `${kw} has [${tok.scopes.join(' ')}]`,
      );
    }
  });

  it('scopes a whole program without leaving any token unscoped', async () => {
    const program = [
      '-- @title Notify',
      '-- @param uid The user',
      'tool notify"Send a note" uid:t msg:t>R _ t timeout:10,retry:1',
      'type acct{id:t;bal:n;tags:L t}',
      'alias accts L acct',
      'total xs:accts>n;fld (s:n a:acct>n;+s a.bal) xs 0',
      'run uid:t>R n t',
      '  a=acct id:uid bal:5 tags:["x"]',
      '  b=a with bal:+a.bal 1',
      '  r=notify! uid fmt "bal={}" b.bal',
      '  @i 0..3{>i 1{brk}}',
      '  ~b.bal',
    ].join('\n');
    const tokens = await tokenize(program);
    const unscoped = tokens.filter((t) => t.text.trim() !== '' && t.scopes.length === 1);
    assert.deepEqual(unscoped.map((t) => t.text), []);
  });
  it('scopes a whole level-26 program without leaving any token unscoped', async () => {
    const program = [
      '^26.8',
      'type reading = temp(n) | none',
      'use st:"stats.@"',
      'avg<a:numeric> xs:L a>n /io req >(len xs) 0;/(sum xs) (len xs)',
      'show r:reading>t',
      '  ?r{temp(c):"{c} degrees";none:"no reading"}',
      'warm xs:L n>L n;flt {v> >v 20} xs',
      'test avg { ok avg [2,4] 3 }',
    ].join('\n');
    const tokens = await tokenize(program);
    const unscoped = tokens.filter((t) => t.text.trim() !== '' && t.scopes.length === 1);
    assert.deepEqual(unscoped.map((t) => t.text), []);
  });
});

describe('TextMate grammar: kept in sync', () => {
  it('every regex of the grammar compiles with oniguruma (VS Code would drop a rule that does not)', async () => {
    const regexes: string[] = [];
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node !== null && typeof node === 'object') {
        for (const [k, v] of Object.entries(node)) {
          if ((k === 'match' || k === 'begin' || k === 'end') && typeof v === 'string') regexes.push(v);
          else walk(v);
        }
      }
    };
    walk(JSON.parse(readFileSync(GRAMMAR_FILE, 'utf8')));
    assert.ok(regexes.length > 50);
    for (const re of regexes) assert.equal(await compileRegex(re), undefined, re);
  });

  it('syntaxes/ilo.tmLanguage.json is exactly what scripts/gen-tmgrammar.ts generates', () => {
    const onDisk = readFileSync(GRAMMAR_FILE, 'utf8');
    assert.equal(onDisk, renderGrammar(BUILTINS), 'run: npx tsx scripts/gen-tmgrammar.ts');
  });

  it('the grammar names every builtin and alias of the server table, and nothing else', () => {
    const grammar = JSON.parse(readFileSync(GRAMMAR_FILE, 'utf8')) as {
      repository: { builtins: { patterns: { match: string; name: string }[] } };
    };
    const inGrammar = (scopeName: string): string[] => {
      const rule = grammar.repository.builtins.patterns.find((p) => p.name === scopeName && p.match.includes('|'));
      assert.ok(rule, `no ${scopeName} rule`);
      const inner = /\(\?:(.*)\)\(\?!/.exec(rule.match);
      assert.ok(inner, rule.match);
      return inner[1]!.split('|').map((w) => w.replace(/\\(.)/g, '$1')).sort();
    };
    const expected = builtinWordLists(BUILTINS);
    assert.deepEqual(inGrammar('support.function.builtin.ilo'), expected.names);
    assert.deepEqual(inGrammar('support.function.builtin.alias.ilo'), expected.aliases);
  });

  it('each builtin and alias of the table is coloured as a builtin', async () => {
    const words = BUILTINS.flatMap((b) => [b.name, ...b.aliases]);
    const tokens = await tokenize(words.map((w) => `f>n;${w} x`).join('\n'));
    for (const [line, w] of words.entries()) {
      const tok = tokens.find((t) => t.line === line && t.text === w);
      assert.ok(tok?.scopes.some((s) => s.startsWith('support.function.builtin')), `${w}: ${tok?.scopes.join(' ')}`);
    }
  });
});
