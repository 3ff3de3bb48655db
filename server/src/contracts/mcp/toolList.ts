// Reading MCP tool lists: a `tools/list` result (`{"tools": [...]}`), a bare
// array of tools, or a whole JSON-RPC response (`{"result": {"tools": ...}}`),
// from text or from an already-parsed value. Malformed input never throws: it
// comes back as problems that name the offending tool and JSON path.

import { isJsonObject, type JsonObject, type JsonValue } from '../../schema/json';
import { findJsonSyntaxError } from '../../schema/jsonSyntax';
import { DEFINITION_LIMITS, MAX_TOOL_NAME, measureJson } from '../safeJson';

/** A tool as a server sent it: a JSON object with at least a string `name`. */
export type RawTool = JsonObject & { name: string };

export interface InputProblem {
  /** JSON path of the offending value, e.g. `tools[3].inputSchema.properties.q`. */
  path: string;
  /** The tool's name when known. */
  tool?: string;
  message: string;
  /** 'error': the tool (or the whole input) cannot be used; 'warning': it is used as far as possible. */
  severity: 'error' | 'warning';
  /** For input that is not JSON: where the text goes wrong (1-based line and column) and why. */
  syntax?: { line: number; col: number; reason: string };
}

export interface ToolList {
  tools: RawTool[];
  /** JSON path of each tool in the input, parallel to `tools`. */
  paths: string[];
  problems: InputProblem[];
}

/** Parse JSON text (a file or the clipboard) into a tool list. */
export function readToolListText(text: string, origin = 'input'): ToolList {
  let value: unknown;
  try {
    value = JSON.parse(stripBom(text));
  } catch (e) {
    const where = findJsonSyntaxError(text);
    const reason = where?.reason ?? (e instanceof Error ? e.message : String(e));
    const problem: InputProblem = {
      path: '',
      message: `${origin} is not valid JSON: ${reason}${where ? ` (line ${where.line}, column ${where.col})` : ''}`,
      severity: 'error',
    };
    if (where) problem.syntax = { line: where.line, col: where.col, reason: where.reason };
    return { tools: [], paths: [], problems: [problem] };
  }
  return readToolList(value, origin);
}

function stripBom(s: string): string {
  return s.charCodeAt(0) === 0xfeff ? s.slice(1) : s;
}

/** Accepts `{tools}`, `[...]`, `{result: {tools}}` and a single tool object. */
export function readToolList(value: unknown, origin = 'input'): ToolList {
  const out: ToolList = { tools: [], paths: [], problems: [] };
  let list: unknown;
  let base: string;
  if (Array.isArray(value)) {
    list = value;
    base = '';
  } else if (isJsonObject(value) && Array.isArray(value.tools)) {
    list = value.tools;
    base = 'tools';
  } else if (isJsonObject(value) && isJsonObject(value.result) && Array.isArray(value.result.tools)) {
    list = value.result.tools;
    base = 'result.tools';
  } else if (isJsonObject(value) && typeof value.name === 'string' && isJsonObject(value.inputSchema)) {
    list = [value];
    base = '';
  } else {
    out.problems.push({
      path: '',
      message: `${origin} is not a tool list: expected {"tools": [...]} (a tools/list result), an array of tools, or one tool`,
      severity: 'error',
    });
    return out;
  }
  const seen = new Map<string, string>();
  (list as unknown[]).forEach((t, i) => {
    const path = `${base}[${i}]`;
    if (!isJsonObject(t)) {
      out.problems.push({ path, message: 'a tool must be a JSON object', severity: 'error' });
      return;
    }
    if (typeof t.name !== 'string' || t.name === '') {
      out.problems.push({ path: `${path}.name`, message: 'a tool needs a non-empty string `name`', severity: 'error' });
      return;
    }
    if (t.name.length > MAX_TOOL_NAME) {
      out.problems.push({ path: `${path}.name`, message: `a tool name of ${t.name.length} characters is refused (MCP names have at most 128)`, severity: 'error' });
      return;
    }
    const name = t.name;
    const size = measureJson(t, DEFINITION_LIMITS);
    if (!size.ok) {
      out.problems.push({ path, tool: name, message: `the definition is refused: ${size.reason}`, severity: 'error' });
      return;
    }
    const earlier = seen.get(name);
    if (earlier !== undefined) {
      out.problems.push({ path, tool: name, message: `a second tool named \`${name}\` (first at ${earlier}) is skipped`, severity: 'error' });
      return;
    }
    seen.set(name, path);
    for (const problem of checkTool(t as RawTool, path)) out.problems.push(problem);
    if (!out.problems.some((p) => p.tool === name && p.severity === 'error')) {
      out.tools.push(t as RawTool);
      out.paths.push(path);
    }
  });
  return out;
}

/** Shape checks on one tool (the importer copes with the rest: unknown schemas become `_`). */
function checkTool(t: RawTool, path: string): InputProblem[] {
  const problems: InputProblem[] = [];
  const tool = t.name;
  const str = (key: string) => {
    if (t[key] !== undefined && typeof t[key] !== 'string') problems.push({ path: `${path}.${key}`, tool, message: `\`${key}\` must be a string; it is ignored`, severity: 'warning' });
  };
  str('description');
  str('title');
  const input = t.inputSchema;
  if (input === undefined) {
    problems.push({ path: `${path}.inputSchema`, tool, message: 'the tool has no `inputSchema`; it is imported without parameters', severity: 'warning' });
  } else if (!isJsonObject(input)) {
    problems.push({ path: `${path}.inputSchema`, tool, message: '`inputSchema` must be a JSON Schema object', severity: 'error' });
  } else {
    if (input.type !== undefined && input.type !== 'object') {
      problems.push({ path: `${path}.inputSchema.type`, tool, message: '`inputSchema` must describe an object (`"type": "object"`)', severity: 'error' });
    }
    if (input.properties !== undefined && !isJsonObject(input.properties)) {
      problems.push({ path: `${path}.inputSchema.properties`, tool, message: '`properties` must be an object', severity: 'error' });
    }
    if (input.required !== undefined && !(Array.isArray(input.required) && input.required.every((r) => typeof r === 'string'))) {
      problems.push({ path: `${path}.inputSchema.required`, tool, message: '`required` must be an array of property names; it is ignored', severity: 'warning' });
    }
  }
  const output = t.outputSchema;
  if (output !== undefined && !(isJsonObject(output) && output.type === 'object')) {
    problems.push({ path: `${path}.outputSchema`, tool, message: '`outputSchema` must be an object schema (`"type": "object"`); it is ignored', severity: 'warning' });
  }
  if (t.annotations !== undefined && !isJsonObject(t.annotations)) {
    problems.push({ path: `${path}.annotations`, tool, message: '`annotations` must be an object; it is ignored', severity: 'warning' });
  }
  return problems;
}

/** The description of a tool when it is a string. */
export function toolDescription(t: RawTool): string | undefined {
  return typeof t.description === 'string' ? t.description : undefined;
}

/** `properties` of a tool's input schema (empty when absent or malformed). */
export function inputProperties(t: RawTool): [string, JsonValue][] {
  const input = t.inputSchema;
  if (!isJsonObject(input) || !isJsonObject(input.properties)) return [];
  return Object.entries(input.properties);
}

/** The `required` names of a tool's input schema that are strings. */
export function inputRequired(t: RawTool): string[] {
  const input = t.inputSchema;
  if (!isJsonObject(input) || !Array.isArray(input.required)) return [];
  return input.required.filter((r): r is string => typeof r === 'string');
}
