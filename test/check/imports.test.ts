// `use` resolution across files: relative paths, transitive and scoped
// imports, missing files (ILO-P017), cycles (ILO-P018), unknown scoped names
// (ILO-P019), and verification against imported declarations.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { parseIlo } from '../../server/src/syntax/parse';
import { checkProgram } from '../../server/src/check/check';
import { resolveImports, type FileHost } from '../../server/src/project/imports';
import type { Diagnostic } from '../../server/src/diagnostics';

const root = path.resolve('/proj');

/** An in-memory folder of ilo files. */
function host(files: Record<string, string>): FileHost & { reads: string[] } {
  const reads: string[] = [];
  return {
    reads,
    readFile(abs: string): string | undefined {
      reads.push(abs);
      const rel = path.relative(root, abs).split(path.sep).join('/');
      return files[rel];
    },
  };
}

/** Import + verify `main.ilo` of `files`; all diagnostics (errors and warnings). */
function analyse(files: Record<string, string>, entry = 'main.ilo'): { diags: Diagnostic[]; deps: string[]; text: string } {
  const text = files[entry];
  const parsed = parseIlo(text);
  const r = resolveImports(path.join(root, entry), parsed.program, host(files), (_p, t) => parseIlo(t).program);
  const checked = checkProgram(parsed.program, { imported: r.imported, importedVia: r.importedVia });
  return { diags: [...r.diagnostics, ...checked].filter((d) => d.severity !== 'hint'), deps: r.dependencies, text };
}

describe('use', () => {
  it('makes the imported functions callable and type-checked', () => {
    const files = { 'lib.ilo': 'dbl x:n>n;*x 2', 'main.ilo': 'use "lib.ilo"\nf>n;dbl 4' };
    assert.deepEqual(analyse(files).diags, []);
    const bad = { ...files, 'main.ilo': 'use "lib.ilo"\nf>n;dbl "4"' };
    assert.deepEqual(analyse(bad).diags.map((d) => d.code), ['ILO-T007']);
  });

  it('imports transitively, relative to each importing file', () => {
    const files = {
      'main.ilo': 'use "sub/a.ilo"\nf>n;b-fn 1',
      'sub/a.ilo': 'use "b.ilo"\na-fn x:n>n;b-fn x',
      'sub/b.ilo': 'b-fn x:n>n;+x 1',
    };
    const r = analyse(files);
    assert.deepEqual(r.diags, []);
    assert.deepEqual([...r.deps].sort(), [path.join(root, 'sub/a.ilo'), path.join(root, 'sub/b.ilo')]);
  });

  it('imported record types can be used and their fields read', () => {
    const files = { 'types.ilo': 'type pt{x:n;y:n}', 'main.ilo': 'use "types.ilo"\nf p:pt>n;p.x' };
    assert.deepEqual(analyse(files).diags, []);
  });

  it('a scoped import brings only the listed names', () => {
    const files = { 'lib.ilo': 'one>n;1\ntwo>n;2', 'main.ilo': 'use "lib.ilo" [one]\nf>n;r=two();r' };
    assert.deepEqual(analyse(files).diags.map((d) => d.code), ['ILO-T005']);
  });

  it('ILO-P019 for a scoped name the file does not declare, with a did-you-mean fix', () => {
    const files = { 'lib.ilo': 'total xs:L n>n;sum xs', 'main.ilo': 'use "lib.ilo" [totl]\nf>n;1' };
    const { diags, text } = analyse(files);
    assert.deepEqual(diags.map((d) => d.code), ['ILO-P019']);
    assert.equal(text.slice(diags[0].start, diags[0].end), 'totl');
    assert.deepEqual(diags[0].suggestions?.[0].edits, [{ start: diags[0].start, end: diags[0].end, newText: 'total' }]);
  });

  it('ILO-P017 for a missing file, on its path; calls to what it would define are still reported', () => {
    const { diags, text } = analyse({ 'main.ilo': 'use "nope.ilo"\nf>n;g 1' });
    assert.deepEqual(diags.map((d) => d.code), ['ILO-P017', 'ILO-T005']);
    assert.equal(text.slice(diags[0].start, diags[0].end), '"nope.ilo"');
  });

  it('ILO-P017 on the entry use when a file it imports is missing further down', () => {
    const files = { 'a.ilo': 'use "gone.ilo"\nx>n;1', 'main.ilo': 'use "a.ilo"\nf>n;1' };
    const { diags } = analyse(files);
    assert.deepEqual(diags.map((d) => d.code), ['ILO-P017']);
    assert.match(diags[0].message, /gone\.ilo/);
  });

  it('ILO-P018 for a cycle (and no hang)', () => {
    const files = { 'a.ilo': 'use "b.ilo"\nfa>n;1', 'b.ilo': 'use "a.ilo"\nfb>n;2', 'main.ilo': 'use "a.ilo"\nf>n;fa()' };
    const { diags } = analyse(files);
    assert.deepEqual(diags.map((d) => d.code), ['ILO-P018']);
    assert.match(diags[0].message, /a\.ilo → b\.ilo → a\.ilo/);
  });

  it('ILO-P018 when a file imports the file that imports it, or itself', () => {
    assert.deepEqual(analyse({ 'main.ilo': 'use "main.ilo"\nf>n;1' }).diags.map((d) => d.code), ['ILO-P018']);
    const files = { 'a.ilo': 'use "main.ilo"\nfa>n;1', 'main.ilo': 'use "a.ilo"\nf>n;1' };
    assert.deepEqual(analyse(files).diags.map((d) => d.code), ['ILO-P018']);
  });

  it('a local declaration that clashes with an imported one is a duplicate', () => {
    const files = { 'lib.ilo': 'dbl x:n>n;*x 2', 'main.ilo': 'use "lib.ilo"\ndbl x:n>n;+x x' };
    const { diags, text } = analyse(files);
    assert.deepEqual(diags.map((d) => d.code), ['ILO-T002']);
    assert.equal(diags[0].start, text.lastIndexOf('dbl'));
  });

  it('two imports declaring the same name are reported on the second use', () => {
    const files = { 'a.ilo': 'dup>n;1', 'b.ilo': 'dup>n;2', 'main.ilo': 'use "a.ilo"\nuse "b.ilo"\nf>n;1' };
    const { diags, text } = analyse(files);
    assert.deepEqual(diags.map((d) => d.code), ['ILO-T002']);
    assert.equal(text.slice(diags[0].start, diags[0].end), 'use "b.ilo"');
  });

  it('a file imported along two paths is imported once (no false duplicates)', () => {
    const files = {
      'base.ilo': 'one>n;1',
      'a.ilo': 'use "base.ilo"\nfa>n;1',
      'b.ilo': 'use "base.ilo"\nfb>n;2',
      'main.ilo': 'use "a.ilo"\nuse "b.ilo"\nf>n;one()',
    };
    assert.deepEqual(analyse(files).diags, []);
  });

  it('use in inline code (no file) is ILO-P017', () => {
    const parsed = parseIlo('use "x.ilo"\nf>n;1');
    const r = resolveImports('', parsed.program, host({}), (_p, t) => parseIlo(t).program);
    assert.deepEqual(r.diagnostics.map((d) => d.code), ['ILO-P017']);
  });
});
