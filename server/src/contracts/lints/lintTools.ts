// Tool contract lints (seed 003: tool shadowing, malicious tool definitions,
// sensitive information, documentation). Pure functions over a neutral view
// of a tool — its name, description and parameters — so that the same rules
// run on MCP `tools/list` JSON (lintMcpTools, before anything is imported)
// and on ilo `tool` declarations (lintDecls.ts maps findings to spans).

import type { Severity } from '../../diagnostics';
import {
  LONG_DESCRIPTION_TOKENS,
  findCredentials,
  findHiddenCharacters,
  findModelInstructions,
  findSecretRequests,
  isSecretParameterName,
  vagueDescriptionReason,
} from './lintText';
import { CONFUSABLE_MIN_LENGTH, nameSkeleton, nonAsciiLetters, oneEditApart } from './lintNames';
import { countTokens, tokenUpperBound, TOKENIZER_NAME } from '../../measure/tokenCount';
import { foldText } from './textFold';

/** Every lint code (source `ilo-contracts`). */
export type LintCode =
  | 'instructs-model'
  | 'hidden-unicode'
  | 'requests-secret'
  | 'credential-in-contract'
  | 'confusable-name'
  | 'missing-description'
  | 'vague-description'
  | 'one-letter-param'
  | 'long-description'
  | 'prototype-key'
  | 'oversized-definition'
  | 'lint-failed';

/** One sentence per code: why it matters. Shown after each message. */
export const LINT_RISK: Readonly<Record<LintCode, string>> = Object.freeze({
  'instructs-model':
    'A description that tells the model when or instead of what to call can make it prefer this tool over the one the user meant (tool shadowing, prompt injection).',
  'hidden-unicode':
    'Invisible or direction-changing characters let a definition say one thing to the model and show another to the person who reviews it.',
  'requests-secret':
    'Secrets passed as tool arguments travel through the model conversation, where logs, other tools and prompt injection can reach them.',
  'credential-in-contract': 'A credential written into a tool definition is sent to every model and client that lists the tool.',
  'confusable-name': 'Tools whose names can be mistaken for each other let one shadow the other, by accident or by design.',
  'missing-description': 'The model chooses tools by their descriptions; without one it has to guess what the tool does and when to call it.',
  'vague-description': 'The model chooses tools by their descriptions; one that says nothing makes wrong calls likely.',
  'one-letter-param': "Parameter names are the tool's public interface; a one-letter name gives the model no hint of what to pass.",
  'long-description': 'Every request that lists this tool pays for its description in tokens, and long text buries what matters.',
  'prototype-key':
    'A key named `__proto__` is dropped or turned into an object\'s prototype by JavaScript code that copies the definition, so what such a client checks is not what the model is shown.',
  'oversized-definition': 'A definition too large or too deeply nested to be checked in bounded time cannot be shown to be safe; it is not served.',
  'lint-failed': 'A definition the lints could not read cannot be shown to be safe; it is treated as unsafe rather than passed unchecked.',
});

const SEVERITY: Readonly<Record<LintCode, Severity>> = {
  'instructs-model': 'warning',
  'hidden-unicode': 'warning',
  'requests-secret': 'warning',
  'credential-in-contract': 'warning',
  'confusable-name': 'warning',
  'missing-description': 'warning',
  'vague-description': 'information',
  'one-letter-param': 'information',
  'long-description': 'information',
  'prototype-key': 'warning',
  'oversized-definition': 'error',
  'lint-failed': 'error',
};

/** Where in a tool a finding is. `param` indexes LintTool.params. */
export type LintTarget =
  | { kind: 'name' }
  | { kind: 'title' }
  | { kind: 'description' }
  | { kind: 'param-name'; param: number }
  | { kind: 'param-description'; param: number }
  /** A description or property name deeper in a schema (MCP JSON only). */
  | { kind: 'schema-text'; path: string };

export interface LintParam {
  /** The name the model sees (the wire name). */
  name: string;
  description?: string;
  /** An ilo 26 capability (`w:W`): supplied by the runtime, never shown to a model as an input. */
  capability?: boolean;
}

/** The neutral view of a tool that the rules read. */
export interface LintTool {
  /** The name the model sees (the wire name). */
  name: string;
  title?: string;
  /** undefined when the tool has none. */
  description?: string;
  params: LintParam[];
  /**
   * Other strings a model reads (keys and string values anywhere in the
   * definition), with a path for messages. `propertyName`: a key of a
   * `properties` object, which the model fills in like a parameter.
   */
  extraTexts?: { path: string; text: string; isName: boolean; propertyName?: boolean }[];
  /** Findings the view builder made about the definition as a whole (prototype keys, size). */
  problems?: { code: 'prototype-key' | 'oversized-definition' | 'lint-failed'; path: string; message: string }[];
}

export interface LintFinding {
  code: LintCode;
  severity: Severity;
  /** Index of the tool in the list given to lintToolContracts. */
  tool: number;
  target: LintTarget;
  /** Offsets inside the target string, when the finding is a part of it. */
  range?: { start: number; end: number };
  message: string;
  /** LINT_RISK[code]. */
  risk: string;
  /** For `confusable-name`: the other tool's index. */
  other?: number;
}

export interface LintOptions {
  /** Token threshold (o200k_base) for `long-description` (default LONG_DESCRIPTION_TOKENS). */
  longDescriptionTokens?: number;
  /** Codes to skip. */
  disable?: readonly LintCode[];
}

/** At most this many findings of one code on one tool (a hostile definition can repeat a phrase endlessly). */
const MAX_PER_CODE = 10;

/**
 * Every lint over a set of tools in one scope (confusable names are checked
 * across all of them). Never throws: a rule that fails on a tool becomes a
 * `lint-failed` finding (error severity) on that tool — a definition the
 * lints cannot read is unsafe, not clean.
 */
export function lintToolContracts(tools: readonly LintTool[], options: LintOptions = {}): LintFinding[] {
  const out: LintFinding[] = [];
  const disabled = new Set(options.disable ?? []);
  let counts = new Map<LintCode, number>();
  const add = (f: Omit<LintFinding, 'severity' | 'risk'>) => {
    if (disabled.has(f.code) && f.code !== 'lint-failed' && f.code !== 'oversized-definition') return;
    const n = counts.get(f.code) ?? 0;
    if (n >= MAX_PER_CODE) return;
    counts.set(f.code, n + 1);
    out.push({ ...f, severity: SEVERITY[f.code], risk: LINT_RISK[f.code] });
  };
  const failed = (i: number, e: unknown) =>
    out.push({
      code: 'lint-failed',
      severity: SEVERITY['lint-failed'],
      risk: LINT_RISK['lint-failed'],
      tool: i,
      target: { kind: 'name' },
      message: `the lints could not read tool \`${shortName(tools[i]?.name)}\` (${e instanceof Error ? e.name : 'error'})`,
    });
  tools.forEach((tool, i) => {
    counts = new Map();
    try {
      lintOne(tool, i, options, add);
    } catch (e) {
      failed(i, e);
    }
  });
  counts = new Map();
  try {
    lintConfusable(tools, (f) => {
      if (!disabled.has(f.code)) out.push({ ...f, severity: SEVERITY[f.code], risk: LINT_RISK[f.code] });
    });
  } catch (e) {
    tools.forEach((_, i) => failed(i, e));
  }
  return out;
}

/** A name for messages: bounded in length. */
function shortName(name: unknown): string {
  const s = typeof name === 'string' ? name : String(name);
  return s.length > 64 ? `${s.slice(0, 61)}...` : s;
}

type Add = (f: Omit<LintFinding, 'severity' | 'risk'>) => void;

/** The strings of one tool the text rules look at, with their targets. */
function textsOf(tool: LintTool): { target: LintTarget; text: string; prose: boolean }[] {
  const texts: { target: LintTarget; text: string; prose: boolean }[] = [{ target: { kind: 'name' }, text: tool.name, prose: false }];
  if (tool.title !== undefined) texts.push({ target: { kind: 'title' }, text: tool.title, prose: true });
  if (tool.description !== undefined) texts.push({ target: { kind: 'description' }, text: tool.description, prose: true });
  tool.params.forEach((p, i) => {
    texts.push({ target: { kind: 'param-name', param: i }, text: p.name, prose: false });
    if (p.description !== undefined) texts.push({ target: { kind: 'param-description', param: i }, text: p.description, prose: true });
  });
  for (const e of tool.extraTexts ?? []) texts.push({ target: { kind: 'schema-text', path: e.path }, text: e.text, prose: !e.isName });
  return texts;
}

function where(target: LintTarget, tool: LintTool): string {
  switch (target.kind) {
    case 'name':
      return 'the tool name';
    case 'title':
      return 'the title';
    case 'description':
      return 'the description';
    case 'param-name':
      return `the name of parameter \`${shortName(tool.params[target.param]?.name)}\``;
    case 'param-description':
      return `the description of \`${shortName(tool.params[target.param]?.name)}\``;
    case 'schema-text':
      return `\`${shortName(target.path)}\``;
  }
}

function lintOne(tool: LintTool, i: number, options: LintOptions, add: Add): void {
  for (const problem of tool.problems ?? []) {
    add({ code: problem.code, tool: i, target: problem.path === '' ? { kind: 'name' } : { kind: 'schema-text', path: problem.path }, message: problem.message });
  }
  for (const { target, text, prose } of textsOf(tool)) {
    for (const run of findHiddenCharacters(text)) {
      const what = run.bidi ? 'direction-changing characters' : 'invisible characters';
      const smuggled = run.smuggled ? `; they spell out hidden text: "${run.smuggled}"` : '';
      add({ code: 'hidden-unicode', tool: i, target, range: run, message: `${where(target, tool)} contains ${what} (${run.label})${smuggled}` });
    }
    for (const hit of findCredentials(text)) {
      add({ code: 'credential-in-contract', tool: i, target, range: hit, message: `${where(target, tool)} contains what looks like ${hit.label}` });
    }
    // Names are read too: `always_use_this_tool_first` says what its words say.
    const read = prose ? text : text.replace(/[_-]/g, ' ');
    const folded = foldText(read);
    for (const hit of findModelInstructions(read, folded)) {
      add({ code: 'instructs-model', tool: i, target, range: hit, message: `${where(target, tool)} instructs the model instead of describing the tool (${hit.label})` });
    }
    if (!prose) continue;
    for (const hit of findSecretRequests(text, folded)) {
      add({ code: 'requests-secret', tool: i, target, range: hit, message: `${where(target, tool)} asks for a secret (${hit.label})` });
    }
  }

  tool.params.forEach((p, pi) => {
    if (isSecretParameterName(p.name)) {
      add({ code: 'requests-secret', tool: i, target: { kind: 'param-name', param: pi }, message: `parameter \`${shortName(p.name)}\` asks the model to pass a secret` });
    }
    if ([...p.name].length === 1 && !p.capability) {
      add({ code: 'one-letter-param', tool: i, target: { kind: 'param-name', param: pi }, message: `parameter \`${p.name}\` has a one-letter name` });
    }
  });
  for (const e of tool.extraTexts ?? []) {
    if (e.propertyName && isSecretParameterName(e.text)) {
      add({ code: 'requests-secret', tool: i, target: { kind: 'schema-text', path: e.path }, message: `property \`${shortName(e.text)}\` asks the model to pass a secret` });
    }
  }

  const description = tool.description;
  if (description === undefined || description.trim() === '') {
    add({ code: 'missing-description', tool: i, target: { kind: description === undefined ? 'name' : 'description' }, message: `tool \`${shortName(tool.name)}\` has no description` });
  } else {
    const vague = vagueDescriptionReason(description, tool.name);
    if (vague) add({ code: 'vague-description', tool: i, target: { kind: 'description' }, message: `the description of \`${shortName(tool.name)}\` says little about what it does: ${vague}` });
    const limit = options.longDescriptionTokens ?? LONG_DESCRIPTION_TOKENS;
    const tokens = descriptionTokens(description, limit);
    if (tokens !== undefined && tokens.count > limit) {
      add({
        code: 'long-description',
        tool: i,
        target: { kind: 'description' },
        message: `the description is ${tokens.partial ? 'more than ' : ''}${tokens.count} tokens (${TOKENIZER_NAME}; ${description.length} characters), sent with every request that lists this tool; over ${limit} is long`,
      });
    }
  }
}

/** Descriptions are tokenized up to this many characters; past it the count is a lower bound. */
const TOKENIZE_CHARS = 32_768;

/**
 * Tokens of a description, or undefined when they need not be counted (it is
 * short enough in bytes to be under the limit whatever the tokenizer says,
 * which keeps the tokenizer unloaded for ordinary files) or cannot be (the
 * tokenizer failed to load: the lint is skipped rather than guessed). A very
 * long description is counted on its first TOKENIZE_CHARS characters only.
 */
function descriptionTokens(description: string, limit: number): { count: number; partial: boolean } | undefined {
  if (tokenUpperBound(description) <= limit) return undefined;
  const partial = description.length > TOKENIZE_CHARS;
  try {
    return { count: countTokens(partial ? description.slice(0, TOKENIZE_CHARS) : description), partial };
  } catch {
    return undefined;
  }
}

/** How many other tools one tool's confusable-name finding names at most. */
const MAX_CONFUSIONS = 3;
/** Skeletons longer than this are compared exactly only (one-edit neighbours of long names cost too much to index). */
const ONE_EDIT_MAX_LENGTH = 40;
/** Candidates examined per tool for the one-edit rule (an adversarial list can make every name a candidate). */
const ONE_EDIT_MAX_CANDIDATES = 64;

/**
 * Confusable names, linear in the number of tools: skeletons are computed
 * once; equal skeletons meet in a hash map; names one edit apart share a
 * "deletion neighbour" (the skeleton with one character removed), so each
 * tool looks only at the tools indexed under its own neighbours.
 */
function lintConfusable(tools: readonly LintTool[], add: Add): void {
  tools.forEach((t, i) => {
    const foreign = nonAsciiLetters(t.name);
    if (foreign.length > 0) {
      add({ code: 'confusable-name', tool: i, target: { kind: 'name' }, message: `tool name \`${shortName(t.name)}\` contains non-ASCII letters (${foreign.slice(0, 8).join(' ')}) that can pass for ASCII ones` });
    }
  });
  if (tools.length < 2) return;
  const skeletons = tools.map((t) => nameSkeleton(t.name.length > 512 ? t.name.slice(0, 512) : t.name));
  const bySkeleton = new Map<string, number[]>();
  skeletons.forEach((sk, i) => {
    if (sk === '') return;
    const list = bySkeleton.get(sk);
    if (list) list.push(i);
    else bySkeleton.set(sk, [i]);
  });
  const neighbours = (sk: string): string[] => {
    const out = new Set<string>([sk]);
    if (/^[\x00-\x7f]*$/.test(sk)) {
      for (let k = 0; k < sk.length; k++) out.add(sk.slice(0, k) + sk.slice(k + 1));
    } else {
      const chars = Array.from(sk);
      for (let k = 0; k < chars.length; k++) out.add(chars.slice(0, k).join('') + chars.slice(k + 1).join(''));
    }
    return [...out];
  };
  const byNeighbour = new Map<string, number[]>();
  skeletons.forEach((sk, i) => {
    if (sk.length < CONFUSABLE_MIN_LENGTH || sk.length > ONE_EDIT_MAX_LENGTH) return;
    for (const n of neighbours(sk)) {
      const list = byNeighbour.get(n);
      if (!list) byNeighbour.set(n, [i]);
      else if (list.length < ONE_EDIT_MAX_CANDIDATES) list.push(i);
    }
  });
  tools.forEach((t, i) => {
    const sk = skeletons[i];
    if (sk === '') return;
    const found: { j: number; how: 'same-skeleton' | 'one-edit' }[] = [];
    for (const j of bySkeleton.get(sk) ?? []) {
      if (j !== i && tools[j].name !== t.name) found.push({ j, how: 'same-skeleton' });
    }
    if (sk.length >= CONFUSABLE_MIN_LENGTH && sk.length <= ONE_EDIT_MAX_LENGTH) {
      const seen = new Set(found.map((f) => f.j));
      let examined = 0;
      for (const n of neighbours(sk)) {
        for (const j of byNeighbour.get(n) ?? []) {
          if (j === i || seen.has(j) || examined >= ONE_EDIT_MAX_CANDIDATES) continue;
          seen.add(j);
          examined++;
          if (tools[j].name === t.name) continue;
          if (Math.min(sk.length, skeletons[j].length) >= CONFUSABLE_MIN_LENGTH && oneEditApart(sk, skeletons[j])) found.push({ j, how: 'one-edit' });
        }
      }
    }
    found.sort((a, b) => a.j - b.j);
    for (const { j, how } of found.slice(0, MAX_CONFUSIONS)) {
      const detail = how === 'same-skeleton' ? 'they differ only in case, separators or look-alike characters' : 'they differ by a single character';
      add({
        code: 'confusable-name',
        tool: i,
        target: { kind: 'name' },
        other: j,
        message: `tool \`${shortName(t.name)}\` can be mistaken for \`${shortName(tools[j].name)}\`: ${detail}`,
      });
    }
  });
}
