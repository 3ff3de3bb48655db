// The ohm grammar compiled at build time. Compiling ilo.ohm costs a few
// hundred milliseconds at every process start; an ohm recipe (the compiled
// grammar serialised by `grammar.toRecipe()`) loads in about a millisecond.
// build.mjs and run-bundled.mjs put the recipe of the lexical layer into the
// bundles as the constant ILO_LEXICAL_RECIPE (esbuild `define`); grammar.ts
// uses it when present and compiles ilo.ohm otherwise (tests run from source).
// ilo.ohm stays the grammar of record: the recipe is made from it on every
// build, and test/syntax/grammarRecipe.test.ts checks that this file cuts the
// lexical layer exactly as grammar.ts does.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';

/** Where ilo.ohm's syntactic layer begins (grammar.ts has the same marker). */
export const SYNTACTIC_LAYER_MARKER = '// @syntactic-layer';

/** The recipe (JSON text) of ilo.ohm's lexical layer, compiled with the project's ohm-js. */
export function lexicalRecipe(root) {
  const ohm = createRequire(join(root, 'package.json'))('ohm-js');
  const src = readFileSync(join(root, 'server', 'src', 'syntax', 'ilo.ohm'), 'utf8');
  const cut = src.indexOf(SYNTACTIC_LAYER_MARKER);
  const grammar = ohm.grammar(cut < 0 ? src : src.slice(0, cut) + '\n}\n');
  return grammar.toRecipe();
}

/**
 * The lexical layer's start rule compiled to one regular expression by
 * server/src/syntax/lexicalRegex.ts (bundled for this call, with the project's
 * ohm-js), as the plain data grammar.ts turns back into an ItemRegex: with it
 * in the bundle a process lexes without loading ohm at all.
 */
export function itemRegexSpec(root) {
  const req = createRequire(join(root, 'package.json'));
  const ohm = req('ohm-js');
  const esbuild = req('esbuild');
  const out = esbuild.buildSync({
    entryPoints: [join(root, 'server', 'src', 'syntax', 'lexicalRegex.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    write: false,
    // The same ohm-js as the grammar below: the compiler tells expressions apart with instanceof.
    external: ['ohm-js'],
    logLevel: 'warning',
  });
  const mod = { exports: {} };
  new Function('module', 'exports', 'require', out.outputFiles[0].text)(mod, mod.exports, req);
  const src = readFileSync(join(root, 'server', 'src', 'syntax', 'ilo.ohm'), 'utf8');
  const cut = src.indexOf(SYNTACTIC_LAYER_MARKER);
  const grammar = ohm.grammar(cut < 0 ? src : src.slice(0, cut) + '\n}\n');
  return mod.exports.specOfItemRegex(mod.exports.compileItemRegex(grammar, 'chunk'));
}

/** esbuild `define` entries that put the compiled grammar into a bundle. */
export function grammarDefines(root) {
  return { ILO_LEXICAL_RECIPE: JSON.stringify(lexicalRecipe(root)), ILO_ITEM_REGEX: JSON.stringify(itemRegexSpec(root)) };
}
