// Bad input for the navigation requests, seeded: programs (our own, and the
// corpus examples when ../shared/corpus is present) are cut, spliced and
// sprinkled with breaking characters; after each edit every navigation
// request is asked at random positions — end of file, inside strings and
// comments, in broken declarations. No request may throw, and every answer
// must be well formed: ranges inside the document, selection ranges nested
// strictly, folds with start < end, signature indexes in range.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { CallHierarchyItem, Position, Range, SelectionRange } from 'vscode-languageserver';
import { newService, openMany } from './helpers';
import { mulberry32 } from '../helpers/random';

const OWN = [
  '-- Adds two numbers.\n-- @param a the first\nadd a:n b:n>n;+a b\ndbl x:n>n;*x 2\nm>n;add dbl 1 (dbl 2)',
  'use "lib.ilo"\nrun n:n>n;a=twice n;twice a\nboth xs:L n>L n;map (x:n>n;twice x) xs',
  'type order{id:t;total:n}\n-- @param o the order\ntool place"Place an order" o:order>R t t\nbuy o:order>R t t;place o',
  'total xs:L n>n\n  s=0\n  @x xs{\n    s=+s x\n  }\n  >s 100{\n    ret 100\n  }\n  s',
  'pick x:n>t\n  ?x{\n    1:"one -- not a comment";\n    _:fmt "{} many" x\n  }',
  'fact n:n>n;<=n 1 1;*n fact -n 1\nf>t;get! "https://example.com"',
  'g u:t>R t t;$u\nh xs:L t>t;xs>>len>>str',
];
const FRAGMENTS = ['\n', ';', '{', '}', '(', ')', '"', '--', ' ', '>', '>>', 'add ', 'dbl ', 'twice ', '!', '?', '@', '\n\n', 'use "x.ilo"\n', '[', ']', ':', '.', '~', '^'];


function corpusPrograms(): string[] {
  const dir = path.resolve(__dirname, '..', '..', '..', 'shared', 'corpus', 'examples');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.ilo'))
    .sort()
    .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'));
}

function mutate(text: string, rnd: () => number): string {
  const at = (): number => Math.floor(rnd() * (text.length + 1));
  const choice = rnd();
  if (choice < 0.25) return text.slice(0, at());
  if (choice < 0.5) {
    const a = at();
    const b = Math.min(text.length, a + Math.floor(rnd() * 12));
    return text.slice(0, a) + text.slice(b);
  }
  let out = text;
  const n = 1 + Math.floor(rnd() * 3);
  for (let i = 0; i < n; i++) {
    const p = Math.floor(rnd() * (out.length + 1));
    out = out.slice(0, p) + FRAGMENTS[Math.floor(rnd() * FRAGMENTS.length)] + out.slice(p);
  }
  return out;
}

/** Positions to ask at: random ones, the end, and just past the end of a line. */
function positions(text: string, rnd: () => number, count: number): Position[] {
  const lines = text.split('\n');
  const out: Position[] = [{ line: lines.length - 1, character: lines[lines.length - 1].length }];
  for (let i = 0; i < count; i++) {
    const line = Math.floor(rnd() * lines.length);
    out.push({ line, character: Math.floor(rnd() * (lines[line].length + 2)) });
  }
  out.push({ line: lines.length + 3, character: 0 });
  return out;
}

function checkRange(lines: readonly string[], r: Range, what: string): void {
  for (const p of [r.start, r.end]) {
    assert.ok(p.line >= 0 && p.line < lines.length, `${what}: line ${p.line} of ${lines.length}`);
    assert.ok(p.character >= 0 && p.character <= lines[p.line].length, `${what}: character ${p.character} on line ${p.line}`);
  }
  assert.ok(r.start.line < r.end.line || (r.start.line === r.end.line && r.start.character <= r.end.character), `${what}: start before end`);
}

const inside = (outer: Range, inner: Range): boolean => {
  const le = (a: Position, b: Position) => a.line < b.line || (a.line === b.line && a.character <= b.character);
  return le(outer.start, inner.start) && le(inner.end, outer.end);
};

function checkSelection(lines: readonly string[], s: SelectionRange, pos: Position): void {
  let child: Range | undefined;
  for (let r: SelectionRange | undefined = s; r; r = r.parent) {
    checkRange(lines, r.range, 'selection range');
    if (child) {
      assert.ok(inside(r.range, child), 'a parent contains its child');
      assert.notDeepEqual(r.range, child, 'a parent is strictly larger');
    }
    child = r.range;
  }
  void pos;
}

function checkItem(lines: (uri: string) => readonly string[] | undefined, item: CallHierarchyItem): void {
  const l = lines(item.uri);
  if (!l) return; // another file: its ranges are checked by the test that opens it
  checkRange(l, item.range, 'item range');
  checkRange(l, item.selectionRange, 'item selection range');
  assert.ok(inside(item.range, item.selectionRange), 'the selection range is inside the item range');
}

test('navigation requests never throw and stay well formed on randomly broken programs', () => {
  const rnd = mulberry32(1207);
  const programs = [...OWN, ...corpusPrograms()];
  const ws = openMany({ 'lib.ilo': 'twice n:n>n;*n 2\n', 'main.ilo': '' }, { workspaceFolder: true, open: ['main.ilo'] });
  const service = ws.service;
  const uri = ws.uriOf('main.ilo');
  let version = 1;
  let asked = 0;
  const answered = { signatureHelp: 0, callItems: 0, calls: 0, folds: 0, symbols: 0 };
  const rounds = Math.max(300, programs.length);
  for (let round = 0; round < rounds; round++) {
    const base = programs[round % programs.length];
    let text = base;
    const edits = 1 + Math.floor(rnd() * 3);
    for (let i = 0; i < edits; i++) text = mutate(text, rnd);
    service.setDocument(uri, text, ++version);
    const lines = text.split('\n');
    const linesOf = (u: string) => (u === uri ? lines : undefined);
    const context = `round ${round}: ${JSON.stringify(text.slice(0, 200))}`;
    try {
      for (const pos of positions(text, rnd, 4)) {
        asked++;
        const help = service.signatureHelp(uri, pos);
        if (help) {
          answered.signatureHelp++;
          assert.ok(help.signatures.length > 0);
          assert.ok(help.activeSignature! >= 0 && help.activeSignature! < help.signatures.length);
          assert.ok(Number.isInteger(help.activeParameter) && help.activeParameter! >= 0);
          for (const sig of help.signatures) {
            for (const p of sig.parameters ?? []) {
              const [s, e] = p.label as [number, number];
              assert.ok(s >= 0 && s <= e && e <= sig.label.length, 'parameter offsets inside the label');
            }
          }
        }
        for (const item of service.prepareCallHierarchy(uri, pos)) {
          answered.callItems++;
          checkItem(linesOf, item);
          for (const c of service.incomingCalls(item)) {
            answered.calls++;
            checkItem(linesOf, c.from);
            const l = linesOf(c.from.uri);
            if (l) for (const r of c.fromRanges) checkRange(l, r, 'incoming call site');
          }
          for (const c of service.outgoingCalls(item)) {
            checkItem(linesOf, c.to);
            for (const r of c.fromRanges) checkRange(lines, r, 'outgoing call site');
          }
        }
      }
      const asks = positions(text, rnd, 3);
      const selections = service.selectionRanges(uri, asks);
      assert.equal(selections.length, asks.length, 'one selection range per position');
      selections.forEach((s, i) => checkSelection(lines, s, asks[i]));
      for (const f of service.foldingRanges(uri)) {
        answered.folds++;
        assert.ok(f.startLine < f.endLine && f.endLine < lines.length, `fold ${f.startLine}-${f.endLine} of ${lines.length} lines`);
      }
      const query = text.slice(Math.floor(rnd() * text.length)).slice(0, Math.floor(rnd() * 6));
      for (const s of service.workspaceSymbols(query)) {
        answered.symbols++;
        const l = linesOf(s.location.uri);
        if (l) checkRange(l, s.location.range, 'symbol location');
      }
    } catch (err) {
      assert.fail(`${context}\n${err instanceof Error ? err.stack : String(err)}`);
    }
  }
  assert.ok(asked > rounds, 'requests were asked');
  // The broken programs still gave real answers, so the checks above looked at something.
  for (const [request, count] of Object.entries(answered)) assert.ok(count > 0, `${request} answered at least once (${JSON.stringify(answered)})`);
});

test('navigation requests on documents that are not open, and with odd arguments, answer nothing', () => {
  const service = newService();
  const uri = 'file:///tmp/ilo-nav-bad/not-open.ilo';
  const pos = { line: 0, character: 0 };
  assert.equal(service.signatureHelp(uri, pos), undefined);
  assert.deepEqual(service.prepareCallHierarchy(uri, pos), []);
  assert.deepEqual(service.foldingRanges(uri), []);
  assert.deepEqual(service.selectionRanges(uri, [pos]), []);
  assert.deepEqual(service.workspaceSymbols('.*[('), []);
  const item = { name: 'x', kind: 12, uri, range: { start: pos, end: pos }, selectionRange: { start: pos, end: pos } } as CallHierarchyItem;
  assert.deepEqual(service.incomingCalls(item), []);
  assert.deepEqual(service.outgoingCalls({ ...item, data: { path: '/nonexistent/x.ilo', name: 'x' } }), []);

  service.setDocument(uri, 'f x:n>n;+x 1', 1);
  for (const p of [{ line: -1, character: -5 }, { line: 99, character: 99 }, { line: 0, character: 1e9 }]) {
    assert.doesNotThrow(() => {
      service.signatureHelp(uri, p);
      service.prepareCallHierarchy(uri, p);
      service.selectionRanges(uri, [p]);
    });
  }
});
