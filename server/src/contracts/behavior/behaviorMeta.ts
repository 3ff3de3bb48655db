// Behavior in exported MCP tool definitions (mapping documented in
// docs/behavior.md):
//   annotations.readOnlyHint     true for PURE, false for MUTATES
//   annotations.destructiveHint  MUTATES only: true for DELETE, OVERWRITE, MERGE; false otherwise
//   annotations.idempotentHint   MUTATES only, where it holds: true for DELETE and OVERWRITE
//   _meta["ilo-lang.dev/behavior"] {mutability, action, domain, id, source, confidence}
// Hints the author wrote with `@hints` are kept as written: they win over
// derived ones. Derived hints come from declared behaviors only; a guessed
// behavior goes to `_meta` (marked `inferred`) only when asked for.

import type { JsonObject } from '../../schema/json';
import type { McpTool, McpToolAnnotations } from '../../schema/mcpTool';
import type { ToolExtender } from '../../schema/manifest';
import { behaviorId, completeTriple, type Action, type BehaviorTriple, type ToolBehavior } from './behavior';
import { contractTool } from './iloTools';

/** `_meta` key of the behavioral identity (same namespace as the tool options). */
export const BEHAVIOR_META_KEY = 'ilo-lang.dev/behavior';

const DESTRUCTIVE: ReadonlySet<Action> = new Set<Action>(['DELETE', 'OVERWRITE', 'MERGE']);
const IDEMPOTENT: ReadonlySet<Action> = new Set<Action>(['DELETE', 'OVERWRITE']);

export interface BehaviorMetaOptions {
  /** Also describe inferred behaviors in `_meta` (never in annotations). Default false. */
  includeInferred?: boolean;
}

export interface BehaviorMeta {
  annotations?: McpToolAnnotations;
  _meta?: JsonObject;
}

/** The MCP hints a behavior implies. */
export function hintsForBehavior(t: BehaviorTriple): McpToolAnnotations {
  if (t.mutability === 'PURE') return { readOnlyHint: true };
  const out: McpToolAnnotations = { readOnlyHint: false, destructiveHint: DESTRUCTIVE.has(t.action) };
  if (IDEMPOTENT.has(t.action)) out.idempotentHint = true;
  return out;
}

/** Annotations and `_meta` entry for a behavior; empty when it is incomplete (or only inferred, unless asked). */
export function behaviorMeta(behavior: ToolBehavior | undefined, options: BehaviorMetaOptions = {}): BehaviorMeta {
  const t = completeTriple(behavior);
  if (!t || !behavior) return {};
  const declared = behavior.source === 'declared';
  if (!declared && !options.includeInferred) return {};
  const out: BehaviorMeta = {
    _meta: {
      [BEHAVIOR_META_KEY]: {
        mutability: t.mutability,
        action: t.action,
        domain: t.domain,
        id: behaviorId(t),
        source: behavior.source,
        confidence: behavior.confidence,
      },
    },
  };
  if (declared) out.annotations = hintsForBehavior(t);
  return out;
}

/** Merge behavior into an MCP tool: explicit hints stay, missing ones are filled, `_meta` gains the behavior entry. */
export function withBehavior(tool: McpTool, behavior: ToolBehavior | undefined, options: BehaviorMetaOptions = {}): McpTool {
  const meta = behaviorMeta(behavior, options);
  if (!meta.annotations && !meta._meta) return tool;
  const out: McpTool = { ...tool };
  if (meta.annotations) out.annotations = { ...meta.annotations, ...(tool.annotations ?? {}) };
  if (meta._meta) out._meta = { ...(tool._meta ?? {}), ...meta._meta };
  return out;
}

/**
 * A `buildManifest` extender: `buildManifest(decls, { extend: behaviorExtender() })`
 * exports every tool with its behavior.
 */
export function behaviorExtender(options: BehaviorMetaOptions = {}): ToolExtender {
  return (tool, decl, env) => {
    try {
      return withBehavior(tool, contractTool(decl, undefined, env).behavior, options);
    } catch {
      return tool;
    }
  };
}
