// Status-bar item: the server's state, the active ilo file's language level
// and its tool count.

import * as vscode from 'vscode';
import { State, type LanguageClient } from 'vscode-languageclient/node';
import { levelLabel, levelTooltip, toolCountLabel, toolCountTooltip, type FileLevel, type ToolCount } from './toolCountLabel';

export class IloStatusBar {
  private readonly item = vscode.window.createStatusBarItem('ilo.status', vscode.StatusBarAlignment.Right, 100);
  private serverState = 'starting';
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly client: () => LanguageClient | undefined) {
    this.item.name = 'ilo';
    this.item.command = 'ilo.showOutput';
  }

  register(context: vscode.ExtensionContext): void {
    context.subscriptions.push(
      this.item,
      vscode.window.onDidChangeActiveTextEditor(() => this.refresh()),
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.document === vscode.window.activeTextEditor?.document) this.refreshSoon();
      }),
    );
    this.refresh();
  }

  /** Follow a (new) client's state changes. */
  watch(client: LanguageClient): vscode.Disposable {
    return client.onDidChangeState((e) => {
      this.serverState = e.newState === State.Running ? 'running' : e.newState === State.Starting ? 'starting' : 'stopped';
      this.refresh();
    });
  }

  private refreshSoon(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.refresh(), 400);
  }

  async refresh(): Promise<void> {
    const doc = vscode.window.activeTextEditor?.document;
    if (!doc || doc.languageId !== 'ilo') {
      this.item.hide();
      return;
    }
    let tools: ToolCount | undefined;
    let level: FileLevel | undefined;
    const client = this.client();
    if (client && this.serverState === 'running') {
      try {
        const r = (await client.sendRequest('workspace/executeCommand', {
          command: 'ilo.server.toolCount',
          arguments: [{ uri: doc.uri.toString() }],
        })) as { tools: number; used?: number; level?: string; pragma?: string; levelSource?: 'pragma' | 'setting' };
        tools = { own: r.tools, used: r.used ?? 0 };
        if (r.level) level = { level: r.level, pragma: r.pragma, source: r.levelSource ?? 'setting' };
      } catch {
        tools = undefined;
      }
    }
    const icon = this.serverState === 'running' ? '$(check)' : this.serverState === 'starting' ? '$(sync~spin)' : '$(error)';
    const name = level ? levelLabel(level) : 'ilo';
    this.item.text = tools === undefined ? `${icon} ${name}` : `${icon} ${name} · ${toolCountLabel(tools)}`;
    this.item.tooltip =
      `ilo language server: ${this.serverState}` +
      (level ? `\n${levelTooltip(level)}` : '') +
      (tools === undefined ? '' : `\n${toolCountTooltip(tools)}`);
    this.item.show();
  }
}
