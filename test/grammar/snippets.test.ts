// snippets/ilo.json: every snippet, accepted with its defaults, is a valid ilo
// program (or statement, inside a host function) for our parser, and is fully
// coloured by the TextMate grammar.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { ACTIONS, DOMAINS, MUTABILITIES, parseAnnotations } from '../../server/src/schema';
import { parseIlo } from '../../server/src/syntax/parse';
import { expandSnippet } from './snippetText';
import { dump, ROOT, tokenize } from './textmate';

interface Snippet {
  prefix: string | string[];
  body: string | string[];
  description: string;
}

const SNIPPETS = JSON.parse(readFileSync(join(ROOT, 'snippets', 'ilo.json'), 'utf8')) as Record<string, Snippet>;

/** Snippets that are whole declarations; the rest are statements inside a body. */
const DECLARATIONS = new Set(['Function', 'Tool', 'Record type', 'Use', 'Use some']);

/** The snippets the issue asks for (by name). */
const REQUIRED = [
  'Function',
  'Tool',
  'Record type',
  'Match on a Result',
  'For each',
  'Range loop',
  'While',
  'Guard',
  'Ternary',
  'Use',
];

/** Put a statement snippet where it belongs: in the body of a function whose params it may use. */
function inHost(statement: string): string {
  return ['host x:n n:n i:n s:n xs:L n r:R n t>n', `  ${statement}`, '  0'].join('\n');
}

function programFor(name: string, text: string): string {
  return DECLARATIONS.has(name) ? text : inHost(text);
}

describe('snippets', () => {
  it('expand to what Tab-through-defaults inserts (mirrors, nesting, choices)', () => {
    assert.equal(expandSnippet('${1:a} $1 ${2:<${3:b}>} ${4|x,y|} \\$5$0').text, 'a a <b> x $5');
    assert.deepEqual(expandSnippet(['$1', '${2:z}']).emptyTabstops, [1]);
  });

  it('include every shape the issue lists', () => {
    for (const name of REQUIRED) assert.ok(SNIPPETS[name], `missing snippet ${name}`);
  });

  for (const [name, snip] of Object.entries(SNIPPETS)) {
    it(`${name}: well formed, every placeholder has a default`, () => {
      const prefixes = typeof snip.prefix === 'string' ? [snip.prefix] : snip.prefix;
      assert.ok(prefixes.length > 0 && prefixes.every((p) => p.trim() !== ''), 'empty prefix');
      assert.ok(snip.description.trim() !== '', 'empty description');
      const { emptyTabstops } = expandSnippet(snip.body);
      assert.deepEqual(emptyTabstops, [], 'tabstops without a default would insert nothing');
    });

    it(`${name}: parses without errors when accepted as is`, () => {
      const program = programFor(name, expandSnippet(snip.body).text);
      const { diagnostics } = parseIlo(program);
      const errors = diagnostics.filter((d) => d.severity === 'error');
      assert.deepEqual(
        errors.map((d) => `${d.code} ${d.message}`),
        [],
        `in:\n${program}`,
      );
    });

    it(`${name}: every token is coloured`, async () => {
      const program = programFor(name, expandSnippet(snip.body).text);
      const tokens = await tokenize(program);
      const bare = tokens.filter((t) => t.text.trim() !== '' && t.scopes.length === 1);
      assert.deepEqual(bare.map((t) => t.text), [], dump(tokens));
    });
  }

  it('the tool snippet carries the contract annotations', () => {
    const text = expandSnippet(SNIPPETS['Tool']!.body).text;
    for (const key of ['@title', '@param', '@behavior']) assert.match(text, new RegExp(`^-- ${key} `, 'm'));
    assert.match(text, /^tool [a-z-]+"[^"]+" uid:t>R t t timeout:5,retry:2$/m);
  });

  it('the @behavior choices offer exactly the contract vocabulary', () => {
    const body = ([] as string[]).concat(SNIPPETS['Tool']!.body).join('\n');
    const choices = [...body.matchAll(/\$\{\d+\|([^|]*)\|\}/g)].map((m) => m[1]!.split(',').sort());
    assert.deepEqual(choices, [[...MUTABILITIES].sort(), [...ACTIONS].sort(), [...DOMAINS].sort()]);
  });

  it('the tool snippet annotations are accepted by the contract reader', () => {
    const { program } = parseIlo(expandSnippet(SNIPPETS['Tool']!.body).text);
    const tool = program.decls.find((d) => d.kind === 'ToolDecl');
    assert.ok(tool, 'no tool declaration parsed');
    const { diagnostics } = parseAnnotations(tool.doc, tool);
    assert.deepEqual(diagnostics.map((d) => d.message), []);
  });

  it('mirrored placeholders stay in step (the @param name is the tool parameter)', () => {
    const text = expandSnippet(SNIPPETS['Tool']!.body).text;
    const annotated = /^-- @param (\S+)/m.exec(text)?.[1];
    const param = / ([a-z-]+):t>/.exec(text)?.[1];
    assert.equal(annotated, param);
  });
});
