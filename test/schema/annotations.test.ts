// Doc-comment annotations: what each key means, and the diagnostics for
// lines a user gets wrong (with the span they point at).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseAnnotations } from '../../server/src/schema/annotations';
import { functionInputSchema, typeSchema } from '../../server/src/schema/typeSchema';
import { envOf, fnNamed, program, toolNamed, typeNamed, aliasNamed, validator } from './helpers/fixtures';

function annotationsOf(src: string, name: string, options = {}) {
  const decls = program(src);
  const decl = decls.find((d) => 'name' in d && d.name?.text === name)!;
  return { src, ...parseAnnotations(decl.doc, decl, options) };
}

const spanText = (src: string, d: { start: number; end: number }) => src.slice(d.start, d.end);

test('a tool doc block: title, wire name, parameter notes, hints, behavior; prose is kept apart', () => {
  const { annotations, diagnostics } = annotationsOf(
    [
      '-- Looks a user up. Prose like this is a comment, not part of the contract.',
      '-- @title Get user',
      '-- @wire get_user',
      '-- @param uid=userId The user\'s id',
      '-- @param full Include the profile',
      '-- @hints readOnly idempotent destructive=false',
      '-- @behavior PURE READ USER',
      'tool get-user"Retrieve user by ID" uid:t full:O b>R t t',
    ].join('\n'),
    'get-user',
  );
  assert.deepEqual(diagnostics, []);
  assert.equal(annotations.title, 'Get user');
  assert.equal(annotations.wire, 'get_user');
  assert.equal(annotations.description, 'Looks a user up. Prose like this is a comment, not part of the contract.');
  const uid = annotations.properties.get('uid')!;
  assert.equal(uid.wire, 'userId');
  assert.equal(uid.description, "The user's id");
  assert.equal(annotations.properties.get('full')!.wire, undefined);
  assert.deepEqual(
    { r: annotations.hints?.readOnlyHint, i: annotations.hints?.idempotentHint, d: annotations.hints?.destructiveHint, o: annotations.hints?.openWorldHint },
    { r: true, i: true, d: false, o: undefined },
  );
  assert.equal(annotations.behavior?.mutability, 'PURE');
  assert.equal(annotations.behavior?.action, 'READ');
  assert.equal(annotations.behavior?.domain, 'USER');
});

test('JSON strings carry wire names with spaces and descriptions with newlines; @@ escapes a prose @', () => {
  const { annotations, diagnostics } = annotationsOf(
    ['-- @@x xs{...} loops over xs', '-- @param q="search query" "first line\\nsecond line"', 'tool find"Find" q:t>R t t'].join('\n'),
    'find',
  );
  assert.deepEqual(diagnostics, []);
  assert.equal(annotations.description, '@x xs{...} loops over xs');
  assert.equal(annotations.properties.get('q')!.wire, 'search query');
  assert.equal(annotations.properties.get('q')!.description, 'first line\nsecond line');
});

test('an unknown key is a warning on the key, with a fix for a likely typo', () => {
  const { src, diagnostics } = annotationsOf('-- @parm uid The id\ntool get-user"Get" uid:t>R t t', 'get-user');
  assert.equal(diagnostics.length, 1);
  const d = diagnostics[0];
  assert.equal(d.code, 'annotation');
  assert.equal(d.source, 'ilo-contracts');
  assert.equal(d.severity, 'warning');
  assert.equal(spanText(src, d), '@parm');
  assert.equal(d.suggestions?.[0].edits[0].newText, '@param');
});

test('@param naming a missing parameter: unknown-param on the name, suggesting the close one', () => {
  const { src, diagnostics } = annotationsOf('-- @param usr The id\ntool get-user"Get" uid:t user:t>R t t', 'get-user');
  assert.equal(diagnostics.length, 1);
  assert.equal(diagnostics[0].code, 'unknown-param');
  assert.equal(spanText(src, diagnostics[0]), 'usr');
  assert.equal(diagnostics[0].suggestions?.[0].edits[0].newText, 'user');
  assert.match(diagnostics[0].hint ?? '', /uid, user/);
});

test('@field on a record names its fields (unknown-field otherwise)', () => {
  const { annotations, diagnostics } = annotationsOf('-- @field name=userName Display name\n-- @field nmae x\ntype usr{name:t}', 'usr');
  assert.equal(annotations.properties.get('name')!.wire, 'userName');
  assert.equal(diagnostics.length, 1);
  assert.equal(diagnostics[0].code, 'unknown-field');
});

test('bad JSON in @schema points at the JSON', () => {
  const { src, diagnostics } = annotationsOf('-- @schema n {"minimum": 1,}\nf n:n>n;n', 'f');
  assert.equal(diagnostics.length, 1);
  assert.equal(diagnostics[0].code, 'bad-json');
  assert.equal(spanText(src, diagnostics[0]), '{"minimum": 1,}');
});

test('JSON may continue over the following comment lines', () => {
  const { annotations, diagnostics } = annotationsOf(
    ['-- @schema q {', '--   "minLength": 1,', '--   "default": "x"', '-- }', '-- Finds things.', 'f q:t>n;0'].join('\n'),
    'f',
  );
  assert.deepEqual(diagnostics, []);
  assert.deepEqual(annotations.schemas.get('q')!.keywords, { minLength: 1, default: 'x' });
  assert.equal(annotations.description, 'Finds things.');
});

test('a wrong behavior word lists the allowed values; tools need all three fields', () => {
  const bad = annotationsOf('-- @behavior MUTATES REMOVE ACK\ntool rm"Remove" id:t>R t t', 'rm');
  assert.equal(bad.diagnostics.length, 1);
  assert.equal(bad.diagnostics[0].code, 'bad-behavior');
  assert.equal(spanText(bad.src, bad.diagnostics[0]), 'REMOVE');
  assert.match(bad.diagnostics[0].hint ?? '', /DELETE/);
  assert.match(bad.diagnostics[0].hint ?? '', /PURE\|MUTATES/);
  assert.equal(bad.annotations.behavior, undefined);

  const partial = annotationsOf('-- @behavior MUTATES DELETE\ntool rm"Remove" id:t>R t t', 'rm');
  assert.equal(partial.diagnostics.length, 1);
  assert.match(partial.diagnostics[0].message, /missing: domain/);

  const fn = annotationsOf('-- @behavior PURE\nsafe x:n>n;x', 'safe');
  assert.deepEqual(fn.diagnostics, []);
  assert.equal(fn.annotations.behavior?.mutability, 'PURE');
});

test('words in any order and any case are accepted for @behavior', () => {
  const { annotations, diagnostics } = annotationsOf('-- @behavior ack delete mutates\ntool rm"Remove" id:t>R t t', 'rm');
  assert.deepEqual(diagnostics, []);
  assert.deepEqual([annotations.behavior?.mutability, annotations.behavior?.action, annotations.behavior?.domain], ['MUTATES', 'DELETE', 'ACK']);
});

test('keys that do not apply to a declaration kind are reported', () => {
  const { diagnostics } = annotationsOf('-- @output {"type":"object"}\n-- @wire w\nf x:n>n;x', 'f');
  assert.deepEqual(diagnostics.map((d) => d.code), ['annotation', 'annotation']);
  assert.match(diagnostics[0].message, /no meaning on a function/);
});

test('@wire must be a valid MCP tool name; @hints rejects unknown words; @output must be an object schema', () => {
  const { diagnostics } = annotationsOf(
    ['-- @wire get user', '-- @hints readOnly sideEffects', '-- @output {"type":"string"}', 'tool g"G" x:t>R t t'].join('\n'),
    'g',
  );
  assert.deepEqual(diagnostics.map((d) => d.code), ['bad-wire-name', 'bad-hints', 'bad-output']);
});

test('a repeated annotation keeps the first and warns', () => {
  const { annotations, diagnostics } = annotationsOf('-- @title A\n-- @title B\ntool g"G" x:t>R t t', 'g');
  assert.equal(annotations.title, 'A');
  assert.deepEqual(diagnostics.map((d) => d.code), ['duplicate-annotation']);
});

test('keys other analyses own can be accepted without warnings', () => {
  const { annotations, diagnostics } = annotationsOf('-- @pin abc123\ntool g"G" x:t>R t t', 'g', { extraKeys: ['pin'] });
  assert.deepEqual(diagnostics, []);
  assert.deepEqual(annotations.entries.map((e) => [e.key, e.argument]), [['pin', 'abc123']]);
});

// ------------------------------------------------------------ effect on schemas

test('@param descriptions and wire names shape the input schema', () => {
  const { decls, env } = envOf('-- @param uid=userId The user id\n-- @param n=limit How many\ntool get-user"G" uid:t n:O n>R t t');
  const s = functionInputSchema(toolNamed(decls, 'get-user'), env).schema;
  assert.deepEqual(s.properties, {
    userId: { description: 'The user id', type: 'string' },
    limit: { description: 'How many', type: ['number', 'null'] },
  });
  assert.deepEqual(s.required, ['userId']);
  const ok = validator(s);
  assert.equal(ok({ userId: 'u1', limit: 3 }), true);
  assert.equal(ok({ uid: 'u1' }), false);
});

test('@schema adds constraints that validation enforces; integer narrows n', () => {
  const { decls, env } = envOf('-- @schema n {"type":"integer","minimum":1,"maximum":100,"default":10}\n-- @schema q {"minLength":1}\nf q:t n:O n>n;0');
  const r = functionInputSchema(fnNamed(decls, 'f'), env);
  assert.deepEqual(r.diagnostics, []);
  const ok = validator(r.schema);
  assert.equal(ok({ q: 'a', n: 5 }), true);
  assert.equal(ok({ q: 'a' }), true);
  assert.equal(ok({ q: '', n: 5 }), false);
  assert.equal(ok({ q: 'a', n: 5.5 }), false);
  assert.equal(ok({ q: 'a', n: 0 }), false);
});

test('@schema on a `_` parameter is the whole schema (lossless for imported shapes)', () => {
  const original = { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] };
  const { decls, env } = envOf(`-- @schema opts ${JSON.stringify(original)}\nf opts:_>n;0`);
  const s = functionInputSchema(fnNamed(decls, 'f'), env).schema;
  assert.deepEqual((s.properties as Record<string, unknown>).opts, original);
});

test('@schema keywords that would change a typed value are refused with bad-schema', () => {
  const { decls, env } = envOf('-- @schema q {"properties":{"a":{}},"type":"number"}\nf q:t>n;0');
  const r = functionInputSchema(fnNamed(decls, 'f'), env);
  assert.deepEqual(r.diagnostics.map((d) => d.code), ['bad-schema', 'bad-schema']);
  assert.deepEqual((r.schema.properties as Record<string, unknown>).q, { type: 'string' });
});

test('an optional enum parameter keeps null in the enum; dropping null is allowed', () => {
  const { decls, env } = envOf('-- @schema a {"enum":["x","y"]}\n-- @schema b {"type":"string","enum":["x"]}\nf a:O t b:O t>n;0');
  const s = functionInputSchema(fnNamed(decls, 'f'), env).schema;
  const ok = validator(s);
  assert.equal(ok({ a: null }), true);
  assert.equal(ok({ a: 'z' }), false);
  assert.equal(ok({ b: null }), false);
  assert.equal(ok({ b: 'x' }), true);
});

test('record field wire names and descriptions apply wherever the record is used', () => {
  const { decls, env } = envOf('-- A user of the system.\n-- @field name=userName Display name\ntype usr{name:t}\ntool put"Put" u:usr>R t t');
  const s = functionInputSchema(toolNamed(decls, 'put'), env).schema;
  assert.deepEqual((s.properties as Record<string, unknown>).u, {
    description: 'A user of the system.',
    type: 'object',
    properties: { userName: { description: 'Display name', type: 'string' } },
    required: ['userName'],
    additionalProperties: false,
  });
  assert.deepEqual(typeSchema(typeNamed(decls, 'usr'), env).schema.required, ['userName']);
});

test('@schema on an alias refines every use of it', () => {
  const { decls, env } = envOf('-- @schema {"format":"uuid"}\nalias uid t\nf id:uid>n;0');
  assert.deepEqual(typeSchema(aliasNamed(decls, 'uid'), env).schema, { type: 'string', format: 'uuid' });
  assert.deepEqual((functionInputSchema(fnNamed(decls, 'f'), env).schema.properties as Record<string, unknown>).id, { type: 'string', format: 'uuid' });
});

test('two parameters sent under one wire name: the second is reported and left out', () => {
  const { decls, env } = envOf('-- @param a=x\ntool g"G" a:t x:t>R t t');
  const r = functionInputSchema(toolNamed(decls, 'g'), env);
  assert.deepEqual(r.diagnostics.map((d) => d.code), ['duplicate-wire-name']);
  assert.deepEqual(Object.keys(r.schema.properties as object), ['x']);
});

test('@schema with no name is for the declaration\'s own object: a tool\'s input, a record', () => {
  const src = [
    '-- @schema {"$schema": "https://json-schema.org/draft/2020-12/schema", "additionalProperties": null, "description": "Look a user up"}',
    'tool get-user"Get a user" uid:t>R t t',
    '-- @schema {"additionalProperties": true, "$id": "https://example.com/point"}',
    'type point{x:n;y:n}',
    '-- @schema {"properties": {}, "additionalProperties": {"type": "string"}}',
    'tool odd"Odd" x:t>R t t',
  ].join('\n');
  const { decls, env } = envOf(src);
  const input = functionInputSchema(toolNamed(decls, 'get-user'), env);
  assert.deepEqual(input.diagnostics, []);
  assert.deepEqual(input.schema, {
    type: 'object',
    properties: { uid: { type: 'string' } },
    required: ['uid'],
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    description: 'Look a user up',
  });
  const point = typeSchema(typeNamed(decls, 'point'), env);
  assert.equal(point.schema.additionalProperties, true);
  assert.equal(point.schema.$id, 'https://example.com/point');
  const odd = functionInputSchema(toolNamed(decls, 'odd'), env);
  assert.deepEqual(odd.diagnostics.map((d) => d.code), ['bad-schema', 'bad-schema']);
  assert.equal(odd.schema.additionalProperties, false, 'refused keywords change nothing');
  assert.deepEqual(odd.schema.properties, { x: { type: 'string' } });
});

test('a doc of prose alone is read as the same description as a doc with annotations in it, and reports nothing', () => {
  const prose = ['--   Adds two numbers.  ', '--', '-- Second paragraph; not an @annotation in mid-line.', '--    '];
  const plain = annotationsOf([...prose, 'f a:n b:n>n;+a b'].join('\n'), 'f');
  // The same lines with an annotation among them take the full reading.
  const annotated = annotationsOf([...prose, '-- @param a the first', 'f a:n b:n>n;+a b'].join('\n'), 'f');
  assert.deepEqual(plain.diagnostics, []);
  assert.equal(plain.annotations.description, 'Adds two numbers.\n\nSecond paragraph; not an @annotation in mid-line.');
  assert.equal(plain.annotations.description, annotated.annotations.description);
  assert.equal(plain.annotations.properties.size, 0);
  assert.equal(plain.annotations.entries.length, 0);
  // No doc at all: no description.
  assert.equal(annotationsOf('g>n;1', 'g').annotations.description, undefined);
  // A suppression line is neither prose nor an annotation, whichever way the doc is read.
  const ignored = annotationsOf(['-- ilo-ignore ILO-W001 on purpose', '-- Returns one.', 'h>n;1'].join('\n'), 'h');
  assert.equal(ignored.annotations.description, 'Returns one.');
});
