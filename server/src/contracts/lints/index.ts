// Tool contract lints: what a tool definition puts in front of a model that
// it should not (hidden characters, instructions to the model, requests for
// secrets, credentials, vague or overlong descriptions, confusable names).
// The rules run on a neutral view of a tool (lintTools.ts, over the text
// detectors of lintText.ts and lintNames.ts), so the same findings come from
// MCP JSON before import (lintMcp.ts) and from ilo `tool` declarations
// (lintDecls.ts, as diagnostics on the source).

export { lintToolDecls, LintReuse } from './lintDecls';
export { lintMcpTools, formatMcpLint, type McpLintFinding } from './lintMcp';
export { LINT_RISK, type LintCode, type LintOptions } from './lintTools';
export { isHiddenCodePoint } from './lintText';
export { DEFINITION_LIMITS, lintViewOfMcpTool } from './lintMcp';
