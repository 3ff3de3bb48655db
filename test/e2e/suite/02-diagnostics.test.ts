// A broken file shows the reference's error codes, with source "ilo", on
// the lines a user would look at; fixing the code clears them live.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { codeOf, iloDiagnostics, positionOf, showFile, waitFor } from './harness';

describe('diagnostics', () => {
  it('reports an undefined variable (ILO-T004) and an undefined function (ILO-T005) in broken.ilo', async () => {
    const { document: doc } = await showFile('broken.ilo');
    const diags = await waitFor('diagnostics on broken.ilo', () => {
      const d = iloDiagnostics(doc.uri);
      return d.length >= 2 ? d : undefined;
    });
    const byCode = new Map(diags.map((d) => [codeOf(d), d]));
    assert.deepEqual([...byCode.keys()].sort(), ['ILO-T004', 'ILO-T005']);

    const undefinedVar = byCode.get('ILO-T004')!;
    assert.equal(undefinedVar.severity, vscode.DiagnosticSeverity.Error);
    assert.match(undefinedVar.message, /\bfac\b/);
    assert.ok(undefinedVar.range.contains(positionOf(doc, 'fac')), `range ${JSON.stringify(undefinedVar.range)} misses 'fac'`);

    const undefinedFn = byCode.get('ILO-T005')!;
    assert.equal(undefinedFn.severity, vscode.DiagnosticSeverity.Error);
    assert.match(undefinedFn.message, /\btriple\b/);
    assert.ok(undefinedFn.range.contains(positionOf(doc, 'triple x')), `range ${JSON.stringify(undefinedFn.range)} misses 'triple'`);
  });

  it('clears the error as soon as an edit fixes the code', async () => {
    const doc = await vscode.workspace.openTextDocument({ language: 'ilo', content: 'half x:n>n;/x two\n' });
    await vscode.window.showTextDocument(doc);
    await waitFor('ILO-T004 on the untitled buffer', () =>
      iloDiagnostics(doc.uri).some((d) => codeOf(d) === 'ILO-T004') ? true : undefined);

    const edit = new vscode.WorkspaceEdit();
    const start = positionOf(doc, 'two');
    edit.replace(doc.uri, new vscode.Range(start, start.translate(0, 3)), '2');
    assert.equal(await vscode.workspace.applyEdit(edit), true);
    assert.equal(doc.getText(), 'half x:n>n;/x 2\n');
    await waitFor('the diagnostics to clear', () => (iloDiagnostics(doc.uri).length === 0 ? true : undefined));
    // Leave no dirty scratch buffer behind for the tests that follow.
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });
});
