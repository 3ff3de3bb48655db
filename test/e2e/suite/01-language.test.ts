// The extension is picked up for .ilo files and its commands are registered.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { extensionId, showFile } from './harness';
import { machineCores, serverExecArgv } from '../../../client/src/serverLaunch';

/** The command lines (arguments) of the running processes that run `script` (Linux /proc). */
function processesRunning(script: string): string[][] {
  const found: string[][] = [];
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const args = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter((a) => a !== '');
      if (args.includes(script)) found.push(args);
    } catch {
      // the process is gone
    }
  }
  return found;
}

describe('ilo files in VS Code', () => {
  it('opens a .ilo file with language id "ilo" and activates the extension', async () => {
    const editor = await showFile('tools.ilo');
    assert.equal(editor.document.languageId, 'ilo');
    const ext = vscode.extensions.getExtension(extensionId);
    assert.ok(ext, `extension ${extensionId} is not loaded`);
    await ext.activate();
    assert.equal(ext.isActive, true);
  });

  it("starts the language server with the node flags for this machine's cores", async () => {
    const ext = vscode.extensions.getExtension(extensionId);
    assert.ok(ext);
    const script = path.join(ext.extensionPath, 'dist', 'server.js');
    let running: string[][] = [];
    for (let i = 0; i < 100 && running.length === 0; i++) {
      running = processesRunning(script);
      if (running.length === 0) await new Promise((r) => setTimeout(r, 100));
    }
    assert.equal(running.length, 1, `expected one process running ${script}, found ${running.length}`);
    const args = running[0];
    const flags = args.slice(1, args.indexOf(script));
    for (const flag of serverExecArgv(machineCores())) assert.ok(flags.includes(flag), `the server was started with [${flags.join(' ')}], not ${flag}`);
    if (machineCores() <= 4) assert.ok(flags.some((f) => f.startsWith('--v8-pool-size=')), `no worker pool flag among [${flags.join(' ')}]`);
  });

  it('registers the ilo commands in the palette', async () => {
    const all = await vscode.commands.getCommands(true);
    for (const id of ['ilo.restartServer', 'ilo.showOutput', 'ilo.exportTools', 'ilo.exportMcpManifest']) {
      assert.ok(all.includes(id), `command ${id} is not registered`);
    }
  });
});
