// Schema normalisation, identical groups, near pairs and the ranking of behavior differences.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { normalizeSchema, schemaHash, shapeText } from '../../server/src/contracts/schemaNormalize';
import { compareBehaviors, findCollisions, nearDifferences } from '../../server/src/contracts/collisions/collisions';
import type { ToolBehavior } from '../../server/src/contracts/behavior/behavior';

const same = (a: unknown, b: unknown) => schemaHash(normalizeSchema(a as never)) === schemaHash(normalizeSchema(b as never));

test('descriptions, titles, defaults, formats and limits do not make schemas different', () => {
  const a = { type: 'object', properties: { id: { type: 'string' }, n: { type: 'integer', minimum: 1 } }, required: ['id'] };
  const b = {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: 'Args',
    type: 'object',
    additionalProperties: false,
    properties: { n: { type: 'number', default: 3, description: 'how many' }, id: { type: 'string', format: 'uuid', description: 'the id' } },
    required: ['id'],
  };
  assert.ok(same(a, b));
});

test('names, types, the required set and enum values do', () => {
  const base = { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] };
  assert.ok(!same(base, { type: 'object', properties: { key: { type: 'string' } }, required: ['key'] }));
  assert.ok(!same(base, { type: 'object', properties: { id: { type: 'number' } }, required: ['id'] }));
  assert.ok(!same(base, { type: 'object', properties: { id: { type: 'string' } } }));
  assert.ok(!same({ type: 'string', enum: ['a', 'b'] }, { type: 'string', enum: ['a', 'c'] }));
  assert.ok(same({ type: 'string', enum: ['a', 'b'] }, { type: 'string', enum: ['b', 'a'] }));
});

test('an optional nullable property equals an optional one; $refs are resolved, recursion ends', () => {
  assert.ok(same(
    { type: 'object', properties: { p: { type: 'string' }, h: { type: ['number', 'null'] } }, required: ['p'] },
    { type: 'object', properties: { p: { type: 'string' }, h: { type: 'number' } }, required: ['p'] },
  ));
  const viaRef = { type: 'object', properties: { x: { $ref: '#/$defs/pt' } }, required: ['x'], $defs: { pt: { type: 'object', properties: { a: { type: 'number' } } } } };
  const inline = { type: 'object', properties: { x: { type: 'object', properties: { a: { type: 'number' } } } }, required: ['x'] };
  assert.ok(same(viaRef, inline));
  const tree = { $ref: '#/$defs/node', $defs: { node: { type: 'object', properties: { kids: { type: 'array', items: { $ref: '#/$defs/node' } } } } } };
  assert.doesNotThrow(() => normalizeSchema(tree as never));
  assert.equal(shapeText(normalizeSchema(tree as never)), '{kids?: node[]}');
});

test('near pairs differ only by optional properties or enum values, and say how', () => {
  const path = normalizeSchema({ type: 'object', properties: { path: { type: 'string' } }, required: ['path'] });
  const withHead = normalizeSchema({ type: 'object', properties: { path: { type: 'string' }, head: { type: 'number' } }, required: ['path'] });
  const withContent = normalizeSchema({ type: 'object', properties: { path: { type: 'string' }, content: { type: 'string' } }, required: ['path', 'content'] });
  assert.deepEqual(nearDifferences(withHead, path, 'cat', 'mkdir'), ['cat also takes optional `head`']);
  assert.equal(nearDifferences(withContent, path, 'write', 'mkdir'), undefined, 'a required extra property is a real difference');
  assert.equal(nearDifferences(path, path, 'a', 'b'), undefined, 'identical is not near');
  const mode = (values: string[]) => normalizeSchema({ type: 'object', properties: { mode: { type: 'string', enum: values } }, required: ['mode'] });
  assert.match(nearDifferences(mode(['fast', 'safe']), mode(['fast', 'wipe']), 'a', 'b')![0], /allowed values of `mode` differ/);
  assert.equal(nearDifferences(normalizeSchema({ type: 'object', properties: {} }), normalizeSchema({ type: 'object', properties: { page: { type: 'number' } } }), 'a', 'b'), undefined, 'argument-free tools share nothing');
});

test('findCollisions groups identical schemas and pairs near ones across groups', () => {
  const s = (props: Record<string, string>, required: string[]) =>
    normalizeSchema({ type: 'object', properties: Object.fromEntries(Object.entries(props).map(([k, t]) => [k, { type: t }])), required });
  const found = findCollisions([
    { id: 'a', name: 'a', schema: s({ q: 'string' }, ['q']) },
    { id: 'b', name: 'b', schema: s({ q: 'string' }, ['q']) },
    { id: 'c', name: 'c', schema: s({ q: 'string', limit: 'number' }, ['q']) },
    { id: 'd', name: 'd', schema: s({ id: 'number' }, ['id']) },
  ]);
  assert.deepEqual(found.groups.map((g) => g.members), [['a', 'b']]);
  assert.equal(found.groups[0].shape, '{q: string}');
  assert.deepEqual(found.near.map((n) => `${n.a}-${n.b}`).sort(), ['a-c', 'b-c']);
});

const b = (mutability: 'PURE' | 'MUTATES', action: string, domain: string): ToolBehavior => ({ mutability, action, domain, source: 'declared', confidence: 'high' }) as ToolBehavior;
const rank = (x: ToolBehavior, y: ToolBehavior) => {
  const c = compareBehaviors({ name: 'x', behavior: x }, { name: 'y', behavior: y });
  return c.kind === 'different' ? c.rank : c.kind;
};

test('ranking follows the paper: read/write, create/delete, merge/update are critical', () => {
  assert.equal(rank(b('PURE', 'READ', 'DATA'), b('MUTATES', 'OVERWRITE', 'DATA')), 'critical');
  assert.equal(rank(b('MUTATES', 'CREATE', 'DATA'), b('MUTATES', 'DELETE', 'ACK')), 'critical');
  assert.equal(rank(b('MUTATES', 'MERGE', 'PR'), b('MUTATES', 'UPDATE', 'PR')), 'critical');
  assert.equal(rank(b('MUTATES', 'OVERWRITE', 'ACK'), b('MUTATES', 'UPDATE', 'ACK')), 'high');
  assert.equal(rank(b('PURE', 'READ', 'CONTENT'), b('PURE', 'READ', 'STRUCTURE')), 'medium');
  assert.equal(rank(b('PURE', 'READ', 'DATA'), b('PURE', 'SEARCH', 'DATA')), 'low');
  assert.equal(rank(b('PURE', 'READ', 'DATA'), b('PURE', 'READ', 'DATA')), 'same');
  assert.equal(rank(b('PURE', 'READ', 'DATA'), { source: 'inferred', confidence: 'low' }), 'unknown');
});
