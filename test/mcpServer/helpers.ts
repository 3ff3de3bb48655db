// Agents for the `ilo-ls mcp` tests: an SDK client connected to the server
// in-process (InMemoryTransport) or over stdio (the real CLI), with or
// without the roots capability, and a check of every structured answer
// against the tool's output schema (ajv, draft 2020-12).

import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import Ajv2020 from 'ajv/dist/2020';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ListRootsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createIloMcpServer, TOOL_DEFINITIONS } from '../../server/src/mcpServer';
import { setLevelPreference } from '../../server/src/cli/level';

export const repoRoot = path.join(__dirname, '..', '..');

const ajv = new Ajv2020({ allErrors: true, strict: false });
const outputChecks = new Map(TOOL_DEFINITIONS.map((d) => [d.name, ajv.compile(d.outputSchema)]));

export interface Agent {
  client: Client;
  /** Calls a tool; a structured answer is checked against the tool's output schema. */
  call(name: string, args: Record<string, unknown>): Promise<CallToolResult>;
  /** Replaces the roots the client shares (and tells the server). */
  setRoots(dirs: string[]): Promise<void>;
  close(): Promise<void>;
}

export interface AgentOptions {
  /** Directories shared as roots; undefined: the client has no roots capability. */
  roots?: string[];
  /** Over stdio with the real CLI (`ilo-ls mcp`) instead of in-process. */
  stdio?: boolean;
  /**
   * The server's level for source without a pragma (`--language-version`);
   * default 0.11, so that no test depends on an `ilo` on PATH.
   */
  level?: '0.11' | '26' | 'auto';
}

export async function connectAgent(options: AgentOptions = {}): Promise<Agent> {
  let roots = options.roots;
  const client = new Client({ name: 'test-agent', version: '1.0.0' }, { capabilities: roots ? { roots: { listChanged: true } } : {} });
  if (roots) client.setRequestHandler(ListRootsRequestSchema, async () => ({ roots: (roots ?? []).map((d) => ({ uri: pathToFileURL(d).href, name: path.basename(d) })) }));
  let closeServer: () => Promise<void> = async () => undefined;
  const level = options.level ?? '0.11';
  if (options.stdio) {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ['--import', 'tsx', path.join(repoRoot, 'server', 'src', 'cli.ts'), 'mcp', '--language-version', level],
      cwd: repoRoot,
      stderr: 'pipe',
    });
    await client.connect(transport);
  } else {
    setLevelPreference(level);
    const server = createIloMcpServer();
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    await client.connect(clientSide);
    closeServer = () => server.close();
  }
  // listTools caches the output schemas the SDK client validates structured content against.
  await client.listTools();
  return {
    client,
    async call(name, args) {
      const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
      if (!result.isError) {
        const check = outputChecks.get(name);
        assert.ok(check, `no output schema for ${name}`);
        assert.ok(check(result.structuredContent), `${name}: structured content does not fit the output schema: ${ajv.errorsText(check.errors)}`);
        assert.equal(result.content[0]?.type, 'text');
      }
      return result;
    },
    async setRoots(dirs) {
      roots = dirs;
      await client.sendRootsListChanged();
    },
    async close() {
      await client.close();
      await closeServer();
    },
  };
}

export function textOf(r: CallToolResult): string {
  const c = r.content[0];
  return c && c.type === 'text' ? c.text : '';
}

/** A fresh directory (real path) for one test file's files; removed by the caller. */
export function scratch(prefix: string): string {
  return fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
}
