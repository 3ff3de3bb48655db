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

let client: LanguageClient | undefined;
let output: vscode.LogOutputChannel | undefined;

function serverModule(context: vscode.ExtensionContext): string {
  const override = vscode.workspace.getConfiguration('ilo').get<string>('server.path');
  return override && override.trim() !== '' ? override : context.asAbsolutePath(path.join('dist', 'server.js'));
}

function createClient(context: vscode.ExtensionContext): LanguageClient {
  const module = serverModule(context);
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.ipc },
    debug: { module, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6009'] } },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: 'file', language: 'ilo' },
      { scheme: 'untitled', language: 'ilo' },
    ],
    synchronize: { fileEvents: vscode.workspace.createFileSystemWatcher('**/*.ilo') },
    outputChannel: output,
    traceOutputChannel: output,
  };
  return new LanguageClient('ilo', 'ilo language server', serverOptions, clientOptions);
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  output = vscode.window.createOutputChannel('ilo', { log: true });
  context.subscriptions.push(output);
  client = createClient(context);
  context.subscriptions.push(
    vscode.commands.registerCommand('ilo.restartServer', async () => {
      if (client) await client.stop();
      client = createClient(context);
      await client.start();
    }),
    vscode.commands.registerCommand('ilo.showOutput', () => output?.show(true)),
  );
  await client.start();
}

export async function deactivate(): Promise<void> {
  if (client) await client.stop();
}
