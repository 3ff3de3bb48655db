// A hostile or careless client: huge text, binary data, unknown codes and
// tools, arguments of the wrong shape, paths outside the roots (`..`,
// symlinks, other files), a client without roots. Each gets a one-line tool
// error (or, for an unknown tool, a protocol error), and the server keeps
// serving afterwards.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { MAX_TEXT_CHARS, MAX_TOOLS } from '../../server/src/mcpServer/limits';
import { connectAgent, scratch, textOf, type Agent } from './helpers';

const base = scratch('ilo-mcp-bad-');
const root = path.join(base, 'project');
const outside = path.join(base, 'elsewhere');
fs.mkdirSync(path.join(root, 'lib'), { recursive: true });
fs.mkdirSync(outside);
fs.writeFileSync(path.join(root, 'ok.ilo'), 'f x:n>n;+x 1\n');
fs.writeFileSync(path.join(outside, 'secret.ilo'), 'f x:n>n;+x 1\n');
fs.writeFileSync(path.join(root, '.env'), 'API_KEY=sk-live-0123456789abcdef\n');
fs.writeFileSync(path.join(outside, 'notes.txt'), 'not ilo\n');
fs.symlinkSync(path.join(outside, 'secret.ilo'), path.join(root, 'link.ilo'));
fs.symlinkSync(outside, path.join(root, 'lib', 'out'));
fs.symlinkSync(path.join(outside, 'notes.txt'), path.join(root, 'notes.ilo'));
test.after(() => fs.rmSync(base, { recursive: true, force: true }));

/** Asserts a tool error of one line matching `re`. */
function refused(r: Awaited<ReturnType<Agent['call']>>, re: RegExp): void {
  assert.equal(r.isError, true, `expected a tool error, got: ${textOf(r)}`);
  const text = textOf(r);
  assert.match(text, re);
  assert.ok(!text.includes('\n'), `one line: ${text}`);
  assert.ok(text.length < 400, 'short');
  assert.equal(r.structuredContent, undefined);
}

test('huge text, binary data and empty input are refused in one line', async () => {
  const agent = await connectAgent({ roots: [root] });
  try {
    refused(await agent.call('check', { text: 'f x:n>n;+x 1\n'.repeat(Math.ceil(MAX_TEXT_CHARS / 13) + 1) }), /'text' has \d+ characters; the limit is 262144/);
    let binary = '';
    for (let i = 0; i < 4000; i++) binary += String.fromCharCode((i * 37) % 256);
    for (const tool of ['check', 'fix', 'format', 'schema', 'contracts']) {
      refused(await agent.call(tool, { text: binary }), /looks like binary data, not ilo source/);
    }
    refused(await agent.call('check', {}), /^give text or path$/);
    refused(await agent.call('explain', { code: '' }), /'code' must not be empty/);
    refused(await agent.call('builtins', { query: 'x'.repeat(201) }), /'query' has 201 characters; the limit is 200/);
    // A binary file on disk is refused the same way.
    fs.writeFileSync(path.join(root, 'blob.ilo'), Buffer.from(binary, 'latin1'));
    refused(await agent.call('check', { path: path.join(root, 'blob.ilo') }), /the file looks like binary data/);
    // Still serving.
    assert.equal((await agent.call('check', { text: 'f x:n>n;+x 1' })).isError, undefined);
  } finally {
    await agent.close();
  }
});

test('arguments of the wrong shape, unknown codes and unknown tools', async () => {
  const agent = await connectAgent();
  try {
    refused(await agent.call('check', { text: 42 }), /^'text' must be a string$/);
    refused(await agent.call('check', { text: 'f>n;1', verbose: 'yes' }), /^'verbose' must be true or false$/);
    refused(await agent.call('check', { text: 'f>n;1', level: '99' }), /^'level' must be one of "0\.11"/);
    refused(await agent.call('check', { text: 'f>n;1', __proto__x: 1, extra: true }), /^unknown argument '__proto__x'/);
    refused(await agent.call('format', { text: 'f>n;1', style: 'pretty' }), /'style' must be one of "expanded", "dense"/);
    refused(await agent.call('builtins', { query: 'sort', limit: 0 }), /'limit' must be at least 1/);
    refused(await agent.call('builtins', { query: 'sort', limit: 2.5 }), /'limit' must be an integer/);
    refused(await agent.call('explain', { code: 'ILO-T999' }), /^unknown code 'ILO-T999'$/);
    refused(await agent.call('explain', { code: 'what is this' }), /^unknown code 'what is this'; codes look like ILO-T005, T005 or instructs-model$/);
    refused(await agent.call('explain', { code: 'no-such-lint' }), /^no explanation for 'no-such-lint' in this version$/);
    refused(await agent.call('schema', { text: 'f x:n>n;+x 1', name: 'nope' }), /^no tool, function or type named 'nope'; declared: f$/);
    refused(await agent.call('format', { text: 'f x:n>n;+x 1\ng>n;)' }), /^not formatted: syntax error at line 2, col \d+: ILO-P\d+/);
    await assert.rejects(agent.client.callTool({ name: 'run', arguments: {} }), /unknown tool 'run'; tools: check, fix, format, explain, builtins, schema, contracts/);
    assert.equal((await agent.call('explain', { code: 't5' })).isError, undefined);
  } finally {
    await agent.close();
  }
});

test('more tools than the contract analyses are bounded for: refused before they run; format and schema still answer', async () => {
  const agent = await connectAgent();
  try {
    const tools = (n: number) => Array.from({ length: n }, (_, i) => `tool read-row-${i}"Read row ${i} of the table" id:t>R t t`).join('\n');
    const text = tools(MAX_TOOLS + 1);
    const started = Date.now();
    for (const tool of ['check', 'fix', 'contracts']) refused(await agent.call(tool, { text }), new RegExp(`^the source declares ${MAX_TOOLS + 1} tools \\(with what it uses\\); the limit is ${MAX_TOOLS} a call$`));
    assert.ok(Date.now() - started < 20_000, `refusals took ${Date.now() - started} ms`);
    // The answers that compare no tools are not bounded by their number.
    assert.equal((await agent.call('format', { text })).isError, undefined);
    const one = await agent.call('schema', { text, name: 'read-row-7' });
    assert.equal((one.structuredContent as { defs: Array<{ name: string }> }).defs[0].name, 'read-row-7');
  } finally {
    await agent.close();
  }
});

test('a client without roots may not name paths at all; text still works', async () => {
  const agent = await connectAgent();
  try {
    for (const p of [path.join(root, 'ok.ilo'), 'ok.ilo', pathToFileURL(path.join(root, 'ok.ilo')).href]) {
      refused(await agent.call('check', { path: p }), /^path refused: this client shares no roots \(MCP roots\/list\); pass the source as text$/);
    }
    refused(await agent.call('check', { text: 'f x:n>n;+x 1', path: path.join(root, 'ok.ilo') }), /shares no roots/);
    const r = await agent.call('check', { text: 'use "ok.ilo"\ng>n;f 1' });
    // Text given alone reads nothing from disk: the import is missing.
    assert.match(textOf(r), /ILO-P017/);
  } finally {
    await agent.close();
  }
});

test('paths outside the roots, `..`, symlinks out, files that are not .ilo', async () => {
  const agent = await connectAgent({ roots: [root] });
  try {
    assert.equal((await agent.call('check', { path: path.join(root, 'ok.ilo') })).isError, undefined);
    assert.equal((await agent.call('check', { path: 'ok.ilo' })).isError, undefined, 'relative to the only root');
    assert.equal((await agent.call('check', { path: pathToFileURL(path.join(root, 'ok.ilo')).href })).isError, undefined);
    refused(await agent.call('check', { path: path.join(outside, 'secret.ilo') }), /^path refused: .*secret\.ilo is outside the client's roots$/);
    refused(await agent.call('check', { path: path.join(root, '..', 'elsewhere', 'secret.ilo') }), /is outside the client's roots/);
    refused(await agent.call('check', { path: '../elsewhere/secret.ilo' }), /is outside the client's roots/);
    refused(await agent.call('check', { path: path.join(root, 'link.ilo') }), /is a symlink to a file outside the client's roots/);
    refused(await agent.call('check', { path: path.join(root, 'lib', 'out', 'secret.ilo') }), /is outside the client's roots/);
    refused(await agent.call('check', { path: path.join(root, 'notes.ilo') }), /outside the client's roots|not an ilo file/);
    refused(await agent.call('check', { path: path.join(root, '.env') }), /is not an ilo file \(\.ilo, \.@\)$/);
    refused(await agent.call('check', { path: path.join(root, 'missing.ilo') }), /does not exist/);
    refused(await agent.call('check', { path: `${path.join(root, 'ok.ilo')}\0.ilo` }), /NUL/);
    refused(await agent.call('check', { path: 'file://remote-host/share/x.ilo' }), /path refused/);
    // Text with a path that does not exist yet (an unsaved file) is fine inside the roots, refused outside.
    assert.equal((await agent.call('check', { text: 'f x:n>n;+x 1', path: path.join(root, 'new.ilo') })).isError, undefined);
    refused(await agent.call('check', { text: 'f x:n>n;+x 1', path: path.join(outside, 'new.ilo') }), /outside the client's roots/);
  } finally {
    await agent.close();
  }
});

test('`use` reads only .ilo files inside the roots: an import of a file outside is missing, not read', async () => {
  fs.writeFileSync(path.join(outside, 'lib.ilo'), 'dbl x:n>n;*x 2\n');
  fs.writeFileSync(path.join(root, 'lib', 'inner.ilo'), 'dbl x:n>n;*x 2\n');
  const agent = await connectAgent({ roots: [root] });
  try {
    const inside = await agent.call('check', { text: 'use "lib/inner.ilo"\ng>n;dbl 2\n', path: path.join(root, 'main.ilo') });
    assert.equal(textOf(inside), 'clean');
    for (const target of ['../elsewhere/lib.ilo', 'lib/out/lib.ilo', 'link.ilo', '.env']) {
      const r = await agent.call('check', { text: `use "${target}"\ng>n;1\n`, path: path.join(root, 'main.ilo') });
      assert.match(textOf(r), /ILO-P017/, `${target}: ${textOf(r)}`);
      assert.ok(!textOf(r).includes('sk-live'), 'nothing of a file outside leaks');
    }
  } finally {
    await agent.close();
  }
});

test('roots that change are asked for again; several roots need absolute paths', async () => {
  const other = path.join(base, 'second');
  fs.mkdirSync(other);
  fs.writeFileSync(path.join(other, 'two.ilo'), 'g x:n>n;*x 2\n');
  const agent = await connectAgent({ roots: [root] });
  try {
    refused(await agent.call('check', { path: path.join(other, 'two.ilo') }), /outside the client's roots/);
    await agent.setRoots([root, other]);
    // The notification is handled before the next call is.
    await new Promise((r) => setTimeout(r, 20));
    assert.equal((await agent.call('check', { path: path.join(other, 'two.ilo') })).isError, undefined);
    refused(await agent.call('check', { path: 'two.ilo' }), /is relative and the client has 2 roots; give an absolute path/);
    await agent.setRoots([]);
    await new Promise((r) => setTimeout(r, 20));
    refused(await agent.call('check', { path: path.join(root, 'ok.ilo') }), /the client's roots name no local directory/);
  } finally {
    await agent.close();
  }
});

test('over stdio, a message over the size limit is answered with an error and the server keeps serving', async () => {
  const agent = await connectAgent({ stdio: true });
  try {
    // 5 MiB of text: over the 4 MiB message limit (and far over the text limit, which never gets to look at it).
    await assert.rejects(agent.client.callTool({ name: 'check', arguments: { text: 'x'.repeat(5 * 1_048_576) } }), /over the limit of 4194304/);
    const r = await agent.call('check', { text: 'f x:n>n;+x 1\n' });
    assert.equal(textOf(r), 'clean');
  } finally {
    await agent.close();
  }
});
