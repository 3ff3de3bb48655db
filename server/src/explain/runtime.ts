// Explanations of the codes only a running program reports (ILO-R…) and of
// the retired warning ILO-W001, in our own words. The editor never shows
// these; `ilo-ls explain` covers them so every code the ilo CLI prints has
// an answer.

import type { Explanation } from './types';

export const RUNTIME: readonly Explanation[] = [
  {
    code: 'ILO-W001',
    title: 'a braceless guard inside a loop (retired)',
    meaning:
      'Older ilo versions warned about `cond value` inside a loop body, because it returns from the whole function, not just the iteration. The warning was retired; the behaviour stays, so it is worth knowing.',
    fix: 'Write `cond{ret value}` to make the early return explicit, or `cond{…}` to only run code.',
    example: { wrong: 'f xs:L n>n;@x xs{>x 5 x};0', right: 'f xs:L n>n;@x xs{>x 5{ret x}};0' },
  },
  {
    code: 'ILO-R001',
    title: 'a variable with no value at run time',
    meaning: 'The engine read a name that holds nothing. The verifier reports the same mistake before running (ILO-T004); it reaches run time only when verification was skipped.',
    fix: 'Bind the name before reading it, or make it a parameter.',
    example: { wrong: 'f x:n>n;+x y', right: 'f x:n y:n>n;+x y' },
  },
  {
    code: 'ILO-R002',
    title: 'a call to a function that does not exist at run time',
    meaning: 'The engine was asked to call a function it does not have. The verifier normally reports this as ILO-T005 first.',
    fix: 'Declare the function or `use` the file that declares it.',
    example: { wrong: 'f x:n>n;dbl x', right: 'dbl x:n>n;*x 2\nf x:n>n;dbl x' },
  },
  {
    code: 'ILO-R003',
    title: 'a division by zero while running',
    meaning: '`/a b` or `mod a b` was evaluated with `b` equal to 0.',
    fix: 'Check the divisor first, with a guard that returns early.',
    example: { wrong: 'f x:n>n;/10 x', right: 'f x:n>n;=x 0 0;/10 x' },
  },
  {
    code: 'ILO-R004',
    title: 'a value of the wrong type at run time',
    meaning: 'An operation got a value it cannot work on, something the verifier could not see, typically data typed `_` (parsed JSON, tool results) that turns out to be of another type.',
    fix: 'Check the type with a match before using the value: `?v{n x:…;_:…}`.',
    example: { wrong: 'f x:_>n;+x 1', right: 'f x:_>n;?x{n v:+v 1;_:0}' },
  },
  {
    code: 'ILO-R005',
    title: 'a field missing at run time',
    meaning: '`r.name` was read on a record that has no such field, typically parsed JSON whose shape differs from what the code expects.',
    fix: 'Read optional data with `r.?name`, which gives `nil` when the field is missing, and supply a default with `??`.',
    example: { wrong: 'f r:_>t;r.name', right: 'f r:_>t;??r.?name "anon"' },
  },
  {
    code: 'ILO-R006',
    title: 'a list index out of range',
    meaning: '`xs.5` or `at xs i` asked for an element past either end of the list.',
    fix: 'Check `len xs` first, or use `xs.?5`, which gives `nil` when there is no such element.',
    example: { wrong: 'f xs:L n>n;xs.5', right: 'f xs:L n>O n;xs.?5' },
  },
  {
    code: 'ILO-R007',
    title: 'a loop over a value that is not a list',
    meaning: '`@x v{…}` met a value that is not a list while running; the verifier lets it through when `v` is typed `_`.',
    fix: 'Declare the list type, or match the value with `l xs:` before looping.',
    example: { wrong: 'f v:_>n;s=0;@x v{s=+s x};s', right: 'f v:L n>n;s=0;@x v{s=+s x};s' },
  },
  {
    code: 'ILO-R008',
    title: '`with` on a value that is not a record',
    meaning: '`v with f:x` met a non-record while running, again typically a `_` value.',
    fix: 'Give the value its record type so the verifier can check the update.',
    example: { wrong: 'f r:_>_;r with x:1', right: 'type pt{x:n;y:n}\nf r:pt>pt;r with x:1' },
  },
  {
    code: 'ILO-R009',
    title: 'a builtin refused its arguments at run time',
    meaning: 'A builtin got arguments it cannot handle while running: the average of an empty list, a malformed regex, a singular matrix, a negative width…',
    fix: 'Check the input before the call (for example that a list is not empty).',
    example: { wrong: 'f xs:L n>n;avg xs', right: 'f xs:L n>n;=len xs 0 0;avg xs' },
  },
  {
    code: 'ILO-R010',
    title: 'an unknown variable while compiling',
    meaning: 'The bytecode or native compiler met a name with no binding. The verifier reports this first as ILO-T004.',
    fix: 'Bind or declare the name.',
    example: { wrong: 'f x:n>n;+x y', right: 'f x:n>n;+x 1' },
  },
  {
    code: 'ILO-R011',
    title: 'an unknown function while compiling',
    meaning: 'The bytecode or native compiler met a call to a function it does not have. The verifier reports this first as ILO-T005.',
    fix: 'Declare the function or `use` its file.',
    example: { wrong: 'f x:n>n;dbl x', right: 'dbl x:n>n;*x 2\nf x:n>n;dbl x' },
  },
  {
    code: 'ILO-R012',
    title: 'nothing to run, or a closure the engine cannot run',
    meaning:
      'The program declares no function, so there is no entry point. The faster engines also use this code for a lambda that captures variables of the enclosing function, which only the tree interpreter runs (ilo falls back to it by itself).',
    fix: 'Add a function to run (one called `main` is picked by default); for captures, pass the value as the context argument instead (`map fn ctx xs`).',
    example: { wrong: 'type pt{x:n;y:n}', right: 'type pt{x:n;y:n}\nmain>n;1' },
  },
  {
    code: 'ILO-R013',
    title: 'an internal engine error',
    meaning: 'The virtual machine reached a state it should never reach. This is a bug in ilo, not in the program.',
    fix: 'Run the program with the tree interpreter (`--run-tree`) to go on working, and report the bug with the program that triggers it.',
  },
  {
    code: 'ILO-R026',
    title: '`!!` met an error or nil',
    meaning: '`f!! x` aborts the program when the call returns an error (`^e`) or `nil`, printing the error. That is its purpose; this code says it happened.',
    fix: 'Where failure is expected, handle it: match the result (`?r{~v:…;^e:…}`) or use `!` inside a function that returns a Result.',
    example: { wrong: 'main>n;num!! "abc"', right: 'main>n;?num "abc"{~v:v;^e:0}' },
  },
];
