// The bundles load the lexical grammar from a recipe compiled at build time
// (scripts/grammarRecipe.mjs) instead of compiling ilo.ohm at start-up. The
// recipe must be the grammar that ilo.ohm says, cut where grammar.ts cuts it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as ohm from 'ohm-js';
import { compileLexicalGrammar } from '../../server/src/syntax/grammar';

const root = path.resolve(__dirname, '..', '..');

async function buildRecipe(): Promise<string> {
  const url = pathToFileURL(path.join(root, 'scripts', 'grammarRecipe.mjs')).href;
  const mod = (await import(url)) as { lexicalRecipe(root: string): string };
  return mod.lexicalRecipe(root);
}

test('the recipe the build puts into the bundles is the lexical layer of ilo.ohm as grammar.ts compiles it', async () => {
  const fromBuild = JSON.parse(await buildRecipe()) as unknown;
  // toRecipe exists on every ohm grammar; ohm-js's typings leave it out.
  const compiled = compileLexicalGrammar() as ohm.Grammar & { toRecipe(): string };
  const fromSource = JSON.parse(compiled.toRecipe()) as unknown;
  assert.deepEqual(fromBuild, fromSource);
});

test('a grammar loaded from the recipe splits a program into the same items as the compiled grammar', async () => {
  const loaded = (ohm as unknown as { makeRecipe(r: string): ohm.Grammar }).makeRecipe(await buildRecipe());
  const compiled = compileLexicalGrammar();
  const program = 'tool get"Get it" id:t>R t t timeout:5\nf x:n>n;r=+x 1;-- note\n  "a\\"b" >= -2.5e3 ? é';
  const items = (g: ohm.Grammar): string[] => {
    const m = g.match(program, 'chunk');
    assert.ok(m.succeeded());
    const out: string[] = [];
    g.createSemantics()
      .addOperation('items', {
        chunk(items) {
          for (const item of items.children) out.push(`${item.ctorName}:${item.sourceString}`);
          return out;
        },
      })(m)
      ['items']();
    return out;
  };
  const expected = items(compiled);
  assert.ok(expected.includes('comment:-- note') && expected.includes('bad:é'), expected.join(' '));
  assert.deepEqual(items(loaded), expected);
});
