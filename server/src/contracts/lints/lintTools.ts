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
import { nameConfusion, nonAsciiLetters } from './lintNames';
import { countTokens, tokenUpperBound, TOKENIZER_NAME } from '../../measure/tokenCount';

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
  | 'long-description';

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
}

/** The neutral view of a tool that the rules read. */
export interface LintTool {
  /** The name the model sees (the wire name). */
  name: string;
  title?: string;
  /** undefined when the tool has none. */
  description?: string;
  params: LintParam[];
  /** Other strings a model reads (nested property names and descriptions), with a path for messages. */
  extraTexts?: { path: string; text: string; isName: boolean }[];
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

/** Every lint over a set of tools in one scope (confusable names are checked pairwise). */
export function lintToolContracts(tools: readonly LintTool[], options: LintOptions = {}): LintFinding[] {
  const out: LintFinding[] = [];
  const disabled = new Set(options.disable ?? []);
  const add = (f: Omit<LintFinding, 'severity' | 'risk'>) => {
    if (!disabled.has(f.code)) out.push({ ...f, severity: SEVERITY[f.code], risk: LINT_RISK[f.code] });
  };
  tools.forEach((tool, i) => {
    try {
      lintOne(tool, i, options, add);
    } catch {
      // A rule bug must not take the editor down; the other tools are still linted.
    }
  });
  lintConfusable(tools, add);
  return out;
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
      return `the name of parameter \`${tool.params[target.param]?.name}\``;
    case 'param-description':
      return `the description of \`${tool.params[target.param]?.name}\``;
    case 'schema-text':
      return `\`${target.path}\``;
  }
}

function lintOne(tool: LintTool, i: number, options: LintOptions, add: Add): void {
  for (const { target, text, prose } of textsOf(tool)) {
    for (const run of findHiddenCharacters(text)) {
      const what = run.bidi ? 'direction-changing characters' : 'invisible characters';
      const smuggled = run.smuggled ? `; they spell out hidden text: "${run.smuggled}"` : '';
      add({ code: 'hidden-unicode', tool: i, target, range: run, message: `${where(target, tool)} contains ${what} (${run.label})${smuggled}` });
    }
    for (const hit of findCredentials(text)) {
      add({ code: 'credential-in-contract', tool: i, target, range: hit, message: `${where(target, tool)} contains what looks like ${hit.label}` });
    }
    if (!prose) continue;
    for (const hit of findModelInstructions(text)) {
      add({ code: 'instructs-model', tool: i, target, range: hit, message: `${where(target, tool)} instructs the model instead of describing the tool (${hit.label})` });
    }
    for (const hit of findSecretRequests(text)) {
      add({ code: 'requests-secret', tool: i, target, range: hit, message: `${where(target, tool)} asks for a secret (${hit.label})` });
    }
  }

  tool.params.forEach((p, pi) => {
    if (isSecretParameterName(p.name)) {
      add({ code: 'requests-secret', tool: i, target: { kind: 'param-name', param: pi }, message: `parameter \`${p.name}\` asks the model to pass a secret` });
    }
    if ([...p.name].length === 1) {
      add({ code: 'one-letter-param', tool: i, target: { kind: 'param-name', param: pi }, message: `parameter \`${p.name}\` has a one-letter name` });
    }
  });

  const description = tool.description;
  if (description === undefined || description.trim() === '') {
    add({ code: 'missing-description', tool: i, target: { kind: description === undefined ? 'name' : 'description' }, message: `tool \`${tool.name}\` has no description` });
  } else {
    const vague = vagueDescriptionReason(description, tool.name);
    if (vague) add({ code: 'vague-description', tool: i, target: { kind: 'description' }, message: `the description of \`${tool.name}\` says little about what it does: ${vague}` });
    const limit = options.longDescriptionTokens ?? LONG_DESCRIPTION_TOKENS;
    const tokens = descriptionTokens(description, limit);
    if (tokens !== undefined && tokens > limit) {
      add({
        code: 'long-description',
        tool: i,
        target: { kind: 'description' },
        message: `the description is ${tokens} tokens (${TOKENIZER_NAME}; ${description.length} characters), sent with every request that lists this tool; over ${limit} is long`,
      });
    }
  }
}

/**
 * Tokens of a description, or undefined when they need not be counted (it is
 * short enough in bytes to be under the limit whatever the tokenizer says,
 * which keeps the tokenizer unloaded for ordinary files) or cannot be (the
 * tokenizer failed to load: the lint is skipped rather than guessed).
 */
function descriptionTokens(description: string, limit: number): number | undefined {
  if (tokenUpperBound(description) <= limit) return undefined;
  try {
    return countTokens(description);
  } catch {
    return undefined;
  }
}

function lintConfusable(tools: readonly LintTool[], add: Add): void {
  tools.forEach((t, i) => {
    const foreign = nonAsciiLetters(t.name);
    if (foreign.length > 0) {
      add({ code: 'confusable-name', tool: i, target: { kind: 'name' }, message: `tool name \`${t.name}\` contains non-ASCII letters (${foreign.join(' ')}) that can pass for ASCII ones` });
    }
  });
  for (let i = 0; i < tools.length; i++) {
    for (let j = 0; j < tools.length; j++) {
      if (i === j) continue;
      const how = nameConfusion(tools[i].name, tools[j].name);
      if (!how) continue;
      const detail = how === 'same-skeleton' ? 'they differ only in case, separators or look-alike characters' : 'they differ by a single character';
      add({
        code: 'confusable-name',
        tool: i,
        target: { kind: 'name' },
        other: j,
        message: `tool \`${tools[i].name}\` can be mistaken for \`${tools[j].name}\`: ${detail}`,
      });
    }
  }
}
