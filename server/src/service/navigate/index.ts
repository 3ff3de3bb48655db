// Navigation features (issue 12): signature help, call hierarchy, workspace
// symbols, folding and selection ranges. The language service facade calls
// these; each lives in its own file.

export { signatureHelpAt } from './signatureHelp';
export { prepareCallHierarchy, incomingCalls, outgoingCalls } from './callHierarchy';
export { workspaceSymbols, MAX_WORKSPACE_SYMBOLS } from './workspaceSymbols';
export { foldingRanges } from './foldingRanges';
export { selectionRanges } from './selectionRanges';
export { DiskNavFiles, type NavFileSource } from './navFiles';
export type { NavFile } from './nameAt';
