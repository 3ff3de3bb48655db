// "ilo: Import MCP tools" and "ilo: Verify tools against servers". MCP
// servers are started only by these explicit commands, never in an
// untrusted workspace; nothing the user wrote is replaced without asking.

import * as path from 'node:path';
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';

type ImportSource = { kind: 'text'; text: string; server?: string } | { kind: 'config'; configPath: string; server: string };

interface ImportPlanResult {
  server: string;
  source: string;
  tools: Array<{ wire: string; ilo: string; status: string }>;
  problems: Array<{ path: string; message: string; severity: string }>;
  lint: Array<{ code: string; tool: string; message: string }>;
  lockPath?: string;
  lockText?: string;
  lockChange?: { added: string[]; removed: string[]; changed: string[] };
  replacesPins: boolean;
}

function requireTrust(what: string): boolean {
  if (vscode.workspace.isTrusted) return true;
  void vscode.window.showWarningMessage(`ilo: ${what} starts MCP servers, which is disabled in an untrusted workspace.`);
  return false;
}

/** The MCP config: the `ilo.mcp.config` setting, else one the user picks. */
async function pickConfig(): Promise<string | undefined> {
  const configured = vscode.workspace.getConfiguration('ilo').get<string>('mcp.config', '');
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  if (configured) return folder && !path.isAbsolute(configured) ? path.join(folder, configured) : configured;
  const picked = await vscode.window.showOpenDialog({
    canSelectMany: false,
    filters: { 'MCP config': ['json'] },
    title: 'MCP config ({"mcpServers": {…}})',
  });
  return picked?.[0]?.fsPath;
}

async function chooseSource(): Promise<ImportSource | undefined> {
  const editor = vscode.window.activeTextEditor;
  const selection = editor && !editor.selection.isEmpty ? editor.document.getText(editor.selection) : undefined;
  const choices = [
    ...(selection ? [{ label: 'From the selection', detail: 'the selected tools/list JSON', id: 'selection' }] : []),
    { label: 'From a JSON file…', detail: 'a tools/list result or an array of tools', id: 'file' },
    { label: 'From the clipboard', detail: 'tools/list JSON copied from anywhere', id: 'clipboard' },
    { label: 'From an MCP server…', detail: 'start a server named in an MCP config and list its tools', id: 'server' },
  ];
  const choice = await vscode.window.showQuickPick(choices, { title: 'Import MCP tools' });
  if (!choice) return undefined;
  if (choice.id === 'selection' && selection) return { kind: 'text', text: selection };
  if (choice.id === 'file') {
    const picked = await vscode.window.showOpenDialog({ canSelectMany: false, filters: { JSON: ['json'] } });
    if (!picked?.[0]) return undefined;
    const text = Buffer.from(await vscode.workspace.fs.readFile(picked[0])).toString('utf8');
    return { kind: 'text', text, server: path.basename(picked[0].fsPath).replace(/(\.tools)?\.json$/i, '') };
  }
  if (choice.id === 'clipboard') return { kind: 'text', text: await vscode.env.clipboard.readText() };
  if (!requireTrust('Importing from a server')) return undefined;
  const configPath = await pickConfig();
  if (!configPath) return undefined;
  const server = await vscode.window.showInputBox({ title: 'Server name in the MCP config', prompt: configPath });
  return server ? { kind: 'config', configPath, server } : undefined;
}

export async function importMcpTools(client: LanguageClient, args?: { source?: ImportSource; targetUri?: string; force?: boolean }): Promise<boolean> {
  const source = args?.source ?? (await chooseSource());
  if (!source) return false;
  if (source.kind === 'config' && !requireTrust('Importing from a server')) return false;
  const editor = vscode.window.activeTextEditor;
  const target = args?.targetUri ? vscode.Uri.parse(args.targetUri) : editor?.document.languageId === 'ilo' ? editor.document.uri : undefined;
  const plan = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: 'ilo: importing MCP tools…' },
    async () =>
      (await client.sendRequest('workspace/executeCommand', {
        command: 'ilo.server.importPlan',
        arguments: [{ source, targetUri: target?.toString() }],
      })) as ImportPlanResult,
  );
  if (plan.tools.length === 0) {
    void vscode.window.showErrorMessage(`ilo: no usable tools. ${plan.problems.map((p) => `${p.path}: ${p.message}`).join('; ')}`);
    return false;
  }
  if (plan.lint.length > 0 && !args?.force) {
    const go = await vscode.window.showWarningMessage(
      `ilo: these tool definitions look suspicious:\n${plan.lint.map((l) => `${l.tool}: ${l.message}`).join('\n')}`,
      { modal: true },
      'Import anyway',
    );
    if (go !== 'Import anyway') return false;
  }
  if (plan.replacesPins && !args?.force) {
    const c = plan.lockChange!;
    const go = await vscode.window.showWarningMessage(
      `ilo: importing replaces pinned tools of \`${plan.server}\` in ${path.basename(plan.lockPath ?? '')} (changed: ${c.changed.join(', ') || 'none'}; removed: ${c.removed.join(', ') || 'none'}).`,
      { modal: true },
      'Replace pins',
    );
    if (go !== 'Replace pins') return false;
  }
  if (target) {
    // Appended as an undoable edit: nothing already in the file is replaced.
    const doc = await vscode.workspace.openTextDocument(target);
    const edit = new vscode.WorkspaceEdit();
    const end = doc.lineAt(doc.lineCount - 1).range.end;
    const sep = doc.getText().length === 0 ? '' : doc.getText().endsWith('\n\n') ? '' : doc.getText().endsWith('\n') ? '\n' : '\n\n';
    edit.insert(target, end, sep + plan.source);
    await vscode.workspace.applyEdit(edit);
    if (plan.lockPath && plan.lockText) await vscode.workspace.fs.writeFile(vscode.Uri.file(plan.lockPath), Buffer.from(plan.lockText, 'utf8'));
  } else {
    const doc = await vscode.workspace.openTextDocument({ language: 'ilo', content: plan.source });
    await vscode.window.showTextDocument(doc);
  }
  void vscode.window.showInformationMessage(
    `ilo: imported ${plan.tools.length} tool${plan.tools.length === 1 ? '' : 's'} from \`${plan.server}\`${target && plan.lockPath ? `, pinned in ${path.basename(plan.lockPath)}` : ''}.`,
  );
  return true;
}

export async function verifyTools(client: LanguageClient, args?: { configPath?: string; lockPath?: string }): Promise<unknown> {
  if (!requireTrust('Verifying tools')) return undefined;
  const configPath = args?.configPath ?? (await pickConfig());
  if (!configPath) return undefined;
  let lockPath = args?.lockPath;
  if (!lockPath) {
    const locks = await vscode.workspace.findFiles('**/ilo-tools.lock.json', '**/node_modules/**', 10);
    if (locks.length === 0) {
      void vscode.window.showErrorMessage('ilo: no ilo-tools.lock.json in the workspace: import tools first.');
      return undefined;
    }
    lockPath = locks[0].fsPath;
  }
  const summary = (await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: 'ilo: verifying tools against their servers…' },
    () => client.sendRequest('workspace/executeCommand', { command: 'ilo.server.verify', arguments: [{ configPath, lockPath }] }),
  )) as { checked: string[]; findings: number; failures: string[]; notConfigured: string[] };
  const notes = [...summary.failures, ...summary.notConfigured.map((n) => `${n} is not in the config`)];
  const message = `ilo: checked ${summary.checked.length} server${summary.checked.length === 1 ? '' : 's'}: ${summary.findings} finding${summary.findings === 1 ? '' : 's'} (see Problems).${notes.length ? ` Not checked: ${notes.join('; ')}` : ''}`;
  if (summary.findings > 0 || notes.length > 0) void vscode.window.showWarningMessage(message);
  else void vscode.window.showInformationMessage(message);
  return summary;
}
