// ilo types → JSON Schema 2020-12: every schema compiles under ajv and
// accepts the JSON an ilo program would send or receive for that type, and
// rejects JSON of the wrong shape.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { typeSchema, functionInputSchema } from '../../server/src/schema/typeSchema';
import type { TypeExpr } from '../../server/src/syntax/ast';
import { envOf, fnNamed, typeNamed, aliasNamed, validator } from './helpers/fixtures';

/** The schema of the single parameter `x` of `f x:<type>>n`, in a file with `extra` declarations. */
function schemaOfType(typeSrc: string, extra = '') {
  const { decls, env } = envOf(`${extra}\nf x:${typeSrc}>n;0\n`);
  const fn = fnNamed(decls, 'f');
  const r = typeSchema(fn.params[0].type as TypeExpr, env);
  return r;
}

function check(schema: Parameters<typeof validator>[0], good: unknown[], bad: unknown[]) {
  const ok = validator(schema);
  for (const v of good) assert.equal(ok(v as never), true, `should accept ${JSON.stringify(v)} under ${JSON.stringify(schema)}`);
  for (const v of bad) assert.equal(ok(v as never), false, `should reject ${JSON.stringify(v)} under ${JSON.stringify(schema)}`);
}

test('primitives: n number, t string, b boolean, _ anything', () => {
  assert.deepEqual(schemaOfType('n').schema, { type: 'number' });
  check(schemaOfType('n').schema, [3, -1.5, 0], ['3', true, null]);
  check(schemaOfType('t').schema, ['hi', ''], [1, null]);
  check(schemaOfType('b').schema, [true, false], ['true', 0]);
  assert.deepEqual(schemaOfType('_').schema, {});
  check(schemaOfType('_').schema, [null, 1, 'x', [1], { a: 1 }], []);
});

test('L T is an array of T, nested lists nest', () => {
  const r = schemaOfType('L L n');
  assert.deepEqual(r.schema, { type: 'array', items: { type: 'array', items: { type: 'number' } } });
  check(r.schema, [[], [[1, 2], []]], [[1], [['a']], 'x']);
});

test('M t V is an object with additionalProperties V; M n V also restricts keys to integers', () => {
  const text = schemaOfType('M t n').schema;
  assert.deepEqual(text, { type: 'object', additionalProperties: { type: 'number' } });
  check(text, [{}, { alice: 99, bob: 87 }], [{ alice: '99' }, [1]]);
  const num = schemaOfType('M n t').schema;
  // jdmp writes integer keys as decimal strings: {"7":"seven"}
  check(num, [{ '7': 'seven', '-2': 'minus two' }], [{ seven: 'seven' }, { '1.5': 'x' }, { '7': 7 }]);
});

test('S a b c is a string enum of the variant names', () => {
  const r = schemaOfType('S red green blue');
  assert.deepEqual(r.schema, { type: 'string', enum: ['red', 'green', 'blue'] });
  check(r.schema, ['red', 'blue'], ['purple', 1]);
});

test('O T accepts T or null', () => {
  const r = schemaOfType('O n');
  assert.deepEqual(r.schema, { type: ['number', 'null'] });
  check(r.schema, [4, null], ['4']);
  const e = schemaOfType('O S a b').schema;
  check(e, ['a', null], ['c']);
  const rec = schemaOfType('O pt', 'type pt{x:n;y:n}').schema;
  check(rec, [null, { x: 1, y: 2 }], [{ x: 1 }, 3]);
});

test('R ok err follows ilo value↔JSON: {"ok": v} or {"err": e}, exactly one key', () => {
  const r = schemaOfType('R n t');
  check(r.schema, [{ ok: 5 }, { err: 'boom' }], [{ ok: 'five' }, { err: 3 }, { ok: 1, err: 'x' }, {}, 5]);
});

test('records are inline objects: properties in field order, required, additionalProperties false', () => {
  const { decls, env } = envOf('type profile{id:t;name:t;email:t;verified:b}');
  const r = typeSchema(typeNamed(decls, 'profile'), env);
  assert.deepEqual(r.schema, {
    type: 'object',
    properties: { id: { type: 'string' }, name: { type: 'string' }, email: { type: 'string' }, verified: { type: 'boolean' } },
    required: ['id', 'name', 'email', 'verified'],
    additionalProperties: false,
  });
  assert.deepEqual(Object.keys(r.schema.properties as object), ['id', 'name', 'email', 'verified']);
  // What `jdmp (profile id:"u1" name:"Ann" email:"a@x.io" verified:true)` prints:
  check(r.schema, [{ id: 'u1', name: 'Ann', email: 'a@x.io', verified: true }], [
    { id: 'u1', name: 'Ann', email: 'a@x.io' },
    { id: 'u1', name: 'Ann', email: 'a@x.io', verified: true, extra: 1 },
  ]);
  assert.deepEqual(r.diagnostics, []);
});

test('optional record fields are not required and may be null', () => {
  const { decls, env } = envOf('type user{id:t;nick:O t}');
  const r = typeSchema(typeNamed(decls, 'user'), env);
  assert.deepEqual(r.schema.required, ['id']);
  check(r.schema, [{ id: 'a' }, { id: 'a', nick: null }, { id: 'a', nick: 'al' }], [{ nick: 'al' }]);
});

test('nested records are inlined; no $defs for non-recursive types', () => {
  const { decls, env } = envOf('type addr{city:t}\ntype person{name:t;home:addr;past:L addr}');
  const r = typeSchema(typeNamed(decls, 'person'), env);
  assert.equal(r.schema.$defs, undefined);
  check(r.schema, [{ name: 'a', home: { city: 'x' }, past: [{ city: 'y' }] }], [{ name: 'a', home: { town: 'x' }, past: [] }]);
});

test('recursive records go to $defs and are referenced with $ref', () => {
  const { decls, env } = envOf('type node{val:n;kids:L node}');
  const r = typeSchema(typeNamed(decls, 'node'), env);
  assert.equal(r.schema.type, 'object');
  assert.ok(r.schema.$defs && 'node' in (r.schema.$defs as object));
  assert.deepEqual((r.schema.properties as Record<string, unknown>).kids, { type: 'array', items: { $ref: '#/$defs/node' } });
  check(r.schema, [{ val: 1, kids: [{ val: 2, kids: [] }] }], [{ val: 1, kids: [{ val: 'two', kids: [] }] }]);
});

test('mutually recursive records both land in $defs', () => {
  const { decls, env } = envOf('type dir{name:t;files:L file}\ntype file{name:t;parent:O dir}');
  const r = typeSchema(typeNamed(decls, 'dir'), env);
  check(r.schema, [{ name: 'a', files: [{ name: 'f', parent: { name: 'a', files: [] } }] }], [{ name: 'a', files: [{ name: 1 }] }]);
});

test('aliases resolve to their target; type variables are {}', () => {
  const { decls, env } = envOf('alias ids L t\nf x:ids y:a>n;0');
  const s = functionInputSchema(fnNamed(decls, 'f'), env).schema;
  assert.deepEqual((s.properties as Record<string, unknown>).x, { type: 'array', items: { type: 'string' } });
  assert.deepEqual((s.properties as Record<string, unknown>).y, {});
  assert.deepEqual(typeSchema(aliasNamed(decls, 'ids'), env).schema, { type: 'array', items: { type: 'string' } });
});

test('a recursive alias (nested lists) is expressed with $defs', () => {
  const { decls, env } = envOf('alias tree L tree\nf x:tree>n;0');
  const r = functionInputSchema(fnNamed(decls, 'f'), env);
  check(r.schema, [{ x: [] }, { x: [[], [[]]] }], [{ x: [1] }]);
});

test('an alias cycle without structure is reported, not looped on', () => {
  const { decls, env } = envOf('alias a2 b2\nalias b2 a2\nf x:a2>n;0');
  const r = functionInputSchema(fnNamed(decls, 'f'), env);
  assert.ok(r.diagnostics.some((d) => d.code === 'recursive-alias'));
});

test('function types are a diagnostic on the declaration, not a silent {}', () => {
  const { decls, env } = envOf('type cb{name:t;run:F n n}\ntool go"Run" x:F n n c:cb>R t t');
  const tool = decls.find((d) => d.kind === 'ToolDecl')!;
  assert.equal(tool.kind, 'ToolDecl');
  const r = functionInputSchema(tool as never, env);
  const fnDiags = r.diagnostics.filter((d) => d.code === 'function-type');
  assert.equal(fnDiags.length, 2);
  assert.ok(fnDiags.every((d) => d.source === 'ilo-contracts' && d.severity === 'error'));
  // the direct one points at `F n n` in the tool; the one inside `cb` at the parameter that uses it
  const src = 'type cb{name:t;run:F n n}\ntool go"Run" x:F n n c:cb>R t t';
  const spans = fnDiags.map((d) => src.slice(d.start, d.end)).sort();
  assert.deepEqual(spans, ['F n n', 'cb']);
  assert.equal(r.problems.length, 2);
});

test('unknown named types are reported and do not crash', () => {
  const { decls, env } = envOf('f x:nosuch>n;0');
  const r = functionInputSchema(fnNamed(decls, 'f'), env);
  assert.equal(r.diagnostics.length, 1);
  assert.equal(r.diagnostics[0].code, 'unknown-type');
  assert.match(r.diagnostics[0].message, /nosuch/);
});

test('parameter order is kept and O parameters are not required', () => {
  const { decls, env } = envOf('f zeta:n alpha:O t mid:b>n;0');
  const r = functionInputSchema(fnNamed(decls, 'f'), env);
  assert.deepEqual(Object.keys(r.schema.properties as object), ['zeta', 'alpha', 'mid']);
  assert.deepEqual(r.schema.required, ['zeta', 'mid']);
  check(r.schema, [{ zeta: 1, mid: true }, { zeta: 1, alpha: null, mid: false }, { zeta: 1, alpha: 'a', mid: true }], [{ zeta: 1 }, { zeta: 1, mid: true, other: 2 }]);
});
