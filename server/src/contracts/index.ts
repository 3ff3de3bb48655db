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
// Import, pinning, drift and lints (issue 7).
export { importTools, importToolsFromText, type ImportOptions, type ImportResult, type ImportedTool } from './import';
export { LOCK_FILE_NAME, parseLock, serializeLock, updateLock, overwritesPins, type LockFile, type LockChange } from './lock';
export { parseMcpConfig, describeServer, type McpConfig, type ServerConfig } from './mcpClientConfig';
export { listServerTools, listServers, McpListError, type ServerListing } from './mcpClient';
export { driftByFile, driftDiagnostics } from './drift';
export { verifyLockedServers, type VerifyResult } from './driftVerify';
export { lintToolDecls } from './lintDecls';
export { fileContractDiagnostics, resolveFiles, type FileContracts } from './contractDiagnostics';
