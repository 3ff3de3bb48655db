// `ilo-ls mcp`: the MCP server over stdio (see server/src/mcpServer). stdout
// carries MCP only; nothing else is printed while it runs.

import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createIloMcpServer } from '../mcpServer';
import type { ParsedArgs } from './args';
import type { CliIo } from './io';

/** Arguments were checked against the command's spec (commands.ts): it takes none. */
export async function runMcp(_args: ParsedArgs, _io: CliIo): Promise<number> {
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
