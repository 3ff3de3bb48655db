// Explanations of ilo's diagnostic codes, in our own words: what a code
// means, a short wrong/right example and the fix. The editor shows them when
// hovering a diagnostic; `ilo-ls explain CODE` prints them.

import { CONTRACTS } from './contracts';
import { LEVEL_26 } from './level26';
import { LEXER_PARSER } from './lexerParser';
import { RUNTIME } from './runtime';
import type { Explanation } from './types';
import { VERIFIER } from './verifier';

export type { CodeExample, Explanation } from './types';

/** The language levels explanations are written for. */
export type ExplainLevel = '0.11' | '26';

/**
 * Every explanation of level 0.11 (and of the codes that mean the same at
 * level 26), in code order, then our own codes (source `ilo-contracts`, the
 * same at every level).
 */
export const EXPLANATIONS: readonly Explanation[] = [...LEXER_PARSER, ...VERIFIER, ...RUNTIME, ...CONTRACTS];

/** The explanations of codes new at level 26 or meaning something else there. */
export const EXPLANATIONS_26: readonly Explanation[] = LEVEL_26;

const byCode = new Map(EXPLANATIONS.map((e) => [e.code, e]));
const byCode26 = new Map(EXPLANATIONS_26.map((e) => [e.code, e]));

/**
 * `ILO-T005`, `ilo-t005`, `T005` and `t5`… all name ILO-T005; our own codes
 * are kebab-case (`same-schema`, in any case). Undefined when it is neither
 * a reference code's shape nor one of our codes.
 */
export function normalizeCode(input: string): string | undefined {
  const m = /^(?:ilo-)?([lptrwe])0*(\d{1,3})$/i.exec(input.trim());
  if (m) return `ILO-${m[1].toUpperCase()}${m[2].padStart(3, '0')}`;
  const own = input.trim().toLowerCase();
  return byCode.has(own) ? own : undefined;
}

/**
 * The explanation of a code at a level. Without a level: the 0.11 one where
 * the code exists at 0.11, else the level-26 one.
 */
export function explain(code: string, level?: ExplainLevel): Explanation | undefined {
  const norm = normalizeCode(code);
  if (norm === undefined) return undefined;
  if (level === '26') return byCode26.get(norm) ?? byCode.get(norm);
  if (level === '0.11') return byCode.get(norm);
  return byCode.get(norm) ?? byCode26.get(norm);
}

/**
 * The explanations of a code at every level, the level-26 one last when it
 * differs (for `ilo-ls explain` without a level).
 */
export function explainAtEveryLevel(code: string): Array<{ level: ExplainLevel | undefined; explanation: Explanation }> {
  const norm = normalizeCode(code);
  if (norm === undefined) return [];
  const old = byCode.get(norm);
  const now = byCode26.get(norm);
  if (old !== undefined && now !== undefined) return [{ level: '0.11', explanation: old }, { level: '26', explanation: now }];
  if (old !== undefined) return [{ level: undefined, explanation: old }];
  return now !== undefined ? [{ level: '26', explanation: now }] : [];
}

const fence = (body: string): string => '```ilo\n' + body + '\n```';

/** The explanation as markdown (hovers). */
export function explanationMarkdown(e: Explanation): string {
  const parts = [`**${e.code}**: ${e.title}`, e.meaning];
  if (e.example) parts.push(`Wrong:\n${fence(e.example.wrong)}`, `Right:\n${fence(e.example.right)}`);
  parts.push(`Fix: ${e.fix}`);
  return parts.join('\n\n');
}

const indent = (body: string): string =>
  body
    .split('\n')
    .map((l) => `    ${l}`)
    .join('\n');

/** The explanation as plain text (the CLI): the same content as the markdown. */
export function explanationText(e: Explanation): string {
  const parts = [`${e.code}: ${e.title}`, e.meaning];
  if (e.example) parts.push(`wrong:\n${indent(e.example.wrong)}`, `right:\n${indent(e.example.right)}`);
  parts.push(`fix: ${e.fix}`);
  return `${parts.join('\n\n')}\n`;
}
