// Types of statelessHttpMcp.cjs (a plain CommonJS module, so that fixtures run by node can require it too).
import type { Server as HttpServer } from 'node:http';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';

/** A stateless Streamable HTTP MCP server: each request gets a fresh SDK Server given its handlers by `setup`. */
export declare function statelessHttpServer(
  info: { name: string; version: string },
  setup: (server: Server) => void,
  onBody?: (body: { method?: string } | undefined) => void,
): HttpServer;

/** Listen on a free port of 127.0.0.1; resolves to the server's MCP URL. */
export declare function listenLocal(http: HttpServer): Promise<string>;
