// Tool-set flows: what a set of served tools makes possible when there is
// no program to follow (an MCP config, imported declarations, the tools the
// gate serves). An agent holding tools that read untrusted content, tools
// that return private data and tools that send data out can be made by the
// first to move the second to the third: the "lethal trifecta". An agent
// holding untrusted readers and destructive tools can be made to destroy.
// Pure functions; the gate can call toolSetFlows at start-up.

import { FLOW_LABELS, type FlowLabel } from '../../schema/flowWords';
import { EFFECTS_META_KEY, factsFromMcpTool, inferBehavior, type McpToolLike } from '../behavior';
import { inferFlow, metaFlow, unionFlow, type ToolFlow } from './toolFlow';

/** `_meta` key of a tool's flow labels in exported definitions. */
export const FLOW_META_KEY = 'ilo-lang.dev/flow';

export interface LabelledTool {
  name: string;
  /** The MCP server (or file) the tool comes from, when there are several. */
  origin?: string;
  flow: ToolFlow;
}

export interface ToolSetFlows {
  /** The tools of each label, in input order (`origin/name` when an origin is given). */
  roles: Record<FlowLabel, string[]>;
  /** Untrusted content, private data and a way out are all served: data can be led out. */
  trifecta?: { untrusted: string[]; private: string[]; sink: string[] };
  /** Untrusted content and destructive tools are both served: content can decide what is destroyed. */
  tamper?: { untrusted: string[]; destructive: string[] };
}

function shown(t: LabelledTool): string {
  return t.origin ? `${t.origin}/${t.name}` : t.name;
}

/** What the tools' labels make possible together. */
export function toolSetFlows(tools: readonly LabelledTool[]): ToolSetFlows {
  const roles = Object.fromEntries(FLOW_LABELS.map((l) => [l, [] as string[]])) as Record<FlowLabel, string[]>;
  for (const t of tools) for (const l of t.flow.labels) roles[l].push(shown(t));
  const out: ToolSetFlows = { roles };
  if (roles.untrusted.length > 0 && roles.private.length > 0 && roles.sink.length > 0) {
    out.trifecta = { untrusted: roles.untrusted, private: roles.private, sink: roles.sink };
  }
  if (roles.untrusted.length > 0 && roles.destructive.length > 0) out.tamper = { untrusted: roles.untrusted, destructive: roles.destructive };
  return out;
}

/** `a, b, c and 4 more` */
export function nameList(names: readonly string[], shownCount = 4): string {
  const head = names.slice(0, shownCount).map((n) => `\`${n}\``);
  const rest = names.length - head.length;
  return rest > 0 ? `${head.join(', ')} and ${rest} more` : head.join(', ');
}

/** One line per risk the tool set carries (empty when none). */
export function toolSetWarnings(r: ToolSetFlows): string[] {
  const out: string[] = [];
  if (r.trifecta) {
    const t = r.trifecta;
    out.push(
      `lethal trifecta: untrusted content (${nameList(t.untrusted)}) can steer an agent to move private data (${nameList(t.private)}) out through ${nameList(t.sink)}`,
    );
  }
  if (r.tamper) {
    out.push(`tamper risk: untrusted content (${nameList(r.tamper.untrusted)}) can steer destructive tools (${nameList(r.tamper.destructive)})`);
  }
  return out;
}

function implicitEffects(meta: unknown): boolean {
  if (meta === null || typeof meta !== 'object' || Array.isArray(meta) || !Object.hasOwn(meta, EFFECTS_META_KEY)) return false;
  const e = (meta as Record<string, unknown>)[EFFECTS_META_KEY];
  return e !== null && typeof e === 'object' && !Array.isArray(e) && (e as Record<string, unknown>).implicit === true;
}

/**
 * The flow labels of an MCP tool definition (a `tools/list` entry): inferred
 * from its behavior, hints and words. Labels a server claims in
 * `_meta["ilo-lang.dev/flow"]` are added, never trusted to remove one.
 */
export function mcpToolFlow(tool: McpToolLike & { _meta?: unknown }): ToolFlow {
  const facts = factsFromMcpTool(tool);
  const props = tool.inputSchema && typeof tool.inputSchema === 'object' && tool.inputSchema.properties;
  const params = props && typeof props === 'object' && !Array.isArray(props) ? Object.keys(props) : [];
  const ann = tool.annotations ?? {};
  const hints: { readOnlyHint?: boolean; destructiveHint?: boolean; openWorldHint?: boolean } = {};
  for (const k of ['readOnlyHint', 'destructiveHint', 'openWorldHint'] as const) if (typeof ann[k] === 'boolean') hints[k] = ann[k] as boolean;
  // A level-26 ilo export says `openWorldHint: true` for every tool because ilo gives every tool call
  // `/http` (`_meta["ilo-lang.dev/effects"].implicit`): that is about the call, not what the tool reads.
  // Ignoring it is no weaker than a definition without the hint.
  if (implicitEffects(tool._meta)) delete hints.openWorldHint;
  const inferred = inferFlow({ names: [tool.name], title: facts.title, description: facts.description, hints, behavior: inferBehavior(facts), params });
  const claimed = metaFlow(tool._meta, FLOW_META_KEY);
  return claimed && claimed.labels.length > 0 ? unionFlow(claimed, inferred) : inferred;
}
