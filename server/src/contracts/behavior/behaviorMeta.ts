// Behavior in exported MCP tool definitions (mapping documented in
// docs/behavior.md):
//   annotations.readOnlyHint     true for PURE, false for MUTATES
//   annotations.destructiveHint  MUTATES only: true for DELETE, OVERWRITE, MERGE; false otherwise
//   annotations.idempotentHint   MUTATES only, where it holds: true for DELETE and OVERWRITE
//   _meta["ilo-lang.dev/behavior"] {mutability, action, domain, id, source, confidence}
// Hints the author wrote with `@hints` are kept as written: they win over
// derived ones. Derived hints come from declared behaviors only; a guessed
// behavior goes to `_meta` (marked `inferred`) only when asked for.
// At level 26 the language speaks first: ilo gives every tool call `/http`,
// so `openWorldHint` is true whatever `@hints` says (`effect-disagreement`
// reports a `@hints openWorld=false`), and `_meta["ilo-lang.dev/effects"]`
// records the sigils and that they are implicit.

import type { JsonObject } from '../../schema/json';
import type { FunctionDecl, ToolDecl } from '../../syntax/ast';
import type { SchemaEnv } from '../../schema/env';
import type { McpTool, McpToolAnnotations } from '../../schema/mcpTool';
import type { ToolExtender } from '../../schema/manifest';
import { behaviorId, completeTriple, type Action, type BehaviorTriple, type ToolBehavior } from './behavior';
import { contractTool } from './iloTools';
import { functionEffectEvidence, toolEffectEvidence, type EffectEvidence } from './effectEvidence';

/** `_meta` key of the behavioral identity (same namespace as the tool options). */
export const BEHAVIOR_META_KEY = 'ilo-lang.dev/behavior';
/** `_meta` key of a tool's ilo 26 effects: `{"sigils": ["http"], "implicit": true}`. */
export const EFFECTS_META_KEY = 'ilo-lang.dev/effects';

const DESTRUCTIVE: ReadonlySet<Action> = new Set<Action>(['DELETE', 'OVERWRITE', 'MERGE']);
const IDEMPOTENT: ReadonlySet<Action> = new Set<Action>(['DELETE', 'OVERWRITE']);

export interface BehaviorMetaOptions {
  /** Also describe inferred behaviors in `_meta` (never in annotations). Default false. */
  includeInferred?: boolean;
  /**
   * The language level of the file the tools come from (or of each tool's
   * file, when they come from several): at `26` the tool's implicit `/http`
   * is exported too.
   */
  level?: '0.11' | '26' | ((decl: ToolDecl) => '0.11' | '26' | undefined);
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

/**
 * Merge behavior into an MCP tool: explicit hints stay, missing ones are
 * filled, `_meta` gains the behavior entry. With `effects` (a level-26 tool)
 * the language's word on the open world replaces any hint, and `_meta` gains
 * the effects entry.
 */
export function withBehavior(tool: McpTool, behavior: ToolBehavior | undefined, options: BehaviorMetaOptions = {}, effects?: EffectEvidence): McpTool {
  const meta = behaviorMeta(behavior, options);
  if (!meta.annotations && !meta._meta && !effects) return tool;
  const out: McpTool = { ...tool };
  if (meta.annotations) out.annotations = { ...meta.annotations, ...(tool.annotations ?? {}) };
  if (meta._meta) out._meta = { ...(tool._meta ?? {}), ...meta._meta };
  if (effects) {
    out.annotations = { ...(out.annotations ?? {}), openWorldHint: effects.openWorld };
    out._meta = { ...(out._meta ?? {}), [EFFECTS_META_KEY]: { sigils: [...effects.sigils], implicit: effects.implicit } };
  }
  return out;
}

/** The effect evidence a tool carries, by the level of its file: ilo 26 gives every tool call `/http`. */
export function toolEffectsAt(level: BehaviorMetaOptions['level'], decl: ToolDecl): EffectEvidence | undefined {
  const at = typeof level === 'function' ? level(decl) : level;
  return at === '26' ? toolEffectEvidence() : undefined;
}

/**
 * A `buildManifest` extender: `buildManifest(decls, { extend: behaviorExtender() })`
 * exports every tool with its behavior.
 */
export function behaviorExtender(options: BehaviorMetaOptions = {}): ToolExtender {
  return (tool, decl, env) => {
    try {
      return withBehavior(tool, contractTool(decl, undefined, env).behavior, options, toolEffectsAt(options.level, decl));
    } catch {
      return tool;
    }
  };
}

/**
 * MCP annotations and `_meta` for a level-26 function given as a tool (the
 * `schema` tool of `ilo-ls mcp`): `@behavior`'s mutability first, else what
 * its effect sigils prove (`optedIn`: the file declares sigils somewhere);
 * the open world from the sigils. `_meta["ilo-lang.dev/effects"]` says where
 * the read-only hint came from (`behavior`, `sigils`).
 */
export function functionToolMeta(fn: FunctionDecl, env: SchemaEnv, optedIn: boolean): BehaviorMeta {
  const declared = env.annotationsOf(fn).annotations.behavior?.mutability;
  const ev = functionEffectEvidence(fn, optedIn);
  const annotations: McpToolAnnotations = {};
  let readOnlyFrom: string | undefined;
  if (declared) {
    annotations.readOnlyHint = declared === 'PURE';
    readOnlyFrom = 'behavior';
  } else if (ev?.pure) {
    annotations.readOnlyHint = true;
    readOnlyFrom = 'sigils';
  }
  if (ev) annotations.openWorldHint = ev.openWorld;
  const out: BehaviorMeta = {};
  if (Object.keys(annotations).length > 0) out.annotations = annotations;
  if (ev) {
    const entry: JsonObject = { sigils: [...ev.sigils], implicit: false };
    if (readOnlyFrom) entry.readOnlyFrom = readOnlyFrom;
    out._meta = { [EFFECTS_META_KEY]: entry };
  }
  return out;
}
