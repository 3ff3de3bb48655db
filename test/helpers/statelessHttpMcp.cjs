// A stateless Streamable HTTP MCP server (official SDK) for tests and for
// fixtures that run as child processes: each request gets a fresh SDK Server,
// given its handlers by `setup`, over a transport that answers with JSON and
// keeps no session.
//   const http = statelessHttpServer({ name, version }, (server) => { server.setRequestHandler(...) }, onBody?);
//   const url = await listenLocal(http);   // http://127.0.0.1:PORT/mcp
// onBody sees each request's parsed JSON body (undefined when empty) before it is served.
const { createServer } = require('node:http');
const { Server } = require('@modelcontextprotocol/sdk/server/index.js');
const { StreamableHTTPServerTransport } = require('@modelcontextprotocol/sdk/server/streamableHttp.js');

function statelessHttpServer(info, setup, onBody) {
  return createServer(async (req, res) => {
    const chunks = [];
    for await (const c of req) chunks.push(c);
    const body = chunks.length > 0 ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined;
    if (onBody) onBody(body);
    const server = new Server(info, { capabilities: { tools: {} } });
    setup(server);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  });
}

/** Listen on a free port of 127.0.0.1; resolves to the server's MCP URL. */
function listenLocal(http) {
  return new Promise((resolve) => http.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${http.address().port}/mcp`)));
}

module.exports = { statelessHttpServer, listenLocal };
