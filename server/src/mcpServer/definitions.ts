// The tool definitions `ilo-ls mcp` lists: what every model that lists the
// server reads, on every request. So they are short, describe what each tool
// does (never tell the model what to do), and carry the truth about their
// behavior: MCP annotations (read-only, closed world, idempotent) and the
// behavioral identity in `_meta`. Output schemas document the compact keys.
// A test runs our own contract lints and gate admission over this list.

import { behaviorMeta, type BehaviorTriple } from '../contracts/behavior';
import type { JsonObject } from '../schema/json';
import { EXPORT_TARGETS } from './tools/schemaTool';
import { LEVELS } from './level';
import { DEFAULT_BUILTIN_RESULTS, MAX_BUILTIN_RESULTS, MAX_CODE_CHARS, MAX_NAME_CHARS, MAX_PATH_CHARS, MAX_QUERY_CHARS, MAX_TEXT_CHARS } from './limits';

export interface ToolDefinition {
  name: string;
  title: string;
  description: string;
  inputSchema: JsonObject & { type: 'object' };
  outputSchema: JsonObject & { type: 'object' };
  annotations: { readOnlyHint: true; destructiveHint: false; idempotentHint: true; openWorldHint: false };
  _meta: JsonObject;
}

// ---------------------------------------------------------------- inputs

const TEXT = { type: 'string', maxLength: MAX_TEXT_CHARS, description: 'ilo source' };
const PATH = {
  type: 'string',
  maxLength: MAX_PATH_CHARS,
  description: ".ilo or .@ file in the client's roots; with text: where that text lives",
};
const LEVEL_DEFAULT = "default: the installed ilo's, else 26";
const LEVEL = { type: 'string', enum: [...LEVELS], description: `for source without a ^YY.M pragma; ${LEVEL_DEFAULT}` };
const BUILTINS_LEVEL = { type: 'string', enum: [...LEVELS], description: LEVEL_DEFAULT };
const EXPLAIN_LEVEL = { type: 'string', enum: [...LEVELS], description: `whose meaning; ${LEVEL_DEFAULT}` };

function input(properties: JsonObject, required: string[] = []): JsonObject & { type: 'object' } {
  const schema: JsonObject & { type: 'object' } = { type: 'object', properties, additionalProperties: false };
  if (required.length > 0) schema.required = required;
  return schema;
}

// ---------------------------------------------------------------- outputs

const str = { type: 'string' };
const strings = { type: 'array', items: str };
const AT = { type: 'string', description: 'line:col[-[line:]col], 1-based' };

/** A diagnostic in compact form (see compact.ts). */
const DIAGNOSTIC = {
  type: 'object',
  properties: {
    code: str,
    sev: { enum: ['error', 'warning', 'info', 'hint'] },
    at: AT,
    msg: str,
    hint: str,
    fix: {
      type: 'array',
      description: "quick fixes; an edit replaces its range (at, else the diagnostic's) with text",
      items: {
        type: 'object',
        properties: { title: str, edits: { type: 'array', items: { type: 'object', properties: { at: str, text: str }, required: ['text'] } } },
        required: ['title', 'edits'],
      },
    },
    related: { type: 'array', items: { type: 'object', properties: { at: str, msg: str, file: str }, required: ['at', 'msg'] } },
  },
  required: ['code', 'sev', 'at', 'msg'],
};

function output(properties: JsonObject, required: string[]): JsonObject & { type: 'object' } {
  return { type: 'object', properties, required };
}

// ---------------------------------------------------------------- behavior

const ANNOTATIONS = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

function meta(triple: BehaviorTriple): JsonObject {
  return behaviorMeta({ ...triple, source: 'declared', confidence: 'high' })._meta ?? {};
}

function tool(
  name: string,
  title: string,
  description: string,
  behavior: [BehaviorTriple['action'], BehaviorTriple['domain']],
  inputSchema: JsonObject & { type: 'object' },
  outputSchema: JsonObject & { type: 'object' },
): ToolDefinition {
  return {
    name,
    title,
    description,
    inputSchema,
    outputSchema,
    annotations: { ...ANNOTATIONS },
    _meta: meta({ mutability: 'PURE', action: behavior[0], domain: behavior[1] }),
  };
}

// ---------------------------------------------------------------- the tools

export const TOOL_DEFINITIONS: readonly ToolDefinition[] = [
  tool(
    'check',
    'Check ilo source',
    'Diagnostics of ilo source as the ilo verifier reports them, plus tool-contract analyses: code, position, message, hint and quick-fix edits.',
    ['READ', 'DATA'],
    input({ text: TEXT, path: PATH, level: LEVEL, verbose: { type: 'boolean', description: 'also related locations and what each code means' } }),
    output(
      {
        ok: { type: 'boolean', description: 'no errors' },
        summary: str,
        level: str,
        diags: { type: 'array', items: DIAGNOSTIC },
        more: { type: 'integer', description: 'diagnostics left out' },
        codes: { type: 'object', description: 'verbose: code → meaning and fix', additionalProperties: str },
      },
      ['ok', 'summary', 'level', 'diags'],
    ),
  ),
  tool(
    'fix',
    'Fix ilo source',
    'Applies the quick fixes that leave nothing to choose (a misspelt name with one candidate, a missing match arm, a long builtin name) and returns the new text and what changed.',
    ['READ', 'CONTENT'],
    input({ text: TEXT, path: PATH, level: LEVEL }),
    output(
      {
        text: str,
        changed: { type: 'boolean' },
        fixed: { type: 'array', items: { type: 'object', properties: { code: str, at: AT, title: str }, required: ['code', 'at', 'title'] } },
        ok: { type: 'boolean', description: 'no errors left' },
        left: { ...strings, description: 'diagnostics still there, one line each' },
        more: { type: 'integer', description: 'fixes applied but left out of fixed' },
      },
      ['text', 'changed', 'fixed', 'ok', 'left'],
    ),
  ),
  tool(
    'format',
    'Show ilo source formatted',
    'Formats ilo source in the expanded (human) or dense (one line per declaration) layout; text that does not parse is refused with the syntax error.',
    ['READ', 'CONTENT'],
    input({ text: TEXT, path: PATH, style: { type: 'string', enum: ['expanded', 'dense'], description: 'default expanded' }, level: LEVEL }),
    output({ text: str, changed: { type: 'boolean' } }, ['text', 'changed']),
  ),
  tool(
    'explain',
    'Explain a diagnostic code',
    'What a diagnostic code (ILO-T005, T005, or a contract lint such as instructs-model) means, with a wrong and a right example and the fix.',
    ['READ', 'CONTENT'],
    input({ code: { type: 'string', minLength: 1, maxLength: MAX_CODE_CHARS }, level: EXPLAIN_LEVEL }, ['code']),
    output({ code: str, title: str, meaning: str, wrong: str, right: str, fix: str, level: str }, ['code', 'meaning', 'level']),
  ),
  tool(
    'builtins',
    'Search ilo builtins',
    'Searches the builtin functions of ilo by name or by words ("split text", "sort by key"): signatures and one-line docs, best match first.',
    ['SEARCH', 'DATA'],
    input(
      {
        query: { type: 'string', minLength: 1, maxLength: MAX_QUERY_CHARS },
        limit: { type: 'integer', minimum: 1, maximum: MAX_BUILTIN_RESULTS, description: `default ${DEFAULT_BUILTIN_RESULTS}` },
        level: BUILTINS_LEVEL,
      },
      ['query'],
    ),
    output(
      {
        level: str,
        found: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              name: str,
              sigs: { ...strings, description: 'name params>return, ilo type syntax' },
              doc: str,
              aliases: strings,
              effect: { type: 'string', description: 'what it touches besides its arguments; absent when pure' },
            },
            required: ['name', 'sigs', 'doc'],
          },
        },
      },
      ['level', 'found'],
    ),
  ),
  tool(
    'schema',
    'Get tool definitions from ilo source',
    'The definition of a tool or function declared in ilo source as an MCP tool, OpenAI or Anthropic function tool or A2A skill, or a type\'s JSON Schema; every tool by default.',
    ['READ', 'STRUCTURE'],
    input({
      text: TEXT,
      path: PATH,
      name: { type: 'string', maxLength: MAX_NAME_CHARS, description: 'a tool, function or type; default every tool' },
      target: { type: 'string', enum: [...EXPORT_TARGETS], description: 'default mcp' },
      level: LEVEL,
    }),
    output(
      {
        target: str,
        defs: {
          type: 'array',
          items: { type: 'object', properties: { name: str, kind: { enum: ['tool', 'function', 'type'] }, def: { type: 'object' } }, required: ['name', 'kind', 'def'] },
        },
        omitted: { type: 'array', items: { type: 'object', properties: { name: str, reason: str }, required: ['name', 'reason'] } },
      },
      ['target', 'defs'],
    ),
  ),
  tool(
    'contracts',
    'Inspect the tool contracts of ilo source',
    "The tools declared in ilo source with their behavioral identity, the groups an agent could confuse (same or near input schema), the contract lints and toxic flows.",
    ['READ', 'DATA'],
    input({ text: TEXT, path: PATH, verbose: { type: 'boolean', description: 'also schema hashes and why each behavior was decided' } }),
    output(
      {
        tools: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              name: str,
              wire: str,
              behavior: { type: 'string', description: 'MUTABILITY ACTION DOMAIN, ? where unknown' },
              source: { enum: ['declared', 'annotations', 'inferred'] },
              id: { type: 'string', description: 'behavioral identity hash' },
              file: str,
              schema: { type: 'string', description: 'input schema hash' },
              why: str,
            },
            required: ['name', 'behavior', 'source'],
          },
        },
        collisions: {
          type: 'array',
          items: { type: 'object', properties: { shape: str, tools: strings, worst: str }, required: ['shape', 'tools'] },
        },
        near: { type: 'array', items: { type: 'object', properties: { tools: strings, why: str, risk: str }, required: ['tools', 'why'] } },
        lints: { ...strings, description: 'contract diagnostics, one line each' },
        flows: { ...strings, description: 'toxic flows between tools, one line each' },
      },
      ['tools', 'collisions', 'near', 'lints'],
    ),
  ),
];

export function definitionOf(name: string): ToolDefinition | undefined {
  return TOOL_DEFINITIONS.find((d) => d.name === name);
}
