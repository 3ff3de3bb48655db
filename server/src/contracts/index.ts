// Public surface of the tool-contract analyses of issue 6 (behavioral
// identity, same-schema collisions, the static effect gate). Core only: no
// LSP types, no I/O.

export {
  behaviorId,
  behaviorKey,
  behaviorWords,
  completeTriple,
  type BehaviorSource,
  type BehaviorTriple,
  type Confidence,
  type ToolBehavior,
} from './behavior';
export { inferBehavior, type ToolFacts, type BehaviorHints } from './inferBehavior';
export { factsFromMcpTool, mcpToolsOf, type McpToolLike } from './mcpFacts';
export { normalizeSchema, schemaHash, shapeText, canonicalJson, type NormSchema } from './schemaNormalize';
export { findCollisions, compareBehaviors, nearDifferences, type Collisions, type CollisionTool, type Comparison, type Rank } from './collisions';
export { contractTool, toolsOf, effectiveBehavior, type ContractInput, type ContractTool } from './iloTools';
export { contractDiagnostics, type CollisionScope, type ContractOptions } from './contractDiagnostics';
export { contractsReport, type ContractsReport, type ReportOptions } from './contractsReport';
export { effectGateDiagnostics } from './effectGate';
export { behaviorFix } from './behaviorFix';
export { behaviorMeta, withBehavior, behaviorExtender, hintsForBehavior, BEHAVIOR_META_KEY, type BehaviorMeta, type BehaviorMetaOptions } from './behaviorMeta';
export { behaviorHover, behaviorHoverSections } from './behaviorHover';
