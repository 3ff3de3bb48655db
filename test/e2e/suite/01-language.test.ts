// The extension is picked up for .ilo files and its commands are registered.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { extensionId, showFile } from './harness';

describe('ilo files in VS Code', () => {
  it('opens a .ilo file with language id "ilo" and activates the extension', async () => {
    const editor = await showFile('tools.ilo');
    assert.equal(editor.document.languageId, 'ilo');
    const ext = vscode.extensions.getExtension(extensionId);
    assert.ok(ext, `extension ${extensionId} is not loaded`);
    await ext.activate();
    assert.equal(ext.isActive, true);
  });

  it('registers the ilo commands in the palette', async () => {
    const all = await vscode.commands.getCommands(true);
    for (const id of ['ilo.restartServer', 'ilo.showOutput', 'ilo.exportTools', 'ilo.exportMcpManifest']) {
      assert.ok(all.includes(id), `command ${id} is not registered`);
    }
  });
});
