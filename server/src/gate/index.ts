// `ilo-ls gate`: a local MCP proxy that enforces pins, contract lints and
// behavioral identity before a call reaches a server (seed 002's check before
// dispatch; seed 003's rug pulls, tool shadowing and poisoned descriptions).
//
//   gateConfig.ts   config, lock and policy from disk → what the gate runs with
//   policy.ts       the policy file: schema (ajv), selectors, switches
//   identity.ts     behavior of an upstream tool, expectations, the served definition
//   admission.ts    which listed tools are served, and why the others are not (pure)
//   argsSchema.ts   arguments against the pinned input schema (ajv)
//   decision.ts     whether one tools/call may go upstream (pure)
//   decisionLog.ts  one JSON line per decision, argument names only
//   upstream.ts     one upstream server through the SDK client
//   gateServer.ts   the SDK server in front of them all
//   routeEntry.ts   the editor's "route an MCP server through the gate" rewrite (pure)
//   routeFile.ts    … and its server side: read the config, list or plan

export { loadGate, type GateArgs, type LoadedGate } from './gateConfig';
export { parsePolicy, selects, effectivePolicy, POLICY_SCHEMA, type GatePolicy } from './policy';
export {
  EXPECT_META_KEY,
  GATE_META_KEY,
  parseExpectation,
  expectationMismatch,
  mutabilityVerdict,
  toolIdentity,
  servedDefinition,
  type Expectation,
} from './identity';
export { admitTools, type Admission, type ServedTool, type ServerState, type Verdict } from './admission';
export { compileArgsCheck } from './argsSchema';
export { decideCall, argumentNames, type CallDecision } from './decision';
export { openDecisionLog, memoryDecisionLog, type DecisionEntry, type DecisionSink } from './decisionLog';
export { Upstream, UpstreamError } from './upstream';
export { Gate, GATE_VERSION, type GateSettings } from './gateServer';
export { planGateRoute, listConfigEntries, gateConfigPathFor, backupPathFor, type RouteInput, type RoutePlan, type ConfigEntry } from './routeEntry';
export { gateRouteRequest, type RouteRequest, type RouteResponse } from './routeFile';
