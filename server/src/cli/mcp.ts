// `ilo-ls mcp`: the MCP server over stdio (see server/src/mcpServer). stdout
// carries MCP only; nothing else is printed while it runs.

import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createIloMcpServer } from '../mcpServer';
import type { CliIo } from './io';

export async function runMcp(args: readonly string[], io: CliIo): Promise<number> {
  if (args.length > 0) {
    io.err(`ilo-ls mcp: unexpected argument ${args[0]} (the server takes none; clients share their roots over MCP)\n`);
    return 2;
  }
  const server = createIloMcpServer();
  const done = new Promise<void>((resolve) => {
    const stop = () => void server.close().then(resolve, resolve);
    // The host closing our stdin (or a signal) ends the server.
    process.stdin.once('end', stop);
    process.stdin.once('close', stop);
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    server.onclose = () => resolve();
  });
  await server.connect(new StdioServerTransport());
  await done;
  return 0;
}
