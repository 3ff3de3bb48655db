// The classification rows: each names a token of a small program and the
// class (server/src/service/display/tokenClasses.ts) it belongs to. One test
// (tokenClasses.test.ts) checks every row against both the semantic tokens of
// the language server and the TextMate grammar, so the two cannot drift.

import type { TokenClass } from '../../server/src/service/display/tokenClasses';

export interface ClassRow {
  /** What the row proves (test name). */
  what: string;
  src: string;
  /** The token's text. */
  tok: string;
  /** Which occurrence of `tok` as a whole word (1-based), default 1. */
  nth?: number;
  cls: TokenClass;
  /** Where the name stands: its declaration, or a use. */
  site: 'declaration' | 'reference';
  /** Modifiers that depend on the program, beyond the class's own and `declaration`. */
  mods?: Array<'readonly' | 'modification'>;
  /**
   * The TextMate scope (without `.ilo`) when a line-based grammar cannot
   * know as much as the checker (a plain call looks like any other name):
   * the class's own scope otherwise.
   */
  tm?: string;
}

const LIB = 'dbl x:n>n;*x 2';
const TOOL = 'tool get-user"Look a user up" uid:t>R t t';

export const CLASS_ROWS: readonly ClassRow[] = [
  // functions and tools
  { what: 'function declaration', src: 'area w:n h:n>n;*w h', tok: 'area', cls: 'function', site: 'declaration' },
  { what: 'call with ! (the grammar sees a call)', src: 'inner x:n>R n t;~x\nouter x:n>R n t;d=inner! x;~d', tok: 'inner', nth: 2, cls: 'function', site: 'reference' },
  { what: 'pipe target', src: `${LIB}\nf x:n>n;x>>dbl`, tok: 'dbl', nth: 2, cls: 'function', site: 'reference' },
  { what: 'plain call (only the checker knows it is a call)', src: `${LIB}\nf x:n>n;dbl x`, tok: 'dbl', nth: 2, cls: 'function', site: 'reference', tm: 'variable.other' },
  { what: 'tool declaration', src: TOOL, tok: 'get-user', cls: 'tool', site: 'declaration' },
  { what: 'tool call', src: `${TOOL}\nf u:t>R t t;get-user! u`, tok: 'get-user', nth: 2, cls: 'tool', site: 'reference' },
  // builtins
  { what: 'builtin', src: 'f xs:L n>n;len xs', tok: 'len', cls: 'builtin', site: 'reference' },
  { what: 'hyphenated builtin', src: 'f us:L t>L (R t t);get-many us', tok: 'get-many', cls: 'builtin', site: 'reference' },
  { what: '$ is get', src: 'f u:t>R t t;$u', tok: '$', cls: 'builtin', site: 'reference' },
  { what: 'long-form builtin alias', src: 'f xs:L n>n;length xs', tok: 'length', cls: 'builtinAlias', site: 'reference' },
  // parameters and locals
  { what: 'function parameter', src: 'area w:n h:n>n;*w h', tok: 'w', cls: 'parameter', site: 'declaration', mods: ['readonly'] },
  { what: 'parameter use', src: 'area w:n h:n>n;*w h', tok: 'w', nth: 2, cls: 'parameter', site: 'reference', mods: ['readonly'] },
  { what: 'tool parameter', src: TOOL, tok: 'uid', cls: 'parameter', site: 'declaration', mods: ['readonly'] },
  { what: 'lambda parameter', src: 'f xs:L n>L n;map (x:n>n;*x 2) xs', tok: 'x', cls: 'parameter', site: 'declaration', mods: ['readonly'] },
  { what: 'outer parameter captured by a lambda', src: 'f xs:L n k:n>L n;map (x:n>n;*x k) xs', tok: 'k', nth: 2, cls: 'parameter', site: 'reference', mods: ['readonly'] },
  { what: 'local binding', src: 'f x:n>n;tot=+x 1;*tot 2', tok: 'tot', cls: 'variable', site: 'declaration', mods: ['readonly'] },
  { what: 'local use', src: 'f x:n>n;tot=+x 1;*tot 2', tok: 'tot', nth: 2, cls: 'variable', site: 'reference', mods: ['readonly'] },
  { what: 'a local that is rebound is not readonly', src: 'f xs:L n>n;s=0;@x xs{s=+s x};s', tok: 's', cls: 'variable', site: 'declaration' },
  { what: 'rebinding a local', src: 'f xs:L n>n;s=0;@x xs{s=+s x};s', tok: 's', nth: 2, cls: 'variable', site: 'declaration', mods: ['modification'] },
  { what: 'loop variable', src: 'f xs:L n>n;s=0;@x xs{s=+s x};s', tok: 'x', cls: 'variable', site: 'declaration', mods: ['readonly'], tm: 'variable.other' },
  { what: 'match binding', src: 'f r:R n t>n;?r{~v:v;^e:0}', tok: 'v', cls: 'variable', site: 'declaration', mods: ['readonly'], tm: 'variable.other' },
  { what: 'destructured field', src: 'type pt{x:n;y:n}\nf p:pt>n;{x;y}=p;+x y', tok: 'y', nth: 2, cls: 'variable', site: 'declaration', mods: ['readonly'], tm: 'variable.other' },
  // types and fields
  { what: 'record type declaration', src: 'type point{x:n;y:n}', tok: 'point', cls: 'recordType', site: 'declaration' },
  { what: 'record type in a signature', src: 'type point{x:n;y:n}\nf p:point>n;p.x', tok: 'point', nth: 2, cls: 'recordType', site: 'reference' },
  { what: 'record construction', src: 'type point{x:n;y:n}\nf>point;point x:1 y:2', tok: 'point', nth: 3, cls: 'recordType', site: 'reference' },
  { what: 'field declaration', src: 'type point{x:n;y:n}', tok: 'y', cls: 'field', site: 'declaration' },
  { what: 'field access', src: 'type point{x:n;y:n}\nf p:point>n;p.x', tok: 'x', nth: 2, cls: 'field', site: 'reference' },
  { what: 'field label in a construction', src: 'type point{x:n;y:n}\nf>point;point x:1 y:2', tok: 'y', nth: 2, cls: 'field', site: 'reference' },
  { what: 'field in a with update', src: 'type pt{x:n;y:n}\nf p:pt>pt;p with x:1', tok: 'x', nth: 2, cls: 'field', site: 'reference' },
  { what: 'alias declaration', src: 'alias ids L n', tok: 'ids', cls: 'alias', site: 'declaration' },
  { what: 'alias in a signature', src: 'alias ids L n\nf xs:ids>n;len xs', tok: 'ids', nth: 2, cls: 'alias', site: 'reference' },
  { what: 'type variable', src: 'first xs:L a>a;xs.0', tok: 'a', cls: 'typeVariable', site: 'reference' },
  { what: 'sum type variant', src: 'color c:S red green>t;?c{red:"r";green:"g"}', tok: 'green', cls: 'variant', site: 'reference' },
  // A variant as a match arm (`?c{red:…}`) is ILO-P011 at level 0.11 (the reference has no such pattern).
];
