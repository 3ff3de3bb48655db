// `use` at level 26 (the importing file's level): paths without an
// extension, `.@` files, packages under ~/.ilo/pkgs (ILO_PKGS_DIR here),
// `use m:"…"` prefixes, private `_names` (left out of a prefixed import,
// ILO-P019 in a list) and re-exports. Level 0.11 resolves as before.

import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { parseIlo } from '../../server/src/syntax/parse';
import { checkProgram } from '../../server/src/check/check';
import { isPackagePath, resolveImports, type FileHost } from '../../server/src/project/imports';
import { LEVEL_26 } from '../../server/src/level';
import type { Diagnostic } from '../../server/src/diagnostics';

const root = path.resolve('/proj');
const pkgs = path.resolve('/pkgs');

function host(files: Record<string, string>): FileHost {
  return {
    readFile(abs: string): string | undefined {
      if (abs.startsWith(pkgs + path.sep)) return files[`~pkgs/${path.relative(pkgs, abs).split(path.sep).join('/')}`];
      return files[path.relative(root, abs).split(path.sep).join('/')];
    },
  };
}

const parse26 = (t: string) => parseIlo(t, { level: LEVEL_26 }).program;

function analyse(files: Record<string, string>, entry = 'main.@'): { diags: Diagnostic[]; imported: string[] } {
  const program = parse26(files[entry]);
  const r = resolveImports(path.join(root, entry), program, host(files), (_p, t) => parse26(t));
  const checked = checkProgram(program, { imported: r.imported, importedVia: r.importedVia, level: LEVEL_26 });
  return {
    diags: [...r.diagnostics, ...checked].filter((d) => d.severity === 'error'),
    imported: r.imported.map((d) => ('name' in d && d.name ? d.name.text : d.kind)),
  };
}

let savedPkgs: string | undefined;
before(() => {
  savedPkgs = process.env.ILO_PKGS_DIR;
  process.env.ILO_PKGS_DIR = pkgs;
});
after(() => {
  if (savedPkgs === undefined) delete process.env.ILO_PKGS_DIR;
  else process.env.ILO_PKGS_DIR = savedPkgs;
});

describe('use at level 26', () => {
  it('finds name.@, then name.ilo, for a local path without an extension (`./geo`: `geo` alone names a package)', () => {
    assert.deepEqual(analyse({ 'geo.@': 'area w:n h:n>n;*w h', 'main.@': 'use "./geo"\nf>n;area 2 3' }).diags, []);
    assert.deepEqual(analyse({ 'geo.ilo': 'area w:n h:n>n;*w h', 'main.@': 'use "./geo"\nf>n;area 2 3' }).diags, []);
  });

  it('prefixes the public names of `use m:"…"` and leaves the private ones out', () => {
    const files = { 'geo.@': 'area w:n h:n>n;*w h\n_unit x:n>n;x', 'main.@': 'use g:"geo.@"\nf>n;g-area 2 3' };
    const r = analyse(files);
    assert.deepEqual(r.diags, []);
    assert.deepEqual(r.imported, ['g-area']);
    const unprefixed = analyse({ ...files, 'main.@': 'use g:"geo.@"\nf>n;area 2 3' });
    assert.ok(unprefixed.diags.length > 0, 'the plain name is not visible');
  });

  it('a flat import brings the private names too; asking for one in a list is ILO-P019', () => {
    const files = { 'geo.@': 'area w:n h:n>n;*w h\n_unit x:n>n;x', 'main.@': 'use "geo.@"\nf>n;_unit 1' };
    assert.deepEqual(analyse(files).diags, []);
    const listed = analyse({ ...files, 'main.@': 'use "geo.@" [_unit]\nf>n;1' });
    assert.deepEqual(listed.diags.map((d) => d.code), ['ILO-P019']);
  });

  it('a re-exported name can be listed by the importers of the facade', () => {
    const files = {
      'geo.@': 'area w:n h:n>n;*w h',
      'facade.@': 'use re:"geo.@" [area]\nextra x:n>n;x',
      'main.@': 'use "facade.@" [area extra]\nf>n;+(area 1 2) (extra 3)',
    };
    assert.deepEqual(analyse(files).diags, []);
  });

  it('a package is read from ~/.ilo/pkgs/owner/repo/index.@; a missing one is ILO-P017 with a hint', () => {
    assert.ok(isPackagePath('org/helpers'));
    assert.ok(!isPackagePath('./org/helpers'));
    assert.ok(!isPackagePath('lib.ilo'));
    const files = { '~pkgs/org/helpers/index.@': 'twice x:n>n;*x 2', 'main.@': 'use "org/helpers"\nf>n;twice 4' };
    assert.deepEqual(analyse(files).diags, []);
    const missing = analyse({ 'main.@': 'use "org/absent"\nf>n;1' }).diags;
    assert.equal(missing[0]?.code, 'ILO-P017');
    assert.match(missing[0]?.hint ?? '', /ilo add org\/absent/);
  });

  it('a sum type can be listed and brings its variants', () => {
    const files = { 'shapes.@': 'type shape = disc(n) | origin', 'main.@': 'use "shapes.@" [shape]\nf s:shape>n;?s{disc(r):r;origin:0}' };
    assert.deepEqual(analyse(files).diags, []);
  });
});

describe('use at level 0.11 is unchanged', () => {
  it('a path is taken as written (no extension search, no packages)', () => {
    const program = parseIlo('use "geo"\nf>n;1').program;
    const r = resolveImports(path.join(root, 'main.ilo'), program, host({ 'geo.ilo': 'area>n;1' }), (_p, t) => parseIlo(t).program);
    assert.deepEqual(r.diagnostics.map((d) => d.code), ['ILO-P017']);
  });
});
