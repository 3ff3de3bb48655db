// Live MCP: a real server from the npm registry (installed into .tools/ by
// the test), started through the SDK's StdioClientTransport from a
// Claude-Desktop-shaped config; its tools imported, checked, pinned and
// verified. Plus the failure modes a user meets (a command that does not
// exist, a server that dies, one that never answers) and a Streamable HTTP
// server that pages its tool list.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { parseMcpConfig } from '../../server/src/contracts/mcp/mcpClientConfig';
import { listServerTools, listServers, McpListError } from '../../server/src/contracts/mcp/mcpClient';
import { importTools } from '../../server/src/contracts/import/import';
import { checkImportedSource } from '../../server/src/contracts/import/importCheck';
import { detectDrift, driftDiagnostics } from '../../server/src/contracts/pins/drift';
import { verifyLockedServers } from '../../server/src/contracts/pins/driftVerify';
import { parseIlo } from '../../server/src/syntax/parse';
import { listenLocal, statelessHttpServer } from '../helpers/statelessHttpMcp.cjs';
import { ensureMcpServer, MEMORY_SERVER } from './mcpServers';

const scratch = mkdtempSync(join(tmpdir(), 'ilo-mcp-live-'));
test.after(() => rmSync(scratch, { recursive: true, force: true }));

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

test('imports the memory server live: listed through the SDK, checked clean, pinned, no drift', async () => {
  const entry = ensureMcpServer(MEMORY_SERVER);
  const configText = JSON.stringify({
    mcpServers: { memory: { command: process.execPath, args: [entry], env: { MEMORY_FILE_PATH: join(scratch, 'memory.jsonl') } } },
  });
  const config = parseMcpConfig(configText);
  assert.deepEqual(config.problems, []);
  const listing = await listServerTools('memory', config.servers.get('memory')!, { timeoutMs: 30_000 });

  assert.equal(listing.serverInfo?.name, 'memory-server');
  const names = listing.tools.map((t) => t.name);
  assert.ok(names.includes('create_entities') && names.includes('read_graph') && names.includes('open_nodes'), names.join(' '));
  assert.deepEqual(listing.problems, []);

  const imported = importTools(listing.tools, { server: 'memory', serverInfo: listing.serverInfo, file: 'memory.ilo' });
  assert.deepEqual(imported.problems, []);
  assert.match(imported.source, /^tool create-entities"Create multiple new entities in the knowledge graph" entities:L entity>R /m);
  assert.match(imported.source, /^type entity\{name:t;entity-type:t;observations:L t\}$/m);

  // The generated file checks clean and exports every tool back unchanged.
  const check = checkImportedSource(listing.tools, imported.source);
  assert.deepEqual(check.diagnostics, []);
  assert.deepEqual(
    check.tools.filter((t) => t.status !== 'exact' && t.status !== 'contract').map((t) => t.name),
    [],
  );

  // Pinned: the lock records the server's identity; listing again finds no drift.
  assert.deepEqual(imported.lockEntry.server, listing.serverInfo);
  assert.equal(Object.keys(imported.lockEntry.tools).length, listing.tools.length);
  const again = await listServerTools('memory', config.servers.get('memory')!, { timeoutMs: 30_000 });
  assert.deepEqual(detectDrift('memory', imported.lockEntry, again), []);

  // A pin that no longer matches what the live server says is reported on the declaration.
  const edited = structuredClone(imported.lockEntry);
  edited.tools.read_graph.definition.description = 'Read the whole graph';
  edited.tools.read_graph.hash = 'sha256:pinned-before';
  const drift = detectDrift('memory', edited, again);
  assert.deepEqual(drift.map((d) => [d.kind, d.wire]), [['changed', 'read_graph']]);
  const decls = parseIlo(imported.source).program.decls;
  const [diag] = driftDiagnostics(drift, decls);
  assert.equal(diag.code, 'tool-changed');
  assert.equal(imported.source.slice(diag.start, diag.end), 'read-graph');
  assert.match(diag.message, /description: "Read the whole graph" → "Read the entire knowledge graph"/);
});

test('a command that does not exist fails with an error naming the server and the command', async () => {
  const config = parseMcpConfig(JSON.stringify({ mcpServers: { ghost: { command: 'ilo-no-such-mcp-server-binary', args: ['--stdio'] } } }));
  const results = await listServers(config.servers, ['ghost', 'unknown']);
  const ghost = results.get('ghost');
  assert.ok(ghost instanceof McpListError);
  assert.equal(ghost.failure, 'start');
  assert.match(ghost.message, /could not start MCP server `ghost`: the command `ilo-no-such-mcp-server-binary` was not found/);
  const unknown = results.get('unknown');
  assert.ok(unknown instanceof McpListError);
  assert.match(unknown.message, /no server `unknown` in the MCP config \(known: ghost\)/);
});

test('a server that exits at start-up is reported with the end of its stderr', async () => {
  const script = 'process.stderr.write("fatal: SLACK_BOT_TOKEN is not set\\n"); process.exit(2)';
  await assert.rejects(
    listServerTools('slack', { kind: 'stdio', command: process.execPath, args: ['-e', script], env: {} }, { timeoutMs: 10_000 }),
    (e: unknown) => {
      assert.ok(e instanceof McpListError);
      assert.equal(e.failure, 'closed');
      assert.match(e.message, /exited or closed the connection before it listed its tools/);
      assert.match(e.stderr ?? '', /SLACK_BOT_TOKEN is not set/);
      return true;
    },
  );
});

test('a server that never answers is stopped when the deadline passes', async () => {
  const pidFile = join(scratch, 'silent.pid');
  const script = `require("fs").writeFileSync(${JSON.stringify(pidFile)}, String(process.pid)); setInterval(() => {}, 1000)`;
  await assert.rejects(
    listServerTools('silent', { kind: 'stdio', command: process.execPath, args: ['-e', script], env: {} }, { timeoutMs: 1_500 }),
    (e: unknown) => e instanceof McpListError && e.failure === 'timeout' && /did not list its tools within 1.5 s; it was stopped/.test(e.message),
  );
  const pid = Number(readFileSync(pidFile, 'utf8'));
  assert.equal(isAlive(pid), false, `server process ${pid} is still running`);
});

/** A stateless Streamable HTTP MCP server whose tool list comes in pages of two. */
async function pagingServer(toolCount: number): Promise<{ url: string; http: HttpServer; requests: string[] }> {
  const tools = Array.from({ length: toolCount }, (_, i) => ({
    name: `lookup_item_${i}`,
    description: `Look up inventory item number ${i} by its code`,
    inputSchema: { type: 'object' as const, properties: { itemCode: { type: 'string', description: 'The item code' } }, required: ['itemCode'] },
  }));
  const requests: string[] = [];
  const http = statelessHttpServer(
    { name: 'inventory', version: '3.1.0' },
    (server) => {
      server.setRequestHandler(ListToolsRequestSchema, async (r) => {
        const start = r.params?.cursor ? Number(r.params.cursor) : 0;
        const next = start + 2 < tools.length ? String(start + 2) : undefined;
        return { tools: tools.slice(start, start + 2), ...(next ? { nextCursor: next } : {}) };
      });
    },
    (body) => {
      if (body?.method) requests.push(body.method);
    },
  );
  return { url: await listenLocal(http), http, requests };
}

test('lists a Streamable HTTP server page by page', async () => {
  const { url, http, requests } = await pagingServer(5);
  try {
    const config = parseMcpConfig(JSON.stringify({ mcpServers: { inventory: { url } } }));
    const listing = await listServerTools('inventory', config.servers.get('inventory')!, { timeoutMs: 10_000 });
    assert.deepEqual(
      listing.tools.map((t) => t.name),
      ['lookup_item_0', 'lookup_item_1', 'lookup_item_2', 'lookup_item_3', 'lookup_item_4'],
    );
    assert.equal(listing.pages, 3);
    assert.equal(requests.filter((m) => m === 'tools/list').length, 3);
    assert.deepEqual(listing.serverInfo, { name: 'inventory', version: '3.1.0' });
    const imported = importTools(listing.tools, { server: 'inventory' });
    assert.match(imported.source, /^-- @param item-code=itemCode The item code$/m);
  } finally {
    http.close();
  }
});

test('an unreachable HTTP server is reported with its URL', async () => {
  const http = createServer();
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  await new Promise<void>((resolve) => http.close(() => resolve()));
  const url = `http://127.0.0.1:${port}/mcp`;
  await assert.rejects(listServerTools('gone', { kind: 'http', url, headers: {} }, { timeoutMs: 5_000 }), (e: unknown) => {
    assert.ok(e instanceof McpListError);
    assert.equal(e.failure, 'http');
    assert.ok(e.message.includes(`could not reach MCP server \`gone\` at ${url}`), e.message);
    return true;
  });
});

test('the config reader reports bad entries by server name and keeps the good ones', () => {
  const config = parseMcpConfig(
    JSON.stringify({
      mcpServers: {
        ok: { command: 'node', args: ['server.js'], env: { TOKEN: 'x' } },
        noCommand: { args: [] },
        badArgs: { command: 'node', args: 'server.js' },
        badUrl: { url: 'ftp://example.com/mcp' },
        remote: { url: 'https://example.com/mcp', headers: { Authorization: 'Bearer abc' } },
      },
    }),
  );
  assert.deepEqual([...config.servers.keys()], ['ok', 'remote']);
  assert.equal(config.problems.length, 3);
  assert.match(config.problems.join('\n'), /server `noCommand` needs a "command"/);
  assert.match(config.problems.join('\n'), /server `badArgs`: "args" must be an array of strings/);
  assert.match(config.problems.join('\n'), /server `badUrl`: "url" must be an http\(s\) URL/);
  assert.match(parseMcpConfig('{"mcpServers": ').problems[0], /is not valid JSON/);
  assert.match(parseMcpConfig('{"servers2": {}}').problems[0], /has no "mcpServers" object/);
});

test('verify re-lists the pinned servers from the config and reports what changed', async () => {
  const { url, http } = await pagingServer(3);
  try {
    const config = parseMcpConfig(JSON.stringify({ mcpServers: { inventory: { url }, other: { command: 'ilo-no-such-mcp-server-binary' } } }));
    const listing = await listServerTools('inventory', config.servers.get('inventory')!, { timeoutMs: 10_000 });
    // Pinned when the server had only two of its three tools, and a third server that is not configured.
    const pinned = importTools(listing.tools.slice(0, 2), { server: 'inventory', serverInfo: listing.serverInfo });
    const lock = {
      lockfileVersion: 1,
      servers: { inventory: pinned.lockEntry, other: importTools([], {}).lockEntry, retired: importTools([], {}).lockEntry },
    };
    const result = await verifyLockedServers(lock, config, { timeoutMs: 10_000 });
    assert.deepEqual(result.checked, ['inventory']);
    assert.deepEqual(result.notConfigured, ['retired']);
    assert.deepEqual(result.failures.map((f) => [f.server, f.failure]), [['other', 'start']]);
    assert.deepEqual(result.items.map((i) => [i.kind, i.wire]), [['added', 'lookup_item_2']]);
  } finally {
    http.close();
  }
});
