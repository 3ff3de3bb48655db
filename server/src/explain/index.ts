// Explanations of ilo's diagnostic codes, in our own words: what a code
// means, a short wrong/right example and the fix. The editor shows them when
// hovering a diagnostic; `ilo-ls explain CODE` prints them.

import { CONTRACTS } from './contracts';
import { LEXER_PARSER } from './lexerParser';
import { RUNTIME } from './runtime';
import type { Explanation } from './types';
import { VERIFIER } from './verifier';

export type { CodeExample, Explanation } from './types';

/** Every explanation: the reference's codes in code order, then our own (source `ilo-contracts`). */
export const EXPLANATIONS: readonly Explanation[] = [...LEXER_PARSER, ...VERIFIER, ...RUNTIME, ...CONTRACTS];

const byCode = new Map(EXPLANATIONS.map((e) => [e.code, e]));

/**
 * `ILO-T005`, `ilo-t005`, `T005` and `t5`… all name ILO-T005; our own codes
 * are kebab-case (`same-schema`, in any case). Undefined when it is neither
 * a reference code's shape nor one of our codes.
 */
export function normalizeCode(input: string): string | undefined {
  const m = /^(?:ilo-)?([lptrw])0*(\d{1,3})$/i.exec(input.trim());
  if (m) return `ILO-${m[1].toUpperCase()}${m[2].padStart(3, '0')}`;
  const own = input.trim().toLowerCase();
  return byCode.has(own) ? own : undefined;
}

export function explain(code: string): Explanation | undefined {
  const norm = normalizeCode(code);
  return norm === undefined ? undefined : byCode.get(norm);
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
