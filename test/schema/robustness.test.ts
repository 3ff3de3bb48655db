// Bad or hostile input: the schema layer answers with diagnostics or a
// bounded result, never a throw or a runaway.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildManifest } from '../../server/src/schema/manifest';
import { toOpenAITools } from '../../server/src/schema/providerTools';
import { parseAnnotations } from '../../server/src/schema/annotations';
import { envOf, program, toolNamed, validator } from './helpers/fixtures';
import { toolDefinition } from '../../server/src/schema/mcpTool';
import { findJsonSyntaxError } from '../../server/src/schema/jsonSyntax';

function doublingChain(levels: number): string {
  // t1 has two t0 fields, t2 two t1 fields, ...: inlining everything is 2^levels nodes.
  const lines = ['type t0{v:n}'];
  for (let i = 1; i <= levels; i++) lines.push(`type t${i}{a:t${i - 1};b:t${i - 1}}`);
  lines.push(`tool deep"Deep" x:t${levels}>R t t`);
  return lines.join('\n');
}

test('records that reuse each other at many levels do not blow up exponentially', () => {
  const { decls, env } = envOf(doublingChain(40));
  const { tool, problems } = toolDefinition(toolNamed(decls, 'deep'), env);
  assert.deepEqual(problems, []);
  assert.ok(JSON.stringify(tool).length < 2_000_000, 'output stays bounded');
  assert.ok(tool.inputSchema.$defs, 'shared records moved to $defs');
});

test('past the inlining budget the schema still means the same thing', () => {
  const { decls, env } = envOf(doublingChain(14));
  const { tool } = toolDefinition(toolNamed(decls, 'deep'), env);
  assert.ok(tool.inputSchema.$defs, 'this chain is past the budget');
  const value = (depth: number): unknown => (depth === 0 ? { v: 1 } : { a: value(depth - 1), b: value(depth - 1) });
  const check = validator(tool.inputSchema);
  assert.equal(check({ x: value(14) } as never), true);
  const broken = value(14) as { a: { a: unknown } };
  broken.a.a = { v: 'one' };
  assert.equal(check({ x: broken } as never), false);
});

test('a pathologically nested imported schema is exported non-strict instead of crashing', () => {
  let deep: unknown = { type: 'string' };
  for (let i = 0; i < 3000; i++) deep = { type: 'array', items: deep };
  const decls = program('tool odd"Odd" v:_>R t t');
  const tool = decls[0];
  assert.equal(tool.kind, 'ToolDecl');
  tool.doc = [{ text: ` @schema v ${JSON.stringify(deep)}`, start: 0, end: 0 }];
  const out = toOpenAITools(decls);
  assert.equal(out.tools.length + out.omitted.length, 1);
});

test('annotation parsing survives odd comment text', () => {
  const decls = program('tool g"G" x:t>R t t');
  const weird = ['@', '@@', '@param', '@param =', '@param x=', '@param x="unterminated', '@schema', '@schema x', '@schema x {', '@behavior', '@hints =', '@wire', '\u0000@title \u0000', '@output [1]'];
  const doc = weird.map((text, i) => ({ text: ' ' + text, start: i * 100, end: i * 100 + 3 + text.length }));
  const r = parseAnnotations(doc, decls[0]);
  assert.ok(r.diagnostics.length >= 8);
  assert.ok(r.diagnostics.every((d) => d.source === 'ilo-contracts' && d.start <= d.end));
});

test('an empty file and a file without tools give an empty manifest', () => {
  assert.deepEqual(buildManifest([]), { tools: [], omitted: [] });
  assert.deepEqual(buildManifest(program('type p{x:n}\nf x:n>n;x')), { tools: [], omitted: [] });
});

test('findJsonSyntaxError: the first error of malformed JSON with its line, column and a plain reason', () => {
  const at = (text: string) => {
    const e = findJsonSyntaxError(text);
    return e && `${e.line}:${e.col} ${e.reason}`;
  };
  for (const valid of ['{"a":[1,{"b":null}],"c":true}', '[[[]]]', '-1.5e3', '"\\u00e9\\n"', '\ufeff{}']) {
    assert.equal(at(valid), undefined, valid);
    assert.doesNotThrow(() => JSON.parse(valid.replace(/^\ufeff/, '')));
  }
  assert.equal(at('{"a":1,}'), '1:8 a trailing comma before `}`');
  assert.equal(at('[1 2]'), '1:4 expected `,` or `]` but found `2`');
  assert.equal(at('{\n  "a" 1}'), '2:7 expected `:` after the property name but found `1`');
  assert.equal(at("{'a':1}"), '1:2 expected a property name in double quotes but found `\'`');
  assert.equal(at('{"a":"b'), '1:6 this string is never closed');
  assert.equal(at('{"tools": ['), '1:12 the input ended where a value was expected');
  assert.equal(at('{"a":1}}'), '1:8 unexpected `}` after the end of the JSON value');
  assert.equal(at(''), '1:1 the input is empty');
  // Deep nesting is scanned without recursion.
  assert.equal(at('['.repeat(200_000)), `1:200001 the input ended where a value was expected`);
});
