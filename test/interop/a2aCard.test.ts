// A2A agent cards without the SDK: what the card says about each tool, what
// is left out and why, and agent cards read back into ilo as tool stubs that
// parse and verify cleanly (the reference ilo's rules) and say that skills
// carry no schema.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { behaviorExtender } from '../../server/src/contracts';
import { checkProgram } from '../../server/src/check/check';
import { buildManifest, schemaDiagnostics } from '../../server/src/schema/manifest';
import { buildSchemaEnv } from '../../server/src/schema/env';
import { parseIlo } from '../../server/src/syntax/parse';
import { a2aAgentCard, a2aCardJson, checkBaseUrl } from '../../server/src/interop/a2aCard';
import { importAgentCard, isAgentCard, STUB_PARAM } from '../../server/src/interop/a2aImport';
import { exportTools } from '../../server/src/service/exports';
import { program } from '../schema/helpers/fixtures';

const SOURCE = [
  '-- @title Search notes',
  '-- @behavior PURE SEARCH CONTENT',
  'tool search-notes"Find notes containing words" q:t>R (L t) t',
  'tool ping"Check the service" >R t t',
  'tool apply-fn"Apply a function" f:F n n>R n t',
].join('\n');

function cardOf(source: string, baseUrl = 'https://agents.example.com/notes') {
  const r = exportTools(program(source), 'a2a', { extend: behaviorExtender(), baseUrl, agentName: 'notes' });
  return { card: JSON.parse(r.content) as Record<string, unknown> & { skills: Array<Record<string, unknown>> }, result: r };
}

/** Errors and warnings of the parser, verifier and schema layer for a source text. */
function problemsOf(source: string): string[] {
  const parsed = parseIlo(source);
  const decls = parsed.program.decls;
  const all = [...parsed.diagnostics, ...checkProgram(parsed.program, { text: source }), ...schemaDiagnostics(decls, buildSchemaEnv(decls))];
  return all.filter((d) => d.severity === 'error' || d.severity === 'warning').map((d) => `${d.code}: ${d.message}`);
}

test('one skill per tool: wire name, title, description, behavior tags, media types; the agent URL', () => {
  const { card, result } = cardOf(SOURCE);
  assert.deepEqual(card.supportedInterfaces, [{ url: 'https://agents.example.com/notes', protocolBinding: 'JSONRPC', protocolVersion: '1.0' }]);
  assert.equal(card.name, 'notes');
  assert.deepEqual(card.skills, [
    {
      id: 'search-notes',
      name: 'Search notes',
      description: 'Find notes containing words',
      tags: ['pure', 'search', 'content'],
      inputModes: ['application/json'],
      outputModes: ['application/json'],
    },
    // No declared behavior: no tags (a guess is not published); `t` output is text.
    { id: 'ping', name: 'ping', description: 'Check the service', inputModes: ['application/json'], outputModes: ['text/plain'] },
  ]);
  assert.deepEqual(card.defaultOutputModes, ['application/json', 'text/plain']);
  assert.equal(result.toolCount, 2);
});

test('a tool no format can express (a function type) is left out of the card with the reason', () => {
  const { card, result } = cardOf(SOURCE);
  assert.ok(!card.skills.some((s) => s.id === 'apply-fn'));
  assert.deepEqual(result.omitted.map((o) => o.name), ['apply-fn']);
  assert.match(result.omitted[0].reason, /function type `F n n` cannot cross a tool boundary/);
});

test('the card file leaves out empty lists and strings; the typed card keeps every field', () => {
  const tools = buildManifest(program('tool ping"Ping" >R t t')).tools;
  const card = a2aAgentCard(tools, { baseUrl: 'http://127.0.0.1:8000/', name: 'p' });
  assert.deepEqual(card.skills[0].tags, []);
  assert.deepEqual(card.signatures, []);
  const text = a2aCardJson(card);
  assert.doesNotMatch(text, /\[\]|""|"securitySchemes"|"tenant"|"signatures"/);
  assert.match(text, /"streaming": false/);
});

test('the base URL must be an http(s) URL; without one there is no card', () => {
  assert.deepEqual(checkBaseUrl('http://127.0.0.1:8000'), { url: 'http://127.0.0.1:8000/' });
  assert.match(checkBaseUrl(undefined).error ?? '', /needs the URL/);
  assert.match(checkBaseUrl('  ').error ?? '', /needs the URL/);
  assert.match(checkBaseUrl('not a url').error ?? '', /is not a URL/);
  assert.match(checkBaseUrl('ftp://x.example/').error ?? '', /not an http or https URL/);
  assert.throws(() => exportTools(program(SOURCE), 'a2a', {}), /needs the URL/);
});

test('agent cards are told apart from MCP tool lists', () => {
  assert.equal(isAgentCard({ name: 'a', skills: [], supportedInterfaces: [] }), true);
  assert.equal(isAgentCard({ name: 'a', url: 'https://x', version: '1', skills: [] }), true, 'a v0.3 card');
  assert.equal(isAgentCard({ tools: [] }), false);
  assert.equal(isAgentCard([{ name: 'a', inputSchema: {} }]), false);
  assert.equal(isAgentCard({ name: 'a', skills: [], tools: [] }), false);
  assert.equal(isAgentCard({ name: 'a', skills: 'x', version: '1' }), false);
  assert.equal(isAgentCard(null), false);
});

const V03_CARD = {
  name: 'Recipe Agent',
  description: 'Finds recipes',
  url: 'https://recipes.example.com/a2a',
  version: '2.1.0',
  capabilities: { streaming: true },
  defaultInputModes: ['text'],
  skills: [
    { id: 'find-recipe', name: 'Find Recipe', description: 'Finds recipes matching given ingredients', tags: ['cooking'], examples: ['pasta with mushrooms'], inputModes: ['text'] },
    { id: 'find_recipe', name: 'Find recipe (legacy)', description: 'Line one\nline "two" \\ end' },
    { id: 'map', name: 'map' },
    { id: '2fa', description: '' },
    { id: 'Ünïcode skill!', name: 'Odd one' },
    { name: 'no id' },
  ],
};

test('a card becomes commented tool stubs that parse and verify cleanly and say skills carry no schema', () => {
  const r = importAgentCard(V03_CARD);
  assert.deepEqual(r.stubs, [
    { id: 'find-recipe', ilo: 'find-recipe' },
    { id: 'find_recipe', ilo: 'find-recipe-2' },
    { id: 'map', ilo: 'map-skill' },
    { id: '2fa', ilo: 'skill-2fa' },
    { id: 'Ünïcode skill!', ilo: 'unicode-skill' },
  ]);
  assert.deepEqual(r.problems, ['skills[5] has no id; left out']);
  assert.match(r.source, /^-- Stubs for the skills of the A2A agent `Recipe Agent` \(version 2\.1\.0\), served at https:\/\/recipes\.example\.com\/a2a\./);
  assert.match(r.source, /A2A skills carry no input schema/);
  assert.equal(r.source.match(/-- TODO: complete this stub\. A2A skill `[^`]+` carries no input schema/g)?.length, 5);
  assert.deepEqual(problemsOf(r.source), [], 'no errors or warnings from the parser, verifier or schema layer');

  const decls = parseIlo(r.source).program.decls;
  const manifest = buildManifest(decls);
  // Wire names keep the skill ids where they are valid tool names.
  assert.deepEqual(manifest.tools.map((t) => t.name), ['find-recipe', 'find_recipe', 'map', '2fa', 'unicode-skill']);
  assert.deepEqual(Object.keys(manifest.tools[0].inputSchema.properties as object), [STUB_PARAM]);
  assert.equal(manifest.tools[0].title, 'Find Recipe');
  assert.equal(manifest.tools[1].description, 'Line one\nline "two" \\ end', 'descriptions survive escaping');
  assert.equal(manifest.tools[3].description, '2fa', 'an empty description falls back to the id');
  assert.match(r.source, /-- tags: cooking; examples: "pasta with mushrooms"; input: text\n/);
  assert.match(r.source, /The skill id `Ünïcode skill!` is not a valid tool name/);
});

test('export → import: ids, titles, descriptions and behavior come back', () => {
  const { card } = cardOf(SOURCE);
  const r = importAgentCard(card, ['search-notes']);
  assert.deepEqual(r.stubs.map((s) => s.ilo), ['search-notes-2', 'ping'], 'names taken in the target file are avoided');
  assert.deepEqual(problemsOf(r.source), []);
  const manifest = buildManifest(parseIlo(r.source).program.decls, { extend: behaviorExtender() });
  assert.deepEqual(
    manifest.tools.map((t) => [t.name, t.title, t.description]),
    [
      ['search-notes', 'Search notes', 'Find notes containing words'],
      ['ping', undefined, 'Check the service'],
    ],
  );
  assert.match(r.source, /-- @behavior PURE SEARCH CONTENT\ntool search-notes-2"/);
});

test('odd cards never throw: no skills, skills that are not objects, non-string fields', () => {
  assert.deepEqual(importAgentCard('nope').problems, ['the agent card is not a JSON object']);
  const empty = importAgentCard({ name: 'x', skills: [] });
  assert.equal(empty.source, '');
  assert.deepEqual(empty.problems, ['the agent card has no skills with an id']);
  const odd = importAgentCard({ name: 7, skills: [null, 3, { id: 'ok', name: 5, tags: [1, 'x'], description: { a: 1 } }] });
  assert.deepEqual(odd.stubs, [{ id: 'ok', ilo: 'ok' }]);
  assert.equal(odd.agent, 'agent');
  assert.deepEqual(problemsOf(odd.source), []);
});
