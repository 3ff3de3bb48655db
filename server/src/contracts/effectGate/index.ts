// The static effect gate: seed 002's runtime gate moved to edit time. A
// function declared read-only (`-- @behavior PURE`) must not reach a
// mutating tool or a writing builtin, directly or through the functions it
// calls; the diagnostic shows the shortest chain to each such tool.

export { effectGateDiagnostics, GateReuse, type EffectGateInput } from './effectGate';
export { pureByOmissionDiagnostics, type PureByOmissionInput } from './pureByOmission';
