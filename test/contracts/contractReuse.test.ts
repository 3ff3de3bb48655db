// Random edits, seeded, of a document whose schema and contract results are
// kept from one edit to the next (ContractReuse, through Analyzer): after
// every edit each diagnostic must equal what the fresh functions give on the
// same declarations (schemaDiagnostics, lintToolDecls, contractDiagnostics
// with a new environment), and what a new Analyzer gives on the same text
// (and a one-shot one, as the CLI makes).
// The edits change record types, aliases, doc comments, `@behavior`,
// `@schema`, `@wire`, `@flow`, tool names and `use` imports, and the used file itself.
// Results handed out before an edit must not change after it (the parser
// moves its own diagnostics in place; the schema and contract ones are new
// objects when they move).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { Analyzer, contractsFor, type FileAnalysis } from '../../server/src/service/analysis';
import { buildSchemaEnv, schemaDiagnostics } from '../../server/src/schema';
import { contractDiagnostics, lintToolDecls, resolveFile, toolsOf } from '../../server/src/contracts';
import type { Diagnostic } from '../../server/src/diagnostics';
import { mulberry32 } from '../helpers/random';

const DIR = '/virtual-reuse';
const MAIN = path.join(DIR, 'main.ilo');
const LIB = path.join(DIR, 'lib.ilo');

const MAIN_PARTS = [
  '-- A point on the plane.\n-- @field x across\n-- @schema y {"minimum": 0}\ntype point{x:n;y:n}',
  'alias pts L point',
  '-- @schema {"minItems": 1}\nalias route pts',
  '-- Read a user.\n-- @behavior PURE READ DATA\n-- @param uid=user_id the user\ntool get-user"Read a user profile" uid:t>R point t',
  '-- @behavior MUTATES DELETE DATA\n-- @wire remove_user\ntool del-user"Delete a user" uid:t>R _ t',
  'tool put-user"Store a user" uid:t p:point>R _ t timeout:5',
  '-- @hints readOnly\n-- @behavior MUTATES UPDATE DATA\ntool touch"Touch a user" uid:t>R _ t',
  'tool peek-user"Read a user" uid:t>R point t',
  '-- @behavior PURE\nlook u:t>R point t;get-user u',
  '-- @behavior PURE\nclean u:t>R _ t;step u',
  'step u:t>R _ t;del-user u',
  '-- @behavior PURE\nsave p:t s:t>R t t;wr p s',
  '-- @param a first\n-- @schema a {"minimum": 1}\n-- @bogus\nplus a:n b:n>n;+a b',
  'dup a:n a:n>n;a',
  '-- @schema p {"title": "where"}\nshift p:point>point;p',
  '-- @bogus first\n-- @param zz nothing\nodd a:n>n;a',
  '-- @behavior PURE\nwalk ps:route>n;len ps',
  'use "lib.ilo"',
  '-- @behavior PURE\nfar u:t>R _ t;lib-save u',
  'loop xs:L t>n\n  s=0\n  @x xs{s=+s len x}\n  s',
  '-- @flow private\ntool read-secret"Read a secret" k:t>R t t',
  '-- @flow sink\ntool post-out"Post a message" ch:t txt:t>R _ t',
  'leak-it k:t>R _ t;s=read-secret! k;relay s',
  'relay x:t>R _ t;post-out! "general" x',
  '-- @flow sanitizer\nscrub x:t>t;x',
  'lam-out k:t>L (R _ t);s=read-secret!! k;map (y:t>R _ t;post-out "c" s) ["a"]',
  'far-leak k:t>R _ t;s=read-secret! k;lib-send s',
];
const LIB_PARTS = [
  '-- @flow sink\ntool lib-send"Send" x:t>R _ t',
  '-- @behavior MUTATES CREATE DATA\ntool lib-store"Store a row" k:t>R _ t',
  'lib-save k:t>R _ t;lib-store k',
  '-- Money, in cents.\nalias money n',
  'type row{k:t;v:money}',
];

// Typing inside declarations and whole new lines that change what other declarations see.
const TYPING = [
  'x', ' ', 'u', 'e', '1', ':t', ';z:n', ' q:n', 'point', 'pts', 'route', 'money', 'row', 'get-user', 'del-user', 'lib-save', '',
  '\n-- @behavior PURE\n', '\n-- @behavior MUTATES UPDATE DATA\n', '\n-- @behavior PURE READ DATA\n', '\n-- @param u the user\n',
  '\n-- @wire get-user\n', '\n-- @schema {"title": "t"}\n', '\n-- @field y down\n', '\n-- prose line\n', '\n-- @title A title\n',
  '\ntype point{x:t}\n', '\nalias pts L t\n', '\nalias point n\n', '\ntype extra{p:point;r:row}\n', '\nuse "lib.ilo"\n',
  '\ntool get-user"Again" uid:n>n\n', '\ntool wr"Shadow" p:t>t\n', '\nlib-store k:t>t;k\n', '\n-- @behavior PURE\nnew u:t>R _ t;touch u\n',
];
const BREAKING = ['\n', '\n\n', ';', '{', '}', '>', '"', '-- ', '@'];
// Changes of meaning: behaviors, types, aliases, calls, tool names and imports switched back and forth.
const SWAPS: ReadonlyArray<readonly [string, string]> = [
  ['MUTATES DELETE DATA', 'PURE READ DATA'],
  ['PURE READ DATA', 'MUTATES DELETE DATA'],
  ['@behavior PURE\n', '@behavior MUTATES\n'],
  ['@behavior MUTATES\n', '@behavior PURE\n'],
  ['x:n;y:n', 'x:n;y:t'],
  ['x:n;y:t', 'x:n;y:n'],
  ['L point', 'L t'],
  ['L t', 'L point'],
  ['del-user u', 'get-user u'],
  ['get-user u', 'del-user u'],
  ['lib-save u', 'step u'],
  ['step u', 'lib-save u'],
  ['@wire remove_user', '@wire get-user'],
  ['@wire get-user', '@wire remove_user'],
  ['tool peek-user', 'tool get-user'],
  ['tool get-user', 'tool peek-user'],
  ['use "lib.ilo"', 'use "nolib.ilo"'],
  ['use "nolib.ilo"', 'use "lib.ilo"'],
  ['@field x across', '@field x along'],
  ['{"minimum": 0}', '{"minimum": "a"}'],
  ['{"minimum": "a"}', '{"minimum": 0}'],
  ['uid:t>R point t', 'uid:t>R pts t'],
  ['alias pts', 'alias ptz'],
  ['alias ptz', 'alias pts'],
  ['type point{', 'type pt{'],
  ['type pt{', 'type point{'],
  ['-- @hints readOnly', '-- @hints destructive'],
  // The same length: only the doc comment's text says what changed.
  ['@field x across', '@field x beyond'],
  ['MUTATES DELETE DATA', 'MUTATES UPDATE DATA'],
  ['MUTATES UPDATE DATA', 'MUTATES DELETE DATA'],
  ['@behavior PURE\nclean', '@behavior FAST\nclean'],
  ['@behavior FAST\nclean', '@behavior PURE\nclean'],
  ['\n-- @param zz nothing', '\n  -- @param zz nothing'],
  ['\n  -- @param zz nothing', '\n-- @param zz nothing'],
  ['-- A point on the plane.', '-- A spot on the plane.'],
  ['-- A spot on the plane.', '-- A point on the plane.'],
  // Flows: what is passed, sanitised, labelled.
  ['relay s', 'relay k'],
  ['relay k', 'relay s'],
  ['s=read-secret! k;relay s', 's=read-secret! k;c=scrub s;relay c'],
  ['s=read-secret! k;c=scrub s;relay c', 's=read-secret! k;relay s'],
  ['-- @flow sanitizer\n', '-- @flow sanitizer=untrusted\n'],
  ['-- @flow sanitizer=untrusted\n', '-- @flow sanitizer\n'],
  ['-- @flow sink\ntool post-out', '-- @flow none\ntool post-out'],
  ['-- @flow none\ntool post-out', '-- @flow sink\ntool post-out'],
  ['-- @flow private\n', '-- @flow untrusted\n'],
  ['-- @flow untrusted\n', '-- @flow private\n'],
  ['post-out! "general" x', 'post-out! x "general"'],
  ['post-out! x "general"', 'post-out! "general" x'],
];
const LIB_SWAPS: ReadonlyArray<readonly [string, string]> = [
  ['MUTATES CREATE DATA', 'PURE READ DATA'],
  ['PURE READ DATA', 'MUTATES CREATE DATA'],
  ['alias money n', 'alias money t'],
  ['alias money t', 'alias money n'],
  ['lib-store k\n', 'k\n'],
  ['-- @flow sink\ntool lib-send', '-- @flow destructive\ntool lib-send'],
  ['-- @flow destructive\ntool lib-send', '-- @flow sink\ntool lib-send'],
];
const LIB_TYPING = ['x', ' ', ';w:n', 'money', '\n-- @behavior PURE READ DATA\n', '\nalias money t\n', '\ntool lib-store"Read" k:t>R _ t\n', '\n', '"'];

function edit(rnd: () => number, text: string, pieces: readonly string[]): string {
  let at = Math.floor(rnd() * (text.length + 1));
  if (rnd() < 0.5) at = Math.max(0, text.indexOf('\n', at));
  const del = rnd() < 0.3 ? Math.floor(rnd() * 4) : 0;
  return text.slice(0, at) + pieces[Math.floor(rnd() * pieces.length)] + text.slice(at + del);
}

/** One of the swaps that applies, at a random occurrence (the text unchanged when none applies). */
function swap(rnd: () => number, text: string, swaps: ReadonlyArray<readonly [string, string]>): string {
  const fits = swaps.filter(([from]) => text.includes(from));
  if (fits.length === 0) return text;
  const [from, to] = fits[Math.floor(rnd() * fits.length)];
  const at: number[] = [];
  for (let k = text.indexOf(from); k >= 0; k = text.indexOf(from, k + 1)) at.push(k);
  const k = at[Math.floor(rnd() * at.length)];
  return text.slice(0, k) + to + text.slice(k + from.length);
}

/** The fresh functions on the analysis's own declarations (nothing reused). */
function freshParts(a: FileAnalysis) {
  const decls = a.program.decls;
  const env = buildSchemaEnv([...decls, ...a.imported]);
  return {
    schema: schemaDiagnostics(decls, env),
    lint: lintToolDecls(decls, { imported: a.importedLocated, env, text: a.text }),
    contracts: contractDiagnostics([{ path: a.path, program: a.program, text: a.text, imported: a.importedLocated }], { scope: 'file' }).get(a.path),
  };
}

const snapshot = (x: unknown) => JSON.parse(JSON.stringify(x));

function run(seed: number, edits: number): void {
  const rnd = mulberry32(seed);
  const files = new Map<string, string>([
    [MAIN, MAIN_PARTS.join('\n\n') + '\n'],
    [LIB, LIB_PARTS.join('\n') + '\n'],
  ]);
  const host = { readFile: (p: string) => files.get(p) };
  const live = new Analyzer(host);
  let before: { result: Diagnostic[][]; copy: unknown } | undefined;
  const seen = { gate: 0, schema: 0, collisions: 0, lint: 0, flows: 0 };
  // A breaking edit is taken back by the next one (as when typing goes on), so the document keeps its declarations.
  let undo: string | undefined;
  for (let i = 0; i < edits; i++) {
    if (undo !== undefined) {
      files.set(MAIN, undo);
      undo = undefined;
    } else if (i > 0 && i % 60 === 0) {
      // Now and then the whole document is replaced by the starting one.
      files.set(MAIN, MAIN_PARTS.join('\n\n') + '\n');
    } else if (i > 0) {
      const r = rnd();
      const main = files.get(MAIN)!;
      if (r < 0.05) files.set(LIB, edit(rnd, files.get(LIB)!, LIB_TYPING));
      else if (r < 0.1) files.set(LIB, swap(rnd, files.get(LIB)!, LIB_SWAPS));
      else if (r < 0.45) files.set(MAIN, swap(rnd, main, SWAPS));
      else if (r < 0.6) {
        files.set(MAIN, edit(rnd, main, BREAKING));
        undo = main;
      } else files.set(MAIN, edit(rnd, main, TYPING));
    }
    const text = files.get(MAIN)!;
    const a = live.analyze(MAIN, text);
    const contracts = contractsFor([a], 'file').get(MAIN)!;
    const where = `seed ${seed}, edit ${i}:\n${text}\n--- lib.ilo:\n${files.get(LIB)}`;

    // Against a new Analyzer (nothing kept at all).
    const b = new Analyzer(host).analyze(MAIN, text);
    assert.deepStrictEqual(a.diagnostics, b.diagnostics, where);
    assert.deepStrictEqual(contracts, contractsFor([b], 'file').get(MAIN), where);
    // Against a one-shot Analyzer, as the CLI makes (no checker results or schema diagnostics kept to reuse).
    const once = new Analyzer(host, { oneShot: true }).analyze(MAIN, text);
    assert.deepStrictEqual(once.diagnostics, b.diagnostics, where);
    assert.deepStrictEqual(contractsFor([once], 'file').get(MAIN), contracts, where);

    // Against the fresh functions on the same declarations, part by part.
    const fresh = freshParts(a);
    const kept = a.diagnostics.filter((d) => d.source === 'ilo-contracts');
    assert.deepStrictEqual(kept, [...fresh.schema, ...fresh.lint].sort((x, y) => x.start - y.start || x.end - y.end), where);
    assert.deepStrictEqual(contracts, fresh.contracts, where);
    // The tools themselves (MCP definitions with the descriptions records and aliases give them, behaviors, hashes).
    const input = { path: a.path, program: a.program, text: a.text, imported: a.importedLocated, env: a.env };
    assert.deepStrictEqual(resolveFile(input, a.reuse).tools, toolsOf({ ...input, env: undefined }).tools, where);

    // What the last edit handed out is as it was.
    if (before) assert.deepStrictEqual(snapshot(before.result), before.copy, `${where}\n(an earlier result changed)`);
    before = { result: [kept, contracts], copy: snapshot([kept, contracts]) };

    seen.gate += contracts.filter((d) => d.code === 'effect-gate').length;
    seen.flows += contracts.filter((d) => d.code === 'toxic-flow').length;
    seen.collisions += contracts.filter((d) => /same-|near-/.test(d.code)).length;
    seen.schema += fresh.schema.length;
    seen.lint += fresh.lint.length;
  }
  // The edits keep every analysis in play.
  for (const [what, n] of Object.entries(seen)) assert.ok(n > 0, `no ${what} diagnostics in ${edits} edits`);
}

test('random edits: kept schema and contract results equal fresh ones (seed 11)', () => run(11, 250));

test('random edits: kept schema and contract results equal fresh ones (seed 2024)', () => run(2024, 250));

test('random edits: kept schema and contract results equal fresh ones (seed 77)', () => run(77, 250));
