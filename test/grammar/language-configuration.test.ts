// language-configuration.json: what VS Code does with it (comment toggling,
// word selection, auto-closing, indentation on Enter), checked with the same
// regexes VS Code compiles from it.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { ROOT } from './textmate';

interface LanguageConfiguration {
  comments: { lineComment: string; blockComment?: [string, string] };
  brackets: [string, string][];
  autoClosingPairs: { open: string; close: string; notIn?: string[] }[];
  surroundingPairs: [string, string][];
  wordPattern: string;
  indentationRules: { increaseIndentPattern: string; decreaseIndentPattern: string };
  onEnterRules: { beforeText: string; action: { indent: string; appendText?: string } }[];
  folding: { offSide: boolean; markers: { start: string; end: string } };
}

const config = JSON.parse(readFileSync(join(ROOT, 'language-configuration.json'), 'utf8')) as LanguageConfiguration;

/** The word VS Code selects on a double-click at `offset` (it scans the line with wordPattern, global). */
function wordAt(line: string, offset: number): string | undefined {
  const re = new RegExp(config.wordPattern, 'g');
  for (const m of line.matchAll(re)) {
    if (m.index <= offset && offset < m.index + m[0].length) return m[0];
  }
  return undefined;
}

const increase = new RegExp(config.indentationRules.increaseIndentPattern);
const decrease = new RegExp(config.indentationRules.decreaseIndentPattern);

describe('language configuration', () => {
  it('toggles -- line comments and has no block comments', () => {
    assert.equal(config.comments.lineComment, '--');
    assert.equal(config.comments.blockComment, undefined);
  });

  it('knows the three bracket kinds', () => {
    assert.deepEqual(config.brackets, [
      ['{', '}'],
      ['[', ']'],
      ['(', ')'],
    ]);
  });

  it('auto-closes and surrounds with brackets and quotes, but not quotes inside strings or comments', () => {
    const closes = new Map(config.autoClosingPairs.map((p) => [p.open, p]));
    for (const [open, close] of [['{', '}'], ['[', ']'], ['(', ')'], ['"', '"']] as const) {
      assert.equal(closes.get(open)?.close, close, `auto-close ${open}`);
      assert.ok(config.surroundingPairs.some(([o, c]) => o === open && c === close), `surround ${open}`);
    }
    assert.deepEqual(closes.get('"')?.notIn, ['string', 'comment']);
  });

  it('selects kebab-case names as one word', () => {
    assert.equal(wordAt('r=get-user uid', 5), 'get-user');
    assert.equal(wordAt('r=get-user uid', 2), 'get-user');
    assert.equal(wordAt('f x-1:n>n;x-1', 11), 'x-1');
  });

  it('does not glue operators or sigils to the word', () => {
    assert.equal(wordAt('+a b', 1), 'a');
    assert.equal(wordAt('d=inner! x', 4), 'inner');
    assert.equal(wordAt('- 1', 0), undefined);
    assert.equal(wordAt('x>>len', 4), 'len');
  });

  it('selects a whole field name after a dot, and a negative number literal', () => {
    assert.equal(wordAt('r.userName', 4), 'userName');
    assert.equal(wordAt('r.user_name', 8), 'user_name');
    assert.equal(wordAt('f>n;-12.5', 6), '-12.5');
  });

  it('indents after a function header whose body is on the next lines', () => {
    for (const header of ['f x:n>n', 'main>R t t', 'send-mail to:t body:t>R _ t', 'color x:S red green > t']) {
      assert.match(header, increase, header);
    }
  });

  it('does not indent after a one-line function or a tool/type/use/alias line', () => {
    for (const line of [
      'f x:n>n;+x 1',
      'tool get-user"Get" uid:t>R t t timeout:5,retry:2',
      'type pt{x:n;y:n}',
      'use "lib.ilo"',
      'alias ids L n',
      '  x=+x 1',
      '-- a comment > here',
    ]) {
      assert.doesNotMatch(line, increase, line);
    }
  });

  it('indents after an unclosed bracket and outdents the closing one', () => {
    assert.match('  @x xs{', increase);
    assert.match('  xs=[1, 2,', increase);
    assert.match('type order{', increase);
    assert.match('  }', decrease);
    assert.match(']', decrease);
    assert.doesNotMatch('  x=1', decrease);
    assert.doesNotMatch('  ?x{1:"a";_:"b"}', increase);
    assert.doesNotMatch('-- (see below', increase);
  });

  it('continues a doc-comment annotation block on Enter', () => {
    const rule = config.onEnterRules.find((r) => new RegExp(r.beforeText).test('-- @param uid The id'));
    assert.ok(rule);
    assert.equal(rule.action.appendText, '-- ');
    assert.ok(!config.onEnterRules.some((r) => r.action.appendText && new RegExp(r.beforeText).test('f>n;1 -- note')));
  });

  it('folds by indentation (a blank line ends a declaration)', () => {
    assert.equal(config.folding.offSide, true);
    assert.match('-- #region helpers', new RegExp(config.folding.markers.start));
    assert.match('-- #endregion', new RegExp(config.folding.markers.end));
  });
});
