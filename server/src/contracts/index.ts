// Tool contracts: the analyses over ilo `tool` declarations and MCP tools
// that go beyond the schema layer. Each concern has its own folder and
// index.ts (its public surface); concerns import one another only through
// those, and the layering has no cycles:
//
//   schemaNormalize.ts  input schemas reduced to what decides whether arguments fit
//   behavior/           behavioral identity: model, inference, the contract view of a tool, hover, fix, meta
//   collisions/         same-schema and near-schema collisions     (uses behavior/)
//   effectGate/         read-only functions that reach writes     (uses behavior/)
//   contractDiagnostics.ts, contractsReport.ts: the three above per file / as a report
//   flows/              toxic flows: flow labels, program flows, tool-set flows, the session policy (uses behavior/)
//   mergeDiagnostics.ts several ilo-contracts diagnostics on one range → one
//   contractReuse.ts    what one document's analyses keep from edit to edit (uses behavior/,
//                       collisions/, effectGate/, lints/, flows/ and schema/reuse.ts)
//   mcp/                MCP tool lists, definition diffs, client config, live listing
//   lints/              tool contract lints on MCP JSON and ilo declarations (uses mcp/)
//   pins/               the lock file, drift against pins, verification     (uses mcp/)
//   import/             MCP tools → ilo source, checked and pinned  (uses mcp/, lints/, pins/)
//
// Core only: no LSP types; nothing here does I/O except mcp/mcpClient.ts,
// which starts a server only when asked. This file re-exports what the rest
// of the server (service/, cli/, server.ts) uses, nothing more.

export { contractDiagnostics, type CollisionScope } from './contractDiagnostics';
export { contractsReport, type ContractsReport } from './contractsReport';
export { BEHAVIOR_META_KEY, EFFECTS_META_KEY, behaviorExtender, behaviorHoverSections, declaresSigils, functionToolMeta, toolsOf, type ContractInput, type ContractTool } from './behavior';
export { nearDifferences } from './collisions';
export { importTools, importToolsFromText, type ImportResult } from './import';
export { LOCK_FILE_NAME, parseLock, serializeLock, updateLock, overwritesPins, type LockFile, type LockChange } from './pins';
export { driftByFile, driftDiagnostics, driftNoun, verifyLockedServers, findPinnedDeclarations } from './pins';
export { parseMcpConfig, listServerTools, McpListError } from './mcp';
export { lintToolDecls, LintReuse } from './lints';
export { fileContractDiagnostics, resolveFile, resolveFiles, type FileContracts } from './contractDiagnostics';
export { mergeSameRange } from './mergeDiagnostics';
export { ContractReuse } from './contractReuse';
export {
  FLOW_META_KEY,
  TOXIC_FLOW,
  contractExtender,
  decideFlow,
  flowHoverSections,
  mcpToolFlow,
  toolFlowOf,
  toolSetFlows,
  toolSetWarnings,
  type FlowPolicy,
  type FlowDecision,
  type LabelledTool,
  type ToolFlow,
  type ToolSetFlows,
} from './flows';
