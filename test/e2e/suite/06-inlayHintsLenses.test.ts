// In VS Code: the inlay hints (parameter names, binding types) and the
// token-cost code lenses of tools.ilo, as the editor's own provider commands
// return them from the language server; and the parameter-name setting
// turning its hints off.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { requestVisible, showFile, waitFor } from './harness';

const labelOf = (h: vscode.InlayHint): string => (typeof h.label === 'string' ? h.label : h.label.map((p) => p.value).join(''));

async function hints(doc: vscode.TextDocument): Promise<string[]> {
  const range = new vscode.Range(0, 0, doc.lineCount, 0);
  const found = (await vscode.commands.executeCommand<vscode.InlayHint[]>('vscode.executeInlayHintProvider', doc.uri, range)) ?? [];
  return found.map(labelOf);
}

describe('inlay hints and token lenses', () => {
  it('names the arguments of a tool call and shows the type of a binding', async () => {
    const { document: doc } = await showFile('tools.ilo');
    // welcome cid:t>R _ t;c=find-customer! cid;send-sms c "Welcome aboard"
    const labels = await waitFor('inlay hints on tools.ilo', async () => {
      const l = await hints(doc);
      return l.includes('body:') ? l : undefined;
    });
    assert.ok(labels.includes('phone:'), labels.join(' '));
    assert.ok(labels.includes(':t'), `the binding c gets its type: ${labels.join(' ')}`);
    assert.ok(!labels.includes('cid:'), 'an argument named like its parameter has no hint');
  });

  it('shows what each tool costs in tokens, and the manifest total', async () => {
    const { document: doc } = await showFile('tools.ilo');
    const titles = await waitFor('code lenses on tools.ilo', async () => {
      const lenses = (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', doc.uri, 10)) ?? [];
      const t = lenses.map((l) => l.command?.title ?? '');
      return t.some((x) => /tokens per request$/.test(x)) ? t : undefined;
    });
    assert.equal(titles.filter((t) => /^\d+ tokens per request$/.test(t)).length, 2, titles.join(' | '));
    assert.ok(titles.some((t) => /^manifest: 2 tools, \d+ tokens$/.test(t)), titles.join(' | '));
    assert.ok(titles.some((t) => /^\d+ source tokens$/.test(t)), titles.join(' | '));
  });

  it('draws the token lens and the inlay hints in the editor on screen', async () => {
    const { document: doc } = await showFile('tools.ilo');
    await waitFor('inlay hints on tools.ilo', async () => ((await hints(doc)).includes('body:') ? true : undefined));
    await vscode.commands.executeCommand('workbench.action.focusActiveEditorGroup');
    const seen = await requestVisible('inlay-hints-and-lenses', [
      { selector: '.codelens-decoration', includes: 'tokens per request' },
      { selector: '.view-lines', includes: 'body:' },
    ]);
    assert.equal(seen.error, undefined, seen.error);
    assert.equal(seen.seen[0], true, `no token lens on screen; lenses showed: ${seen.texts[0]}`);
    assert.equal(seen.seen[1], true, `no parameter hint on screen; the editor showed: ${seen.texts[1]}`);
    assert.ok(seen.screenshot, 'no screenshot was saved');
  });

  it('turning ilo.inlayHints.parameterNames off removes the parameter names', async () => {
    const { document: doc } = await showFile('tools.ilo');
    const config = vscode.workspace.getConfiguration('ilo');
    await config.update('inlayHints.parameterNames', false, vscode.ConfigurationTarget.Workspace);
    try {
      const labels = await waitFor('hints without parameter names', async () => {
        const l = await hints(doc);
        return l.includes('body:') ? undefined : l;
      });
      assert.ok(labels.includes(':t'), `binding types stay: ${labels.join(' ')}`);
    } finally {
      await config.update('inlayHints.parameterNames', undefined, vscode.ConfigurationTarget.Workspace);
    }
  });
});
