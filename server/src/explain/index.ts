// Explanations of ilo's diagnostic codes, in our own words: what a code
// means, a short wrong/right example and the fix. The editor shows them when
// hovering a diagnostic; `ilo-ls explain CODE` prints them.

import { LEXER_PARSER } from './lexerParser';
import { RUNTIME } from './runtime';
import type { Explanation } from './types';
import { VERIFIER } from './verifier';
import { contractExplanation } from '../contracts/codeExplanations';

export type { CodeExample, Explanation } from './types';

/** Every explanation, in code order. */
export const EXPLANATIONS: readonly Explanation[] = [...LEXER_PARSER, ...VERIFIER, ...RUNTIME];

const byCode = new Map(EXPLANATIONS.map((e) => [e.code, e]));

/** `ILO-T005`, `ilo-t005`, `T005` and `t5`… all name ILO-T005; undefined when it is not a code's shape. */
export function normalizeCode(input: string): string | undefined {
  const m = /^(?:ilo-)?([lptrw])0*(\d{1,3})$/i.exec(input.trim());
  return m ? `ILO-${m[1].toUpperCase()}${m[2].padStart(3, '0')}` : undefined;
}

/** The explanation of a code: the reference's (`ILO-T005`, `T005`, …) or one of our own analyses' (`toxic-flow`). */
export function explain(code: string): Explanation | undefined {
  const norm = normalizeCode(code);
  return norm === undefined ? contractExplanation(code) : byCode.get(norm);
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
