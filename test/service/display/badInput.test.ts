// Seeded random bad input for the display features: programs of our own are
// cut, spliced and sprinkled with stray characters (quotes, brackets, comment
// dashes, non-ASCII), and after each edit every display request is made at
// random places, the end of the file included. Nothing may throw, and every
// range and position returned must lie inside the document.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Position, Range, SemanticTokens, SemanticTokensDelta } from 'vscode-languageserver';
import { newService, tempDir } from '../helpers';
import { decodeTokens } from './helpers';
import { pathToFileURL } from 'node:url';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { lcg } from '../../helpers/random';

const PROGRAMS = [
  [
    '-- A tool and its helpers.',
    '-- @param uid The user id',
    '-- @behavior PURE READ USER',
    'tool get-user"Look a user up by their id" uid:t>R profile t timeout:5,retry:2',
    'type profile{id:t;name:t;tags:L t}',
    'alias ids L t',
    'greet uid:t>R t t;p=get-user! uid;~fmt "hi {}" p.name',
    'names us:ids>L t;map (u:t>t;+u "!") us',
  ].join('\n'),
  [
    'use "lib.ilo" [dbl]',
    'area w:n h:n>n;*w h',
    'main>n',
    '  tot=area 3 4',
    '  xs=[1 2 3]',
    '  s=0',
    '  @x xs{s=+s x}',
    '  r=?s{0:"none";_:"some"}',
    '  {a;b}=pt x:1 y:2',
    '  +tot dbl s',
    'type pt{a:n;b:n}',
  ].join('\n'),
  [
    'cls sp:n>t;>=sp 1000 "gold";>=sp 500 "silver";"bronze"',
    'color c:S red green>t;?c{red:"r";green:"g"}',
    'first xs:L a>O a;xs.?0',
    'pick r:R n t>n;?r{~v:v;^e:0}',
    'cnt-big xs:L n k:n>n;ct (x:n>b;>x k) xs',
    'say x:n>t;s=fmt "x={}" x;prnt s',
  ].join('\n'),
];

const JUNK = ['"', '"""', '{', '}', '(', ')', '[', ']', ';', ':', '>', '--', '-- @param ', '\n', '\n\n', '  ', '!', '!!', '?', '~', '^', '@', '.', '.?', '=', '+', 'é', '🦀', '\t', 'use ', 'tool ', 'type ', 'x', 'len ', '$'];


function lineLengths(text: string): number[] {
  return text.split('\n').map((l) => l.length);
}

function inside(lines: readonly number[], p: Position, what: string): void {
  assert.ok(p.line >= 0 && p.line < lines.length, `${what}: line ${p.line} of ${lines.length}`);
  assert.ok(p.character >= 0 && p.character <= lines[p.line], `${what}: character ${p.character} of ${lines[p.line]} on line ${p.line}`);
}

function insideRange(lines: readonly number[], r: Range, what: string): void {
  inside(lines, r.start, what);
  inside(lines, r.end, what);
  assert.ok(r.start.line < r.end.line || (r.start.line === r.end.line && r.start.character <= r.end.character), `${what}: reversed range`);
}

function randomPosition(rnd: () => number, lines: readonly number[]): Position {
  if (rnd() < 0.15) return { line: lines.length - 1, character: lines[lines.length - 1] }; // end of file
  const line = Math.floor(rnd() * lines.length);
  return { line, character: Math.floor(rnd() * (lines[line] + 1)) };
}

function edit(rnd: () => number, text: string): string {
  const at = Math.floor(rnd() * (text.length + 1));
  const r = rnd();
  if (r < 0.3) return text.slice(0, at) + text.slice(Math.min(text.length, at + 1 + Math.floor(rnd() * 12)));
  if (r < 0.4) return text.slice(0, at); // truncated
  if (r < 0.5) {
    const other = PROGRAMS[Math.floor(rnd() * PROGRAMS.length)];
    const from = Math.floor(rnd() * other.length);
    return text.slice(0, at) + other.slice(from, from + 1 + Math.floor(rnd() * 40)) + text.slice(at);
  }
  return text.slice(0, at) + JUNK[Math.floor(rnd() * JUNK.length)] + text.slice(at);
}

test('display requests survive 300 random edits and stay inside the document', async () => {
  const rnd = lcg(1313);
  const dir = tempDir('ilo-display-fuzz-');
  fs.writeFileSync(path.join(dir, 'lib.ilo'), 'dbl x:n>n;*x 2\n');
  const uri = pathToFileURL(path.join(dir, 'main.ilo')).toString();
  const service = newService();
  let text = PROGRAMS[0];
  let previous: SemanticTokens | undefined;
  const seen = { tokens: 0, deltas: 0, hints: 0, links: 0, lenses: 0, hovers: 0 };
  for (let step = 0; step < 300; step++) {
    text = step % 60 === 0 ? PROGRAMS[(step / 60) % PROGRAMS.length] : edit(rnd, text);
    service.setDocument(uri, text, step + 1);
    const lines = lineLengths(text);
    const where = `step ${step}: ${JSON.stringify(text.slice(0, 200))}`;

    let patched: number[] | undefined;
    if (previous?.resultId) {
      const delta = service.semanticTokensDelta(uri, previous.resultId) as SemanticTokensDelta | SemanticTokens;
      if ('edits' in delta) {
        seen.deltas++;
        patched = [...previous.data];
        for (const e of delta.edits) {
          assert.ok(e.start >= 0 && e.deleteCount >= 0 && e.start + e.deleteCount <= patched.length, where);
          patched.splice(e.start, e.deleteCount, ...(e.data ?? []));
        }
      }
    }
    const full = service.semanticTokens(uri) as SemanticTokens;
    if (patched) assert.deepEqual(patched, full.data, `${where}: the delta does not lead to the full tokens`);
    for (const t of decodeTokens(full.data)) {
      seen.tokens++;
      inside(lines, { line: t.line, character: t.character + t.length }, `${where} token`);
      assert.ok(t.length > 0 && t.type !== undefined, where);
    }
    previous = full;

    const a = randomPosition(rnd, lines);
    const b = randomPosition(rnd, lines);
    const range: Range = a.line < b.line || (a.line === b.line && a.character <= b.character) ? { start: a, end: b } : { start: b, end: a };
    for (const t of decodeTokens(service.semanticTokensRange(uri, range).data)) inside(lines, { line: t.line, character: t.character + t.length }, `${where} range token`);
    for (const h of service.inlayHints(uri, range)) {
      seen.hints++;
      inside(lines, h.position, `${where} hint`);
      assert.ok(typeof h.label === 'string' && h.label.length > 1, where);
    }
    for (const l of service.documentLinks(uri)) {
      seen.links++;
      insideRange(lines, l.range, `${where} link`);
    }
    if (step % 10 === 0) {
      for (const l of await service.codeLenses(uri)) {
        seen.lenses++;
        insideRange(lines, l.range, `${where} lens`);
        assert.ok(l.command && l.command.title.length > 0, where);
      }
    }
    const h = service.hover(uri, randomPosition(rnd, lines));
    if (h) seen.hovers++;
    if (h?.range) insideRange(lines, h.range, `${where} hover`);
  }
  // The run did exercise every request with real answers, not only empty ones.
  for (const [what, n] of Object.entries(seen)) assert.ok(n > 0, `no ${what} in the whole run`);
});
