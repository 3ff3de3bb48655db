// "ilo: Show MCP manifest": a read-only virtual document beside the editor
// that follows the source as it changes.

import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { requestExport, targetDocumentUri } from './exportCommands';

export const MANIFEST_SCHEME = 'ilo-manifest';

export class ManifestView implements vscode.TextDocumentContentProvider {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  /** Open manifest views, keyed by their source document. */
  private readonly views = new Map<string, vscode.Uri>();
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly client: () => LanguageClient | undefined) {}

  register(context: vscode.ExtensionContext): void {
    context.subscriptions.push(
      vscode.workspace.registerTextDocumentContentProvider(MANIFEST_SCHEME, this),
      vscode.workspace.onDidChangeTextDocument((e) => this.sourceChanged(e.document.uri)),
      vscode.workspace.onDidCloseTextDocument((d) => {
        if (d.uri.scheme === MANIFEST_SCHEME) this.views.delete(this.sourceOf(d.uri));
      }),
      this.changed,
    );
  }

  async show(args?: { uri?: string }): Promise<vscode.TextDocument | undefined> {
    const source = targetDocumentUri(args);
    if (!source) {
      void vscode.window.showErrorMessage('ilo: open an ilo file to see its MCP manifest.');
      return undefined;
    }
    const name = source.path.split('/').pop()!.replace(/\.(ilo|@)$/, '');
    const uri = vscode.Uri.from({ scheme: MANIFEST_SCHEME, path: `/${name}.mcp.json`, query: source.toString() });
    this.views.set(source.toString(), uri);
    const doc = await vscode.workspace.openTextDocument(uri);
    await vscode.languages.setTextDocumentLanguage(doc, 'json');
    await vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.Beside, preview: false, preserveFocus: true });
    return doc;
  }

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const client = this.client();
    if (!client) return '// the ilo language server is not running\n';
    try {
      const result = await requestExport(client, vscode.Uri.parse(this.sourceOf(uri)), 'mcp');
      return result.content;
    } catch (err) {
      return `// cannot build the manifest: ${String(err)}\n`;
    }
  }

  private sourceOf(uri: vscode.Uri): string {
    return uri.query;
  }

  private sourceChanged(source: vscode.Uri): void {
    const view = this.views.get(source.toString());
    if (!view) return;
    // Coalesce keystrokes: refresh once typing pauses.
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.changed.fire(view), 300);
  }
}
