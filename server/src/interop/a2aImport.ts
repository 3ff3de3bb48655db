// Reading an A2A agent card (protocol v1.0, or v0.3 with its top-level `url`)
// into ilo: one commented `tool` stub per skill. A skill has an id, a name, a
// description, tags and media types, but no input or output schema, so the
// stub cannot be a contract: it takes the request as one text argument and
// returns text, and its comments say so. The user completes each stub.
//
// What is kept: the skill id (`@wire` when the ilo name differs), its name
// (`@title`), description (the tool's string), a behavior triple found among
// the tags (`@behavior`, so a card we exported comes back with it), and the
// tags, examples and media types as comments.

import { MCP_TOOL_NAME } from '../schema/annotations';
import { classifyBehaviorWord, type BehaviorField } from '../schema/behaviorWords';
import { isJsonObject } from '../schema/json';
import { canonicalBuiltinName } from '../syntax/builtins';
import { isKeyword, isReservedWord, isValidIdentifier, toKebabCase } from '../syntax/names';

/** The parameter every stub takes: the skill's request as text. */
export const STUB_PARAM = 'request';

export interface CardStub {
  /** The skill id as the card gives it. */
  id: string;
  /** The ilo name of the stub. */
  ilo: string;
}

export interface CardImport {
  /** The agent's name on the card. */
  agent: string;
  /** ilo source: a header comment and one stub per usable skill. */
  source: string;
  stubs: CardStub[];
  /** Skills left out (no id), and other things the user should know. */
  problems: string[];
}

/**
 * True when a parsed JSON value looks like an agent card rather than MCP
 * tools: an object with a `name`, a `skills` list, no `tools`, and one of
 * the card's own fields.
 */
export function isAgentCard(value: unknown): boolean {
  if (!isJsonObject(value) || 'tools' in value) return false;
  if (typeof value.name !== 'string' || !Array.isArray(value.skills)) return false;
  return ['supportedInterfaces', 'supported_interfaces', 'url', 'capabilities', 'defaultInputModes', 'default_input_modes', 'version', 'protocolVersion'].some(
    (k) => k in value,
  );
}

/** Text on one comment line: control and line-breaking characters become spaces. */
function oneLine(s: string): string {
  return s.replace(/[\u0000-\u001f\u007f\u0085\u2028\u2029]+/g, ' ').replace(/\s+/g, ' ').trim();
}

const LITERAL_ESCAPES: Record<string, string> = { '\\': '\\\\', '"': '\\"', '\n': '\\n', '\t': '\\t', '\r': '\\r' };

/** An ilo string literal for a description: line breaks and tabs escaped, other control characters as spaces. */
function iloLiteral(s: string): string {
  const body = s
    .trim()
    .replace(/[\\"\n\t\r]/g, (c) => LITERAL_ESCAPES[c])
    .replace(/[\u0000-\u001f\u007f\u0085\u2028\u2029]/g, ' ');
  return `"${body}"`;
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() !== '' ? v : undefined;
}

function strings(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && x.trim() !== '').map(oneLine) : [];
}

/** Where the card says the agent is served: the first interface (v1.0) or `url` (v0.3). */
function agentUrl(card: Record<string, unknown>): string | undefined {
  const interfaces = card.supportedInterfaces ?? card.supported_interfaces;
  if (Array.isArray(interfaces)) {
    for (const i of interfaces) if (isJsonObject(i) && str(i.url)) return str(i.url);
  }
  return str(card.url);
}

/** A usable ilo name for a skill, unique among `used`. */
function stubName(id: string, name: string | undefined, used: Set<string>): string {
  const fold = (s: string) => toKebabCase(s.normalize('NFKD').replace(/\p{M}+/gu, ''));
  let base = fold(id) || (name ? fold(name) : '') || 'skill';
  if (/^[0-9]/.test(base)) base = `skill-${base}`;
  if (!isValidIdentifier(base) || isKeyword(base) || isReservedWord(base) || canonicalBuiltinName(base) === base || /^[a-z]$/.test(base)) {
    base = `${base}-skill`;
  }
  let out = base;
  for (let n = 2; used.has(out); n++) out = `${base}-${n}`;
  used.add(out);
  return out;
}

/** `@behavior M A D` when the tags hold exactly one word of each field. */
function behaviorLine(tags: readonly string[]): string | undefined {
  const found = new Map<BehaviorField, Set<string>>();
  for (const t of tags) {
    const c = classifyBehaviorWord(t);
    if (!c) continue;
    if (!found.has(c.field)) found.set(c.field, new Set());
    found.get(c.field)!.add(c.value);
  }
  const words: string[] = [];
  for (const field of ['mutability', 'action', 'domain'] as const) {
    const set = found.get(field);
    if (!set || set.size !== 1) return undefined;
    words.push([...set][0]);
  }
  return `@behavior ${words.join(' ')}`;
}

/** An annotation argument: plain text, or a JSON string when plain text would read back differently. */
function annotationArg(s: string): string {
  return s.startsWith('"') && s.endsWith('"') ? JSON.stringify(s) : s;
}

/**
 * Stubs for every skill of an agent card. `taken` are names already used in
 * the target file. Never throws on odd input: what cannot be read is skipped
 * and reported in `problems`.
 */
export function importAgentCard(card: unknown, taken: Iterable<string> = []): CardImport {
  const problems: string[] = [];
  if (!isJsonObject(card)) return { agent: '', source: '', stubs: [], problems: ['the agent card is not a JSON object'] };
  const agent = oneLine(str(card.name) ?? 'agent');
  const url = agentUrl(card);
  const version = str(card.version);
  const used = new Set(taken);
  const stubs: CardStub[] = [];
  const blocks: string[] = [];
  const skills = Array.isArray(card.skills) ? card.skills : [];
  skills.forEach((skill, i) => {
    if (!isJsonObject(skill) || !str(skill.id)) {
      problems.push(`skills[${i}] has no id; left out`);
      return;
    }
    const id = skill.id as string;
    const name = str(skill.name);
    const ilo = stubName(id, name, used);
    stubs.push({ id, ilo });
    const tags = strings(skill.tags);
    const lines = [`-- TODO: complete this stub. A2A skill \`${oneLine(id)}\` carries no input schema: declare the parameters and return type it really takes, then delete this line.`];
    const facts: string[] = [];
    if (tags.length > 0) facts.push(`tags: ${tags.join(', ')}`);
    const examples = strings(skill.examples);
    if (examples.length > 0) facts.push(`examples: ${examples.map((e) => JSON.stringify(e)).join(', ')}`);
    const inModes = strings(skill.inputModes ?? skill.input_modes);
    const outModes = strings(skill.outputModes ?? skill.output_modes);
    if (inModes.length > 0) facts.push(`input: ${inModes.join(', ')}`);
    if (outModes.length > 0) facts.push(`output: ${outModes.join(', ')}`);
    if (facts.length > 0) lines.push(`-- ${facts.join('; ')}`);
    if (ilo !== id) {
      if (MCP_TOOL_NAME.test(id)) lines.push(`-- @wire ${id}`);
      else lines.push(`-- The skill id \`${oneLine(id)}\` is not a valid tool name, so it is not kept as @wire.`);
    }
    if (name && name !== id) lines.push(`-- @title ${annotationArg(oneLine(name))}`);
    lines.push(`-- @param ${STUB_PARAM} The request, as text (A2A sends it as a message)`);
    const behavior = behaviorLine(tags);
    if (behavior) lines.push(`-- ${behavior}`);
    const description = str(skill.description) ?? name ?? id;
    lines.push(`tool ${ilo}${iloLiteral(description)} ${STUB_PARAM}:t>R t t`);
    blocks.push(lines.join('\n'));
  });
  if (stubs.length === 0) problems.push('the agent card has no skills with an id');
  const header = [
    `-- Stubs for the skills of the A2A agent \`${agent}\`${version ? ` (version ${oneLine(version)})` : ''}${url ? `, served at ${oneLine(url)}` : ''}.`,
    '-- A2A skills carry no input schema, so each stub takes the request as one text argument and',
    '-- returns text. Complete each stub with the parameters and return type the skill really has.',
  ].join('\n');
  const source = stubs.length === 0 ? '' : `${header}\n\n${blocks.join('\n\n')}\n`;
  return { agent, source, stubs, problems };
}
