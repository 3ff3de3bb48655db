// Toxic flows (docs/flows.md): where data goes from tool to tool.
//
//   toolFlow.ts        flow labels of a tool (private, untrusted, sink, destructive): declared or inferred
//   flowLexicon.ts     the words inference looks for
//   builtinFlows.ts    how ilo's builtins read, send, overwrite and propagate data
//   values.ts          abstract values: taint with the path it took
//   analyze.ts         one function body → its summary (returns, sinks reached, findings)
//   summaries.ts       names, summaries, recursion fixpoint, reuse across edits
//   sinkScreen.ts      whether any sink is in reach at all (else nothing is analysed)
//   programFlows.ts    a file's findings; flowDiagnostics.ts: as `toxic-flow` diagnostics
//
// Core only: no LSP types, no I/O.

export { programFlowDiagnostics, programFlows, type ProgramFlows } from './programFlows';
export { FlowReuse, FlowWorld, fnFlowOf, toolFlowOf, type FlowInput } from './summaries';
export { TOXIC_FLOW, flowDiagnostics, pathInfo } from './flowDiagnostics';
export { argRoles, declaredFlow, inferFlow, labelText, NO_FLOW, type ArgRole, type FlowFacts, type FlowSource, type ToolFlow } from './toolFlow';
export type { Finding, FlowKind, SinkSite, Summary } from './analyze';
export { FLOW_META_KEY, mcpToolFlow, nameList, toolSetFlows, toolSetWarnings, type LabelledTool, type ToolSetFlows } from './toolSet';
export { decideFlow, observeAnswer, sourcesOf, type AnsweredTool, type FlowAction, type FlowDecision, type FlowPolicy, type FlowRisk, type SessionSources } from './sessionPolicy';
export { contractExtender, flowHover, flowHoverSections, flowMeta, withFlow, type FlowMetaOptions } from './flowMeta';
