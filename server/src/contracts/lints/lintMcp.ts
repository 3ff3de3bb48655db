// Tool contract lints on MCP tool JSON, before anything is imported: what a
// `tools/list` result would put in front of a model. Findings carry the JSON
// path of the offending string so a CLI or a command can point at it.

import { isJsonObject, type JsonValue } from '../../schema/json';
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

/** The neutral view of an MCP tool: its name, title, description, top-level parameters and deeper texts. */
export function lintViewOfMcpTool(t: RawTool): LintTool {
  const params = inputProperties(t).map(([name, schema]) => ({
    name,
    description: isJsonObject(schema) && typeof schema.description === 'string' ? schema.description : undefined,
  }));
  const extraTexts: NonNullable<LintTool['extraTexts']> = [];
  // A parameter's own name and description are linted as params; only what lies below them is extra.
  for (const [name, schema] of inputProperties(t)) collectTexts(schema, `inputSchema.properties.${name}`, extraTexts, 0, true);
  if (isJsonObject(t.outputSchema)) collectTexts(t.outputSchema, 'outputSchema', extraTexts, 0, false);
  return {
    name: t.name,
    title: typeof t.title === 'string' ? t.title : undefined,
    description: toolDescription(t),
    params,
    extraTexts,
  };
}

/** Descriptions, titles and property names in a schema (`skipOwn`: not the root's own description). */
function collectTexts(schema: JsonValue, path: string, out: NonNullable<LintTool['extraTexts']>, depth: number, skipOwn: boolean): void {
  if (depth > 32) return;
  if (Array.isArray(schema)) {
    schema.forEach((s, i) => collectTexts(s, `${path}[${i}]`, out, depth + 1, false));
    return;
  }
  if (!isJsonObject(schema)) return;
  for (const [key, value] of Object.entries(schema)) {
    const here = `${path}.${key}`;
    if (!skipOwn && (key === 'description' || key === 'title') && typeof value === 'string') out.push({ path: here, text: value, isName: false });
    if (key === 'properties' && isJsonObject(value)) {
      for (const [prop, sub] of Object.entries(value)) {
        out.push({ path: `${here}.${prop}`, text: prop, isName: true });
        collectTexts(sub, `${here}.${prop}`, out, depth + 1, false);
      }
    } else if (typeof value === 'object' && value !== null && key !== 'enum' && key !== 'const' && key !== 'default' && key !== 'examples') {
      collectTexts(value, here, out, depth + 1, false);
    }
  }
}

/** Lint a list of MCP tools as one scope (confusable names are checked across all of them). */
export function lintMcpTools(tools: readonly RawTool[], options: LintOptions = {}): McpLintFinding[] {
  const views = tools.map(lintViewOfMcpTool);
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
