// The README's configuration for Neovim 0.7 to 0.10, in Debian's real Neovim
// (installed by scripts/e2e/install.mjs --neovim), headless: the block is
// taken from README.md as written, with `ilo-ls` on PATH running the built
// dist/cli.js. Diagnostics arrive, every code lens carries a command the
// server runs when Neovim asks it to, and the `settings` table applies.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const root = path.resolve(__dirname, '..', '..', '..');

/** The Lua block under the README's "Neovim 0.7 to 0.10" line. */
function readmeConfig(): string {
  const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
  const at = readme.indexOf('Neovim 0.7 to 0.10');
  assert.ok(at >= 0, 'README has a Neovim 0.7 to 0.10 configuration');
  const block = /```lua\n([\s\S]*?)```/.exec(readme.slice(at));
  assert.ok(block, 'a lua block follows it');
  return block[1];
}

/** Run inside Neovim once the file is open: waits for diagnostics, then asks for lenses and runs one. */
const DRIVER = `
local out = {}
local function say(s) table.insert(out, s) end
local deadline = vim.loop.now() + 20000
local function finish() vim.fn.writefile(out, vim.env.ILO_NVIM_OUT); vim.cmd('qa!') end
local last, stable = -1, 0
local function poll()
  local diags = vim.diagnostic.get(0)
  -- Wait for diagnostics, then for a second without a new publish (settings may re-check the file).
  if #diags == last then stable = stable + 1 else last, stable = #diags, 0 end
  if (#diags == 0 or stable < 5) and vim.loop.now() < deadline then return vim.defer_fn(poll, 200) end
  for _, d in ipairs(diags) do
    local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)
    say(string.format('diag %d %s %s', d.lnum + 1, tostring(code), tostring(d.source)))
  end
  for _, c in pairs(vim.lsp.buf_get_clients(0)) do
    local commands = c.server_capabilities.executeCommandProvider.commands
    say('client ' .. c.name)
    local lenses = c.request_sync('textDocument/codeLens', { textDocument = vim.lsp.util.make_text_document_params() }, 15000, 0)
    for _, l in ipairs((lenses and lenses.result) or {}) do
      say('lens ' .. (l.range.start.line + 1) .. ' ' .. l.command.title .. ' known=' .. tostring(vim.tbl_contains(commands, l.command.command)))
    end
    local first = lenses and lenses.result and lenses.result[1]
    if first then
      local r = c.request_sync('workspace/executeCommand', first.command, 15000, 0)
      say('ran ' .. tostring(r and r.result))
    end
  end
  finish()
end
vim.defer_fn(poll, 300)
vim.defer_fn(finish, 40000)
`;

test("README's Neovim 0.7-0.10 configuration works in Debian's Neovim", () => {
  const version = spawnSync('nvim', ['--version'], { encoding: 'utf8' });
  assert.equal(version.status, 0, 'nvim is installed by scripts/e2e/install.mjs --neovim');
  assert.match(version.stdout, /^NVIM v0\.(7|8|9|10)\./, 'this configuration is for Neovim 0.7 to 0.10');

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilo-nvim-'));
  try {
    const bin = path.join(dir, 'bin');
    fs.mkdirSync(bin);
    fs.writeFileSync(path.join(bin, 'ilo-ls'), `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(path.join(root, 'dist', 'cli.js'))} "$@"\n`, { mode: 0o755 });
    const project = path.join(dir, 'project');
    fs.mkdirSync(project);
    // Two files whose tools take the same input: only the README's `workspace` scope compares them.
    fs.writeFileSync(path.join(project, 'read.ilo'), 'tool read-doc"Read a document by its path" path:t>R t t\nf x:n>n;+x y\n');
    fs.writeFileSync(path.join(project, 'drop.ilo'), 'tool drop-doc"Delete a document by its path" path:t>R t t\n');
    fs.writeFileSync(path.join(dir, 'init.lua'), readmeConfig());
    fs.writeFileSync(path.join(dir, 'driver.lua'), DRIVER);
    const outFile = path.join(dir, 'out.txt');
    const r = spawnSync('nvim', ['--headless', '-u', path.join(dir, 'init.lua'), '-c', `luafile ${path.join(dir, 'driver.lua')}`, 'read.ilo'], {
      cwd: project,
      encoding: 'utf8',
      timeout: 90_000,
      env: { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}`, ILO_NVIM_OUT: outFile, XDG_STATE_HOME: dir, XDG_CACHE_HOME: dir, XDG_DATA_HOME: dir },
    });
    assert.equal(r.status, 0, r.stdout + r.stderr);
    const out = fs.readFileSync(outFile, 'utf8').trim().split('\n');
    assert.ok(out.includes('diag 2 ILO-T004 ilo'), out.join('\n'));
    assert.ok(out.includes('diag 1 same-schema ilo-contracts'), `the workspace scope from the settings table compares drop.ilo:\n${out.join('\n')}`);
    assert.ok(out.includes('client ilo-ls'), out.join('\n'));
    const lenses = out.filter((l) => l.startsWith('lens '));
    assert.ok(lenses.length >= 2, out.join('\n'));
    for (const l of lenses) assert.match(l, /known=true$/, 'every lens command is one the server announced');
    assert.ok(out.some((l) => /^ran manifest: 1 tool, \d+ tokens: The MCP tools\/list manifest/.test(l)), out.join('\n'));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
