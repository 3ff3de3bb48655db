// Token shapes shared by the lexer and the parser.

import type { Interpolation } from './textLiteral';

/** Words spelled like identifiers but lexed as their own token. */
export const KEYWORD_KINDS = [
  'type',
  'tool',
  'use',
  'with',
  'timeout',
  'retry',
  'true',
  'false',
  'nil',
  // words of other languages, rejected with a friendly message
  'if',
  'return',
  'let',
  'fn',
  'def',
  'var',
  'const',
] as const;

export type KeywordKind = (typeof KEYWORD_KINDS)[number];
export type ReservedKind = 'if' | 'return' | 'let' | 'fn' | 'def' | 'var' | 'const';

export type SigilKind = 'L' | 'R' | 'F' | 'O' | 'M' | 'S' | 'W' | 'U32' | 'U64' | 'I64';

export type OpKind =
  | '>='
  | '<='
  | '!='
  | '+='
  | '>>'
  | '??'
  | '!!'
  | '+'
  | '-'
  | '*'
  | '/'
  | '>'
  | '<'
  | '='
  | '&'
  | '|'
  | '?'
  | '@'
  | '!'
  | '^'
  | '~'
  | '$'
  | ':'
  | ';'
  | '..'
  | '.?'
  | '.'
  | ','
  | '{'
  | '}'
  | '('
  | ')'
  | '['
  | ']'
  | '_';

export type TokenKind = 'ident' | 'number' | 'text' | 'newline' | KeywordKind | SigilKind | OpKind;

export interface Token {
  kind: TokenKind;
  /** Document offsets, half-open. */
  start: number;
  end: number;
  /** Identifier name / decoded text / source spelling of an operator or keyword. */
  text: string;
  /** Numeric value of a number token. */
  value?: number;
  /** A `;` the newline normaliser put for an indented line break (not written by the user). */
  soft?: boolean;
  /**
   * Level 26, a text token with braces: what interpolation makes of it
   * (offsets are relative to the token's start, so they move with it). Absent: plain text.
   */
  interp?: Interpolation;
}

const keywordSet: ReadonlySet<string> = new Set(KEYWORD_KINDS);
export function keywordKind(word: string): KeywordKind | undefined {
  return keywordSet.has(word) ? (word as KeywordKind) : undefined;
}

const reserved: ReadonlySet<string> = new Set(['if', 'return', 'let', 'fn', 'def', 'var', 'const']);
export function isReservedKind(kind: TokenKind): kind is ReservedKind {
  return reserved.has(kind);
}

export const TYPE_SIGILS: ReadonlySet<string> = new Set(['L', 'R', 'F', 'O', 'M', 'S']);

/** How a token is named in a message: `` `>` ``, identifier `` `foo` ``, number `` `42` ``. */
export function describeToken(t: Token | undefined): string {
  if (t === undefined) return 'end of file';
  switch (t.kind) {
    case 'ident':
      return `identifier \`${t.text}\``;
    case 'number':
      return `number \`${t.text}\``;
    case 'text':
      return `text \`"${t.text}"\``;
    case 'newline':
      return 'end of line';
    default:
      return `\`${t.text}\``;
  }
}
