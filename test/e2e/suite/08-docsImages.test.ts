// The README's pictures, taken from examples/ (the runner copies it into the
// workspace): a tool's hover with the Problems panel, and the token lenses
// with inlay hints. `node scripts/e2e/run.mjs --docs-image` copies them to
// docs/images/; every run checks that what they show is on screen.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { codeOf, hoverText, iloDiagnostics, positionOf, requestDomCheck, requestVisible, showFile, waitFor } from './harness';

const ourDiagnostics = (uri: vscode.Uri): vscode.Diagnostic[] =>
  vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'ilo' || d.source === 'ilo-contracts');

describe('pictures of examples/ for the README', () => {
  it('the hover of a tool in weather.ilo, with the problems of broken.ilo and db.ilo', async () => {
    const broken = await showFile('examples/broken.ilo');
    await waitFor('diagnostics on broken.ilo', () => (iloDiagnostics(broken.document.uri).some((d) => codeOf(d) === 'ILO-T004') ? true : undefined));
    const db = await showFile('examples/db.ilo');
    await waitFor('diagnostics on db.ilo', () => (ourDiagnostics(db.document.uri).some((d) => codeOf(d) === 'effect-gate') ? true : undefined));
    await vscode.commands.executeCommand('workbench.actions.view.problems');

    const editor = await showFile('examples/weather.ilo');
    const at = positionOf(editor.document, 'get-forecast"', 3);
    await waitFor('the hover to be ready', async () => ((await hoverText(editor.document.uri, at)).includes('inputSchema') ? true : undefined));
    editor.selection = new vscode.Selection(at, at);
    await vscode.commands.executeCommand('workbench.action.focusActiveEditorGroup');
    await vscode.commands.executeCommand('editor.action.showHover');

    const seen = await requestDomCheck({ name: 'docs-hover-problems', hoverIncludes: 'inputSchema', problemsIncludes: 'effect-gate' });
    assert.equal(seen.error, undefined, seen.error);
    assert.equal(seen.hoverVisible, true, `hover not visible; it showed: ${seen.hoverText.slice(0, 300)}`);
    assert.match(seen.hoverText, /get-forecast/);
    assert.equal(seen.problemsVisible, true, `Problems panel not visible; it showed: ${seen.problemsText.slice(0, 300)}`);
    assert.match(seen.problemsText, /ILO-T004/);
    assert.ok(seen.screenshot, 'no screenshot was saved');
    await vscode.commands.executeCommand('workbench.action.closePanel');
  });

  it('the token lenses and inlay hints of db.ilo', async () => {
    await showFile('examples/db.ilo');
    await vscode.commands.executeCommand('workbench.action.focusActiveEditorGroup');
    const seen = await requestVisible('docs-hints-lenses', [
      { selector: '.codelens-decoration', includes: 'tokens per request' },
      { selector: '.view-lines', includes: 'sql:' },
    ]);
    assert.equal(seen.error, undefined, seen.error);
    assert.equal(seen.seen[0], true, `no token lens on screen; lenses showed: ${seen.texts[0]}`);
    assert.equal(seen.seen[1], true, `no parameter hint on screen; the editor showed: ${seen.texts[1]}`);
    assert.ok(seen.screenshot, 'no screenshot was saved');
  });
});
