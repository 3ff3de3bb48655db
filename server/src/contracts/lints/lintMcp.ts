// Tool contract lints on MCP tool JSON, before anything is imported: what a
// `tools/list` result would put in front of a model. Findings carry the JSON
// path of the offending string so a CLI or a command can point at it.

import { isJsonObject, type JsonValue } from '../../schema/json';
import { DEFINITION_LIMITS, measureJson, PROTOTYPE_KEYS } from '../safeJson';
import { inputProperties, toolDescription, type RawTool } from '../mcp';
import { lintToolContracts, type LintFinding, type LintOptions, type LintTool } from './lintTools';

export interface McpLintFinding extends LintFinding {
  /** The tool's wire name. */
  toolName: string;
  /** JSON path inside the tool, e.g. `description`, `inputSchema.properties.q.description`. */
  path: string;
  /** For `confusable-name`: the other tool's name. */
  otherName?: string;
}

export { DEFINITION_LIMITS };

/**
 * The neutral view of an MCP tool: its name, title, description, top-level
 * parameters, and every other string a model can be shown — every key and
 * every string value anywhere in the definition (all schema keywords at any
 * depth, `enum`/`const`/`default`/`examples`, `$defs`, every `anyOf`/`oneOf`/
 * `allOf` branch, annotations including their title, `_meta`, fields no
 * specification names). Walked without recursion, within DEFINITION_LIMITS.
 */
export function lintViewOfMcpTool(t: RawTool): LintTool {
  const name = typeof t.name === 'string' ? t.name : String(t.name);
  const measured = measureJson(t, DEFINITION_LIMITS);
  if (!measured.ok) {
    return {
      name,
      params: [],
      description: 'definition too large to lint',
      problems: [{ code: 'oversized-definition', path: '', message: `the definition of \`${name.length > 64 ? name.slice(0, 61) + '...' : name}\` is too large to check: ${measured.reason}` }],
    };
  }
  const params = inputProperties(t).map(([pname, schema]) => ({
    name: pname,
    description: isJsonObject(schema) && typeof schema.description === 'string' ? schema.description : undefined,
  }));
  const extraTexts: NonNullable<LintTool['extraTexts']> = [];
  const problems: NonNullable<LintTool['problems']> = [];
  collectTexts(t, extraTexts, problems);
  return {
    name,
    title: typeof t.title === 'string' ? t.title : undefined,
    description: toolDescription(t),
    params,
    extraTexts,
    problems,
  };
}

/** Whether a string at this path is already linted as the name, title, description or a parameter. */
function coveredByView(path: readonly string[], isKey: boolean): boolean {
  if (path.length === 1) return !isKey && (path[0] === 'name' || path[0] === 'title' || path[0] === 'description');
  if (path.length === 3 && isKey) return path[0] === 'inputSchema' && path[1] === 'properties';
  if (path.length === 4 && !isKey) return path[0] === 'inputSchema' && path[1] === 'properties' && path[3] === 'description';
  return false;
}

function pathText(path: readonly string[]): string {
  let out = '';
  for (const seg of path) out += /^\d+$/.test(seg) ? `[${seg}]` : out === '' ? seg : `.${seg}`;
  return out;
}

/** Every key and string value of a definition (already measured, so bounded), iteratively. */
function collectTexts(tool: RawTool, out: NonNullable<LintTool['extraTexts']>, problems: NonNullable<LintTool['problems']>): void {
  const stack: { value: JsonValue; path: string[]; inProperties: boolean }[] = [{ value: tool, path: [], inProperties: false }];
  while (stack.length > 0) {
    const { value, path, inProperties } = stack.pop()!;
    if (typeof value === 'string') {
      if (!coveredByView(path, false)) out.push({ path: pathText(path), text: value, isName: false });
      continue;
    }
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], path: [...path, String(i)], inProperties: false });
      continue;
    }
    if (!isJsonObject(value)) continue;
    const keys = Object.keys(value);
    for (let k = keys.length - 1; k >= 0; k--) {
      const key = keys[k];
      const here = [...path, key];
      if (PROTOTYPE_KEYS.has(key)) {
        problems.push({ code: 'prototype-key', path: pathText(here), message: `\`${pathText(here)}\` is a key named \`${key}\`, which JavaScript clients turn into a prototype instead of keeping it as data` });
      }
      if (!coveredByView(here, true)) out.push({ path: pathText(here), text: key, isName: true, propertyName: inProperties });
      stack.push({ value: value[key], path: here, inProperties: key === 'properties' });
    }
  }
}

/** Lint a list of MCP tools as one scope (confusable names are checked across all of them). */
export function lintMcpTools(tools: readonly RawTool[], options: LintOptions = {}): McpLintFinding[] {
  const views = tools.map((t) => {
    try {
      return lintViewOfMcpTool(t);
    } catch (e) {
      // A definition the view cannot be built from is a finding, never silence.
      const name = typeof t?.name === 'string' ? t.name : '?';
      return { name, params: [], description: 'unreadable', problems: [{ code: 'lint-failed' as const, path: '', message: `the definition of \`${name.slice(0, 64)}\` could not be read (${e instanceof Error ? e.name : 'error'})` }] };
    }
  });
  return lintToolContracts(views, options).map((f) => {
    const view = views[f.tool];
    const out: McpLintFinding = { ...f, toolName: view.name, path: pathOf(f, view) };
    if (f.other !== undefined) out.otherName = views[f.other].name;
    return out;
  });
}

function pathOf(f: LintFinding, view: LintTool): string {
  switch (f.target.kind) {
    case 'name':
      return 'name';
    case 'title':
      return 'title';
    case 'description':
      return 'description';
    case 'param-name':
      return `inputSchema.properties.${view.params[f.target.param]?.name}`;
    case 'param-description':
      return `inputSchema.properties.${view.params[f.target.param]?.name}.description`;
    case 'schema-text':
      return f.target.path;
  }
}

/** One line per finding, for the CLI: `tool path: [code] message — risk`. */
export function formatMcpLint(f: McpLintFinding): string {
  return `${f.toolName} ${f.path}: ${f.severity} [${f.code}] ${f.message}. ${f.risk}`;
}
