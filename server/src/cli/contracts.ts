// `ilo-ls contracts [--json] [--scope=file|workspace] [--config CFG [--server NAME]...] FILE...`:
// every tool's wire name, schema hash, behavioral identity and flow labels,
// the collision groups, and the risks each tool set's flow labels combine
// into (the lethal trifecta, tampering). FILE may be an ilo file or
// directory, or an MCP tools/list result (`.json`); `--config` lists the
// servers of an MCP config live (each server started, as `import` does).

import * as fs from 'node:fs';
import * as path from 'node:path';
import { contractsReport, mcpToolFlow, toolSetFlows, toolSetWarnings, type ContractsReport, type LabelledTool, type ToolSetFlows } from '../contracts';
import { factsFromMcpTool, inferBehavior } from '../contracts/behavior';
import { listServers, readMcpConfigFile, readToolListText } from '../contracts/mcp';
import type { ParsedArgs } from './args';
import type { CollisionScope } from '../contracts';
import { analyzeGivenFiles } from './analyzeFiles';
import type { CliIo } from './io';
import { describeErrors } from '../service/exports';

/** Tools listed by an MCP server or read from a tools/list file, with their labels. */
interface McpToolEntry {
  name: string;
  /** The server (config) or file the tool comes from. */
  origin: string;
  behavior: { mutability: string | null; action: string | null; domain: string | null };
  flow: { labels: string[]; source: 'declared' | 'inferred' };
}

interface McpReport {
  tools: McpToolEntry[];
  /** The MCP tools as one agent holds them (every server given). */
  toolSet?: ToolSetFlows;
}

/** How many names a group line shows before "and N more". */
const NAMES_SHOWN = 5;

const RANKS = ['critical', 'high', 'medium', 'low'];

/** `read-file ×200, list-dir, …` — each name once, with its count. */
function names(refs: ReadonlyArray<{ name: string }>): string {
  const counts = new Map<string, number>();
  for (const r of refs) counts.set(r.name, (counts.get(r.name) ?? 0) + 1);
  const shown = [...counts].slice(0, NAMES_SHOWN).map(([n, c]) => (c > 1 ? `${n} ×${c}` : n));
  if (counts.size > NAMES_SHOWN) shown.push(`and ${counts.size - NAMES_SHOWN} more`);
  return shown.join(', ');
}

/** The most serious pair of a group, in words. */
function worstPair(g: ContractsReport['collisions'][number]): string {
  const ranked = [...g.pairs].sort((a, b) => rankIndex(a) - rankIndex(b))[0];
  if (!ranked) return '';
  const what = ranked.relation === 'same' ? 'same behavior' : ranked.relation === 'unknown' ? 'behavior unknown' : `${ranked.rank}: ${ranked.summary}`;
  return `; worst: ${ranked.a.name} / ${ranked.b.name} ${what}`;
}

/** Critical confusions first, then tools that cannot be told apart, then the other ranks. */
function rankIndex(p: { relation: string; rank?: string }): number {
  if (p.relation === 'same') return 0.5;
  if (p.relation === 'unknown') return RANKS.length;
  return RANKS.indexOf(p.rank ?? 'low');
}

/** A name a server sent, safe to print on a terminal (control characters shown as `?`). */
const printable = (s: string): string => s.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?');

const flowText = (f: { labels: string[]; source: string }): string => `flow=${f.labels.length > 0 ? f.labels.join(',') : 'none'} (${f.source})`;

/** One line per tool, one per collision group, one per near pair of kinds of tool, one per tool-set risk. */
function table(report: ContractsReport | undefined, mcp: McpReport | undefined): string {
  const lines: string[] = [];
  for (const t of report?.tools ?? []) {
    const b = t.behavior;
    const triple = [b.mutability, b.action, b.domain].map((x) => x ?? '?').join(' ');
    lines.push(`${t.file ?? '?'}  ${t.name}  wire=${t.wireName}  ${triple} (${b.source}, ${b.confidence})  id=${t.behaviorId ?? '-'}  schema=${t.schemaHash}  ${flowText(t.flow)}`);
  }
  for (const t of mcp?.tools ?? []) {
    const b = t.behavior;
    lines.push(`${printable(t.origin)}  ${printable(t.name)}  ${[b.mutability, b.action, b.domain].map((x) => x ?? '?').join(' ')} (inferred)  ${flowText(t.flow)}`);
  }
  if (!report) {
    if (mcp?.toolSet) for (const w of toolSetWarnings(mcp.toolSet)) lines.push(`MCP tools: ${printable(w)}`);
    return lines.join('\n') + (lines.length > 0 ? '\n' : '');
  }
  for (const g of report.collisions) lines.push(`same schema ${g.shape}: ${g.tools.length} tools (${names(g.tools)})${worstPair(g)}`);
  for (const n of report.near) {
    const count = n.count > 1 ? ` (${n.count} pairs)` : '';
    lines.push(`near: ${n.a.name} / ${n.b.name}${count}: ${n.differences.join('; ')}`);
  }
  for (const set of report.toolSets) {
    const where = set.files.length === 1 ? (set.files[0] ?? '?') : `${set.files.length} files`;
    for (const w of toolSetWarnings(set)) lines.push(`${where}: ${w}`);
  }
  if (mcp?.toolSet) for (const w of toolSetWarnings(mcp.toolSet)) lines.push(`MCP tools: ${printable(w)}`);
  return lines.join('\n') + (lines.length > 0 ? '\n' : '');
}

function mcpEntries(origin: string, tools: ReadonlyArray<Parameters<typeof mcpToolFlow>[0]>, labelled: LabelledTool[]): McpToolEntry[] {
  return tools.map((t) => {
    const b = inferBehavior(factsFromMcpTool(t));
    const flow = mcpToolFlow(t);
    labelled.push({ name: t.name, origin, flow });
    return {
      name: t.name,
      origin,
      behavior: { mutability: b.mutability ?? null, action: b.action ?? null, domain: b.domain ?? null },
      flow: { labels: [...flow.labels], source: flow.source },
    };
  });
}

/** `slack.tools.json` → `slack`. */
function originOf(file: string): string {
  return path.basename(file).replace(/(\.tools)?\.json$/i, '') || file;
}

/** MCP tools from tools/list files and live servers; undefined (after saying why) when an input is unusable. */
async function mcpTools(files: readonly string[], config: string | undefined, servers: readonly string[], timeoutMs: number | undefined, io: CliIo): Promise<McpReport | undefined> {
  const tools: McpToolEntry[] = [];
  const labelled: LabelledTool[] = [];
  for (const file of files) {
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch (err) {
      io.err(`ilo-ls contracts: cannot read ${file}: ${(err as Error).message}\n`);
      return undefined;
    }
    const list = readToolListText(text, file);
    const fatal = list.problems.find((p) => p.severity === 'error' && list.tools.length === 0);
    if (fatal) {
      io.err(`ilo-ls contracts: ${fatal.message}\n`);
      return undefined;
    }
    tools.push(...mcpEntries(originOf(file), list.tools, labelled));
  }
  if (config) {
    let parsed;
    try {
      parsed = readMcpConfigFile(config);
    } catch (err) {
      io.err(`ilo-ls contracts: ${(err as Error).message}\n`);
      return undefined;
    }
    if (!parsed) {
      io.err(`ilo-ls contracts: cannot read ${config}\n`);
      return undefined;
    }
    const names = servers.length > 0 ? servers : [...parsed.servers.keys()];
    const listed = await listServers(parsed.servers, names, { timeoutMs, cwd: path.dirname(path.resolve(config)) });
    for (const [name, r] of listed) {
      if (r instanceof Error) {
        io.err(`ilo-ls contracts: server \`${name}\` not listed: ${r.message}\n`);
        return undefined;
      }
      tools.push(...mcpEntries(name, r.tools, labelled));
    }
  }
  if (tools.length === 0 && files.length === 0 && !config) return undefined;
  const toolSet = toolSetFlows(labelled);
  return { tools, toolSet: toolSet.trifecta || toolSet.tamper ? toolSet : undefined };
}

export async function runContracts(p: ParsedArgs, io: CliIo): Promise<number> {
  const scope = (p.string('scope') ?? 'file') as CollisionScope;
  const json = p.flag('json');
  const config = p.string('config');
  const servers = p.list('server');
  if (servers.length > 0 && !config) {
    io.err('ilo-ls contracts: --server needs --config CFG (the MCP config naming the servers)\n');
    return 2;
  }
  if (p.positionals.length === 0 && !config) {
    io.err('ilo-ls contracts: give ilo files or folders, MCP tools/list files (.json), or --config CFG\n');
    return 2;
  }
  const timeout = p.string('timeout');
  const timeoutMs = timeout === undefined ? undefined : Number(timeout) * 1000;
  const jsonFiles = p.positionals.filter((f) => /\.json$/i.test(f));
  const iloInputs = p.positionals.filter((f) => !/\.json$/i.test(f));
  let mcp: McpReport | undefined;
  if (jsonFiles.length > 0 || config) {
    mcp = await mcpTools(jsonFiles, config, servers, timeoutMs, io);
    if (!mcp) return 2;
  }
  let report: ContractsReport | undefined;
  let analyzed: ReturnType<typeof analyzeGivenFiles>;
  if (iloInputs.length > 0) {
    analyzed = analyzeGivenFiles('contracts', iloInputs, io);
    if (!analyzed) return 2;
    report = contractsReport(
      analyzed.map(({ analysis }) => ({ path: analysis.path, program: analysis.program, text: analysis.text, imported: analysis.importedLocated })),
      { scope, relativeTo: process.cwd() },
    );
  }
  if (json) io.out(`${JSON.stringify({ ...(report ?? {}), ...(mcp ? { mcp } : {}) }, null, 2)}\n`);
  else io.out(table(report, mcp));
  // A file with syntax errors is reported on as far as it parses; say so.
  for (const line of describeErrors(analyzed ?? [], 'only what parses is listed')) io.err(`ilo-ls contracts: ${line}\n`);
  return 0;
}
