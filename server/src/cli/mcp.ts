// `ilo-ls mcp`: the MCP server over stdio (see server/src/mcpServer). stdout
// carries MCP only. A message over MAX_MESSAGE_BYTES is skipped as it streams
// in (the gate's bounded reader) and answered with a JSON-RPC error; the
// server stays up. Its size (never its content) goes to stderr.

import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { installBoundedReader, MESSAGE_TOO_LARGE } from '../gate/boundedRead';
import { createIloMcpServer } from '../mcpServer';
import { MAX_MESSAGE_BYTES } from '../mcpServer/limits';
import type { ParsedArgs } from './args';
import type { CliIo } from './io';

/** Arguments were checked against the command's spec (commands.ts): it takes none. */
export async function runMcp(_args: ParsedArgs, io: CliIo): Promise<number> {
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
  const transport = new StdioServerTransport();
  installBoundedReader(transport, {
    maxBytes: MAX_MESSAGE_BYTES,
    onOversize: (o) => {
      io.err(`ilo-ls mcp: a message of ${o.bytes}+ bytes is over the limit of ${o.limit}; it was dropped\n`);
      if (o.id === undefined || o.response) return;
      const answer = { jsonrpc: '2.0', id: o.id, error: { code: MESSAGE_TOO_LARGE, message: `ilo-ls mcp: the request is ${o.bytes}+ bytes, over the limit of ${o.limit}` } };
      void transport.send(answer as JSONRPCMessage).catch(() => undefined);
    },
  });
  await server.connect(transport);
  await done;
  return 0;
}
