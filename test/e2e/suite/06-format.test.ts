// Formatting a document in VS Code: the Format Document provider gives the
// expanded layout by default, and the real "Format Document" command follows
// `ilo.format.style` when it says dense.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { waitFor } from './harness';

const SOURCE = '-- doubles then adds\nf x:n>n;a=x * 2;a + 1\n';
const EXPANDED = '-- doubles then adds\nf x:n > n\n  a = * x 2\n  + a 1\n';
const DENSE = '-- doubles then adds\nf x:n>n;a=*x 2;+a 1\n';

describe('formatting', () => {
  it('formats a document expanded by default, and dense when ilo.format.style is dense', async () => {
    const doc = await vscode.workspace.openTextDocument({ language: 'ilo', content: SOURCE });
    await vscode.window.showTextDocument(doc);
    const edits = await waitFor('formatting edits from the ilo server', async () => {
      const e = await vscode.commands.executeCommand<vscode.TextEdit[]>('vscode.executeFormatDocumentProvider', doc.uri, {
        tabSize: 2,
        insertSpaces: true,
      });
      return e && e.length > 0 ? e : undefined;
    });
    const change = new vscode.WorkspaceEdit();
    change.set(doc.uri, edits);
    assert.ok(await vscode.workspace.applyEdit(change));
    assert.equal(doc.getText(), EXPANDED);

    const settings = vscode.workspace.getConfiguration('ilo');
    await settings.update('format.style', 'dense', vscode.ConfigurationTarget.Workspace);
    try {
      await waitFor('the dense layout after Format Document', async () => {
        await vscode.commands.executeCommand('editor.action.formatDocument');
        return doc.getText() === DENSE ? true : undefined;
      });
    } finally {
      await settings.update('format.style', undefined, vscode.ConfigurationTarget.Workspace);
    }
    assert.equal(doc.getText(), DENSE);
    // The untitled document goes without a save prompt, so later tests see no dialog.
    await vscode.window.showTextDocument(doc);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });
});
