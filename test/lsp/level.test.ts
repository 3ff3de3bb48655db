// The language level over stdio: the initialization option, the
// `ilo.languageVersion` setting (which wins when present, and leaves the
// option in force when absent), a pragma deciding for its file, and the level
// the status bar asks for.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { startSession } from './connection';

// The keyword ternary: level 26 only (0.11.6 says ILO-P001).
const TERNARY = 'sg x:n>n;?h >x 0 1 -1\n';
const errors = (p: { diagnostics: Array<{ severity?: number; code?: string | number }> }): Array<string | number | undefined> =>
  p.diagnostics.filter((d) => d.severity === 1).map((d) => d.code);

test('the initialization option sets the level of files without a pragma; a pragma decides for its file', async () => {
  const s = await startSession({ languageVersion: '0.11' });
  try {
    assert.ok(errors(await s.open('file:///tmp/ilo-lsp-level/a.ilo', TERNARY)).length > 0, '0.11 rejects ?h');
    assert.deepEqual(errors(await s.open('file:///tmp/ilo-lsp-level/b.ilo', `^26.5\n${TERNARY}`)), []);
    const r = await s.request<{ level?: string; pragma?: string; levelSource?: string }>('workspace/executeCommand', {
      command: 'ilo.server.toolCount',
      arguments: [{ uri: 'file:///tmp/ilo-lsp-level/b.ilo' }],
    });
    assert.deepEqual([r.level, r.pragma, r.levelSource], ['26', '26.5', 'pragma']);
  } finally {
    await s.stop();
  }
});

test('the setting wins over the initialization option; without it the option stays', async () => {
  const withSetting = await startSession({ languageVersion: '0.11', capabilities: { workspace: { configuration: true } }, settings: { languageVersion: '26' } });
  try {
    // The settings are pulled after `initialized`: wait for the republish at 26.
    const uri = 'file:///tmp/ilo-lsp-level/c.ilo';
    let last = errors(await withSetting.open(uri, TERNARY));
    for (let v = 2; last.length > 0 && v < 40; v++) {
      await new Promise((r) => setTimeout(r, 100));
      last = errors(await withSetting.change(uri, v, TERNARY));
    }
    assert.deepEqual(last, []);
  } finally {
    await withSetting.stop();
  }
  const without = await startSession({ languageVersion: '0.11', capabilities: { workspace: { configuration: true } }, settings: {} });
  try {
    const uri = 'file:///tmp/ilo-lsp-level/d.ilo';
    await without.open(uri, TERNARY);
    // Once the settings have been pulled (the option stays): still 0.11.
    await new Promise((r) => setTimeout(r, 500));
    assert.ok(errors(await without.change(uri, 2, TERNARY)).length > 0);
  } finally {
    await without.stop();
  }
});
