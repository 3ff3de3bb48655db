// Flow labels where people and programs read them: the hover of a tool or
// function, and `_meta["ilo-lang.dev/flow"]` of exported MCP tools.
//
// Exports carry declared labels (`@flow`); guessed ones only when asked
// (`includeInferred`), marked `"source": "inferred"`, as behavior does: an
// exported definition is a contract, and a guess is not one.

import type { Decl, FunctionDecl } from '../../syntax/ast';
import { buildSchemaEnv, type SchemaEnv } from '../../schema/env';
import type { JsonObject } from '../../schema/json';
import type { ToolExtender } from '../../schema/manifest';
import type { McpTool } from '../../schema/mcpTool';
import { contractTool, toolEffectsAt, withBehavior, type BehaviorMetaOptions, type ContractTool } from '../behavior';
import { FlowWorld, fnFlowOf, toolFlowOf } from './summaries';
import { stepsOf, wholeTaint } from './values';
import { FLOW_META_KEY } from './toolSet';
import { argRoles, type ToolFlow } from './toolFlow';

export interface FlowMetaOptions {
  /** Also export guessed labels (marked inferred). Default false. */
  includeInferred?: boolean;
}

/** The `_meta` entry for a tool's labels, or undefined when there is nothing to say. */
export function flowMeta(flow: ToolFlow, options: FlowMetaOptions = {}): JsonObject | undefined {
  if (flow.source !== 'declared' && (!options.includeInferred || flow.labels.length === 0)) return undefined;
  const entry: JsonObject = { labels: [...flow.labels], source: flow.source };
  if (flow.params?.sink) entry.sinkParams = [...flow.params.sink];
  if (flow.params?.destructive) entry.destructiveParams = [...flow.params.destructive];
  return entry;
}

/** The tool with its flow labels in `_meta` (other entries kept). */
export function withFlow(tool: McpTool, flow: ToolFlow, options: FlowMetaOptions = {}): McpTool {
  const entry = flowMeta(flow, options);
  if (!entry) return tool;
  return { ...tool, _meta: { ...(tool._meta ?? {}), [FLOW_META_KEY]: entry } };
}

/**
 * A `buildManifest` extender for everything contracts add to an exported
 * tool: behavior (hints and `_meta`) and flow labels (`_meta`).
 */
export function contractExtender(options: BehaviorMetaOptions & FlowMetaOptions = {}): ToolExtender {
  return (tool, decl, env) => {
    try {
      const t = contractTool(decl, undefined, env);
      return withFlow(withBehavior(tool, t.behavior, options, toolEffectsAt(options.level, decl)), toolFlowOf(t, env), options);
    } catch {
      return tool;
    }
  };
}

const ROLE_TEXT = { leak: 'data sent out', destination: 'where it goes (tampering only)', destructive: 'decides what is destroyed' } as const;

/** Markdown for a tool's flow labels. */
export function flowHover(t: ContractTool, flow: ToolFlow): string {
  const lines: string[] = [];
  const how = flow.source === 'declared' ? 'declared with `@flow`' : 'inferred, not declared';
  if (flow.labels.length === 0) {
    lines.push(`**Flow** — none (${how}): its result is neither private nor untrusted, and its arguments go nowhere others read or anything it destroys.`);
    return lines.join('\n');
  }
  lines.push(`**Flow** — ${flow.labels.map((l) => `\`${l}\``).join(' ')} (${how})`, '', '| label | why |', '|---|---|');
  for (const l of flow.labels) lines.push(`| \`${l}\` | ${flow.reasons[l] ?? ''} |`);
  const params = t.decl.params.map((p) => p.name.text);
  const roles = argRoles(flow, params);
  const described = params
    .map((p, i) => {
      const r = roles[i];
      if (!r) return undefined;
      const text = r.label === 'destructive' ? ROLE_TEXT.destructive : r.destination ? ROLE_TEXT.destination : ROLE_TEXT.leak;
      return `\`${p}\`: ${text}`;
    })
    .filter((x): x is string => x !== undefined);
  if (described.length > 0) lines.push('', `Arguments — ${described.join('; ')}.`);
  if (flow.source !== 'declared') lines.push('', `Confirm with \`-- @flow ${flow.labels.join(' ')}\` above the tool (or \`-- @flow none\`).`);
  return lines.join('\n');
}

/** What a function does with data, from its summary: private or untrusted data it returns, which parameters reach which sinks. */
export function functionFlowText(decl: FunctionDecl, visible: ReadonlyArray<{ decl: Decl; file?: string }>, env: SchemaEnv): string | undefined {
  const tools: ContractTool[] = [];
  const seen = new Set<string>();
  for (const v of visible) {
    if (v.decl.kind !== 'ToolDecl' || seen.has(v.decl.name.text)) continue;
    seen.add(v.decl.name.text);
    tools.push(contractTool(v.decl, v.file, env));
  }
  const here = visible.find((v) => v.decl === decl)?.file ?? '';
  const s = new FlowWorld({ file: here, visible, tools, env }).summaryOf(decl, here);
  const lines: string[] = [];
  const t = wholeTaint(s.ret);
  const from = (tr: typeof t.priv) => `\`${stepsOf(tr)[0]?.name ?? '?'}\``;
  if (t.priv) lines.push(`returns private data (from ${from(t.priv)})`);
  if (t.untr) lines.push(`returns untrusted content (from ${from(t.untr)})`);
  const reached = new Map<string, string[]>();
  for (const dep of s.sinks) {
    const p = `\`${decl.params[dep.index]?.name.text ?? '?'}${dep.path ? `.${dep.path.join('.')}` : ''}\``;
    const kind = dep.mask === 1 ? ' (a leak if private)' : dep.mask === 2 ? ' (tampering if untrusted)' : '';
    const what = `\`${dep.site.target}\`${kind}`;
    const list = reached.get(p) ?? [];
    if (!list.includes(what)) list.push(what);
    reached.set(p, list);
  }
  for (const [p, targets] of reached) lines.push(`${p} reaches ${targets.join(', ')}`);
  if (lines.length === 0) return undefined;
  return `**Flow** — ${lines.join('; ')}.`;
}

/** Hover sections for a declaration: a tool's flow labels, a function's `@flow` and what it does with data. */
export function flowHoverSections(decl: Decl, visible: ReadonlyArray<{ decl: Decl; file?: string }>, env?: SchemaEnv): string[] {
  try {
    const e = env ?? buildSchemaEnv(visible.map((v) => v.decl));
    if (decl.kind === 'ToolDecl') {
      const t = contractTool(decl, undefined, e);
      const flow = toolFlowOf(t, e);
      if (flow.labels.length === 0 && flow.source !== 'declared') return [];
      return [flowHover(t, flow)];
    }
    if (decl.kind === 'FunctionDecl') {
      const f = fnFlowOf(decl, e);
      const parts: string[] = [];
      if (f.sanitizes) {
        const cleaned = [f.sanitizes & 1 ? 'private' : '', f.sanitizes & 2 ? 'untrusted' : ''].filter((x) => x !== '');
        parts.push(`**Flow** — sanitizer: what it returns is taken as clean of ${cleaned.map((c) => `\`${c}\``).join(' and ')} data.`);
      }
      if (f.flow) parts.push(`**Flow** — declared ${f.flow.labels.map((l) => `\`${l}\``).join(' ')}, in addition to what its body does.`);
      const summary = functionFlowText(decl, visible, e);
      if (summary) parts.push(summary);
      return parts;
    }
  } catch {
    // no hover section rather than a failed hover
  }
  return [];
}
