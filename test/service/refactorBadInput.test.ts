// Seeded random bad input for references, document highlights, prepareRename,
// rename, type definition and definition: programs of our own (and, when
// ../shared/corpus is present, a few of its examples) are cut, truncated and
// spliced with stray tokens, then asked at random positions — the start, the
// end, inside strings and comments, anywhere. No request may throw (a rename
// may only be refused with a RequestFailed ResponseError), and every range
// answered must lie inside its document.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { LSPErrorCodes, ResponseError, type Location, type Position, type Range } from 'vscode-languageserver';
import { openMany } from './helpers';
import { mulberry32 } from '../helpers/random';

const PROGRAMS = [
  [
    '-- Shapes and the tools that fetch them.',
    'type pt{x:n;y:n}',
    'alias pts L pt',
    '-- @param id the shape id',
    '-- @schema id {"minLength": 1}',
    'tool get-pt"Fetch a point" id:t>R pt t timeout:5',
    'mk a:n>pt;pt x:a y:a',
    'sum ps:pts>n;s=0;@p ps{s=+s p.x};s',
    'far p:pt d:n>b;q=p with x:d;{x;y}=q;>+x y d',
    'load id:t>R n t;p=get-pt! id;~+p.x p.y',
  ].join('\n'),
  [
    'use "lib.ilo"',
    'run n:n>n;r=twice n;*r twice 1',
    'pick xs:L n i:n>n;xs.i',
    'cls n:n>t;?n{0:"zero";_:"many"}',
    'safe r:R n t>n;?r{~v:v;^e:0}',
    'f xs:L n thr:n>L n;flt (x:n>b;>x thr) xs',
    'g>n;i=0;wh <i 3{i=+i 1};i',
  ].join('\n'),
  'dbl x:n>n;*x 2\nrun y:n>n;dbl=+y 1;dbl\nmore y:n>n;dbl y\ntxt>t;"dbl \\"dbl\\" -- dbl"\n-- dbl in a comment\n',
];

const LIB = '-- helpers\ntwice n:n>n;*n 2\ntype box{w:n;h:n}\n';
const STRAY = ['"', '--', '{', '}', ';', '(', ')', '[', ']', '>', ':', '.', ' ', '\n', 'x', 'pt', 'type ', 'tool ', 'use "lib.ilo" [', '@', '?', '~', '^', '!', 'with ', '\t', '\r\n', '-- @param ', 'é'];
const NEW_NAMES = ['renamed', 'x', 'pt', 'twice', 'Bad', 'if', 'len', 'a-b', '', 'y', 'box', 'w'];


function corpusPrograms(limit: number): string[] {
  const dir = path.resolve(__dirname, '..', '..', '..', 'shared', 'corpus', 'examples');
  try {
    return fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.ilo'))
      .sort()
      .slice(0, limit)
      .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'));
  } catch {
    return [];
  }
}

function mutate(text: string, next: () => number): string {
  const at = (): number => Math.floor(next() * (text.length + 1));
  let out = text;
  const edits = 1 + Math.floor(next() * 3);
  for (let i = 0; i < edits; i++) {
    const kind = next();
    const a = Math.floor(next() * (out.length + 1));
    const b = Math.min(out.length, a + Math.floor(next() * 12));
    if (kind < 0.35) out = out.slice(0, a) + out.slice(b);
    else if (kind < 0.8) out = out.slice(0, a) + STRAY[Math.floor(next() * STRAY.length)] + out.slice(a);
    else out = out.slice(0, Math.max(at(), 1));
  }
  return out;
}

/** Positions worth asking at: start, end, in strings and comments, and random offsets. */
function positionsIn(text: string, next: () => number): number[] {
  const out = [0, text.length];
  const quote = text.indexOf('"');
  if (quote >= 0) out.push(quote + 1);
  const comment = text.indexOf('--');
  if (comment >= 0) out.push(comment + 3);
  for (let i = 0; i < 3; i++) out.push(Math.floor(next() * (text.length + 1)));
  return out;
}

function positionAt(text: string, offset: number): Position {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length - 1, character: before[before.length - 1].length };
}

function assertInside(texts: ReadonlyMap<string, string>, uri: string, range: Range, what: string): void {
  const text = texts.get(uri);
  assert.ok(text !== undefined, `${what}: ${uri} is one of the files`);
  const lines = text.split('\n');
  for (const p of [range.start, range.end]) {
    assert.ok(p.line >= 0 && p.line < lines.length, `${what}: line ${p.line} is inside ${uri}`);
    assert.ok(p.character >= 0 && p.character <= lines[p.line].length, `${what}: character ${p.character} is inside line ${p.line}`);
  }
}

/** Runs `f`; a RequestFailed ResponseError with a message counts as an answer (a refusal). */
function refusable<T>(f: () => T): T | undefined {
  try {
    return f();
  } catch (err) {
    assert.ok(err instanceof ResponseError && err.code === LSPErrorCodes.RequestFailed && err.message.length > 0, `only a clear refusal may be thrown, got ${String(err)}`);
    return undefined;
  }
}

test('references, highlights, rename and type definition answer any position of any broken text', () => {
  const next = mulberry32(12);
  const sources = [...PROGRAMS, ...corpusPrograms(12)];
  let asked = 0;
  const renames = { edited: 0, refused: 0 };
  for (let round = 0; round < 120; round++) {
    const source = sources[round % sources.length];
    const text = round < sources.length ? source : mutate(source, next);
    const ws = openMany({ 'lib.ilo': LIB, 'main.ilo': text }, { open: ['main.ilo'], workspaceFolder: true });
    const uri = ws.uriOf('main.ilo');
    const texts = new Map([
      [uri, text],
      [ws.uriOf('lib.ilo'), LIB],
    ]);
    for (const offset of positionsIn(text, next)) {
      const pos = positionAt(text, offset);
      const where = `round ${round}, offset ${offset}`;
      const locations: Location[] = [
        ...ws.service.references(uri, pos, true),
        ...ws.service.references(uri, pos, false),
        ...ws.service.typeDefinition(uri, pos),
        ...[ws.service.definition(uri, pos)].filter((l): l is Location => l !== undefined),
      ];
      for (const l of locations) assertInside(texts, l.uri, l.range, where);
      for (const h of ws.service.documentHighlights(uri, pos)) assertInside(texts, uri, h.range, where);
      const prepared = refusable(() => ws.service.prepareRename(uri, pos));
      if (prepared) assertInside(texts, uri, prepared.range, where);
      const edit = refusable(() => ws.service.rename(uri, pos, NEW_NAMES[Math.floor(next() * NEW_NAMES.length)]));
      if (edit === undefined) renames.refused++;
      else if (Object.keys(edit.changes ?? {}).length > 0) renames.edited++;
      for (const [u, edits] of Object.entries(edit?.changes ?? {})) for (const e of edits) assertInside(texts, u, e.range, where);
      asked++;
    }
  }
  assert.ok(asked >= 600, `asked at ${asked} positions`);
  // Both outcomes were exercised: some renames went through, some were refused.
  assert.ok(renames.edited > 10 && renames.refused > 10, JSON.stringify(renames));
});
