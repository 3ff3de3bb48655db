// "ilo: Route an MCP server through the gate": pick an MCP config and one of
// its servers; the language server plans the rewrite (the entry launches
// `ilo-ls gate`, the original entry goes into a gate config of its own); we
// show the diff, ask, keep a backup of the config, and write. Other entries
// are never touched. Trusted workspaces only: the result starts programs.

import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';

interface ConfigEntry {
  name: string;
  launches: string;
  routed: boolean;
}

type RouteResponse =
  | { kind: 'entries'; entries: ConfigEntry[] }
  | {
      kind: 'plan';
      originalText: string;
      backupPath: string;
      plan: { configText: string; gateConfigPath: string; gateConfigText: string };
    }
  | { kind: 'error'; error: string };

export interface RouteArgs {
  configPath?: string;
  server?: string;
  lockPath?: string;
  /** Extra gate switches, e.g. ["--read-only"]; asked for when absent. */
  gateArgs?: string[];
  /** Skip the confirmation (tests). */
  confirm?: boolean;
}

const PREVIEW_SCHEME = 'ilo-gate-preview';
const previews = new Map<string, string>();
let providerRegistered = false;

function registerPreview(context: vscode.ExtensionContext): void {
  if (providerRegistered) return;
  providerRegistered = true;
  context.subscriptions.push(
    vscode.workspace.registerTextDocumentContentProvider(PREVIEW_SCHEME, { provideTextDocumentContent: (uri) => previews.get(uri.path) ?? '' }),
  );
}

/** Configs an agent host reads: the workspace's, then the user's, then any file. */
function candidateConfigs(): { label: string; detail: string; path?: string }[] {
  const out: { label: string; detail: string; path?: string }[] = [];
  const configured = vscode.workspace.getConfiguration('ilo').get<string>('mcp.config', '');
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  const home = os.homedir();
  const claude =
    process.platform === 'darwin'
      ? path.join(home, 'Library', 'Application Support', 'Claude', 'claude_desktop_config.json')
      : process.platform === 'win32'
        ? path.join(process.env.APPDATA ?? home, 'Claude', 'claude_desktop_config.json')
        : path.join(home, '.config', 'Claude', 'claude_desktop_config.json');
  const known = [
    ...(configured ? [{ label: 'ilo.mcp.config', p: folder && !path.isAbsolute(configured) ? path.join(folder, configured) : configured }] : []),
    ...(folder ? [{ label: 'VS Code (.vscode/mcp.json)', p: path.join(folder, '.vscode', 'mcp.json') }, { label: 'Cursor (.cursor/mcp.json)', p: path.join(folder, '.cursor', 'mcp.json') }] : []),
    { label: 'Cursor (user)', p: path.join(home, '.cursor', 'mcp.json') },
    { label: 'Claude Desktop', p: claude },
  ];
  for (const k of known) if (fs.existsSync(k.p) && !out.some((o) => o.path === k.p)) out.push({ label: k.label, detail: k.p, path: k.p });
  out.push({ label: 'Another MCP config…', detail: 'pick a JSON file' });
  return out;
}

async function pickConfigPath(): Promise<string | undefined> {
  const choice = await vscode.window.showQuickPick(candidateConfigs(), { title: 'Route an MCP server through the gate: which config?' });
  if (!choice) return undefined;
  if (choice.path) return choice.path;
  const picked = await vscode.window.showOpenDialog({ canSelectMany: false, filters: { 'MCP config': ['json'] } });
  return picked?.[0]?.fsPath;
}

async function pickLock(): Promise<string | undefined> {
  const locks = await vscode.workspace.findFiles('**/ilo-tools.lock.json', '**/node_modules/**', 20);
  if (locks.length === 0) {
    void vscode.window.showErrorMessage('ilo: no ilo-tools.lock.json in the workspace: import the server\'s tools first ("ilo: Import MCP tools"), so the gate has pins to enforce.');
    return undefined;
  }
  if (locks.length === 1) return locks[0].fsPath;
  const choice = await vscode.window.showQuickPick(
    locks.map((l) => ({ label: vscode.workspace.asRelativePath(l), path: l.fsPath })),
    { title: 'Which lock file holds the pins?' },
  );
  return choice?.path;
}

export async function routeThroughGate(client: LanguageClient, context: vscode.ExtensionContext, args: RouteArgs = {}): Promise<boolean> {
  if (!vscode.workspace.isTrusted) {
    void vscode.window.showWarningMessage('ilo: routing an MCP server through the gate changes what your agent host starts; it is disabled in an untrusted workspace.');
    return false;
  }
  const ask = (arg: Record<string, unknown>) => client.sendRequest('workspace/executeCommand', { command: 'ilo.server.gateRoute', arguments: [arg] }) as Promise<RouteResponse>;
  const configPath = args.configPath ?? (await pickConfigPath());
  if (!configPath) return false;
  let server = args.server;
  if (!server) {
    const listed = await ask({ configPath });
    if (listed.kind !== 'entries') {
      void vscode.window.showErrorMessage(`ilo: ${listed.kind === 'error' ? listed.error : 'unexpected answer'}`);
      return false;
    }
    const choice = await vscode.window.showQuickPick(
      listed.entries.map((e) => ({ label: e.name, description: e.routed ? 'already through the gate' : undefined, detail: e.launches })),
      { title: `Which server of ${path.basename(configPath)}?` },
    );
    server = choice?.label;
    if (!server) return false;
  }
  const lockPath = args.lockPath ?? (await pickLock());
  if (!lockPath) return false;
  let gateArgs = args.gateArgs;
  if (!gateArgs) {
    const mode = await vscode.window.showQuickPick(
      [
        { label: 'Pinned tools', detail: 'serve the tools pinned in the lock, unchanged and lint-clean', args: [] as string[] },
        { label: 'Pinned tools, read-only', detail: 'and only those that surely leave the world alone (--read-only)', args: ['--read-only'] },
      ],
      { title: `What may \`${server}\` do through the gate?` },
    );
    if (!mode) return false;
    gateArgs = mode.args;
  }
  const answer = await ask({ configPath, server, lockPath, gateArgs, cliPath: context.asAbsolutePath(path.join('dist', 'cli.js')) });
  if (answer.kind !== 'plan') {
    void vscode.window.showErrorMessage(`ilo: ${answer.kind === 'error' ? answer.error : 'unexpected answer'}`);
    return false;
  }
  const { plan, backupPath, originalText } = answer;

  if (args.confirm !== true) {
    registerPreview(context);
    const key = `/${Date.now()}/${path.basename(configPath)}`;
    previews.set(key, plan.configText);
    await vscode.commands.executeCommand('vscode.diff', vscode.Uri.file(configPath), vscode.Uri.from({ scheme: PREVIEW_SCHEME, path: key }), `${path.basename(configPath)}: route \`${server}\` through the gate`);
    const go = await vscode.window.showWarningMessage(
      `Route \`${server}\` through the ilo gate? Only its entry changes (see the diff). The original entry is kept in ${path.basename(plan.gateConfigPath)}, and a backup of the config in ${path.basename(backupPath)}.`,
      { modal: true },
      'Route through the gate',
    );
    previews.delete(key);
    if (go !== 'Route through the gate') return false;
  }
  // Written only if nobody changed the config since the plan was made.
  const now = fs.readFileSync(configPath, 'utf8');
  if (now !== originalText) {
    void vscode.window.showErrorMessage(`ilo: ${path.basename(configPath)} changed while you were deciding; nothing was written. Run the command again.`);
    return false;
  }
  fs.writeFileSync(backupPath, originalText, { flag: 'wx' });
  fs.writeFileSync(plan.gateConfigPath, plan.gateConfigText, { mode: 0o600 });
  fs.writeFileSync(configPath, plan.configText);
  void vscode.window.showInformationMessage(`ilo: \`${server}\` now starts through the gate (restart it in your agent host). Backup: ${backupPath}`);
  return true;
}
