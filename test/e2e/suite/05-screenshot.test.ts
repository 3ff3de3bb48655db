// DOM-level check: with the Problems panel open and a hover shown on a tool,
// the runner (driving the real browser page) must find both on screen, and
// it saves a screenshot of that moment under .e2e/.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { codeOf, hoverText, iloDiagnostics, positionOf, showFile, showHoverAndCheck, waitFor } from './harness';

describe('what the user sees', () => {
  it('shows the tool hover and the Problems panel in the page', async () => {
    const broken = await showFile('broken.ilo');
    await waitFor('diagnostics on broken.ilo', () =>
      iloDiagnostics(broken.document.uri).some((d) => codeOf(d) === 'ILO-T004') ? true : undefined);
    await vscode.commands.executeCommand('workbench.actions.view.problems');

    const editor = await showFile('tools.ilo');
    const at = positionOf(editor.document, 'find-customer"', 3);
    await waitFor('the hover to be ready', async () =>
      (await hoverText(editor.document.uri, at)).includes('inputSchema') ? true : undefined);
    editor.selection = new vscode.Selection(at, at);

    const seen = await showHoverAndCheck({ name: 'hover-and-problems', hoverIncludes: 'inputSchema', problemsIncludes: 'ILO-T004' });
    assert.equal(seen.error, undefined, seen.error);
    assert.equal(seen.hoverVisible, true, `hover not visible; it showed: ${seen.hoverText.slice(0, 300)}`);
    assert.match(seen.hoverText, /find-customer/);
    assert.equal(seen.problemsVisible, true, `Problems panel not visible; it showed: ${seen.problemsText.slice(0, 300)}`);
    assert.match(seen.problemsText, /ILO-T004/);
    assert.ok(seen.screenshot, 'no screenshot was saved');
  });
});
