// A served tool's flow labels at the gate (issue 31): computed once when the
// tool is admitted, never per call. Two sources are read, and the gate keeps
// the stricter reading of each:
//
//   the pinned ilo declaration (the file the lock names for the server):
//     `@flow` when written — the user's reviewed word, which replaces what
//     inference guesses — else what inference reads from the declaration
//     (its `@behavior`, `@hints`, names and description), exactly the labels
//     the editor's hover and the program analysis use;
//   the pinned definition itself: what inference reads from it, plus the
//     labels it claims (`_meta["ilo-lang.dev/flow"]`, `destructiveHint`).
//
// With `@flow` declared, the definition's guessed labels are dropped (the
// declaration is there to correct a guess) but its explicit claims are kept:
// a definition can add a risk label, never take a declared one away. Without
// `@flow`, both readings are guesses and their union is served (fail closed).
// A tool that is not pinned has no declaration: only its definition counts.

import { FLOW_LABELS, type FlowLabel } from '../schema/flowWords';
import { isJsonObject } from '../schema/json';
import type { RawTool } from '../contracts/mcp';
import type { PinnedDeclaration } from '../contracts/pins';
import { FLOW_META_KEY, mcpToolFlow, NO_FLOW, type ToolFlow } from '../contracts/flows';
import { metaFlow } from '../contracts/flows/toolFlow';

/** The labels the gate applies to a tool (see the top of this file). Never throws. */
export function servedFlow(tool: RawTool, declaration: PinnedDeclaration | undefined): ToolFlow {
  const declared = declaration?.flow();
  if (declared && declared.source === 'declared') return merge(declared, claimedFlow(tool));
  const fromDefinition = definitionFlow(tool);
  return declared ? merge(fromDefinition, declared) : fromDefinition;
}

/** What inference and the definition's own claims say (no labels when it cannot be read). */
function definitionFlow(tool: RawTool): ToolFlow {
  try {
    return mcpToolFlow(tool as Parameters<typeof mcpToolFlow>[0]);
  } catch {
    return NO_FLOW;
  }
}

/** Only what the definition says of itself: `_meta["ilo-lang.dev/flow"]` labels and `destructiveHint: true`. */
function claimedFlow(tool: RawTool): ToolFlow {
  const claimed = metaFlow((tool as { _meta?: unknown })._meta, FLOW_META_KEY);
  const labels = new Set<FlowLabel>(claimed?.labels ?? []);
  const reasons: Partial<Record<FlowLabel, string>> = { ...(claimed?.reasons ?? {}) };
  const annotations = (tool as { annotations?: unknown }).annotations;
  if (isJsonObject(annotations) && annotations.destructiveHint === true && !labels.has('destructive')) {
    labels.add('destructive');
    reasons.destructive = 'MCP `destructiveHint` of the pinned definition';
  }
  if (labels.size === 0) return NO_FLOW;
  return { labels: FLOW_LABELS.filter((l) => labels.has(l)), source: 'declared', reasons };
}

/** Every label of both; the first's reasons and sink parameters win. */
function merge(first: ToolFlow, second: ToolFlow): ToolFlow {
  if (second.labels.length === 0) return first;
  const have = new Set<FlowLabel>([...first.labels, ...second.labels]);
  const out: ToolFlow = {
    labels: FLOW_LABELS.filter((l) => have.has(l)),
    source: first.source === 'declared' || second.source === 'declared' ? 'declared' : 'inferred',
    reasons: { ...second.reasons, ...first.reasons },
  };
  const params = first.params ?? second.params;
  if (params) out.params = params;
  return out;
}

/** `private, sink (declared)` — for the served line of the log. */
export function flowNote(flow: ToolFlow): string {
  if (flow.labels.length === 0) return flow.source === 'declared' ? 'no flow labels (declared)' : 'no flow labels';
  return `flows ${flow.labels.join(', ')}${flow.source === 'declared' ? ' (declared)' : ''}`;
}
