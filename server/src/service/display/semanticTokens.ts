// Semantic tokens (full, range and delta): the classified names of a file
// (classify.ts) encoded for LSP with the legend of tokenClasses.ts. A delta
// is the one edit that turns the previous encoding into the new one (common
// prefix and suffix kept), against the last result sent for the document.

import type { Range, SemanticTokens, SemanticTokensDelta, SemanticTokensLegend } from 'vscode-languageserver';
import type { LineIndex } from '../../syntax/lineIndex';
import type { FileAnalysis } from '../analysis';
import { classifyNames, type ClassifiedName } from './classify';
import { SEMANTIC_TOKEN_MODIFIERS, SEMANTIC_TOKEN_TYPES, TOKEN_CLASSES, type SemanticTokenModifier } from './tokenClasses';

export const SEMANTIC_TOKENS_LEGEND: SemanticTokensLegend = {
  tokenTypes: [...SEMANTIC_TOKEN_TYPES],
  tokenModifiers: [...SEMANTIC_TOKEN_MODIFIERS],
};

const TYPE_INDEX = new Map<string, number>(SEMANTIC_TOKEN_TYPES.map((t, i) => [t, i]));
const MODIFIER_BIT = new Map<string, number>(SEMANTIC_TOKEN_MODIFIERS.map((m, i) => [m, 1 << i]));

/** The legend type and modifier names of one classified name (what a test or a reader compares). */
export function tokenKind(t: ClassifiedName): { type: string; modifiers: SemanticTokenModifier[] } {
  const info = TOKEN_CLASSES[t.cls];
  const modifiers: SemanticTokenModifier[] = [...info.modifiers];
  if (t.declaration) modifiers.push('declaration');
  if (t.readonly) modifiers.push('readonly');
  if (t.modification) modifiers.push('modification');
  return { type: info.type, modifiers };
}

/** The LSP encoding (5 integers a token, relative positions) of tokens inside `[from, to)`. */
export function encodeTokens(tokens: readonly ClassifiedName[], index: LineIndex, from = 0, to = Infinity): number[] {
  const data: number[] = [];
  let prevLine = 0;
  let prevChar = 0;
  for (const t of tokens) {
    if (t.start < from || t.start >= to) continue;
    const start = index.toPosition0(t.start);
    const end = index.toPosition0(t.end);
    if (end.line !== start.line) continue; // names never span lines; a stale span might
    const kind = tokenKind(t);
    let bits = 0;
    for (const m of kind.modifiers) bits |= MODIFIER_BIT.get(m) ?? 0;
    data.push(
      start.line - prevLine,
      start.line === prevLine ? start.character - prevChar : start.character,
      end.character - start.character,
      TYPE_INDEX.get(kind.type) ?? 0,
      bits,
    );
    prevLine = start.line;
    prevChar = start.character;
  }
  return data;
}

/** The semantic tokens of a whole file. */
export function fileTokens(analysis: FileAnalysis, index: LineIndex): number[] {
  return encodeTokens(classifyNames(analysis.program, analysis.importedLocated, analysis.text), index);
}

/** The semantic tokens that start inside `range`. */
export function rangeTokens(analysis: FileAnalysis, index: LineIndex, range: Range): number[] {
  const from = index.offsetAt(range.start.line, range.start.character);
  const to = index.offsetAt(range.end.line, range.end.character);
  return encodeTokens(classifyNames(analysis.program, analysis.importedLocated, analysis.text), index, from, Math.max(from, to));
}

/** The one edit turning `before` into `after`: their common prefix and suffix are kept. */
export function tokenEdits(before: readonly number[], after: readonly number[]): SemanticTokensDelta['edits'] {
  let prefix = 0;
  const max = Math.min(before.length, after.length);
  while (prefix < max && before[prefix] === after[prefix]) prefix++;
  if (prefix === before.length && prefix === after.length) return [];
  let suffix = 0;
  while (suffix < max - prefix && before[before.length - 1 - suffix] === after[after.length - 1 - suffix]) suffix++;
  return [{ start: prefix, deleteCount: before.length - prefix - suffix, data: after.slice(prefix, after.length - suffix) }];
}

/** The last full result sent per document, for deltas. */
export class SemanticTokensCache {
  private readonly last = new Map<string, { resultId: string; data: number[] }>();
  private counter = 0;

  full(uri: string, data: number[]): SemanticTokens {
    const resultId = String(++this.counter);
    this.last.set(uri, { resultId, data });
    return { resultId, data };
  }

  /** Edits against `previousResultId` when it is the last result sent, else the full tokens. */
  delta(uri: string, previousResultId: string, data: number[]): SemanticTokens | SemanticTokensDelta {
    const prev = this.last.get(uri);
    if (!prev || prev.resultId !== previousResultId) return this.full(uri, data);
    const resultId = String(++this.counter);
    this.last.set(uri, { resultId, data });
    return { resultId, edits: tokenEdits(prev.data, data) };
  }

  forget(uri: string): void {
    this.last.delete(uri);
  }
}
