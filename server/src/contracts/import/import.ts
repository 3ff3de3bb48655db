// Import MCP tools into ilo: a `tools/list` result (or a bare array of tools)
// becomes ilo source — `type`/`alias` declarations for nested objects and
// constrained items, and one `tool` declaration per tool with doc-comment
// annotations — plus the lock entry that pins each tool's definition.
//
// Faithful by construction and by check: after planning, every tool is
// exported again through the schema layer (toolDefinition) and compared with
// the original; any parameter that does not come back unchanged is
// re-imported as `_` with its whole schema in `@schema`, and an output schema
// that does not come back is kept verbatim in `@output`. What still differs
// (tool fields ilo has no place for, such as `execution`) is listed per tool.

import type { Decl } from '../../syntax/ast';
import { buildSchemaEnv } from '../../schema/env';
import { toolDefinition } from '../../schema/mcpTool';
import type { JsonObject } from '../../schema/json';
import { buildSource } from './importAst';
import { compareTools, readToolList, readToolListText, type InputProblem, type RawTool, type SchemaDifference, type ToolList } from '../mcp';
import { NameScope } from './importNames';
import { noFallbacks, outputFieldsHint, planTool, type ForcedFallbacks, type PlannedTool } from './importPlan';
import { TypePlanner } from './importSchema';
import { canonicalJson, definitionHash, LOCK_FILE_NAME, lockServerEntry, type LockServer } from '../pins';
import { lintMcpTools, type LintOptions, type McpLintFinding } from '../lints';

export interface ImportOptions {
  /** The server's name (config key, or derived from the file name): name prefix for clashes, lock key. */
  server?: string;
  /** What the server reported at initialize, for the header and the lock. */
  serverInfo?: { name: string; version: string };
  /** Names already declared where the source goes (tools, functions, types): never reused. */
  takenNames?: Iterable<string>;
  /** Start with a comment saying where the tools came from (default true). */
  header?: boolean;
  /** The ilo file the source is written to, relative to the lock file (recorded in the lock). */
  file?: string;
  lint?: LintOptions;
}

export type RoundTripStatus = 'exact' | 'contract' | 'lossy';

export interface ImportedTool {
  wire: string;
  ilo: string;
  /** definitionHash of the tool as given. */
  hash: string;
  /**
   * 'exact': export gives back the tool's input schema unchanged (but for
   * `$schema`); 'contract': same names, types, required sets, enums,
   * descriptions, defaults (records gain `additionalProperties: false`);
   * 'lossy': something in the input schema does not come back.
   */
  status: RoundTripStatus;
  /** What still differs on export (input schema under the contract criterion, then name/title/description/output/annotations). */
  differences: SchemaDifference[];
  /** Approximations and fields left out. */
  notes: string[];
}

export interface ImportResult {
  /** The ilo source (ends with a newline). Empty when there is nothing to import. */
  source: string;
  /** The declarations of `source` (offsets into it), as the parser reads them. */
  decls: Decl[];
  tools: ImportedTool[];
  /** Malformed input: each names the tool and JSON path. */
  problems: InputProblem[];
  /** Lints on the incoming definitions (shown before the user accepts the import). */
  lint: McpLintFinding[];
  /** The lock entry for these tools (merge with updateLock). */
  lockEntry: LockServer;
}

/** Import from JSON text (a file's content or the clipboard). */
export function importToolsFromText(text: string, options: ImportOptions = {}): ImportResult {
  return importTools(readToolListText(text, options.server ? `the tool list of \`${options.server}\`` : 'the input'), options);
}

/** Import from a parsed value (`{tools}`, an array, ...) or an already-read ToolList. */
export function importTools(input: ToolList | unknown, options: ImportOptions = {}): ImportResult {
  const list = isToolList(input) ? input : readToolList(input);
  try {
    return importList(list, options);
  } catch (e) {
    // A bug must not take the editor down: report it as a problem.
    return {
      source: '',
      decls: [],
      tools: [],
      problems: [...list.problems, { path: '', message: `import failed: ${e instanceof Error ? e.message : String(e)}`, severity: 'error' }],
      lint: [],
      lockEntry: { tools: {} },
    };
  }
}

function isToolList(v: unknown): v is ToolList {
  return typeof v === 'object' && v !== null && Array.isArray((v as ToolList).tools) && Array.isArray((v as ToolList).problems) && Array.isArray((v as ToolList).paths);
}

function importList(list: ToolList, options: ImportOptions): ImportResult {
  const tools = list.tools;
  const force = new Map<string, ForcedFallbacks>(tools.map((t) => [t.name, noFallbacks()]));
  const hints = outputHints(tools);
  let attempt = plan(tools, options, force, hints);
  // Each round only adds fallbacks, and a fully loose tool comes back exactly, so this ends quickly.
  for (let round = 0; round < 3; round++) {
    const grew = addFallbacks(attempt.checks, force);
    if (!grew) break;
    attempt = plan(tools, options, force, hints);
  }

  const imported: ImportedTool[] = tools.map((raw, i) => {
    // Judged against the tool as given (the self-check compared with the $ref-inlined target).
    const check = compareTools(raw, attempt.exported[i]);
    const status: RoundTripStatus = check.input.length > 0 ? 'lossy' : check.inputExact.length > 0 ? 'contract' : 'exact';
    return {
      wire: raw.name,
      ilo: attempt.planned[i].ilo,
      hash: definitionHash(raw),
      status,
      differences: [...check.input, ...check.other],
      notes: attempt.planned[i].notes,
    };
  });
  const lockEntry = lockServerEntry(
    tools.map((raw, i) => ({ wire: raw.name, ilo: imported[i].ilo, definition: raw })),
    { file: options.file, server: options.serverInfo },
  );
  return {
    source: tools.length > 0 ? attempt.source : '',
    decls: attempt.decls,
    tools: imported,
    problems: list.problems,
    lint: lintMcpTools(tools, options.lint),
    lockEntry,
  };
}

interface Attempt {
  source: string;
  decls: Decl[];
  planned: PlannedTool[];
  checks: ReturnType<typeof compareTools>[];
  exported: JsonObject[];
}

function plan(tools: readonly RawTool[], options: ImportOptions, force: Map<string, ForcedFallbacks>, hints: Map<string, string>): Attempt {
  const scope = new NameScope(options.takenNames ?? []);
  const names = tools.map((t) => scope.allocate(t.name, 'tool', options.server));
  const planner = new TypePlanner();
  const planned = tools.map((raw, i) => planTool(raw, names[i], planner, scope, { outputHint: hints.get(raw.name), force: force.get(raw.name)! }));
  const built = buildSource(options.header === false ? [] : header(options, tools.length), planner.decls, planned);
  const env = buildSchemaEnv(built.decls);
  const exported: JsonObject[] = [];
  const checks = built.tools.map((decl, i) => {
    const { tool, problems } = toolDefinition(decl, env);
    exported.push(tool as unknown as JsonObject);
    const check = compareTools(planned[i].target, tool as unknown as JsonObject);
    // The exporter could not express something: every parameter is written literally next round.
    if (problems.length > 0) check.input.push(...planned[i].params.map((p) => ({ path: `inputSchema.properties.${p.wire}`, original: null, exported: problems.join('; ') })));
    return check;
  });
  return { source: built.text, decls: built.decls, planned, checks, exported };
}

/** Turn what the check found into fallbacks for the next round; true when anything was added. */
function addFallbacks(checks: ReturnType<typeof compareTools>[], force: Map<string, ForcedFallbacks>): boolean {
  let grew = false;
  for (const check of checks) {
    const f = force.get(check.name);
    if (!f) continue;
    for (const d of check.input) {
      const m = /^inputSchema\.properties\.([^.[]+)/.exec(d.path);
      const wires = m ? [m[1]] : d.path === 'inputSchema.required' ? requiredDiff(d) : [];
      for (const w of wires) {
        if (!f.looseParams.has(w)) {
          f.looseParams.add(w);
          grew = true;
        }
      }
    }
    if (!f.literalOutput && check.other.some((d) => d.path.startsWith('outputSchema'))) {
      f.literalOutput = true;
      grew = true;
    }
  }
  return grew;
}

/** Parameters whose required-ness differs between original and export. */
function requiredDiff(d: SchemaDifference): string[] {
  const a = Array.isArray(d.original) ? d.original : [];
  const b = Array.isArray(d.exported) ? d.exported : [];
  return [...a.filter((x) => !b.includes(x)), ...b.filter((x) => !a.includes(x))].filter((x): x is string => typeof x === 'string');
}

/** Output records shared by several tools are named after their fields, the others after their tool. */
function outputHints(tools: readonly RawTool[]): Map<string, string> {
  const byKey = new Map<string, RawTool[]>();
  for (const t of tools) {
    const out = t.outputSchema;
    if (typeof out !== 'object' || out === null || Array.isArray(out)) continue;
    const { $schema: _ignored, ...rest } = out as JsonObject;
    const key = canonicalJson(rest);
    byKey.set(key, [...(byKey.get(key) ?? []), t]);
  }
  const hints = new Map<string, string>();
  for (const group of byKey.values()) {
    if (group.length < 2) continue;
    const hint = outputFieldsHint(group[0].outputSchema as JsonObject);
    if (hint) for (const t of group) hints.set(t.name, hint);
  }
  return hints;
}

function header(options: ImportOptions, count: number): string[] {
  const from = options.server ? `MCP server \`${options.server}\`` : 'an MCP tool list';
  const info = options.serverInfo ? ` (${options.serverInfo.name} ${options.serverInfo.version})` : '';
  return [
    `${count} tool${count === 1 ? '' : 's'} imported from ${from}${info} by ilo-ls import.`,
    `Definitions are pinned in ${LOCK_FILE_NAME}; \`ilo-ls verify --config CFG\` reports when the server changes them.`,
  ];
}
