// MCP tool definitions as they come from outside: reading a `tools/list`
// result from text or a parsed value without ever throwing (toolList.ts),
// comparing two definitions path by path (toolDiff.ts: the import's round
// trip and drift both use it), the client configuration in the Claude
// Desktop shape (mcpClientConfig.ts), and listing a live server's tools with
// the official SDK over stdio or Streamable HTTP (mcpClient.ts; the only
// module here that starts a process, and only when asked). Configs may be
// JSON with comments (jsonc.ts) and are read from disk with their variables
// by mcpConfigFile.ts.

export {
  readToolList,
  readToolListText,
  toolDescription,
  inputProperties,
  inputRequired,
  type RawTool,
  type InputProblem,
  type ToolList,
} from './toolList';
export { diffSchemas, compareTools, type CompareMode, type SchemaDifference, type ToolRoundTrip } from './toolDiff';
export { parseMcpConfig, describeServer, type ConfigVariables, type McpConfig, type ServerConfig } from './mcpClientConfig';
export { configVariables, readMcpConfigFile } from './mcpConfigFile';
export { blankJsonc, parseJsonc, propertySpan, type PropertySpan } from './jsonc';
export {
  listServerTools,
  listServers,
  listAllTools,
  openTransport,
  explainFailure,
  McpListError,
  type ListOptions,
  type ServerListing,
} from './mcpClient';
