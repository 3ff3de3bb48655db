// Behavioral identity: what a tool does, as a triple (mutability, action,
// domain) with its source and confidence. The model and its identity hash
// (behavior.ts); inference from a definition's names and prose (inferBehavior,
// lexicon, words, with MCP tool JSON as input through mcpFacts); the contract
// view of an ilo `tool` declaration, whose main part is the behavior that
// applies, declared with `@behavior` or inferred (iloTools — every contract
// analysis starts from it, so it lives here, below hover, meta and the other
// concerns); and what the editor shows or writes: hover text, the
// `@behavior` quick fix, and behavior in exported MCP definitions (meta).

export {
  behaviorId,
  behaviorKey,
  behaviorWords,
  completeTriple,
  sameTriple,
  mutabilityVerdict,
  type Action,
  type BehaviorSource,
  type BehaviorTriple,
  type Confidence,
  type Domain,
  type Mutability,
  type ToolBehavior,
} from './behavior';
export { inferBehavior, effectTexts, type ToolFacts, type BehaviorHints } from './inferBehavior';
export { findEffectCue, type EffectCue } from './effectCues';
export { factsFromMcpTool, mcpToolsOf, type McpToolLike } from './mcpFacts';
export { contractTool, toolKey, toolsOf, visibleLocated, effectiveBehavior, type ContractInput, type ContractTool, type DefineTool, type ResolveTool } from './iloTools';
export { behaviorFix } from './behaviorFix';
export { behaviorHover, behaviorHoverSections } from './behaviorHover';
export { behaviorMeta, withBehavior, behaviorExtender, hintsForBehavior, toolEffectsAt, functionToolMeta, BEHAVIOR_META_KEY, EFFECTS_META_KEY, type BehaviorMeta, type BehaviorMetaOptions } from './behaviorMeta';
export { evidenceOf, toolEffectEvidence, functionEffectEvidence, declaresSigils, type EffectEvidence } from './effectEvidence';
