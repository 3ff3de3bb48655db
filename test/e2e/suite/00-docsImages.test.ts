// The README's pictures, taken from examples/ (the runner copies it into the
// workspace) before any other test opens a file, so that only examples/ is on
// screen: a tool's hover with the Problems panel, and the token lenses with
// inlay hints. `node scripts/e2e/run.mjs --docs-image` copies them to
// docs/images/; every run checks that what they show is on screen.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { codeOf, hoverText, iloDiagnostics, positionOf, requestVisible, showHoverAndCheck, showFile, waitFor } from './harness';

const ourDiagnostics = (uri: vscode.Uri): vscode.Diagnostic[] =>
  vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'ilo' || d.source === 'ilo-contracts');

describe('pictures of examples/ for the README', () => {
  it('the hover of a tool in weather.ilo, with the problems of broken.ilo and db.ilo', async () => {
    // The editor and the panel get the whole window.
    await vscode.commands.executeCommand('workbench.action.closeSidebar');
    const broken = await showFile('examples/broken.ilo');
    await waitFor('diagnostics on broken.ilo', () => (iloDiagnostics(broken.document.uri).some((d) => codeOf(d) === 'ILO-T004') ? true : undefined));
    const db = await showFile('examples/db.ilo');
    await waitFor('diagnostics on db.ilo', () => (ourDiagnostics(db.document.uri).some((d) => codeOf(d) === 'effect-gate') ? true : undefined));
    await vscode.commands.executeCommand('workbench.actions.view.problems');

    const editor = await showFile('examples/weather.ilo');
    // A call of the tool: its hover is the tool's definition, with no diagnostic hover above it.
    const at = positionOf(editor.document, 'f=get-forecast!', 5);
    await waitFor('the hover to be ready', async () => ((await hoverText(editor.document.uri, at)).includes('Input schema') ? true : undefined));
    editor.selection = new vscode.Selection(at, at);
    editor.revealRange(new vscode.Range(at, at), vscode.TextEditorRevealType.InCenter);

    const seen = await showHoverAndCheck({ name: 'docs-hover-problems', hoverIncludes: 'Input schema', problemsIncludes: 'ILO-T004' });
    assert.equal(seen.error, undefined, seen.error);
    assert.equal(seen.hoverVisible, true, `hover not visible; it showed: ${seen.hoverText.slice(0, 300)}`);
    assert.match(seen.hoverText, /get-forecast/);
    assert.equal(seen.problemsVisible, true, `Problems panel not visible; it showed: ${seen.problemsText.slice(0, 300)}`);
    assert.doesNotMatch(seen.problemsText, /'fac' is not defined/, 'only the problems of examples/');
    assert.ok(seen.screenshot, 'no screenshot was saved');
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
    // The other tests start from the usual window.
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('workbench.action.closePanel');
    await vscode.commands.executeCommand('workbench.view.explorer');
  });
});
