// Rename through the UI: F2 on a function called in one file and declared in
// another opens VS Code's rename box (our prepareRename answers), the new
// name is typed and accepted with Enter, and both files change — the
// declaration in the used file and every call in the user.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { iloDiagnostics, positionOf, requestKeys, showFile, waitFor, workspaceDir, workspaceUri } from './harness';

const LIB = '-- Doubles a number.\ntwice n:n>n;*n 2\n';
// Level 0.11 groups no operands for a used file's function (`twice twice n` is
// ILO-T006 for the reference), so the inner call is bound first.
const MAIN = 'use "rename-lib.ilo"\nquad n:n>n;a=twice n;twice a\n';

describe('rename', () => {
  it('renames a function used across two files with F2', async () => {
    fs.writeFileSync(path.join(workspaceDir(), 'rename-lib.ilo'), LIB);
    fs.writeFileSync(path.join(workspaceDir(), 'rename-main.ilo'), MAIN);
    const editor = await showFile('rename-main.ilo');
    const doc = editor.document;
    const at = positionOf(doc, 'twice a', 2);

    // The server is ready once it finds the declaration in the other file and both calls.
    await waitFor('references to `twice` in both files', async () => {
      const refs = (await vscode.commands.executeCommand<vscode.Location[]>('vscode.executeReferenceProvider', doc.uri, at)) ?? [];
      return refs.length === 3 ? refs : undefined;
    });

    editor.selection = new vscode.Selection(at, at);
    await vscode.commands.executeCommand('workbench.action.focusActiveEditorGroup');
    const typed = await requestKeys('rename-f2', [{ press: 'F2' }, { fill: '.rename-box input.rename-input', text: 'double' }, { press: 'Enter' }]);
    assert.equal(typed.error, undefined, typed.error);
    assert.equal(typed.done, true);

    const main = await waitFor('the calls renamed in rename-main.ilo', () => (doc.getText().includes('double a') ? doc.getText() : undefined));
    assert.equal(main, 'use "rename-lib.ilo"\nquad n:n>n;a=double n;double a\n');
    const lib = await vscode.workspace.openTextDocument(workspaceUri('rename-lib.ilo'));
    await waitFor('the declaration renamed in rename-lib.ilo', () => (lib.getText().includes('double n:n>n') ? true : undefined));
    assert.equal(lib.getText(), '-- Doubles a number.\ndouble n:n>n;*n 2\n');

    // Both files still check clean once saved.
    // Files only: an untitled document left by another test must not open a Save As dialog.
    assert.ok(await vscode.workspace.saveAll(false));
    await waitFor('rename-main.ilo to stay clean', () => (iloDiagnostics(doc.uri).length === 0 && !doc.isDirty ? true : undefined));
    assert.equal(fs.readFileSync(path.join(workspaceDir(), 'rename-lib.ilo'), 'utf8'), '-- Doubles a number.\ndouble n:n>n;*n 2\n');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
});
