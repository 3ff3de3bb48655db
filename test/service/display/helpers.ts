// Helpers for the display-feature tests (semantic tokens, inlay hints, code
// lenses): decoding what the service returns into readable values.

import type { InlayHint, Position, Range, SemanticTokens } from 'vscode-languageserver';
import type { LanguageService } from '../../../server/src/service/languageService';
import { SEMANTIC_TOKENS_LEGEND } from '../../../server/src/service/display';

export interface DecodedToken {
  line: number;
  character: number;
  length: number;
  type: string;
  modifiers: string[];
}

/** The LSP integer encoding of semantic tokens, decoded with our legend. */
export function decodeTokens(data: readonly number[]): DecodedToken[] {
  const out: DecodedToken[] = [];
  let line = 0;
  let character = 0;
  for (let i = 0; i + 4 < data.length; i += 5) {
    const [dLine, dChar, length, type, bits] = data.slice(i, i + 5);
    line += dLine;
    character = dLine === 0 ? character + dChar : dChar;
    out.push({
      line,
      character,
      length,
      type: SEMANTIC_TOKENS_LEGEND.tokenTypes[type],
      modifiers: SEMANTIC_TOKENS_LEGEND.tokenModifiers.filter((_, bit) => (bits & (1 << bit)) !== 0),
    });
  }
  return out;
}

/** The decoded semantic tokens of an open document. */
export function tokensOf(service: LanguageService, uri: string): DecodedToken[] {
  return decodeTokens((service.semanticTokens(uri) as SemanticTokens).data);
}

/** The token that starts at a position, if any. */
export function tokenAt(tokens: readonly DecodedToken[], pos: Position): DecodedToken | undefined {
  return tokens.find((t) => t.line === pos.line && t.character === pos.character);
}

/** `type` plus its modifiers, sorted: `variable[declaration,readonly]`. */
export function kindText(t: DecodedToken | undefined): string {
  if (!t) return '(none)';
  return t.modifiers.length === 0 ? t.type : `${t.type}[${[...t.modifiers].sort().join(',')}]`;
}

/** The whole document as a range. */
export const WHOLE: Range = { start: { line: 0, character: 0 }, end: { line: 10_000, character: 0 } };

/** Inlay hints as `line:character label`, in order. */
export function hintTexts(hints: readonly InlayHint[]): string[] {
  return hints.map((h) => `${h.position.line}:${h.position.character} ${typeof h.label === 'string' ? h.label : h.label.map((p) => p.value).join('')}`);
}

/** The offset of the nth whole-word occurrence of `word` in `text` (a plain substring when `word` is not a name). */
export function nthWord(text: string, word: string, nth = 1): number {
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const re = /^[a-z]/.test(word) ? new RegExp(`(?<![A-Za-z0-9_-])${escaped}(?![A-Za-z0-9_]|-[a-z0-9])`, 'g') : new RegExp(escaped, 'g');
  let m: RegExpExecArray | null;
  let seen = 0;
  while ((m = re.exec(text)) !== null) if (++seen === nth) return m.index;
  throw new Error(`${JSON.stringify(word)} occurs fewer than ${nth} times in ${JSON.stringify(text)}`);
}

/** 0-based line and character of an offset. */
export function positionAt(text: string, offset: number): Position {
  const before = text.slice(0, offset);
  const line = before.split('\n').length - 1;
  return { line, character: offset - (before.lastIndexOf('\n') + 1) };
}
