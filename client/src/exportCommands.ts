// "ilo: Export MCP manifest / OpenAI tools / Anthropic tools": the server
// builds the content; the client picks the target (default next to the
// source), asks before replacing a file, and writes it.

import * as path from 'node:path';
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';

export type ExportFormat = 'mcp' | 'openai' | 'anthropic';

/** Optional arguments, so tests and other extensions can run the command without dialogs. */
export interface ExportArgs {
  uri?: string;
  target?: string;
  overwrite?: boolean;
}

interface ExportResult {
  content: string;
  toolCount: number;
  omitted: Array<{ name: string; reason: string }>;
}

const SUFFIX: Record<ExportFormat, string> = {
  mcp: '.mcp.json',
  openai: '.openai-tools.json',
  anthropic: '.anthropic-tools.json',
};

const LABEL: Record<ExportFormat, string> = {
  mcp: 'MCP manifest',
  openai: 'OpenAI tools',
  anthropic: 'Anthropic tools',
};

/** The ilo document a command applies to: the argument, else the active editor. */
export function targetDocumentUri(args?: { uri?: string }): vscode.Uri | undefined {
  if (args?.uri) return vscode.Uri.parse(args.uri);
  const doc = vscode.window.activeTextEditor?.document;
  return doc && doc.languageId === 'ilo' ? doc.uri : undefined;
}

export function defaultExportUri(source: vscode.Uri, format: ExportFormat): vscode.Uri {
  const configured = vscode.workspace.getConfiguration('ilo').get<string>('export.directory', '');
  const base = path.basename(source.path).replace(/\.ilo$/, '') + SUFFIX[format];
  if (configured && vscode.workspace.workspaceFolders?.[0]) {
    return vscode.Uri.joinPath(vscode.workspace.workspaceFolders[0].uri, configured, base);
  }
  return vscode.Uri.joinPath(source, '..', base);
}

async function exists(uri: vscode.Uri): Promise<boolean> {
  try {
    await vscode.workspace.fs.stat(uri);
    return true;
  } catch {
    return false;
  }
}

export async function requestExport(client: LanguageClient, uri: vscode.Uri, format: ExportFormat): Promise<ExportResult> {
  const includeBehavior = vscode.workspace.getConfiguration('ilo').get<boolean>('export.includeBehavior', true);
  // Make sure the server has seen the document (it may not be open in an editor).
  await vscode.workspace.openTextDocument(uri);
  return (await client.sendRequest('workspace/executeCommand', {
    command: 'ilo.server.export',
    arguments: [{ uri: uri.toString(), format, includeBehavior }],
  })) as ExportResult;
}

/** Runs one export command; returns the written file's URI, or undefined when cancelled. */
export async function runExport(client: LanguageClient, format: ExportFormat, args?: ExportArgs): Promise<vscode.Uri | undefined> {
  const source = targetDocumentUri(args);
  if (!source) {
    void vscode.window.showErrorMessage(`ilo: open an .ilo file to export its ${LABEL[format]}.`);
    return undefined;
  }
  const result = await requestExport(client, source, format);
  let target: vscode.Uri | undefined = args?.target ? vscode.Uri.file(args.target) : undefined;
  if (!target) {
    target = await vscode.window.showSaveDialog({
      defaultUri: defaultExportUri(source, format),
      filters: { JSON: ['json'] },
      title: `Export ${LABEL[format]}`,
    });
    if (!target) return undefined;
  }
  if ((await exists(target)) && !args?.overwrite) {
    const answer = await vscode.window.showWarningMessage(
      `${path.basename(target.path)} already exists. Replace it?`,
      { modal: true },
      'Replace',
    );
    if (answer !== 'Replace') return undefined;
  }
  await vscode.workspace.fs.writeFile(target, Buffer.from(result.content, 'utf8'));
  const left = result.omitted.length > 0 ? ` Left out: ${result.omitted.map((o) => `${o.name} (${o.reason})`).join('; ')}.` : '';
  const message = `ilo: exported ${result.toolCount} tool${result.toolCount === 1 ? '' : 's'} to ${path.basename(target.path)}.${left}`;
  if (result.omitted.length > 0) void vscode.window.showWarningMessage(message);
  else void vscode.window.showInformationMessage(message);
  return target;
}
