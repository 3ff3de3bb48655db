// The MCP server itself (official SDK, low-level Server so that the tool
// definitions go out exactly as definitions.ts writes them). tools/list
// answers TOOL_DEFINITIONS; tools/call checks the arguments against the
// tool's input schema, runs its handler, and answers structured content
// plus a compact text. Whatever goes wrong in a call becomes a one-line tool
// error (`isError`); an unknown tool name is a protocol error, as MCP says.
// Nothing is written, nothing leaves the machine: the only reads are ilo
// files (`.ilo`, `.@`) inside the client's roots (roots.ts).

import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  RootsListChangedNotificationSchema,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';
import { checkArgs } from './args';
import type { ToolContext, ToolHandler } from './context';
import { TOOL_DEFINITIONS } from './definitions';
import { ROOTS_TIMEOUT_MS } from './limits';
import { ClientRoots } from './roots';
import { ToolFailure } from './toolFailure';
import { runBuiltins } from './tools/builtins';
import { runCheck } from './tools/check';
import { runContracts } from './tools/contracts';
import { runExplain } from './tools/explain';
import { runFix } from './tools/fix';
import { runFormat } from './tools/format';
import { runSchema } from './tools/schemaTool';

export const MCP_SERVER_NAME = 'ilo';
export const MCP_SERVER_VERSION = '0.1.0';

const HANDLERS: Readonly<Record<string, ToolHandler>> = {
  check: runCheck,
  fix: runFix,
  format: runFormat,
  explain: runExplain,
  builtins: runBuiltins,
  schema: runSchema,
  contracts: runContracts,
};

function toolError(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}

/** The `ilo-ls mcp` server, not yet connected to a transport. */
export function createIloMcpServer(): Server {
  const server = new Server({ name: MCP_SERVER_NAME, version: MCP_SERVER_VERSION }, { capabilities: { tools: {} } });
  const roots = new ClientRoots(async () => {
    if (!server.getClientCapabilities()?.roots) return undefined;
    const r = await server.listRoots(undefined, { timeout: ROOTS_TIMEOUT_MS });
    return r.roots.map((root) => root.uri);
  });
  const ctx: ToolContext = { roots: () => roots.dirs() };

  server.setNotificationHandler(RootsListChangedNotificationSchema, async () => roots.invalidate());
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    // Copies: nothing a transport does to them can change the next listing.
    tools: TOOL_DEFINITIONS.map((d) => JSON.parse(JSON.stringify(d))),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const { name, arguments: args } = request.params;
    const definition = TOOL_DEFINITIONS.find((d) => d.name === name);
    const handler = Object.hasOwn(HANDLERS, name) ? HANDLERS[name] : undefined;
    if (!definition || !handler) {
      throw new McpError(ErrorCode.InvalidParams, `unknown tool '${String(name).slice(0, 64)}'; tools: ${TOOL_DEFINITIONS.map((d) => d.name).join(', ')}`);
    }
    try {
      const answer = await handler(checkArgs(definition.inputSchema, args), ctx);
      return { content: [{ type: 'text', text: answer.text }], structuredContent: answer.structured };
    } catch (err) {
      if (err instanceof ToolFailure) return toolError(err.message);
      // A bug of ours: said in one line, and the server goes on serving.
      const why = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
      return toolError(new ToolFailure(`internal error in ${name}: ${why}`).message);
    }
  });
  return server;
}
