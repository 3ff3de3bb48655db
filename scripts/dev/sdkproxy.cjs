// Dev: an SDK Server in front of an SDK Client, no checks at all (the floor of an SDK-based proxy).
const { Server } = require('@modelcontextprotocol/sdk/server/index.js');
const { StdioServerTransport } = require('@modelcontextprotocol/sdk/server/stdio.js');
const { Client } = require('@modelcontextprotocol/sdk/client/index.js');
const { StdioClientTransport } = require('@modelcontextprotocol/sdk/client/stdio.js');
const { ListToolsRequestSchema, CallToolRequestSchema } = require('@modelcontextprotocol/sdk/types.js');
(async () => {
  const up = new Client({ name: 'p', version: '1' });
  await up.connect(new StdioClientTransport({ command: process.execPath, args: process.argv.slice(2), stderr: 'ignore' }));
  const s = new Server({ name: 'p', version: '1' }, { capabilities: { tools: {} } });
  s.setRequestHandler(ListToolsRequestSchema, () => up.listTools());
  s.setRequestHandler(CallToolRequestSchema, (r, extra) => up.callTool(r.params, undefined, { signal: extra.signal }));
  await s.connect(new StdioServerTransport());
})();
