// One classification, two colourings: every row of CLASS_ROWS is checked
// against the semantic tokens the language server sends and against the
// scope the TextMate grammar gives the same token; both expectations come
// from the class table (server/src/service/display/tokenClasses.ts). Also:
// the table covers every class, and package.json declares what the legend
// adds to VS Code's standard tokens.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import {
  SEMANTIC_TOKEN_MODIFIERS,
  SEMANTIC_TOKENS_LEGEND,
  semanticTokenScopes,
  TOKEN_CLASSES,
  tmScope,
  type TokenClass,
} from '../../server/src/service/display';
import { open } from '../service/helpers';
import { kindText, nthWord, positionAt, tokenAt, tokensOf } from '../service/display/helpers';
import { CLASS_ROWS, type ClassRow } from './tokenClasses';
import { dump, ROOT, tokenize, type Token } from './textmate';

/** The semantic kind a row expects: its class's type and modifiers, plus the site's. */
function expectedKind(row: ClassRow): string {
  const info = TOKEN_CLASSES[row.cls];
  const mods = [...info.modifiers, ...(row.site === 'declaration' && !row.mods?.includes('modification') ? ['declaration'] : []), ...(row.mods ?? [])];
  return mods.length === 0 ? info.type : `${info.type}[${mods.sort().join(',')}]`;
}

function expectedScope(row: ClassRow): string {
  const info = TOKEN_CLASSES[row.cls];
  return tmScope(row.tm ?? (row.site === 'declaration' ? (info.declarationScope ?? info.referenceScope) : info.referenceScope));
}

/** The TextMate token covering a position (tokens cover each line end to end). */
function tmTokenAt(tokens: readonly Token[], line: number, character: number): Token | undefined {
  let col = 0;
  for (const t of tokens) {
    if (t.line !== line) continue;
    if (character >= col && character < col + t.text.length) return t;
    col += t.text.length;
  }
  return undefined;
}

describe('token classes: semantic tokens and TextMate agree', () => {
  for (const row of CLASS_ROWS) {
    it(`${row.what}: ${TOKEN_CLASSES[row.cls].what}`, async () => {
      const offset = nthWord(row.src, row.tok, row.nth);
      const pos = positionAt(row.src, offset);

      const { service, uri } = open(row.src);
      const tokens = tokensOf(service, uri);
      const semantic = tokenAt(tokens, pos);
      assert.equal(semantic?.length, row.tok.length, `no semantic token of ${JSON.stringify(row.tok)} at ${pos.line}:${pos.character}`);
      assert.equal(kindText(semantic), expectedKind(row), `semantic token of ${JSON.stringify(row.tok)} in ${JSON.stringify(row.src)}`);

      const tm = await tokenize(row.src);
      const tmTok = tmTokenAt(tm, pos.line, pos.character);
      assert.equal(tmTok?.text, row.tok, `TextMate does not make ${JSON.stringify(row.tok)} one token:\n${dump(tm)}`);
      assert.ok(tmTok.scopes.includes(expectedScope(row)), `${JSON.stringify(row.tok)} has [${tmTok.scopes.join(' ')}], expected ${expectedScope(row)}`);
    });
  }

  it('every class of the table has a row, and a declaration row where it has a declaration site', () => {
    for (const [cls, info] of Object.entries(TOKEN_CLASSES) as Array<[TokenClass, (typeof TOKEN_CLASSES)[TokenClass]]>) {
      assert.ok(CLASS_ROWS.some((r) => r.cls === cls && r.site === 'reference') || info.declarationScope !== undefined, `${cls} has no reference row`);
      if (info.declarationScope !== undefined) {
        assert.ok(CLASS_ROWS.some((r) => r.cls === cls && r.site === 'declaration' && r.tm === undefined), `${cls} has no declaration row`);
      }
    }
  });

  it('the legend holds every type and modifier the classes use', () => {
    for (const info of Object.values(TOKEN_CLASSES)) {
      assert.ok(SEMANTIC_TOKENS_LEGEND.tokenTypes.includes(info.type), info.type);
      for (const m of info.modifiers) assert.ok(SEMANTIC_TOKENS_LEGEND.tokenModifiers.includes(m), m);
    }
  });

  it('package.json declares our own modifier and maps it to the grammar scope of the class', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      contributes: {
        semanticTokenModifiers?: Array<{ id: string; description: string }>;
        semanticTokenScopes?: Array<{ language: string; scopes: Record<string, string[]> }>;
      };
    };
    const standard = new Set(['declaration', 'definition', 'readonly', 'static', 'deprecated', 'abstract', 'async', 'modification', 'documentation', 'defaultLibrary']);
    const custom = SEMANTIC_TOKEN_MODIFIERS.filter((m) => !standard.has(m));
    assert.deepEqual(custom, ['tool']);
    assert.deepEqual(pkg.contributes.semanticTokenModifiers?.map((m) => m.id), custom);
    const ilo = pkg.contributes.semanticTokenScopes?.find((s) => s.language === 'ilo');
    assert.deepEqual(ilo?.scopes, semanticTokenScopes());
    assert.deepEqual(semanticTokenScopes()['function.tool'], ['entity.name.function.tool.ilo']);
  });
});
