// The navigation capabilities over stdio, against the bundled server: each
// is advertised in `initialize` and answers its request (signature help,
// call hierarchy, workspace symbols, folding and selection ranges), and a
// request about a document the server does not know answers nothing.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type {
  CallHierarchyIncomingCall,
  CallHierarchyItem,
  CallHierarchyOutgoingCall,
  FoldingRange,
  SelectionRange,
  SignatureHelp,
  SymbolInformation,
} from 'vscode-languageserver-protocol';
import { startSession, type LspSession } from './connection';

let server: LspSession;
let dir: string;
const uriOf = (name: string): string => pathToFileURL(path.join(dir, name)).toString();

const LIB = '-- @param n how many\ntwice n:n>n;*n 2\n';
const MAIN = ['use "lib.ilo"', 'run n:n>n', '  a=twice n', '  add a ', 'add a:n b:n>n;+a b', ''].join('\n');

before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilo-lsp-nav-'));
  fs.writeFileSync(path.join(dir, 'lib.ilo'), LIB);
  fs.writeFileSync(path.join(dir, 'main.ilo'), MAIN);
  fs.mkdirSync(path.join(dir, 'shop'));
  fs.writeFileSync(path.join(dir, 'shop', 'basket.ilo'), 'sum-basket xs:L n>n;sum xs\n');
  server = await startSession({ workspaceFolder: dir });
  await server.open(uriOf('main.ilo'), MAIN);
});

after(async () => {
  await server.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

test('initialize advertises signature help (space and parenthesis), call hierarchy, workspace symbols, folding and selection ranges', () => {
  const c = server.capabilities;
  assert.deepEqual(c.signatureHelpProvider?.triggerCharacters, [' ', '(']);
  assert.ok(c.callHierarchyProvider);
  assert.ok(c.workspaceSymbolProvider);
  assert.ok(c.foldingRangeProvider);
  assert.ok(c.selectionRangeProvider);
});

test('textDocument/signatureHelp: the second parameter after one argument', async () => {
  const help = await server.request<SignatureHelp | null>('textDocument/signatureHelp', {
    textDocument: { uri: uriOf('main.ilo') },
    position: { line: 3, character: 8 },
    context: { triggerKind: 2, triggerCharacter: ' ', isRetrigger: false },
  });
  assert.ok(help);
  assert.equal(help.signatures[0].label, 'add a:n b:n>n');
  assert.equal(help.activeParameter, 1);
});

test('call hierarchy: prepare, then incoming and outgoing calls, the item travelling through the client', async () => {
  const [item] = (await server.request<CallHierarchyItem[] | null>('textDocument/prepareCallHierarchy', {
    textDocument: { uri: uriOf('main.ilo') },
    position: { line: 1, character: 1 },
  }))!;
  assert.equal(item.name, 'run');
  const out = await server.request<CallHierarchyOutgoingCall[]>('callHierarchy/outgoingCalls', { item });
  assert.deepEqual(out.map((c) => [c.to.name, c.to.uri]), [['twice', uriOf('lib.ilo')], ['add', uriOf('main.ilo')]]);
  const incoming = await server.request<CallHierarchyIncomingCall[]>('callHierarchy/incomingCalls', { item: out[0].to });
  assert.deepEqual(incoming.map((c) => c.from.name), ['run']);
  assert.deepEqual(incoming[0].fromRanges, [{ start: { line: 2, character: 4 }, end: { line: 2, character: 9 } }]);
});

test('workspace/symbol finds a function in a workspace file that was never opened', async () => {
  const symbols = await server.request<SymbolInformation[]>('workspace/symbol', { query: 'sumbask' });
  assert.equal(symbols[0]?.name, 'sum-basket');
  assert.equal(symbols[0].location.uri, uriOf('shop/basket.ilo'));
});

test('textDocument/foldingRange and textDocument/selectionRange', async () => {
  const folds = await server.request<FoldingRange[]>('textDocument/foldingRange', { textDocument: { uri: uriOf('main.ilo') } });
  assert.deepEqual(folds.map((f) => [f.startLine, f.endLine]), [[1, 3]]);
  const [sel] = await server.request<SelectionRange[]>('textDocument/selectionRange', {
    textDocument: { uri: uriOf('main.ilo') },
    positions: [{ line: 2, character: 5 }],
  });
  assert.deepEqual(sel.range, { start: { line: 2, character: 4 }, end: { line: 2, character: 9 } }, 'the callee name first');
  const chain: SelectionRange['range'][] = [];
  for (let r: SelectionRange | undefined = sel; r; r = r.parent) chain.push(r.range);
  assert.deepEqual(chain[1], { start: { line: 2, character: 4 }, end: { line: 2, character: 11 } }, 'then the call');
  assert.deepEqual(chain[2], { start: { line: 2, character: 2 }, end: { line: 2, character: 11 } }, 'then the statement');
  assert.deepEqual(chain.at(-1)?.start, { line: 1, character: 0 }, 'the declaration last');
});

test('requests about a document the server does not know answer nothing, without an error', async () => {
  const uri = uriOf('never-opened.ilo');
  const at = { textDocument: { uri }, position: { line: 0, character: 0 } };
  assert.equal(await server.request('textDocument/signatureHelp', at), null);
  assert.equal(await server.request('textDocument/prepareCallHierarchy', at), null);
  assert.deepEqual(await server.request('textDocument/foldingRange', { textDocument: { uri } }), []);
  assert.deepEqual(await server.request('textDocument/selectionRange', { textDocument: { uri }, positions: [at.position] }), []);
  const bogus = { name: 'x', kind: 12, uri, range: { start: at.position, end: at.position }, selectionRange: { start: at.position, end: at.position }, data: 7 };
  assert.deepEqual(await server.request('callHierarchy/incomingCalls', { item: bogus }), []);
  assert.deepEqual(await server.request('callHierarchy/outgoingCalls', { item: bogus }), []);
});
