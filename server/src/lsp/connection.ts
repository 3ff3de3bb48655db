// The server process's connection. The transport comes from the command line
// as vscode-languageserver reads it (--stdio, --node-ipc, --socket, --pipe);
// over stdio the messages are written with publishDiagnosticsEncoder, which
// reuses the JSON of diagnostics published before (the library's writer would
// stringify and encode every diagnostic again on each keystroke).

import { format } from 'node:util';
import {
  createConnection,
  ProposedFeatures,
  StreamMessageWriter,
  type Connection,
  type ConnectionOptions,
  type RemoteConsole,
} from 'vscode-languageserver/node';
import { publishDiagnosticsEncoder } from './publishEncoder';

export function commandLineConnection(options: ConnectionOptions, argv: readonly string[] = process.argv.slice(2)): Connection {
  if (transportOf(argv) !== '--stdio') return createConnection(ProposedFeatures.all, options);
  const writer = new StreamMessageWriter(process.stdout, { contentTypeEncoder: publishDiagnosticsEncoder() });
  // stdin goes in as a stream, not a reader: the library then ends the process when the client closes it.
  const connection = createConnection(ProposedFeatures.all, process.stdin, writer as unknown as NodeJS.WritableStream, options);
  routeConsole(connection.console);
  return connection;
}

/** The transport argument vscode-languageserver acts on: the first of them. */
export function transportOf(argv: readonly string[]): string | undefined {
  for (const arg of argv) {
    if (arg === '--stdio' || arg === '--node-ipc') return arg;
    const name = arg.split('=')[0];
    if (name === '--socket' || name === '--pipe') return name;
  }
  return undefined;
}

/** Over stdio, stdout carries only messages: console output goes to the client's log instead (as the library does for --stdio). */
function routeConsole(remote: RemoteConsole): void {
  const text = (args: unknown[]): string => format(...args);
  console.log = (...args: unknown[]) => remote.log(text(args));
  console.debug = (...args: unknown[]) => remote.log(text(args));
  console.info = (...args: unknown[]) => remote.info(text(args));
  console.warn = (...args: unknown[]) => remote.warn(text(args));
  console.error = (...args: unknown[]) => remote.error(text(args));
  console.dir = (arg: unknown) => remote.log(format('%O', arg));
  console.trace = (...args: unknown[]) => remote.log(`Trace${args.length > 0 ? `: ${text(args)}` : ''}\n${new Error().stack?.split('\n').slice(2).join('\n') ?? ''}`);
}
