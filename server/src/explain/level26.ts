// Explanations of the codes of level 26 (ilo 26.x), in our own words: the
// codes added since 0.11.6 and the level-26 meaning of codes that changed.
// Where a code means the same at both levels the shared explanation
// (lexerParser.ts, verifier.ts, runtime.ts) serves both. The facts come from
// the 26.x diagnostic registry and spec (../shared/reference/ilo26); examples
// are level-26 programs, checked by test/explain/explain26.test.ts.

import type { Explanation } from './types';

export const LEVEL_26: readonly Explanation[] = [
  // ---------------------------------------------------------------- parser
  {
    code: 'ILO-P011',
    title: 'a name that is taken by a builtin, or not a match pattern',
    meaning:
      'At level 26 every builtin name and every builtin alias is reserved: a function, a binding or a parameter named `len`, `head`, `filter`, `rng` or `sha256` is rejected, because a call of that name would reach the builtin and silently bypass yours. Words of other languages (`if`, `let`, `fn`, `return`…) are refused the same way. The code is also given to a match arm that does not start with a pattern.',
    fix: 'Rename (`head` becomes `hdr`, `len` becomes `ln`); two-letter names not on the reserved list stay free in later releases.',
    example: { wrong: 'f>n;head=5;head', right: 'f>n;hdr=5;hdr' },
  },
  {
    code: 'ILO-P017',
    title: 'a `use` that cannot be followed',
    meaning:
      'At level 26 this code is only about imports: the file named by `use` does not exist relative to the importing file, cannot be read, or there is no file to be relative to (inline code). (At 0.11 it also meant a lambda reading outer variables; lambdas capture freely now.)',
    fix: 'Correct the path, create the file, or run the program from a file.',
    example: { wrong: 'use "mth.ilo"\nf x:n>n;dbl x', right: 'use "math.ilo"\nf x:n>n;dbl x', files: { 'math.ilo': 'dbl x:n>n;*x 2\n' } },
  },
  {
    code: 'ILO-P019',
    title: 'an imported or labelled name that does not exist',
    meaning:
      'The ilo 26 documents give this code three uses: a selective `use` lists a name the imported file does not declare (or a private `_name` it keeps to itself), and a call labels an argument with a parameter name the callee does not have, or labels one parameter twice. The other names of the list are still imported.',
    fix: 'Correct the name, drop it from the list, or label the arguments with the callee’s parameter names, each once.',
    example: {
      wrong: 'use "math.ilo" [dbl half]\nf x:n>n;dbl x',
      right: 'use "math.ilo" [dbl]\nf x:n>n;dbl x',
      files: { 'math.ilo': 'dbl x:n>n;*x 2\n' },
    },
  },
  {
    code: 'ILO-P022',
    title: 'a generic parameter list that is not well formed',
    meaning:
      'The `<…>` after a function name declares type variables: single lowercase letters, each optionally bounded by `:any`, `:comparable`, `:numeric` or `:text` (several bounds joined with `+`). Anything else inside the angle brackets is this error.',
    fix: 'Use one-letter variables and the four bound names: `mn<a:comparable> x:a y:a>a`.',
    example: { wrong: 'mn<ab:comparable> x:ab y:ab>ab;x', right: 'mn<a:comparable> x:a y:a>a;x' },
  },
  {
    code: 'ILO-P023',
    title: 'a braceless guard inside a lambda',
    meaning:
      'A braceless guard (`>=x 0 0`) returns from the enclosing function, not from the lambda it is written in, so inside a lambda it would leave the whole function in the middle of `map` or `flt`. ilo 26 refuses it rather than miscompile it.',
    fix: 'Use an expression that stays in the lambda: the prefix ternary `?>=x 0 0 x` or the braced form `?>=x 0{0}{x}`.',
    example: { wrong: 'f xs:L n>L n;map {x> >=x 0 0;x} xs', right: 'f xs:L n>L n;map {x> ?>=x 0 0 x} xs' },
  },
  {
    code: 'ILO-P024',
    title: 'a function declared inside another function',
    meaning:
      'Function declarations are top-level only. A `name params>type;body` inside a body would look like a helper that sees the enclosing locals, but there is no closure for it to live in.',
    fix: 'Bind a lambda instead (`helper=(x:n>n;+x k)`, which may capture), or move the function to the top level and pass what it needs as parameters.',
    example: { wrong: 'main>n\n  k=2\n  add x:n>n;+x k\n  add 5', right: 'main>n\n  k=2\n  add=(x:n>n;+x k)\n  add 5' },
  },
  {
    code: 'ILO-P101',
    title: 'an unbracketed call of a variadic builtin inside a list',
    meaning:
      'In `[…]` each operand is its own element. A builtin of fixed arity (`str x`, `at xs 0`) is grouped into one element automatically, but a variadic one such as `fmt` cannot be: the parser would not know where its arguments stop, so its name and arguments would become separate elements.',
    fix: 'Put the call in parentheses, `[k (fmt "{}" v)]`, or bind it first.',
    example: { wrong: 'f v:n>L t;["x" fmt "{}" v]', right: 'f v:n>L t;["x" (fmt "{}" v)]' },
  },
  {
    code: 'ILO-P102',
    title: 'a binding outside any function',
    meaning:
      'A file holds declarations (functions, types, tools, `use`); `name=expr` is a statement and must be inside a function body. Written at the top level it used to be swallowed by the function above it, giving a cascade of unrelated errors; ilo 26 reports it once.',
    fix: 'Put the statements in an entry function: `main>_;` followed by them.',
    example: { wrong: 'gen>L n;[1 2 3]\nxs=gen', right: 'gen>L n;[1 2 3]\nmain>_;xs=gen;xs' },
  },
  {
    code: 'ILO-P103',
    title: 'expressions nested too deeply',
    meaning:
      'ilo 26 stops parsing when an expression or a block nests more than 256 levels deep (the `ilo` flag `--max-ast-depth` changes the cap). Hand-written code stays far below it; such depth usually means generated or hostile input that would exhaust the parser’s stack.',
    fix: 'Bind intermediate results to names so each expression stays shallow.',
    example: { wrong: `f>n;${'('.repeat(300)}1${')'.repeat(300)}`, right: 'f>n;a=1;a' },
  },

  // ---------------------------------------------------------------- verifier
  {
    code: 'ILO-T024',
    title: 'a match that misses cases',
    meaning:
      'A match must handle every value its subject can have: both `~` and `^` of a Result, `true` and `false`, every variant of a sum type — of a `type shape = circle(n) | point` union too, listing every missing variant in one report — or a `_` arm for the rest.',
    fix: 'Add the missing arms (`circle(r):…` for a variant with a payload, `point:…` for one without) or a `_` arm.',
    example: {
      wrong: 'type shape = circle(n) | point\narea s:shape>n;?s{circle(r):*r r}',
      right: 'type shape = circle(n) | point\narea s:shape>n;?s{circle(r):*r r;point:0}',
    },
  },
  {
    code: 'ILO-T035',
    title: 'Result arms in a match on an optional',
    meaning:
      '`~v:` and `^e:` select the Ok and the Err of a Result. An optional (`O T`, what `mget` returns) is a value or nil, with no such tag, so these arms never match and the match quietly falls through to `_`.',
    fix: 'Unwrap the optional with `??` (`??(mget m k) 0`), or match literal values and `_` for nil.',
    example: {
      wrong: 'f m:M t n>n;?(mget m "k"){~v:v;_:0}',
      right: 'f m:M t n>n;??(mget m "k") 0',
    },
  },
  {
    code: 'ILO-T036',
    title: 'a call that needs too many VM registers',
    meaning:
      'The bytecode VM gives a call at most 256 contiguous registers; a call with that many live operands cannot be compiled for it (the tree interpreter and the JIT have higher limits). Code written by hand does not come near it.',
    fix: 'Bind parts of the argument list to names first, so fewer values are live at the call.',
  },
  {
    code: 'ILO-T038',
    title: 'a ternary whose condition is not a bool',
    meaning:
      'The condition of `?h cond a b`, `?cond a b` or `cond{a}{b}` must be a bool. Any other value (a number, text, a Result not unwrapped, a function) would always choose the first branch at run time, so ilo 26 rejects it.',
    fix: 'Compare (`?h =x 0 a b`), unwrap the Result first, or bind a bool and use it: `c=>x 0;?c a b`.',
    example: { wrong: 'f x:n>t;?h x "some" "none"', right: 'f x:n>t;?h >x 0 "some" "none"' },
  },
  {
    code: 'ILO-T039',
    title: 'a zero-parameter function named where a value is wanted',
    meaning:
      'ilo 0.12.1 introduced this code for `v=my-fn` or `+my-fn 100` when `my-fn` takes no arguments, pointing at `my-fn()`. The 26.x programs that run call such a name instead (`f=mksq` binds what `mksq` returns), and so does this checker at level 26: it does not report the code. Writing `my-fn()` says the call outright and reads the same at every version.',
    fix: 'Write the call with empty parentheses, `my-fn()`, when a value is meant; pass the name alone only to a function that takes a function.',
  },
  {
    code: 'ILO-T040',
    title: '`default-on-err` given something that is not a Result',
    meaning: '`default-on-err r d` takes the Ok value of a Result or the default. Its first argument here is not a Result (for an optional, `??` is the tool).',
    fix: 'Pass a Result (`default-on-err (num s) 0`), or use `??` for an optional value.',
    example: { wrong: 'f x:n>n;default-on-err x 0', right: 'f s:t>n;default-on-err (num s) 0' },
  },
  {
    code: 'ILO-T041',
    title: '`??` on a Result',
    meaning: '`??x d` replaces nil. A Result is never nil — its Err would pass through untouched — so `??` on a Result does not do what it seems to.',
    fix: 'Use `default-on-err r d`, or match: `?r{~v:v;^_:d}`.',
    example: { wrong: 'f s:t>n;??(num s) 0', right: 'f s:t>n;default-on-err (num s) 0' },
  },
  {
    code: 'ILO-T042',
    title: 'a `default-on-err` default of another type than the Ok value',
    meaning: 'The default stands in for the Ok value, so both must have one type; otherwise the result would be one type or the other depending on the run.',
    fix: 'Give a default of the Ok type (`0` for `R n t`).',
    example: { wrong: 'f s:t>n;default-on-err (num s) "none"', right: 'f s:t>n;default-on-err (num s) 0' },
  },
  {
    code: 'ILO-T043',
    title: 'a recursive call whose result is thrown away',
    meaning:
      'A function calls itself as a statement and another statement follows, so the recursion runs but its value never reaches the caller: only the last statement is returned. A recursive search written this way falls through to its default every time. A warning.',
    fix: 'Make the recursive call the last statement, return it with `ret`, or choose between values with `?h cond a b`.',
    example: {
      wrong: 'find xs:L n t:n i:n>n\n  >=i len xs -1\n  =t at xs i i\n  find xs t +i 1\n  -1',
      right: 'find xs:L n t:n i:n>n\n  >=i len xs -1\n  =t at xs i i\n  find xs t +i 1',
    },
  },
  {
    code: 'ILO-T044',
    title: 'a net call where the World forbids the network (or a generic bound not met)',
    meaning:
      'A World built with `world-no-net` says, in the code, that there is no network; calling a net builtin (`get`, `pst`, `put`, `pat`, `del`, `hed`, `opt`, `getx`, `pstx`, `get-many`, `get-to`, `pst-to`) where such a World is in scope contradicts it. Worlds from `world` or a `w:W` parameter are decided at run time and not judged. ilo 26’s tests also give this code to a call that breaks a generic function’s bound (the registry calls that ILO-T045; we report ILO-T044, as the tests expect).',
    fix: 'Drop the `world-no-net` binding or make the call where the network is allowed; for a bound, pass an argument of a permitted type.',
    example: {
      wrong: 'f u:t>R t t;wn=world-no-net;get u',
      right: 'f u:t>R t t;get u',
    },
  },
  {
    code: 'ILO-T045',
    title: 'a generic type variable bound inconsistently or against its bound',
    meaning:
      'A function with explicit type parameters (`mn<a:comparable> x:a y:a>a`) was called with arguments that give one variable two different types, or a type its bound does not allow (`comparable`: n, t, b; `numeric`: n; `text`: t; `any`: all). The registry lists this code for it; the tests of ilo 26 expect ILO-T044, which is what we report.',
    fix: 'Pass arguments of one type for the variable, of a type its bound permits.',
    example: { wrong: 'inc<a:numeric> x:a>a;+x 1\nmain>t;inc "x"', right: 'inc<a:numeric> x:a>a;+x 1\nmain>n;inc 5' },
  },
  {
    code: 'ILO-T046',
    title: '`with` adding a field to an anonymous record',
    meaning:
      'An anonymous record (`{x:1 y:2}`) has exactly the fields of its literal. `r with k:v` updates fields it has; it cannot introduce a new one, which would silently change its shape.',
    fix: 'Add the field to the literal (`{x:1 y:2 z:0}`) or build a new literal with every field.',
    example: { wrong: 'main>_;r={x:1 y:2};r with z:3', right: 'main>_;r={x:1 y:2 z:0};r with z:3' },
  },
  {
    code: 'ILO-T047',
    title: 'a variant constructor without parentheses inside a list',
    meaning:
      'In `[…]` each operand is an element, so `[login "a"]` is the constructor `login` as a value followed by the text `"a"`, not `login "a"` — the variant is never built. (Variants without a payload, like `[ready done]`, are fine.)',
    fix: 'Parenthesise each construction, `[(login "a") (logout "b")]`, or bind them first.',
    example: {
      wrong: 'type msg = login(t) | logout(t)\nmain>_;ms=[login "a" logout "b"];ms',
      right: 'type msg = login(t) | logout(t)\nmain>_;ms=[(login "a") (logout "b")];ms',
    },
  },
  {
    code: 'ILO-T048',
    title: 'the loop variable rebound inside its own loop',
    meaning:
      'The engine sets `x` of `@x xs{…}` (or `@i a..b{…}`) afresh at every iteration, so `x=+x 1` in the body is lost when the next one starts: the program runs and quietly computes the wrong thing. Rebinding an outer loop’s variable from an inner loop is not this. A warning.',
    fix: 'Keep the running value in a name of its own (`acc=0` before the loop, `acc=+acc x` inside), or use `fld`.',
    example: { wrong: 'f xs:L n>n;@x xs{x=+x 1};0', right: 'f xs:L n>n;acc=0;@x xs{acc=+acc x};acc' },
  },
  {
    code: 'ILO-T050',
    title: 'a failing assertion of a `test` block',
    meaning:
      '`test name {ok name 2 3 5; err name 1 0 "boom"}` runs when the program is checked: each `ok` calls the function with the literal arguments and expects the last literal as its value (the Ok value for a Result), each `err` expects that Err. An assertion that does not hold is this error, with what came back instead.',
    fix: 'Correct the function, or the expected value if the assertion was wrong.',
    example: { wrong: 'add a:n b:n>n;+a b\ntest add {ok add 2 3 6}', right: 'add a:n b:n>n;+a b\ntest add {ok add 2 3 5}' },
  },

  // ---------------------------------------------------------------- warnings
  {
    code: 'ILO-W002',
    title: 'iterating what `jpar!` returns',
    meaning:
      '`@x (jpar! s){…}` works only when the JSON happens to be an array: `jpar` parses any JSON value, so after `!` the verifier cannot know it is a list. `jpar-list` requires an array and gives a list.',
    fix: 'Iterate `jpar-list! s` instead.',
    example: { wrong: 'f s:t>R n t;@x (jpar! s){prnt x};~0', right: 'f s:t>R n t;@x (jpar-list! s){prnt x};~0' },
  },
  {
    code: 'ILO-W003',
    title: '`?h` in front of a bare bool',
    meaning:
      '`?h cond a b` is the keyword ternary for conditions that are comparisons or calls. When the condition is just a bool name, `?name a b` says the same two characters shorter, and avoids confusing `?h c` with `?c`.',
    fix: 'Drop the `h`: `?c 1 0`.',
    example: { wrong: 'f p:n>n;c=>p 0.5;?h c 1 0', right: 'f p:n>n;c=>p 0.5;?c 1 0' },
  },
  {
    code: 'ILO-W020',
    title: 'a function without a `test` block',
    meaning: 'With `ilo check --strict`, each function is expected to carry a `test` block of assertions; this warning names the ones without. Without `--strict` it is not reported.',
    fix: 'Add `test name {ok name args expected}` below the function.',
    example: { wrong: 'add a:n b:n>n;+a b', right: 'add a:n b:n>n;+a b\ntest add {ok add 2 3 5}' },
  },
  {
    code: 'ILO-W030',
    title: 'a call that may break a `req` precondition',
    meaning:
      'The callee declares `req` (for example `req b!=0`) and no guard before the call rules out the forbidden case. The check matches guard shapes (`=b 0 ^"…"` before a call that needs `b!=0`), so it can be wrong when the logic is more involved. A warning.',
    fix: 'Guard before the call with the condition the precondition excludes, returning early.',
    example: {
      wrong: 'dv a:n b:n>R n t req b!=0;~/a b\ncalc x:n y:n>R n t;dv x y',
      right: 'dv a:n b:n>R n t req b!=0;~/a b\ncalc x:n y:n>R n t;=y 0 ^"zero";dv x y',
    },
  },
  {
    code: 'ILO-W051',
    title: 'effects the signature does not declare',
    meaning:
      'Effect sigils after the return type (`/http`, `/fs`, `/io`, `/net` for processes, `/time`, `/rand`, `/ml`) list what a function may do. A function calling a builtin, a tool (always `/http`) or another function with an effect must declare it; over-declaring is fine. A warning (`ilo check --strict` makes it fail).',
    fix: 'Add the missing sigil to the header, e.g. `/fs` for a function that calls `wr`.',
    example: {
      wrong: 'save u:t p:t>R t t /http;r=get! u;wr p r',
      right: 'save u:t p:t>R t t /http /fs;r=get! u;wr p r',
    },
  },

  // ---------------------------------------------------------------- engine
  {
    code: 'ILO-E801',
    title: 'no entry function for a compiled binary',
    meaning:
      '`ilo compile` (or `ilo build`) makes a native program that starts one function: the one named on its command line, else the only function of the file, else `main`. A file with several functions and no `main` has none, and is refused rather than compiled with a guessed entry. `ilo check` does not report it.',
    fix: 'Name the entry function `main`, or pass its name to `ilo compile`.',
    example: { wrong: 'helper>n;42\nrun>n;helper', right: 'helper>n;42\nmain>n;helper' },
  },
  {
    code: 'ILO-E802',
    title: 'a lambda capturing more than 255 names',
    meaning: 'The bytecode VM stores a closure’s capture count in one byte, so a lambda reading more than 255 distinct names of the enclosing function cannot be compiled for it.',
    fix: 'Gather the captured values into a record (or a list) and capture that one value.',
  },

  // ---------------------------------------------------------------- runtime
  {
    code: 'ILO-R014',
    title: 'an Err or nil passed on by `!`',
    meaning:
      'Not a fault: `f! x` met an Err (or nil) and returned it from the enclosing function, as `!` does. The runtime names the spot where the value left, to help trace where an error came from.',
    fix: 'Nothing to fix when passing it on is intended; to handle the error where it happens, match instead: `?(f x){~v:…;^e:…}`.',
    example: { wrong: 'g x:n>R n t;<x 0 ^"negative";~x\nf x:n>R n t;v=g! x;~v', right: 'g x:n>R n t;<x 0 ^"negative";~x\nf x:n>R n t;?(g x){~v:~v;^_:~0}' },
  },
  {
    code: 'ILO-R015',
    title: 'a compiled binary crashed',
    meaning: 'A binary made by `ilo compile` received a fatal signal (segmentation fault and the like) and printed this code before exiting. That is a fault of ilo’s compiler or runtime, not of the program.',
    fix: 'Report it to ilo with the program; meanwhile run the program with `ilo` itself.',
  },
  {
    code: 'ILO-R016',
    title: 'the program ran past its time budget',
    meaning: '`ilo run` stops a program after 60 seconds of wall-clock time by default. Usually a loop that never ends: a `wh` whose variable is not updated, or recursion without a base case.',
    fix: 'Make the loop progress towards its end; for a long job that is meant to run, raise the budget with `--max-runtime SECS` (0 turns it off).',
    example: { wrong: 'f>n;i=0;wh <i 10{prnt i};i', right: 'f>n;i=0;wh <i 10{prnt i;i=+i 1};i' },
  },
  {
    code: 'ILO-R017',
    title: 'the program printed past its output budget',
    meaning: '`ilo run` stops a program once it has written about 100 MB to stdout by default, usually a printing loop that never ends.',
    fix: 'Bound the loop; for a program meant to print that much, raise the budget with `--max-output-bytes N` (0 turns it off).',
    example: { wrong: 'f>n;wh true{prnt "tick"};0', right: 'f>n;@i 0..10{prnt "tick"};0' },
  },
  {
    code: 'ILO-R099',
    title: 'an unexpected failure while running',
    meaning: 'The runtime failed in a way no more specific code describes; the message carries the cause. It points to a gap in the verifier or a fault in a builtin rather than to the program.',
    fix: 'Report it to ilo with the program; look at the builtin the message names for a way around.',
  },
];
