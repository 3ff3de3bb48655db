// Flow labels: inferred from behavior, hints and words, declared with
// `@flow`; shown on hover, exported in `_meta`; what a tool set makes
// possible (the lethal trifecta); the session policy the gate will apply.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseIlo } from '../../server/src/syntax/parse';
import { parseAnnotations } from '../../server/src/schema/annotations';
import { buildSchemaEnv } from '../../server/src/schema/env';
import { buildManifest } from '../../server/src/schema/manifest';
import { contractTool } from '../../server/src/contracts/behavior';
import {
  argRoles,
  contractExtender,
  decideFlow,
  FLOW_META_KEY,
  flowHoverSections,
  mcpToolFlow,
  observeAnswer,
  toolFlowOf,
  toolSetFlows,
  toolSetWarnings,
  type ToolFlow,
} from '../../server/src/contracts/flows';
import type { Decl, ToolDecl } from '../../server/src/syntax/ast';

function decls(src: string): Decl[] {
  return parseIlo(src).program.decls;
}

/** Labels of every tool of a source, by name. */
function labels(src: string): Record<string, string> {
  const ds = decls(src);
  const env = buildSchemaEnv(ds);
  const out: Record<string, string> = {};
  for (const d of ds) if (d.kind === 'ToolDecl') out[d.name.text] = toolFlowOf(contractTool(d, undefined, env), env).labels.join(' ');
  return out;
}

const flow = (...l: ToolFlow['labels']): ToolFlow => ({ labels: l, source: 'declared', reasons: {} });

test('inference: reads of the user\'s data, reads from outside, messages out, deletions', () => {
  assert.deepEqual(
    labels(`tool read-file"Read the complete contents of a file from disk" path:t>R t t
tool query-db"Run a read-only SQL query against the database" sql:t>R _ t
tool get-secret"Get a secret from the vault" name:t>R t t
tool search-web"Search the web and return the top results" q:t>R t t
tool fetch"Fetches a URL and returns the page as markdown" url:t>R t t
tool list-issues"List issues of a repository" repo:t>R t t
tool read-inbox"Read the messages in the user's inbox" folder:t>R t t
tool send-email"Send an email" to:t subject:t body:t>R _ t
tool create-issue"Create a new issue in a repository" repo:t title:t body:t>R _ t
tool delete-file"Delete a file" path:t>R _ t
tool drop-table"Drop a table from the database" name:t>R _ t
tool create-folder"Create a directory" path:t>R _ t
tool add-numbers"Add two numbers" a:n b:n>n
`),
    {
      'read-file': 'private',
      'query-db': 'private',
      'get-secret': 'private',
      'search-web': 'untrusted',
      fetch: 'untrusted',
      'list-issues': 'untrusted',
      'read-inbox': 'private untrusted',
      'send-email': 'sink',
      'create-issue': 'sink',
      'delete-file': 'destructive',
      'drop-table': 'destructive',
      'create-folder': '',
      'add-numbers': '',
    },
  );
});

test('inference: a browser\'s pages are untrusted and what is typed into them goes out; a local repository is private', () => {
  assert.deepEqual(
    labels(`tool browser-navigate"Go to a URL in the browser" url:t>R _ t
tool browser-screenshot"Take a screenshot of the page" selector:t>R t t
tool browser-fill"Type a value into an input field" selector:t value:t>R _ t
tool browser-click"Click an element of the page" selector:t>R _ t
-- @hints readOnly
tool git-status"Show the status of the working tree" repo-path:t>R t t
-- @hints readOnly
tool git-log"Show the commit log" repo-path:t>R t t
`),
    { 'browser-navigate': 'sink', 'browser-screenshot': 'untrusted', 'browser-fill': 'sink', 'browser-click': '', 'git-status': 'private', 'git-log': 'private' },
  );
});

test('MCP hints decide where words are unsure: destructiveHint, openWorldHint, readOnlyHint', () => {
  assert.deepEqual(
    labels(`-- @hints readOnly openWorld
tool lookup"Look something up" q:t>R t t
-- @hints readOnly=false openWorld
tool notify-team"Tell the team" text:t>R _ t
-- @hints readOnly=false destructive
tool tidy"Tidy the workspace" path:t>R _ t
-- @hints readOnly=false destructive=false
-- @behavior MUTATES OVERWRITE ACK
tool save-draft"Save the draft" text:t>R _ t
`),
    { lookup: 'untrusted', 'notify-team': 'sink', tidy: 'destructive', 'save-draft': '' },
  );
});

test('MCP tool definitions (tools/list entries) get labels; a server\'s _meta claim adds, never removes', () => {
  const read = { name: 'slack_get_channel_history', description: 'Get recent messages from a channel', inputSchema: { type: 'object', properties: { channel_id: { type: 'string' } } } };
  assert.deepEqual(mcpToolFlow(read).labels, ['private', 'untrusted']);
  const post = { name: 'slack_post_message', description: 'Post a new message to a Slack channel', inputSchema: { type: 'object', properties: { channel_id: { type: 'string' }, text: { type: 'string' } } } };
  assert.deepEqual(mcpToolFlow(post).labels, ['sink']);
  const claimsNone = { ...post, _meta: { [FLOW_META_KEY]: { labels: [] } } };
  assert.deepEqual(mcpToolFlow(claimsNone).labels, ['sink'], 'a server cannot talk its way out of a label');
  const claimsMore = { name: 'helper', description: 'Helps', _meta: { [FLOW_META_KEY]: { labels: ['private', 'bogus'] } } };
  assert.deepEqual(mcpToolFlow(claimsMore).labels, ['private']);
  assert.deepEqual(mcpToolFlow({ name: 'weird', annotations: { readOnlyHint: 'yes' } } as never).labels, [], 'odd input gives no labels, no exception');
});

test('argument roles: a sink\'s destinations only count for tampering; `sink=…` names the data', () => {
  const roles = argRoles(flow('sink'), ['channel_id', 'text', 'thread_ts']);
  assert.deepEqual(
    roles.map((r) => (r ? `${r.leak ? 'leak' : ''}${r.tamper ? '+tamper' : ''}` : '-')),
    ['+tamper', 'leak+tamper', '+tamper'],
  );
  const listed = argRoles({ ...flow('sink'), params: { sink: ['to'] } }, ['to', 'body']);
  assert.deepEqual(listed.map((r) => r?.leak), [true, false]);
  const destroy = argRoles({ ...flow('destructive'), params: { destructive: ['path'] } }, ['path', 'reason']);
  assert.deepEqual(destroy.map((r) => r?.tamper ?? false), [true, false]);
  assert.deepEqual(argRoles(flow('private'), ['a']), [undefined]);
});

test('@flow: parsed, checked, and reported when wrong', () => {
  const parse = (src: string) => {
    const [d] = decls(src);
    return parseAnnotations(d.doc, d);
  };
  const ok = parse('-- @flow private sink=body\ntool t"x" to:t body:t>R _ t');
  assert.deepEqual(ok.diagnostics, []);
  assert.deepEqual(ok.annotations.flow?.labels, ['private', 'sink']);
  assert.deepEqual(ok.annotations.flow?.params.sink, ['body']);
  const cases: Array<[string, RegExp]> = [
    ['-- @flow secret\ntool t"x" a:t>t', /`secret` is not a flow label/],
    ['-- @flow sink sink\ntool t"x" a:t>t', /given twice/],
    ['-- @flow none sink\ntool t"x" a:t>t', /`none` cannot go with other labels/],
    ['-- @flow sanitizer\ntool t"x" a:t>t', /only a function can be a sanitizer/],
    ['-- @flow none\nf a:t>t;a', /`none` is for tools/],
    ['-- @flow private=a\ntool t"x" a:t>t', /takes no parameter list/],
    ['-- @flow sanitizer=sink\nf a:t>t;a', /removes `private` or `untrusted`/],
    ['-- @flow\ntool t"x" a:t>t', /needs words/],
  ];
  for (const [src, re] of cases) {
    const r = parse(src);
    assert.equal(r.annotations.flow, undefined, src);
    assert.ok(r.diagnostics.some((d) => d.code === 'bad-flow' && re.test(d.message)), `${src}: ${r.diagnostics.map((d) => d.message).join('; ')}`);
  }
  const unknown = parse('-- @flow sink=bdy\ntool t"x" body:t>t');
  assert.equal(unknown.diagnostics[0].code, 'unknown-param');
  assert.equal(unknown.diagnostics[0].suggestions?.[0].edits[0].newText, 'body');
  const sanitizer = parse('-- @flow sanitiser=untrusted\nf a:t>t;a');
  assert.deepEqual(sanitizer.annotations.flow?.sanitizes, ['untrusted']);
});

test('hover shows a tool\'s labels with their reasons and a function\'s @flow', () => {
  const src = `tool send-email"Send an email" to:t subject:t body:t>R _ t
-- @flow sanitizer=private
redact s:t>t;s
tool add"Add" a:n b:n>n`;
  const ds = decls(src);
  const visible = ds.map((decl) => ({ decl }));
  const [tool] = flowHoverSections(ds[0], visible);
  assert.match(tool, /\*\*Flow\*\* — `sink` \(inferred, not declared\)/);
  assert.match(tool, /`to`: where it goes \(tampering only\); `subject`: data sent out; `body`: data sent out/);
  assert.match(tool, /Confirm with `-- @flow sink`/);
  assert.match(flowHoverSections(ds[1], visible)[0], /sanitizer: what it returns is taken as clean of `private` data/);
  assert.deepEqual(flowHoverSections(ds[2], visible), [], 'nothing to say about a tool without labels');
});

test('exports carry declared labels in _meta, guessed ones only on request', () => {
  const src = `-- @flow untrusted
tool fetch"Fetch a page" url:t>R t t
tool read-file"Read a file" path:t>R t t`;
  const ds = decls(src);
  const m = buildManifest(ds, { extend: contractExtender() });
  const byName = new Map(m.tools.map((t) => [t.name, t]));
  assert.deepEqual(byName.get('fetch')!._meta![FLOW_META_KEY], { labels: ['untrusted'], source: 'declared' });
  assert.equal(byName.get('read-file')!._meta, undefined);
  const all = buildManifest(ds, { extend: contractExtender({ includeInferred: true }) });
  assert.deepEqual(all.tools[1]._meta![FLOW_META_KEY], { labels: ['private'], source: 'inferred' });
});

test('a declared parameter list goes out with the labels', () => {
  const ds = decls('-- @flow sink=body\ntool mail"Send mail" to:t body:t>R _ t');
  const env = buildSchemaEnv(ds);
  const out = contractExtender()(contractTool(ds[0] as ToolDecl, undefined, env).mcp, ds[0] as ToolDecl, env);
  assert.deepEqual(out._meta![FLOW_META_KEY], { labels: ['sink'], source: 'declared', sinkParams: ['body'] });
});

test('tool sets: the lethal trifecta names the tools of each role; tampering is told apart', () => {
  const tools = [
    { name: 'fetch', origin: 'web', flow: flow('untrusted') },
    { name: 'read_file', origin: 'fs', flow: flow('private') },
    { name: 'write_file', origin: 'fs', flow: flow('destructive') },
    { name: 'post', origin: 'slack', flow: flow('sink') },
  ];
  const r = toolSetFlows(tools);
  assert.deepEqual(r.trifecta, { untrusted: ['web/fetch'], private: ['fs/read_file'], sink: ['slack/post'] });
  assert.deepEqual(r.tamper, { untrusted: ['web/fetch'], destructive: ['fs/write_file'] });
  const lines = toolSetWarnings(r);
  assert.match(lines[0], /^lethal trifecta: untrusted content \(`web\/fetch`\) can steer an agent to move private data \(`fs\/read_file`\) out through `slack\/post`/);
  assert.match(lines[1], /^tamper risk/);
  assert.equal(toolSetFlows(tools.filter((t) => t.name !== 'post')).trifecta, undefined, 'no way out, no trifecta');
  assert.deepEqual(toolSetWarnings(toolSetFlows([{ name: 'a', flow: flow('private', 'sink') }])), [], 'private data and a sink without untrusted content is not the trifecta');
});

test('session policy: a sink after private data or untrusted content is asked about by default', () => {
  const readFile = { name: 'read_file', flow: flow('private') };
  const fetch = { name: 'fetch', flow: flow('untrusted') };
  const post = { name: 'post', flow: flow('sink') };
  const del = { name: 'delete', flow: flow('destructive') };
  assert.equal(decideFlow([], post).action, 'allow');
  assert.equal(decideFlow([readFile], del).action, 'allow', 'private data does not make deleting risky');
  const leak = decideFlow([readFile], post);
  assert.equal(leak.action, 'ask');
  assert.deepEqual(leak.risks.map((r) => [r.kind, r.because]), [['leak', 'read_file']]);
  assert.match(leak.reason, /`post` sends data out after `read_file` returned private data/);
  const both = decideFlow([readFile, fetch], post, { leak: 'log', tamper: 'block' });
  assert.equal(both.action, 'block', 'the strictest policy of the risks wins');
  assert.equal(decideFlow([fetch], del, { tamper: 'log' }).action, 'log');
  const seen = observeAnswer(observeAnswer({}, fetch), readFile);
  assert.deepEqual(seen, { untrusted: 'fetch', private: 'read_file' });
  assert.equal(decideFlow(seen, del).risks[0].because, 'fetch', 'the sources can be kept instead of the history');
});

test('hover on a function says what it does with data, from its summary', () => {
  const src = `-- @flow private
tool read-notes"Read notes" q:t>R t t
-- @flow sink
tool send-mail"Send an email" to:t subject:t body:t>R _ t
load q:t>t;n=read-notes!! q;n
relay to:t x:t>R _ t;send-mail! to "s" x
pure-add a:n b:n>n;+a b`;
  const ds = decls(src);
  const visible = ds.map((decl) => ({ decl }));
  const section = (name: string) => flowHoverSections(ds.find((d) => d.kind === 'FunctionDecl' && d.name.text === name)!, visible);
  assert.deepEqual(section('load'), ['**Flow** — returns private data (from `read-notes`).']);
  assert.deepEqual(section('relay'), ['**Flow** — `to` reaches `send-mail` (tampering if untrusted); `x` reaches `send-mail`.']);
  assert.deepEqual(section('pure-add'), [], 'nothing to say about a function that touches no source or sink');
});
