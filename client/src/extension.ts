// The thin VS Code client: starts the ilo language server and forwards
// palette commands to it. All language knowledge lives in the server.

import * as path from 'node:path';
import * as vscode from 'vscode';
import {
  LanguageClient,
  TransportKind,
  type LanguageClientOptions,
  type ServerOptions,
} from 'vscode-languageclient/node';

import { runExport, runExportPicker, type ExportArgs } from './exportCommands';
import { ManifestView } from './manifestView';
import { importMcpTools, verifyTools } from './mcpCommands';
import { routeThroughGate, type RouteArgs } from './gateCommand';
import { IloStatusBar } from './statusBar';
import { machineCores, serverExecArgv, startWithFallback } from './serverLaunch';
import { offerMcpServer, type McpApi } from './mcpServerProvider';

let client: LanguageClient | undefined;
let output: vscode.LogOutputChannel | undefined;

function serverModule(context: vscode.ExtensionContext): string {
  // A server path from settings runs user-chosen code: honoured only in trusted workspaces.
  const override = vscode.workspace.isTrusted ? vscode.workspace.getConfiguration('ilo').get<string>('server.path') : undefined;
  return override && override.trim() !== '' ? override : context.asAbsolutePath(path.join('dist', 'server.js'));
}

function createClient(context: vscode.ExtensionContext, execArgv: readonly string[]): LanguageClient {
  const module = serverModule(context);
  // Over stdio (not node IPC, where node serialises every message itself) the
  // server writes each publish reusing the bytes of unchanged diagnostics.
  // Node flags (`execArgv`): see serverLaunch.ts.
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.stdio, options: { execArgv: [...execArgv] } },
    debug: { module, transport: TransportKind.stdio, options: { execArgv: [...execArgv, '--nolazy', '--inspect=6009'] } },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: 'file', language: 'ilo' },
      { scheme: 'untitled', language: 'ilo' },
    ],
    synchronize: {
      fileEvents: vscode.workspace.createFileSystemWatcher('**/*.{ilo,@}'),
      configurationSection: 'ilo',
    },
    outputChannel: output,
    traceOutputChannel: output,
  };
  return new LanguageClient('ilo', 'ilo language server', serverOptions, clientOptions);
}

export interface IloExtensionApi {
  client: () => LanguageClient | undefined;
  /** The `ilo-ls mcp` definitions offered to the agent mode; undefined where this VS Code has no MCP server definitions. */
  mcpServerDefinitions: () => unknown[] | undefined;
}

export async function activate(context: vscode.ExtensionContext): Promise<IloExtensionApi> {
  output = vscode.window.createOutputChannel('ilo', { log: true });
  context.subscriptions.push(output);
  const statusBar = new IloStatusBar(() => client);
  const manifestView = new ManifestView(() => client);
  manifestView.register(context);
  let stateWatch: vscode.Disposable | undefined;

  const start = async (): Promise<void> => {
    const flags = serverExecArgv(machineCores());
    await startWithFallback(
      flags,
      async (execArgv) => {
        const next = createClient(context, execArgv);
        client = next;
        stateWatch?.dispose();
        stateWatch = statusBar.watch(next);
        try {
          await next.start();
        } catch (err) {
          await next.dispose().catch(() => undefined);
          throw err;
        }
      },
      (err) => output?.warn(`ilo: the language server did not start with node flags [${flags.join(' ')}] (${String(err)}); starting it without them.`),
    );
  };
  const running = (): LanguageClient => {
    if (!client) throw new Error('the ilo language server is not running');
    return client;
  };

  context.subscriptions.push(
    vscode.commands.registerCommand('ilo.restartServer', async () => {
      if (client) await client.stop();
      await start();
      void vscode.window.showInformationMessage('ilo: language server restarted.');
    }),
    vscode.commands.registerCommand('ilo.showOutput', () => output?.show(true)),
    vscode.commands.registerCommand('ilo.exportTools', (args?: ExportArgs) => runExportPicker(running(), args)),
    vscode.commands.registerCommand('ilo.exportMcpManifest', (args?: ExportArgs) => runExport(running(), 'mcp', args)),
    vscode.commands.registerCommand('ilo.exportOpenAITools', (args?: ExportArgs) => runExport(running(), 'openai', args)),
    vscode.commands.registerCommand('ilo.exportAnthropicTools', (args?: ExportArgs) => runExport(running(), 'anthropic', args)),
    vscode.commands.registerCommand('ilo.showMcpManifest', (args?: { uri?: string }) => manifestView.show(args)),
    vscode.commands.registerCommand('ilo.importMcpTools', (args?: Parameters<typeof importMcpTools>[1]) => importMcpTools(running(), args)),
    vscode.commands.registerCommand('ilo.verifyTools', (args?: Parameters<typeof verifyTools>[1]) => verifyTools(running(), args)),
    vscode.commands.registerCommand('ilo.routeThroughGate', (args?: RouteArgs) => routeThroughGate(running(), context, args)),
    { dispose: () => stateWatch?.dispose() },
  );
  statusBar.register(context);
  // `ilo-ls mcp` for the agent mode, where this VS Code knows MCP server definitions.
  const mcp = offerMcpServer(vscode as unknown as McpApi, {
    cliPath: context.asAbsolutePath(path.join('dist', 'cli.js')),
    execPath: process.execPath,
    version: String((context.extension.packageJSON as { version?: unknown }).version ?? '0.0.0'),
    isTrusted: () => vscode.workspace.isTrusted,
    onDidGrantTrust: (listener) => vscode.workspace.onDidGrantWorkspaceTrust(listener),
    cwd: () => vscode.workspace.workspaceFolders?.[0]?.uri,
    languageVersion: () => vscode.workspace.getConfiguration('ilo').get<string>('languageVersion'),
    onDidChangeLanguageVersion: (listener) =>
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('ilo.languageVersion')) listener();
      }),
  });
  if (mcp) context.subscriptions.push(mcp);
  await start();
  return { client: () => client, mcpServerDefinitions: () => mcp?.provider.provideMcpServerDefinitions() };
}

export async function deactivate(): Promise<void> {
  if (client) await client.stop();
}
