// Explanations of the lexer (ILO-L…) and parser (ILO-P…) codes, in our own
// words. Every example is checked by test/explain/explain.test.ts: the wrong
// program gets the code from our checker, the right one does not.

import type { Explanation } from './types';

export const LEXER_PARSER: readonly Explanation[] = [
  {
    code: 'ILO-L001',
    title: 'a character ilo does not use',
    meaning:
      'The lexer met something that cannot start any ilo token: a stray symbol such as `#`, a text literal that never gets its closing `"`, or an operator word from another language (`AND`, `OR`, `NOT`). ilo spells logic with symbols.',
    fix: 'Remove the character, close the text, or use the ilo operator: `&a b` for and, `|a b` for or, `!a` for not.',
    example: { wrong: 'both a:b b:b>b;AND a b', right: 'both a:b b:b>b;&a b' },
  },
  {
    code: 'ILO-L002',
    title: 'underscore in a name',
    meaning:
      'Names are lower-case words joined by hyphens (`user-id`). An underscore is only accepted in a field name after `.`, so JSON keys like `r.user_name` still read.',
    fix: 'Replace each underscore with a hyphen, or shorten the name.',
    example: { wrong: 'f user_id:n>n;user_id', right: 'f user-id:n>n;user-id' },
  },
  {
    code: 'ILO-L003',
    title: 'upper-case letter in a name',
    meaning:
      'Names are all lower case: camelCase and PascalCase are rejected for functions, parameters and bindings. Only a field name after `.` may keep its capitals, to read JSON keys such as `r.userId`.',
    fix: 'Write the name in lower case, with a hyphen between words (`userId` becomes `user-id` or `uid`).',
    example: { wrong: 'f userId:n>n;userId', right: 'f uid:n>n;uid' },
  },
  {
    code: 'ILO-P001',
    title: 'not the start of a declaration',
    meaning:
      'At the top level of a file only declarations may start: a function header, `type`, `tool`, `alias` or `use`. A stray token there, often a bracket left over from the line above, is reported here.',
    fix: 'Delete the stray token, or move it into the body it belongs to.',
    example: { wrong: 'f>n;1\n)', right: 'f>n;1' },
  },
  {
    code: 'ILO-P002',
    title: 'the file ended where a declaration should be',
    meaning:
      'The file ends where a declaration was due. ilo-ls names what was missing instead (a name: ILO-P006, a type: ILO-P008, an expression: ILO-P010…), so you will usually see one of those codes rather than this one.',
    fix: 'Finish the last declaration or remove what is left of it.',
    example: { wrong: 'f>n;1\ntype', right: 'f>n;1' },
  },
  {
    code: 'ILO-P003',
    title: 'a token that does not fit here',
    meaning:
      'The parser needed one thing and found another: a `:` between a function name and `>`, an operator ilo does not have (`=<`, `=>`), a body that runs over several lines without brackets, or input nested too deeply.',
    fix: 'Follow the hint: ilo writes `<=a b` and `>=a b`, a function header is `name params>type;body`, and a multi-line body needs its block in braces.',
    example: { wrong: 'f x:n>n;=<x 1 0;1', right: 'f x:n>n;<=x 1 0;1' },
  },
  {
    code: 'ILO-P004',
    title: 'the file ended in the middle of something',
    meaning:
      'The input stopped before a construct was complete, typically a record type, a match or a bracket that is never closed.',
    fix: 'Close what is open (`}`, `]`, `)`), or finish the declaration.',
    example: { wrong: 'type point{x:n;y:n', right: 'type point{x:n;y:n}' },
  },
  {
    code: 'ILO-P005',
    title: 'a name was expected',
    meaning:
      'A declaration, parameter or field needs a name at this point, but something else is there (a number, a symbol, a bracket).',
    fix: 'Put a lower-case name there. After `.` a field name is expected: to index with an expression write `at xs (expr)`.',
    example: { wrong: 'type 5{x:n}', right: 'type point{x:n}' },
  },
  {
    code: 'ILO-P006',
    title: 'the file ended where a name should be',
    meaning: 'A declaration keyword or a parameter list is cut off before its name.',
    fix: 'Add the name and the rest of the declaration, or remove the unfinished line.',
    example: { wrong: 'type', right: 'type point{x:n;y:n}' },
  },
  {
    code: 'ILO-P007',
    title: 'a type was expected',
    meaning:
      'After `name:` and after `>` comes a type: `n`, `t`, `b`, `_`, `L n`, `O n`, `M t n`, `R n t`, `S a b`, `F n t`, a type variable or a declared type name. Something else was found there, often `>` right after the colon.',
    fix: 'Write the type; a function with no parameters is just `name>type;body`.',
    example: { wrong: 'f x:>n;x', right: 'f x:n>n;x' },
  },
  {
    code: 'ILO-P008',
    title: 'the file ended where a type should be',
    meaning: 'A parameter, field or return type is missing because the input stops right after `:` or `>`.',
    fix: 'Finish the type (and the rest of the header).',
    example: { wrong: 'f x:', right: 'f x:n>n;x' },
  },
  {
    code: 'ILO-P009',
    title: 'an expression was expected',
    meaning:
      'An operand, argument or statement is missing and a symbol stands in its place. ilo has no `fn` keyword for lambdas and no map literal; those attempts end up here too.',
    fix: 'Supply the expression. A lambda is written `(x:n>n;+x 1)`; a map is built with `mmap` and `mset`.',
    example: { wrong: 'f x:n>n;+x 1;)', right: 'f x:n>n;+x 1' },
  },
  {
    code: 'ILO-P010',
    title: 'the file ended where an expression should be',
    meaning: 'An operator or call is missing its last operand because the input stops. Prefix operators take a fixed number of operands: `+` takes two.',
    fix: 'Add the missing operand.',
    example: { wrong: 'f x:n>n;+x', right: 'f x:n>n;+x 1' },
  },
  {
    code: 'ILO-P011',
    title: 'a reserved name, or not a match pattern',
    meaning:
      'A builtin name (`len`, `flat`, `map`…) or a word of another language (`let`, `if`, `fn`…) was used as the name of a function or binding, which would make calls mean something else. The code is also given to an arm of `?{…}` that does not start with a pattern (`~v`, `^e`, a literal, `n v`, a variant or `_`).',
    fix: 'Rename (`flat` becomes `myflat`, `len` becomes `ln`), or start the match arm with a pattern.',
    example: { wrong: 'f>n;len=5;len', right: 'f>n;ln=5;ln' },
  },
  {
    code: 'ILO-P012',
    title: 'the file ended where a match pattern should be',
    meaning: 'A match `?x{` is open but the input ends before its first (or next) arm.',
    fix: 'Write the arms, `pattern:body` separated by `;`, and close the brace.',
    example: { wrong: 'f x:n>t;?x{', right: 'f x:n>t;?x{1:"one";_:"other"}' },
  },
  {
    code: 'ILO-P013',
    title: 'a number was expected',
    meaning: "A tool's `timeout:` and `retry:` options take number literals; a name or other token stands there.",
    fix: 'Write a number: `timeout:5,retry:2`.',
    example: { wrong: 'tool g"Fetch a page by its address" url:t>t timeout:abc', right: 'tool g"Fetch a page by its address" url:t>t timeout:5' },
  },
  {
    code: 'ILO-P014',
    title: 'the file ended where a number should be',
    meaning: 'A tool option such as `retry:` is cut off before its value.',
    fix: 'Add the number or remove the option.',
    example: { wrong: 'tool g"Fetch a page by its address" url:t>t timeout:5,retry:', right: 'tool g"Fetch a page by its address" url:t>t timeout:5,retry:2' },
  },
  {
    code: 'ILO-P015',
    title: 'a tool without its description',
    meaning:
      "Right after a tool's name comes its description in quotes, with no space: `tool name\"what it does\" params>type`. The description is what a model reads to decide when to call the tool, so it is not optional.",
    fix: 'Add the description text after the name.',
    example: { wrong: 'tool lookup uid:t>R t t', right: 'tool lookup"Look a user up by id" uid:t>R t t' },
  },
  {
    code: 'ILO-P016',
    title: 'more than one value after a braceless guard',
    meaning:
      'A guard without braces, `cond value`, returns exactly one operand when the condition holds. Anything after that operand on the same statement is left over, for example a call with arguments. The reference also reports this code for a `use` not followed by a quoted file name (`use 5`).',
    fix: 'Put the body in braces, `>=x 10{f x}` (which does not return), or return explicitly: `>=x 10{ret f x}`.',
    example: { wrong: 'f x:n>n;>=x 10 x 1;0', right: 'f x:n>n;>=x 10 x;0' },
  },
  {
    code: 'ILO-P017',
    title: 'a `use` that cannot be followed',
    meaning:
      'The file named by `use` does not exist (the path is relative to the importing file), or the program has no file to be relative to (inline code). The reference also lists this code for a lambda that reads variables of the enclosing function; lambdas may capture now, so that is no longer an error.',
    fix: 'Correct the path, create the file, or run the program from a file.',
    example: { wrong: 'use "mth.ilo"\nf x:n>n;dbl x', right: 'use "math.ilo"\nf x:n>n;dbl x', files: { 'math.ilo': 'dbl x:n>n;*x 2\n' } },
  },
  {
    code: 'ILO-P018',
    title: 'an operand after a variadic builtin, or an import cycle',
    meaning:
      '`fmt` takes every operand that follows it, so inside another call it must be the last argument; anything after it would be swallowed. The same code marks `use` imports that lead back to the importing file.',
    fix: 'Move the `fmt` call last or wrap it in parentheses, `g (fmt "{}" x) "z"`; break the import cycle by moving shared declarations into a third file.',
    example: { wrong: 'g a:t b:t>t;+a b\nf x:n>t;g fmt "{}" x "z"', right: 'g a:t b:t>t;+a b\nf x:n>t;g "z" fmt "{}" x' },
  },
  {
    code: 'ILO-P019',
    title: 'a scoped import names something the file does not declare',
    meaning: '`use "file.ilo" [a b]` imports only the listed names, and each of them must be declared in that file (or in what it uses).',
    fix: 'Correct the name in the list, or declare it in the imported file.',
    example: {
      wrong: 'use "math.ilo" [dbl half]\nf x:n>n;dbl x',
      right: 'use "math.ilo" [dbl]\nf x:n>n;dbl x',
      files: { 'math.ilo': 'dbl x:n>n;*x 2\n' },
    },
  },
  {
    code: 'ILO-P020',
    title: 'a function header cut short',
    meaning:
      'A function header, `name params>type`, must be complete on its line: the parameters, `>` and the return type. Here the line (or the file) ended first.',
    fix: 'Finish the header on the same line; the body may follow on indented lines.',
    example: { wrong: 'f x:n', right: 'f x:n>n;x' },
  },
  {
    code: 'ILO-P021',
    title: 'an ambiguous double minus',
    meaning:
      '`- -*a b *c d` looks like "minus a·b, minus c·d" but means `-((a·b) - (c·d))`: the sign of the second product flips. The parser refuses the shape rather than silently computing the unexpected value.',
    fix: 'Say what you mean: negate a sum with `- 0 +*a b *c d`, or bind the products first.',
    example: { wrong: 'f a:n b:n c:n d:n>n;- -*a b *c d', right: 'f a:n b:n c:n d:n>n;p=*a b;q=*c d;- 0 +p q' },
  },
];
