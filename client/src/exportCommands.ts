// "ilo: Export tools…": a quick pick of the formats (MCP manifest, OpenAI
// Responses / Chat Completions tools, Anthropic tools, A2A agent card); the
// server builds the content; the client picks the target (default next to the
// source), asks before replacing a file, and writes it. The older one-format
// commands (Export MCP manifest / OpenAI tools / Anthropic tools) still run.

import * as path from 'node:path';
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';

export type ExportFormat = 'mcp' | 'openai' | 'openai-chat' | 'anthropic' | 'a2a';

/** Optional arguments, so tests and other extensions can run the command without dialogs. */
export interface ExportArgs {
  uri?: string;
  target?: string;
  overwrite?: boolean;
  /** "Export tools…" only: the format, instead of the quick pick. */
  format?: ExportFormat;
  /** a2a: the URL the agent is served at, instead of the setting or the input box. */
  baseUrl?: string;
}

interface ExportResult {
  content: string;
  toolCount: number;
  omitted: Array<{ name: string; reason: string }>;
  relaxed?: Array<{ name: string; reason: string }>;
}

const SUFFIX: Record<ExportFormat, string> = {
  mcp: '.mcp.json',
  openai: '.openai-tools.json',
  'openai-chat': '.openai-chat-tools.json',
  anthropic: '.anthropic-tools.json',
  a2a: '.agent-card.json',
};

const LABEL: Record<ExportFormat, string> = {
  mcp: 'MCP manifest',
  openai: 'OpenAI tools (Responses API)',
  'openai-chat': 'OpenAI tools (Chat Completions)',
  anthropic: 'Anthropic tools',
  a2a: 'A2A agent card',
};

/** The quick pick's second line: what takes each format. */
const TAKEN_BY: Record<ExportFormat, string> = {
  mcp: 'tools/list result; JSON Schema for the Vercel AI SDK',
  openai: 'OpenAI Responses API function tools, strict where possible',
  'openai-chat': 'Chat Completions tools; LangChain, CrewAI, AutoGen',
  anthropic: 'Anthropic Messages API tools',
  a2a: 'agent-card.json, one skill per tool (needs the agent URL)',
};

export const EXPORT_FORMATS = Object.keys(LABEL) as ExportFormat[];

/** The ilo document a command applies to: the argument, else the active editor. */
export function targetDocumentUri(args?: { uri?: string }): vscode.Uri | undefined {
  if (args?.uri) return vscode.Uri.parse(args.uri);
  const doc = vscode.window.activeTextEditor?.document;
  return doc && doc.languageId === 'ilo' ? doc.uri : undefined;
}

export function defaultExportUri(source: vscode.Uri, format: ExportFormat): vscode.Uri {
  const configured = vscode.workspace.getConfiguration('ilo').get<string>('export.directory', '');
  const base = path.basename(source.path).replace(/\.(ilo|@)$/, '') + SUFFIX[format];
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

export async function requestExport(client: LanguageClient, uri: vscode.Uri, format: ExportFormat, baseUrl?: string): Promise<ExportResult> {
  const includeBehavior = vscode.workspace.getConfiguration('ilo').get<boolean>('export.includeBehavior', true);
  // Make sure the server has seen the document (it may not be open in an editor).
  await vscode.workspace.openTextDocument(uri);
  return (await client.sendRequest('workspace/executeCommand', {
    command: 'ilo.server.export',
    arguments: [{ uri: uri.toString(), format, includeBehavior, baseUrl }],
  })) as ExportResult;
}

function urlProblem(value: string): string | undefined {
  try {
    const u = new URL(value.trim());
    return u.protocol === 'http:' || u.protocol === 'https:' ? undefined : 'Enter an http or https URL';
  } catch {
    return 'Enter a URL such as https://agents.example.com/notes';
  }
}

/** a2a: the agent's URL from the argument, the setting, or an input box (undefined when cancelled). */
async function agentBaseUrl(args?: ExportArgs): Promise<string | undefined> {
  if (args?.baseUrl) return args.baseUrl;
  const configured = vscode.workspace.getConfiguration('ilo').get<string>('export.a2aBaseUrl', '');
  if (configured.trim() !== '') return configured;
  return vscode.window.showInputBox({
    title: 'Export A2A agent card',
    prompt: 'The URL the agent serves A2A JSON-RPC at (set ilo.export.a2aBaseUrl to skip this question)',
    placeHolder: 'https://agents.example.com/notes',
    validateInput: (v) => urlProblem(v),
  });
}

/** "ilo: Export tools…": pick a format (unless `args.format` says it), then export. */
export async function runExportPicker(client: LanguageClient, args?: ExportArgs): Promise<vscode.Uri | undefined> {
  if (!targetDocumentUri(args)) {
    void vscode.window.showErrorMessage('ilo: open an ilo file to export its tools.');
    return undefined;
  }
  let format = args?.format;
  if (!format) {
    const picked = await vscode.window.showQuickPick(
      EXPORT_FORMATS.map((f) => ({ label: LABEL[f], description: f, detail: TAKEN_BY[f], format: f })),
      { title: 'Export tools as', placeHolder: 'Which format?', matchOnDescription: true, matchOnDetail: true },
    );
    if (!picked) return undefined;
    format = picked.format;
  }
  if (!EXPORT_FORMATS.includes(format)) {
    void vscode.window.showErrorMessage(`ilo: unknown export format '${String(format)}'; one of ${EXPORT_FORMATS.join(', ')}.`);
    return undefined;
  }
  return runExport(client, format, args);
}

/** Runs one export command; returns the written file's URI, or undefined when cancelled. */
export async function runExport(client: LanguageClient, format: ExportFormat, args?: ExportArgs): Promise<vscode.Uri | undefined> {
  const source = targetDocumentUri(args);
  if (!source) {
    void vscode.window.showErrorMessage(`ilo: open an ilo file to export its ${LABEL[format]}.`);
    return undefined;
  }
  let baseUrl: string | undefined;
  if (format === 'a2a') {
    baseUrl = await agentBaseUrl(args);
    if (!baseUrl) return undefined;
  }
  let result: ExportResult;
  try {
    result = await requestExport(client, source, format, baseUrl);
  } catch (err) {
    // e.g. an A2A base URL from the setting that is not a URL
    void vscode.window.showErrorMessage(`ilo: cannot export ${LABEL[format]}: ${err instanceof Error ? err.message : String(err)}`);
    return undefined;
  }
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
  const relaxed = result.relaxed ?? [];
  const notStrict = relaxed.length > 0 ? ` Not strict (strict mode cannot express them): ${relaxed.map((o) => `${o.name} (${o.reason})`).join('; ')}.` : '';
  const left = result.omitted.length > 0 ? ` Left out: ${result.omitted.map((o) => `${o.name} (${o.reason})`).join('; ')}.` : '';
  const message = `ilo: exported ${result.toolCount} tool${result.toolCount === 1 ? '' : 's'} to ${path.basename(target.path)}.${notStrict}${left}`;
  if (result.omitted.length > 0 || relaxed.length > 0) void vscode.window.showWarningMessage(message);
  else void vscode.window.showInformationMessage(message);
  return target;
}
