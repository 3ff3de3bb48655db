// `ilo-ls mcp`: the language service as an MCP server (issue 30). Agents
// are users too: the tools an agent needs to write ilo — check, fix, format,
// explain, builtins, schema, contracts — over the same core as the editor
// and the CLI. See docs/mcp-server.md.
//
//   server.ts       the SDK server: listing, argument checks, tool errors
//   definitions.ts  the tool definitions (inputs, outputs, annotations, identity)
//   tools/          one handler per tool, each over the core
//   source.ts       text or a path inside the client's roots; size and binary checks
//   roots.ts        the client's roots and the only file reads
//   compact.ts      diagnostics in the compact shape and their one-line text
//   builtinSearch.ts ranking builtins for a query
//   level.ts        the language level of a call (one place)
//   limits.ts       every bound

export { createIloMcpServer, MCP_SERVER_NAME, MCP_SERVER_VERSION } from './server';
export { TOOL_DEFINITIONS, type ToolDefinition } from './definitions';
